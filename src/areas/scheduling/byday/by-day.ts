import type { z } from 'zod';
import { addDays, localInstant } from '../../../../domain/scheduling/calendar';
import type { ScheduleDayRow } from '../../../../domain/scheduling/calls';

export type DayRow = z.infer<typeof ScheduleDayRow>;

export interface DayTask extends DayRow {
  /** Where the task's part of the day sits on a bar of the whole plant-local day, in percent. */
  left: number;
  width: number;
  /** The task began before the day / runs on past it. */
  before: boolean;
  after: boolean;
}

export interface DayLane {
  ResourceID: string;
  MinutesOnDay: number;
  Tasks: DayTask[];
}

/**
 * The plant-local day as instants: midnight to midnight in the plant's zone, so a day on which the
 * clocks change is 23 or 25 hours long and the bar still spans exactly that day.
 */
export function dayWindow(date: string, tz: string): { start: number; end: number } {
  return { start: localInstant(date, '00:00', tz), end: localInstant(addDays(date, 1), '00:00', tz) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * GetScheduleByDay's rows grouped by workcenter (lanes in the order given, or by ResourceID when none is
 * given), each lane's tasks in start order with their minutes on the day summed, and each task's place
 * on the day's time bar.
 */
export function groupByWorkcenter(
  rows: readonly DayRow[],
  date: string,
  tz: string,
  laneOrder: readonly string[] = [],
): DayLane[] {
  const { start, end } = dayWindow(date, tz);
  const length = end - start;
  const lanes = new Map<string, DayLane>();
  for (const r of rows) {
    let lane = lanes.get(r.ResourceID);
    if (!lane) {
      lane = { ResourceID: r.ResourceID, MinutesOnDay: 0, Tasks: [] };
      lanes.set(r.ResourceID, lane);
    }
    const from = Date.parse(r.StartAt);
    const to = Date.parse(r.EndAt);
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    lane.MinutesOnDay += r.MinutesOnDay;
    lane.Tasks.push({
      ...r,
      left: round1(((a - start) / length) * 100),
      width: Math.max(0.3, round1((Math.max(0, b - a) / length) * 100)),
      before: from < start,
      after: to > end,
    });
  }
  const rank = new Map(laneOrder.map((id, i) => [id, i]));
  const out = [...lanes.values()];
  for (const lane of out) {
    lane.MinutesOnDay = Math.round(lane.MinutesOnDay * 10) / 10;
    lane.Tasks.sort((x, y) => x.StartAt.localeCompare(y.StartAt) || x.ScheduleTaskID - y.ScheduleTaskID);
  }
  return out.sort(
    (x, y) =>
      (rank.get(x.ResourceID) ?? Number.MAX_SAFE_INTEGER) -
        (rank.get(y.ResourceID) ?? Number.MAX_SAFE_INTEGER) || x.ResourceID.localeCompare(y.ResourceID),
  );
}

/** Tick marks of the day's bar: every 6 hours of plant clock time, placed by the real day length. */
export function dayTicks(date: string, tz: string): { label: string; left: number }[] {
  const { start, end } = dayWindow(date, tz);
  return ['06:00', '12:00', '18:00'].map((time) => ({
    label: `${Number(time.slice(0, 2)) % 12 || 12} ${Number(time.slice(0, 2)) < 12 ? 'am' : 'pm'}`,
    left: round1(((localInstant(date, time, tz) - start) / (end - start)) * 100),
  }));
}
