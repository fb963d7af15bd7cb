import type { z } from 'zod';
import { addDays } from '../../../../domain/scheduling/calendar';
import type { AdherenceRow } from '../../../../domain/scheduling/calls';

export type Adherence = z.infer<typeof AdherenceRow>;

/** At or above this a workcenter kept to its schedule; below {@link POOR_ADHERENCE} it did not. */
export const GOOD_ADHERENCE = 90;
export const POOR_ADHERENCE = 70;

/** The range the screen opens on: the last 7 plant-local days up to today. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -6), to: today };
}

/** "87.5%" or "—" when nothing was due; and how good it is, for the colour. */
export function adherenceText(percent: number | null): {
  text: string;
  level: 'none' | 'good' | 'fair' | 'poor';
} {
  if (percent === null) return { text: '—', level: 'none' };
  const text = `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return { text, level: percent >= GOOD_ADHERENCE ? 'good' : percent >= POOR_ADHERENCE ? 'fair' : 'poor' };
}

/**
 * The plant's line: tasks and pieces summed, and the plant's percentage from the summed pieces (the
 * same rule as the server's per workcenter: done / due × 100, 1 decimal, null when nothing was due),
 * not an average of the workcenters' percentages, which would weigh a lane of 2 pieces like one of 2,000.
 */
export function adherenceTotals(rows: readonly Adherence[]): Omit<Adherence, 'ResourceID' | 'Description'> {
  const t = { TasksDue: 0, TasksDone: 0, PiecesDue: 0, PiecesDone: 0 };
  for (const r of rows) {
    t.TasksDue += r.TasksDue;
    t.TasksDone += r.TasksDone;
    t.PiecesDue += r.PiecesDue;
    t.PiecesDone += r.PiecesDone;
  }
  const AdherencePercent = t.PiecesDue > 0 ? Math.round((t.PiecesDone / t.PiecesDue) * 1000) / 10 : null;
  return { ...t, AdherencePercent };
}
