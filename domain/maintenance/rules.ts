import { weekStartOf } from '../payroll/rules';
import { plantTimeZone } from '../platform/plants';
import { addDays, localDateOf } from '../scheduling/calendar';
import type {
  FixtureRequest,
  FixtureStatus,
  PreventiveTask,
  WorkOrder,
  WorkOrderPriority,
  WorkOrderStatus,
} from './entities';
import { closedFixtureStatuses, workOrderPriorities, workOrderStatuses } from './entities';

/**
 * The maintenance boards' rules, pure, shared by the server and the TV screens (issue 7 part 3).
 *
 * - Work orders: on the board are those not done, and those done during the plant's current day.
 *   Sorted: not done first, then by priority (urgent, high, normal, low), then oldest first (age), then
 *   number. Overdue: a due date passed and not done. Highlighted: overdue, or urgent / high priority.
 * - Fixture requests: open ones (not delivered or cancelled), oldest first. Late: needed by passed and
 *   the fixture not ready yet (requested or in progress).
 * - PM calendar: two plant-local weeks, Monday to Sunday, this week and next. A task not done by its
 *   due date (NextDue before the task's plant's today) is overdue. Done: the next due date is the done
 *   date plus the interval.
 */

const ms = (iso: string) => Date.parse(iso);

export const priorityRank = (p: WorkOrderPriority) => workOrderPriorities.indexOf(p);

export function isWorkOrderOverdue(w: Pick<WorkOrder, 'DueAt' | 'Status'>, now: number): boolean {
  return w.Status !== 'done' && w.DueAt !== null && ms(w.DueAt) < now;
}

export function isWorkOrderHighlighted(
  w: Pick<WorkOrder, 'DueAt' | 'Status' | 'Priority'>,
  now: number,
): boolean {
  if (w.Status === 'done') return false;
  return isWorkOrderOverdue(w, now) || w.Priority === 'urgent' || w.Priority === 'high';
}

/** Was `iso` on the plant-local day of `now`? */
export function sameLocalDay(iso: string, now: number, tz: string): boolean {
  return localDateOf(iso, tz) === localDateOf(now, tz);
}

/** What the work-order monitor lists, in its order. */
export function boardWorkOrders<W extends WorkOrder>(list: readonly W[], now: number): W[] {
  return list
    .filter(
      (w) =>
        w.Status !== 'done' ||
        (w.CompletedAt !== null && sameLocalDay(w.CompletedAt, now, plantTimeZone(w.PlantID))),
    )
    .sort(
      (a, b) =>
        Number(a.Status === 'done') - Number(b.Status === 'done') ||
        priorityRank(a.Priority) - priorityRank(b.Priority) ||
        ms(a.CreatedAt) - ms(b.CreatedAt) ||
        a.WorkOrderID - b.WorkOrderID,
    );
}

/** How many of the board's work orders are in each status (done: done today). */
export function statusCounts(list: readonly Pick<WorkOrder, 'Status'>[]): Record<WorkOrderStatus, number> {
  const counts = Object.fromEntries(workOrderStatuses.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const w of list) counts[w.Status] += 1;
  return counts;
}

/** An age or a duration for a board: `45m`, `5h 12m`, `3d 4h` (never negative). */
export function formatAge(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

/** The CompletedAt a work order gets when its status changes to `next` (at `now`). */
export function completedAtAfter(
  previous: { Status: WorkOrderStatus; CompletedAt: string | null } | null,
  next: WorkOrderStatus,
  now: string,
): string | null {
  if (next !== 'done') return null;
  return previous?.Status === 'done' ? previous.CompletedAt : now;
}

// --------------------------------------------------------------------------- fixture requests

export const isFixtureClosed = (s: FixtureStatus) => closedFixtureStatuses.includes(s);

export function isFixtureLate(r: Pick<FixtureRequest, 'NeededBy' | 'Status'>, now: number): boolean {
  return (r.Status === 'requested' || r.Status === 'inProgress') && ms(r.NeededBy) < now;
}

/** The open fixture requests, oldest first. */
export function boardFixtureRequests<R extends FixtureRequest>(list: readonly R[]): R[] {
  return list
    .filter((r) => !isFixtureClosed(r.Status))
    .sort((a, b) => ms(a.CreatedAt) - ms(b.CreatedAt) || a.FixtureRequestID - b.FixtureRequestID);
}

// --------------------------------------------------------------------------- PM calendar

/** The fourteen plant-local dates of this week and next (Monday first) around `now` in `tz`. */
export function calendarDates(now: number, tz: string): string[] {
  const monday = weekStartOf(localDateOf(now, tz));
  return Array.from({ length: 14 }, (_, i) => addDays(monday, i));
}

export function isTaskOverdue(t: Pick<PreventiveTask, 'NextDue' | 'PlantID'>, now: number): boolean {
  return t.NextDue < localDateOf(now, plantTimeZone(t.PlantID));
}

export interface PmCalendar<T> {
  /** The fourteen dates, Monday of this week first. */
  dates: string[];
  /** The tasks due on each date that are not overdue (by plant, asset, id). */
  byDate: Record<string, T[]>;
  /** Overdue tasks, the oldest due date first. */
  overdue: T[];
}

/** The calendar board: the tasks due in the two weeks on their dates, and every overdue task. */
export function pmCalendar<T extends PreventiveTask>(
  tasks: readonly T[],
  now: number,
  tz: string,
): PmCalendar<T> {
  const dates = calendarDates(now, tz);
  const byDate: Record<string, T[]> = Object.fromEntries(dates.map((d) => [d, [] as T[]]));
  const overdue: T[] = [];
  const order = (a: T, b: T) =>
    a.NextDue.localeCompare(b.NextDue) ||
    a.PlantID - b.PlantID ||
    a.Asset.localeCompare(b.Asset) ||
    a.PreventiveTaskID - b.PreventiveTaskID;
  for (const t of [...tasks].sort(order)) {
    if (isTaskOverdue(t, now)) overdue.push(t);
    else byDate[t.NextDue]?.push(t);
  }
  return { dates, byDate, overdue };
}

/** The due date after a service done on `doneDate`. */
export const nextDueAfter = (doneDate: string, intervalDays: number) => addDays(doneDate, intervalDays);
