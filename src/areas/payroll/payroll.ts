import type { PayrollField } from '../../../domain/payroll/entities';
import { currentWeekStart, weekStartOf } from '../../../domain/payroll/rules';
import { formatLocalDate } from '../../ui/format';

/**
 * What /payroll keeps in its address, so a reload (or a shared link) opens the same view: the week
 * (its Monday), the selected day and employee, the plant, and the holiday and prepay views.
 */
export interface PayrollView {
  plantId: number;
  week: string;
  day: string | null;
  employee: number | null;
  holiday: boolean;
  prepay: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The view from the address's search parameters (missing or bad values: the defaults). */
export function readView(
  search: URLSearchParams,
  defaults: { plantId: number; tz: string; now: number },
): PayrollView {
  const plant = Number(search.get('plant'));
  const week = search.get('week');
  const day = search.get('day');
  const employee = Number(search.get('employee'));
  return {
    plantId: Number.isInteger(plant) && plant > 0 ? plant : defaults.plantId,
    week: week && DATE.test(week) ? weekStartOf(week) : currentWeekStart(defaults.now, defaults.tz),
    day: day && DATE.test(day) ? day : null,
    employee: Number.isInteger(employee) && employee > 0 ? employee : null,
    holiday: search.get('holiday') === '1',
    prepay: search.get('prepay') === '1',
  };
}

/** The search parameters of a view (defaults left out, so the plain /payroll stays plain). */
export function writeView(view: PayrollView, defaults: { plantId: number }): URLSearchParams {
  const s = new URLSearchParams();
  if (view.plantId !== defaults.plantId) s.set('plant', String(view.plantId));
  s.set('week', view.week);
  if (view.day) s.set('day', view.day);
  if (view.employee) s.set('employee', String(view.employee));
  if (view.holiday) s.set('holiday', '1');
  if (view.prepay) s.set('prepay', '1');
  return s;
}

/** A plant-local date as spec 000 §9 shows dates: MMM-D-YY (the one formatter; no zone). */
export const formatDay = (date: string): string => formatLocalDate(date);

/** A number as a cell shows it: "" for 0 (an empty day reads at a glance), else up to 2 decimals. */
export function cellText(field: PayrollField, value: number | string): string {
  if (field === 'Notes') return String(value);
  return value === 0 ? '' : String(value);
}

/** Money with 2 decimals and thousands separated. */
export const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export type GridMove = 'up' | 'down' | 'left' | 'right';

/**
 * The move a key asks for in the grid, spreadsheet-like (issue 15, item 10): Up, Down and Enter (down)
 * always; Left and Right only when the caret is at that end of the text, or the whole text is selected
 * (a cell reached by the keyboard has its text selected), so they still move the caret while editing.
 */
export function gridMoveOf(
  key: string,
  caret: { start: number | null; end: number | null; length: number },
  shift = false,
): GridMove | null {
  if (key === 'ArrowUp') return 'up';
  if (key === 'ArrowDown') return 'down';
  if (key === 'Enter') return shift ? 'up' : 'down';
  const all = caret.start === 0 && caret.end === caret.length;
  if (key === 'ArrowLeft' && (all || (caret.start === 0 && caret.end === 0))) return 'left';
  if (key === 'ArrowRight' && (all || (caret.start === caret.length && caret.end === caret.length)))
    return 'right';
  return null;
}

/**
 * The cell a move reaches in a grid of rows of cells (`enabled[row][col]`), stepping over cells that
 * cannot be edited (a locked week); null at the grid's edge, so the focus stays where it is.
 */
export function gridStep(
  enabled: readonly (readonly boolean[])[],
  row: number,
  col: number,
  move: GridMove,
): [number, number] | null {
  const [dr, dc] = move === 'up' ? [-1, 0] : move === 'down' ? [1, 0] : move === 'left' ? [0, -1] : [0, 1];
  let r = row + dr;
  let c = col + dc;
  while (r >= 0 && r < enabled.length && c >= 0 && c < (enabled[r]?.length ?? 0)) {
    if (enabled[r]![c]) return [r, c];
    r += dr;
    c += dc;
  }
  return null;
}
