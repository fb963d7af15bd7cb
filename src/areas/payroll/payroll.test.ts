import { describe, expect, it } from 'vitest';
import { cellText, formatDay, gridMoveOf, gridStep, readView, writeView } from './payroll';

const defaults = { plantId: 1, tz: 'America/New_York', now: Date.parse('2026-11-25T15:00:00Z') };

describe('/payroll view in the address', () => {
  it('defaults: this week (Monday, plant-local), nothing selected, views off', () => {
    expect(readView(new URLSearchParams(''), defaults)).toEqual({
      plantId: 1,
      week: '2026-11-23',
      day: null,
      employee: null,
      holiday: false,
      prepay: false,
    });
  });

  it('reads and writes the selection and toggles; any date of a week means its Monday', () => {
    const view = readView(
      new URLSearchParams('plant=6&week=2026-12-24&day=2026-12-22&employee=1004&holiday=1&prepay=1'),
      defaults,
    );
    expect(view).toEqual({
      plantId: 6,
      week: '2026-12-21',
      day: '2026-12-22',
      employee: 1004,
      holiday: true,
      prepay: true,
    });
    expect(writeView(view, defaults).toString()).toBe(
      'plant=6&week=2026-12-21&day=2026-12-22&employee=1004&holiday=1&prepay=1',
    );
    expect(writeView({ ...view, plantId: 1, holiday: false, day: null }, defaults).toString()).toBe(
      'week=2026-12-21&employee=1004&prepay=1',
    );
  });

  it('bad values fall back to the defaults', () => {
    expect(readView(new URLSearchParams('plant=x&week=soon&day=21/12&employee=-3'), defaults)).toMatchObject({
      plantId: 1,
      week: '2026-11-23',
      day: null,
      employee: null,
    });
  });

  it('formats days and cells', () => {
    expect(formatDay('2026-12-07')).toBe('Dec-7-26');
    expect(cellText('RegularHours', 0)).toBe('');
    expect(cellText('RegularHours', 7.5)).toBe('7.5');
    expect(cellText('Notes', 'x')).toBe('x');
  });
});

describe("moving between the grid's cells with the keyboard (issue 15, item 10)", () => {
  const caret = (start: number, end: number, length: number) => ({ start, end, length });
  it('Up, Down and Enter always move; Shift+Enter goes up', () => {
    expect(gridMoveOf('ArrowUp', caret(1, 1, 3))).toBe('up');
    expect(gridMoveOf('ArrowDown', caret(1, 1, 3))).toBe('down');
    expect(gridMoveOf('Enter', caret(1, 1, 3))).toBe('down');
    expect(gridMoveOf('Enter', caret(1, 1, 3), true)).toBe('up');
    expect(gridMoveOf('a', caret(0, 0, 0))).toBeNull();
  });

  it('Left and Right move the caret inside the text, and the cell only from its ends or a whole selection', () => {
    expect(gridMoveOf('ArrowLeft', caret(2, 2, 3))).toBeNull();
    expect(gridMoveOf('ArrowLeft', caret(0, 0, 3))).toBe('left');
    expect(gridMoveOf('ArrowRight', caret(2, 2, 3))).toBeNull();
    expect(gridMoveOf('ArrowRight', caret(3, 3, 3))).toBe('right');
    expect(gridMoveOf('ArrowRight', caret(0, 3, 3))).toBe('right');
    expect(gridMoveOf('ArrowLeft', caret(0, 3, 3))).toBe('left');
    expect(gridMoveOf('ArrowRight', caret(0, 0, 0))).toBe('right');
  });

  it('steps to the neighbour, over cells that cannot be edited, and stops at the edge', () => {
    const grid = [
      [true, true, true],
      [false, false, false],
      [true, false, true],
    ];
    expect(gridStep(grid, 0, 0, 'right')).toEqual([0, 1]);
    expect(gridStep(grid, 0, 1, 'down')).toBeNull();
    expect(gridStep(grid, 0, 0, 'down')).toEqual([2, 0]);
    expect(gridStep(grid, 2, 0, 'right')).toEqual([2, 2]);
    expect(gridStep(grid, 0, 2, 'right')).toBeNull();
    expect(gridStep(grid, 0, 0, 'up')).toBeNull();
  });
});
