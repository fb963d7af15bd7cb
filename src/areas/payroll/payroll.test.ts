import { describe, expect, it } from 'vitest';
import { cellText, formatDay, readView, writeView } from './payroll';

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
