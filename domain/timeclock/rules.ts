import { weekDates, weekStartOf } from '../payroll/rules';
import { addDays, localDateOf, localInstant } from '../scheduling/calendar';

/**
 * The time-clock rules (issue 7 part 1: timecards, clock analysis, punch corrections) as pure
 * functions, used by the server (server/areas/timeclock) and shown by the screens.
 *
 * - **Paid hours** are punch minutes. The plant calendar (scheduling shifts) has no unpaid breaks, so
 *   nothing is deducted; `UNPAID_BREAK_MINUTES_PER_DAY` is the one place to change that (0 today).
 * - A punch's minutes count on the plant-local date they fall on (split at local midnight).
 * - **Overtime**: paid hours of a Monday–Sunday week above 40 (`OVERTIME_WEEK_HOURS`); the rest is regular.
 * - **Flags**: a punch still open after its plant-local day ended is a *missing punch-out*; a punch (or
 *   an open one until now) longer than 12 h (`LONG_SHIFT_HOURS`) is a *long shift*.
 * - **Corrections**: in before out, not in the future, not over another punch of the employee, at most
 *   one open punch.
 */

export const OVERTIME_WEEK_HOURS = 40;
export const LONG_SHIFT_HOURS = 12;
export const UNPAID_BREAK_MINUTES_PER_DAY = 0;
/** Most days one range call answers. */
export const MAX_RANGE_DAYS = 62;

const MINUTE = 60_000;
export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Span {
  Start: string;
  /** null: still open, counted until `now`. */
  End: string | null;
}

/** Minutes of `spans` per plant-local date (split at local midnight); open spans run until `now`. */
export function minutesByDate(spans: readonly Span[], timeZone: string, now: string): Map<string, number> {
  const out = new Map<string, number>();
  const nowMs = Date.parse(now);
  for (const s of spans) {
    let start = Date.parse(s.Start);
    const end = s.End ? Date.parse(s.End) : Math.max(start, nowMs);
    while (start < end) {
      const date = localDateOf(start, timeZone);
      const nextMidnight = localInstant(addDays(date, 1), '00:00', timeZone);
      const stop = Math.min(end, nextMidnight);
      out.set(date, (out.get(date) ?? 0) + (stop - start) / MINUTE);
      start = stop;
    }
  }
  return out;
}

/** Paid minutes of a day's punch minutes: less the unpaid breaks (none in the calendar today), never below 0. */
export function paidMinutes(punchMinutes: number): number {
  if (punchMinutes <= 0) return 0;
  return Math.max(0, punchMinutes - UNPAID_BREAK_MINUTES_PER_DAY);
}

/** A week's paid hours split into regular (up to 40) and overtime (above 40). */
export function weekOvertime(totalHours: number): { RegularHours: number; OvertimeHours: number } {
  const total = round2(totalHours);
  const overtime = round2(Math.max(0, total - OVERTIME_WEEK_HOURS));
  return { RegularHours: round2(total - overtime), OvertimeHours: overtime };
}

export interface PunchTimes {
  ClockedInAt: string;
  ClockedOutAt: string | null;
}

/** Missing punch-out and long shift of one punch, as of `now`, in the plant's time zone. */
export function punchFlags(
  p: PunchTimes,
  timeZone: string,
  now: string,
): { MissingOut: boolean; LongShift: boolean; Minutes: number } {
  const end = p.ClockedOutAt ? Date.parse(p.ClockedOutAt) : Date.parse(now);
  const minutes = Math.max(0, (end - Date.parse(p.ClockedInAt)) / MINUTE);
  const dayEnd = localInstant(addDays(localDateOf(p.ClockedInAt, timeZone), 1), '00:00', timeZone);
  return {
    MissingOut: p.ClockedOutAt === null && Date.parse(now) >= dayEnd,
    LongShift: minutes > LONG_SHIFT_HOURS * 60,
    Minutes: round2(minutes),
  };
}

export interface ExistingPunch extends PunchTimes {
  ClockPunchID: number;
}

/**
 * Why a correction of punch `edit` (of one employee, whose other punches are `others`) is refused, or
 * null. Times are ISO instants; `now` the server's clock.
 */
export function punchEditProblem(
  edit: { ClockPunchID: number; ClockedInAt: string; ClockedOutAt: string | null },
  others: readonly ExistingPunch[],
  now: string,
  timeZone: string,
  fmt: (iso: string, timeZone: string) => string,
): string | null {
  const inMs = Date.parse(edit.ClockedInAt);
  const outMs = edit.ClockedOutAt === null ? null : Date.parse(edit.ClockedOutAt);
  if (!Number.isFinite(inMs) || (outMs !== null && !Number.isFinite(outMs))) return 'A time is not valid.';
  if (outMs !== null && outMs <= inMs) return 'The punch-out must be after the punch-in.';
  const nowMs = Date.parse(now);
  if (inMs > nowMs || (outMs !== null && outMs > nowMs)) return 'A punch cannot be in the future.';
  for (const o of others) {
    if (o.ClockPunchID === edit.ClockPunchID) continue;
    const oIn = Date.parse(o.ClockedInAt);
    const oOut = o.ClockedOutAt === null ? Number.POSITIVE_INFINITY : Date.parse(o.ClockedOutAt);
    const eOut = outMs ?? Number.POSITIVE_INFINITY;
    if (outMs === null && o.ClockedOutAt === null) {
      return `There is already an open punch since ${fmt(o.ClockedInAt, timeZone)}: only one punch can be open.`;
    }
    if (inMs < oOut && oIn < eOut) {
      const until = o.ClockedOutAt ? fmt(o.ClockedOutAt, timeZone) : 'now';
      return `It overlaps the punch of ${fmt(o.ClockedInAt, timeZone)} – ${until}.`;
    }
  }
  return null;
}

/** The plant-local dates from `from` to `to` inclusive; null when the range is reversed or too long. */
export function dateRange(from: string, to: string): string[] | null {
  if (to < from) return null;
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    out.push(d);
    if (out.length > MAX_RANGE_DAYS) return null;
  }
  return out;
}

/** [From, To) instants of plant-local dates `from`..`to` inclusive. */
export function rangeInstants(from: string, to: string, timeZone: string): { From: string; To: string } {
  return {
    From: new Date(localInstant(from, '00:00', timeZone)).toISOString(),
    To: new Date(localInstant(addDays(to, 1), '00:00', timeZone)).toISOString(),
  };
}

export interface DayHours {
  Date: string;
  PaidHours: number;
  DirectHours: number;
  IndirectHours: number;
}

/**
 * One employee's timecard week: paid hours per date from punches (closed ones, and open ones until
 * `now`), direct and indirect hours per date from activities, the week's totals and overtime.
 */
export function timecardWeek(
  weekStart: string,
  punches: readonly Span[],
  direct: readonly Span[],
  indirect: readonly Span[],
  timeZone: string,
  now: string,
): {
  Days: DayHours[];
  TotalHours: number;
  RegularHours: number;
  OvertimeHours: number;
  DirectHours: number;
  IndirectHours: number;
} {
  const paid = minutesByDate(punches, timeZone, now);
  const d = minutesByDate(direct, timeZone, now);
  const ind = minutesByDate(indirect, timeZone, now);
  const Days = weekDates(weekStartOf(weekStart)).map((date) => ({
    Date: date,
    PaidHours: round2(paidMinutes(paid.get(date) ?? 0) / 60),
    DirectHours: round2((d.get(date) ?? 0) / 60),
    IndirectHours: round2((ind.get(date) ?? 0) / 60),
  }));
  const sum = (k: 'PaidHours' | 'DirectHours' | 'IndirectHours') =>
    round2(Days.reduce((s, x) => s + x[k], 0));
  const TotalHours = sum('PaidHours');
  return {
    Days,
    TotalHours,
    ...weekOvertime(TotalHours),
    DirectHours: sum('DirectHours'),
    IndirectHours: sum('IndirectHours'),
  };
}

/**
 * Payroll hours of one week from clocked hours (server/areas/payroll/README.md "Clocked hours"): the
 * days in date order, each day's hours regular until the week has 40 regular hours, the rest overtime
 * (the same weekly rule as the timecards; no daily overtime). A day holds at most 24 hours.
 */
export function payrollWeekHours(
  daily: readonly number[],
): { RegularHours: number; OvertimeHours: number }[] {
  let regularSoFar = 0;
  return daily.map((h) => {
    const day = Math.min(24, Math.max(0, round2(h)));
    const regular = round2(Math.max(0, Math.min(day, OVERTIME_WEEK_HOURS - regularSoFar)));
    regularSoFar = round2(regularSoFar + regular);
    return { RegularHours: regular, OvertimeHours: round2(day - regular) };
  });
}
