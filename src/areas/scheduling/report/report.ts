import type { ResultOf } from '../../../../domain/contract/call';
import { addDays } from '../../../../domain/scheduling/calendar';
import type { GetSchedulingReport } from '../../../../domain/scheduling/calls';

export type ReportRow = ResultOf<typeof GetSchedulingReport>[number];

/** The range the report opens on: today and the next 6 plant-local days. */
export function defaultReportRange(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, 6) };
}

/** The report's closing line: tasks, minutes, pieces, and how many are late. */
export function reportTotals(rows: readonly ReportRow[]): {
  tasks: number;
  minutes: number;
  pieces: number;
  late: number;
} {
  let minutes = 0;
  let pieces = 0;
  let late = 0;
  for (const r of rows) {
    minutes += r.EstimatedMinutes;
    pieces += r.OperationQty;
    if (r.Late) late++;
  }
  return { tasks: rows.length, minutes: Math.round(minutes * 10) / 10, pieces, late };
}

/** The report's title line as printed: which schedule, which workcenter, which days. */
export function reportHeading(
  scheduleName: string,
  resourceId: string | null,
  from: string,
  to: string,
  fmt: (d: string) => string,
): string {
  const where = resourceId ? `${scheduleName}, ${resourceId}` : `${scheduleName}, all workcenters`;
  return from === to ? `${where}: ${fmt(from)}` : `${where}: ${fmt(from)} to ${fmt(to)}`;
}
