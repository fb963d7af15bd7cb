import type { z } from 'zod';
import { addDays, localInstant, workingWindowsBetween } from '../../../../domain/scheduling/calendar';
import type { ScheduleDayRow } from '../../../../domain/scheduling/calls';
import type { SchedulingCalendar, WorkcenterSetting } from '../../../../domain/scheduling/entities';
import { orderLanes } from '../shared/lane-order';

export type DayRow = z.infer<typeof ScheduleDayRow>;

/** A piece of a task's bar on the day's time bar, in percent of the plant-local day. */
export interface BarSegment {
  left: number;
  width: number;
}

export interface DayTask extends DayRow {
  /**
   * Where the task works on the day: its time cut to the day and to its workcenter's working windows
   * (a break, the night, a holiday or an Off override between two windows leaves a gap).
   */
  segments: BarSegment[];
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

/** A working window (UTC ISO instants), as workingWindowsBetween answers them. */
export interface WorkWindow {
  Start: string;
  End: string;
}

/** The narrowest bar drawn (a task of a few minutes stays visible), in percent. */
const MIN_WIDTH = 0.3;

/**
 * The bar of one task on the day: [from, to) cut to the day [dayStart, dayEnd) and, when the working
 * windows of its workcenter on that day are known, to each of them, in percent of the day. Without
 * windows (the calendar not read yet) one bar over the task's part of the day. A task of no length
 * (0 minutes) is a thin mark at its start; a task that does not work on the day at all (it spans a
 * holiday or a weekend) has no segment.
 */
export function barSegments(
  from: number,
  to: number,
  dayStart: number,
  dayEnd: number,
  windows: readonly WorkWindow[] | null,
): BarSegment[] {
  const length = dayEnd - dayStart;
  const a = Math.max(from, dayStart);
  const b = Math.min(to, dayEnd);
  const bar = (s: number, e: number): BarSegment => ({
    left: round1(((s - dayStart) / length) * 100),
    width: Math.max(MIN_WIDTH, round1((Math.max(0, e - s) / length) * 100)),
  });
  if (!windows || b <= a) return [bar(a, b)];
  const out: BarSegment[] = [];
  for (const w of windows) {
    const s = Math.max(a, Date.parse(w.Start));
    const e = Math.min(b, Date.parse(w.End));
    if (e > s) out.push(bar(s, e));
  }
  return out;
}

export interface DayOptions {
  /** The plant's workcenter settings: lanes in the plant board's order (unknown ones last). */
  workcenters?: ReadonlyMap<string, Pick<WorkcenterSetting, 'SortOrder'>>;
  /** The plant's calendar: bars over the working windows only. */
  calendar?: SchedulingCalendar | null;
}

/**
 * GetScheduleByDay's rows grouped by workcenter, lanes in the plant board's order (the workcenter
 * settings' SortOrder, then ResourceID; lanes without a setting last, in the order the rows came in),
 * each lane's tasks in start order with their minutes on the day summed, and each task's bar on the
 * day: over its workcenter's working windows when the calendar is given.
 */
export function groupByWorkcenter(
  rows: readonly DayRow[],
  date: string,
  tz: string,
  options: DayOptions = {},
): DayLane[] {
  const { start, end } = dayWindow(date, tz);
  const { calendar = null, workcenters = new Map() } = options;
  const startIso = new Date(start).toISOString();
  const endIso = new Date(end).toISOString();
  const lanes = new Map<string, DayLane>();
  const windows = new Map<string, WorkWindow[] | null>();
  for (const r of rows) {
    let lane = lanes.get(r.ResourceID);
    if (!lane) {
      lane = { ResourceID: r.ResourceID, MinutesOnDay: 0, Tasks: [] };
      lanes.set(r.ResourceID, lane);
      windows.set(
        r.ResourceID,
        calendar ? workingWindowsBetween(calendar, r.ResourceID, startIso, endIso) : null,
      );
    }
    const from = Date.parse(r.StartAt);
    const to = Date.parse(r.EndAt);
    lane.MinutesOnDay += r.MinutesOnDay;
    lane.Tasks.push({
      ...r,
      segments: barSegments(from, to, start, end, windows.get(r.ResourceID) ?? null),
      before: from < start,
      after: to > end,
    });
  }
  for (const lane of lanes.values()) {
    lane.MinutesOnDay = Math.round(lane.MinutesOnDay * 10) / 10;
    lane.Tasks.sort((x, y) => x.StartAt.localeCompare(y.StartAt) || x.ScheduleTaskID - y.ScheduleTaskID);
  }
  return orderLanes(lanes.keys(), workcenters).map((id) => lanes.get(id) as DayLane);
}

/** Tick marks of the day's bar: every 6 hours of plant clock time, placed by the real day length. */
export function dayTicks(date: string, tz: string): { label: string; left: number }[] {
  const { start, end } = dayWindow(date, tz);
  return ['06:00', '12:00', '18:00'].map((time) => ({
    label: `${Number(time.slice(0, 2)) % 12 || 12} ${Number(time.slice(0, 2)) < 12 ? 'am' : 'pm'}`,
    left: round1(((localInstant(date, time, tz) - start) / (end - start)) * 100),
  }));
}
