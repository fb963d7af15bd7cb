import type { z } from 'zod';
import type { ScheduleSummaryRow } from '../../../../domain/scheduling/calls';

export type SummaryRow = z.infer<typeof ScheduleSummaryRow>;

/** At or above this share of capacity a workcenter's next week shows as nearly full. */
export const HIGH_LOAD_PERCENT = 85;

export type LoadLevel = 'none' | 'ok' | 'high' | 'over';

/**
 * Next week's load against capacity: the percentage (1 decimal; null when the calendar gives no working
 * minutes, as a workcenter with no shifts), the bar's width (capped at 100 %) and how full it is.
 */
export function loadOf(row: Pick<SummaryRow, 'LoadMinutesNextWeek' | 'CapacityMinutesNextWeek'>): {
  percent: number | null;
  width: number;
  level: LoadLevel;
} {
  const cap = row.CapacityMinutesNextWeek;
  if (!(cap > 0))
    return {
      percent: null,
      width: row.LoadMinutesNextWeek > 0 ? 100 : 0,
      level: row.LoadMinutesNextWeek > 0 ? 'over' : 'none',
    };
  const percent = Math.round((row.LoadMinutesNextWeek / cap) * 1000) / 10;
  const level: LoadLevel = percent > 100 ? 'over' : percent >= HIGH_LOAD_PERCENT ? 'high' : 'ok';
  return { percent, width: Math.min(100, percent), level };
}

/** The plant's line: sums of every workcenter, the latest run-out. */
export function summaryTotals(rows: readonly SummaryRow[]): Omit<SummaryRow, 'ResourceID' | 'Description'> {
  let LastEndAt: string | null = null;
  const t = {
    Tasks: 0,
    EstimatedMinutes: 0,
    CapacityMinutesNextWeek: 0,
    LoadMinutesNextWeek: 0,
    LateTasks: 0,
  };
  for (const r of rows) {
    t.Tasks += r.Tasks;
    t.EstimatedMinutes += r.EstimatedMinutes;
    t.CapacityMinutesNextWeek += r.CapacityMinutesNextWeek;
    t.LoadMinutesNextWeek += r.LoadMinutesNextWeek;
    t.LateTasks += r.LateTasks;
    // ISO instants in UTC compare as text.
    if (r.LastEndAt && (!LastEndAt || r.LastEndAt > LastEndAt)) LastEndAt = r.LastEndAt;
  }
  return { ...t, LastEndAt };
}
