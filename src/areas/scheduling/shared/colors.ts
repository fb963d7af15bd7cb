import type { ScheduleColor, SchedulingStatus, Task } from '../../../../domain/scheduling/entities';

/**
 * The schedule colours of spec 001 §3 as the screens paint them: a light fill for a card or row and a
 * strong edge, both readable with dark text (design brief: colour is never the only signal, the name is
 * shown beside it where it matters). `n/a` paints nothing.
 */
export const scheduleColors: Record<Exclude<ScheduleColor, 'n/a'>, { fill: string; edge: string }> = {
  Green: { fill: '#dcf5e3', edge: '#2e8b57' },
  Yellow: { fill: '#fff6cc', edge: '#c9a400' },
  Blue: { fill: '#dbeafe', edge: '#2563eb' },
  Red: { fill: '#fde2e1', edge: '#d93025' },
  Pink: { fill: '#fde4f2', edge: '#d6409f' },
  Purple: { fill: '#ece3fb', edge: '#7c3aed' },
};

/** Every colour a scheduler can choose, `n/a` (no colour) first. */
export const colorChoices: readonly ScheduleColor[] = [
  'n/a',
  'Green',
  'Yellow',
  'Blue',
  'Red',
  'Pink',
  'Purple',
];

/** Fill and edge of a colour, or null for `n/a`. */
export function paintOf(color: ScheduleColor | null | undefined): { fill: string; edge: string } | null {
  if (!color || color === 'n/a') return null;
  return scheduleColors[color];
}

/**
 * The colour a task shows: its own Color, else the colour of its status (settings' Status tab), else
 * none (spec 001 §3 colours; the brief: "task Color, else its status colour").
 */
export function effectiveColor(
  task: Pick<Task, 'Color' | 'StatusID'>,
  statuses: ReadonlyMap<number, Pick<SchedulingStatus, 'Color'>>,
): ScheduleColor {
  if (task.Color !== 'n/a') return task.Color;
  if (task.StatusID === null) return 'n/a';
  return statuses.get(task.StatusID)?.Color ?? 'n/a';
}
