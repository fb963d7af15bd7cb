import { localParts } from '../platform/dates';
import type { Override, SchedulingCalendar, Shift } from './entities';

/**
 * Start and end times of schedule tasks from their minutes and the plant's calendar (issue 6: shifts,
 * holidays, overrides, in the plant's time zone of spec 000 §9). Pure and deterministic: the server
 * stores and publishes the results; reports and capacity use the same windows.
 *
 * The calendar, per resource:
 * - Shifts: a resource's own shifts replace the plant's default shifts (ResourceID null). A shift runs
 *   on its weekday from Start to End, plant-local; End at or before Start runs past midnight.
 * - Holidays: no shift that starts on a holiday runs (a night shift that started the day before does).
 * - Overrides of the plant or of the resource: `Work` adds a window on its date (even on a holiday),
 *   `Off` removes its window from whatever would run then. Overrides win over shifts and holidays.
 * Overlapping windows merge, so two shifts that overlap never count the same minute twice.
 */

export interface LaneTiming {
  /** UTC ISO instants; null when the calendar has no working time within a year of the cursor. */
  StartAt: string | null;
  EndAt: string | null;
}

type Window = [start: number, end: number];

const MINUTE = 60_000;
/** A lane whose calendar has no working minute for this many days in a row stops being timed. */
const HORIZON_DAYS = 400;

// Local date + time → UTC instant (a time that happens twice on the fall-back night is its first
// occurrence; dayjs.tz takes the second, which would start a 01:00 shift an hour late). dayjs.tz builds an Intl formatter on every call (about a millisecond
// each, measured: 0.5 s for the first 10,000-task recompute), so this reads the parts with the one cached
// formatter per zone of domain/platform/dates.ts and
// memoises the conversions: a calendar repeats the same few clock times, and recomputing a plant's
// schedules asks for the same dates again for every lane (bounded: cleared when large).
function zoneOffset(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** Exported for its test against dayjs.tz. */
const instantMemo = new Map<string, number>();
export function localInstant(date: string, time: string, tz: string): number {
  const key = `${tz}|${date}|${time}`;
  let v = instantMemo.get(key);
  if (v === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const [hh, mm] = time.split(':').map(Number) as [number, number];
    const wall = Date.UTC(y, m - 1, d, hh, mm);
    // Guess with the offset at the wall time read as UTC, correct with the offset at the guess: right
    // on both sides of a DST change. A wall time that does not exist (spring forward) has no consistent
    // answer; it lands an hour later, as dayjs does.
    const first = wall - zoneOffset(wall, tz);
    const second = wall - zoneOffset(first, tz);
    if (second === first || wall - zoneOffset(second, tz) === second) v = second;
    else v = Math.max(first, second);
    if (instantMemo.size > 50_000) instantMemo.clear();
    instantMemo.set(key, v);
  }
  return v;
}

/** `YYYY-MM-DD` + n days, on the calendar (no time zone involved). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The plant-local date of an instant. */
export function localDateOf(iso: string | number, tz: string): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return new Date(ms + zoneOffset(ms, tz)).toISOString().slice(0, 10);
}

/** A window that starts on `date` at `start` and ends at `end`, the next day when end ≤ start. */
function span(date: string, start: string, end: string, tz: string): Window {
  const from = localInstant(date, start, tz);
  const to = end <= start ? localInstant(addDays(date, 1), end, tz) : localInstant(date, end, tz);
  return [from, to];
}

/** The calendar of one resource, prepared once per lane (per-date lookups are Map/Set reads). */
class ResourceCalendar {
  private readonly shiftsByDay: Shift[][] = [[], [], [], [], [], [], []];
  private readonly holidays: Set<string>;
  private readonly work = new Map<string, Override[]>();
  private readonly off = new Map<string, Override[]>();

  constructor(
    private readonly calendar: SchedulingCalendar,
    resourceId: string,
  ) {
    const own = calendar.Shifts.filter((s) => s.ResourceID === resourceId);
    const shifts = own.length ? own : calendar.Shifts.filter((s) => s.ResourceID === null);
    for (const s of shifts) this.shiftsByDay[s.DayOfWeek]?.push(s);
    this.holidays = new Set(calendar.Holidays.map((h) => h.Date));
    for (const o of calendar.Overrides) {
      if (o.ResourceID !== null && o.ResourceID !== resourceId) continue;
      const map = o.Kind === 'Work' ? this.work : this.off;
      const list = map.get(o.Date) ?? [];
      list.push(o);
      map.set(o.Date, list);
    }
  }

  /** The merged working windows of the shifts and Work overrides that start on `date`, less every Off. */
  windowsOf(date: string): Window[] {
    const tz = this.calendar.TimeZone;
    const raw: Window[] = [];
    if (!this.holidays.has(date)) {
      for (const s of this.shiftsByDay[weekday(date)] ?? []) raw.push(span(date, s.Start, s.End, tz));
    }
    for (const o of this.work.get(date) ?? []) raw.push(span(date, o.Start, o.End, tz));
    if (!raw.length) return raw;
    raw.sort((a, b) => a[0] - b[0]);
    let windows = merge(raw);
    // An Off of the day before may run past midnight into this day; one of the next day may be cut
    // from a night shift that started today.
    for (const d of [addDays(date, -1), date, addDays(date, 1)]) {
      for (const o of this.off.get(d) ?? []) windows = subtract(windows, span(d, o.Start, o.End, tz));
    }
    return windows;
  }

  /** Working windows in time order, from the day before `fromDate` on (its night shift may still run). */
  *windowsFrom(fromDate: string): Generator<Window> {
    let pending: Window | null = null;
    let idle = 0;
    for (let date = addDays(fromDate, -1); idle <= HORIZON_DAYS; date = addDays(date, 1)) {
      const day = this.windowsOf(date);
      idle = day.length ? 0 : idle + 1;
      for (const w of day) {
        // A night shift of yesterday may overlap today's first shift: merge across days too.
        if (pending && w[0] <= pending[1]) pending = [pending[0], Math.max(pending[1], w[1])];
        else {
          if (pending) yield pending;
          pending = w;
        }
      }
    }
    if (pending) yield pending;
  }
}

function merge(sorted: Window[]): Window[] {
  const out: Window[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else out.push([w[0], w[1]]);
  }
  return out;
}

function subtract(windows: Window[], cut: Window): Window[] {
  const out: Window[] = [];
  for (const [s, e] of windows) {
    if (cut[1] <= s || cut[0] >= e) {
      out.push([s, e]);
      continue;
    }
    if (cut[0] > s) out.push([s, cut[0]]);
    if (cut[1] < e) out.push([cut[1], e]);
  }
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The times of a lane's tasks, in order: the first starts at the first working minute on or after
 * `startDate` 00:00 plant-local, each next one where the previous ended. A task of `m` minutes
 * occupies `m × 100 / efficiencyPercent` working minutes (a lane at 80% runs slower than planned) and
 * pauses outside the windows. A task of 0 minutes starts and ends at the next working minute.
 */
export function scheduleLane(
  calendar: SchedulingCalendar,
  resourceId: string,
  startDate: string,
  efficiencyPercent: number,
  minutes: readonly number[],
): LaneTiming[] {
  const out: LaneTiming[] = [];
  if (!minutes.length) return out;
  const factor = 100 / (efficiencyPercent > 0 ? efficiencyPercent : 100);
  const windows = new ResourceCalendar(calendar, resourceId).windowsFrom(startDate);
  let cursor = localInstant(startDate, '00:00', calendar.TimeZone);
  let current: Window | null = null;
  const next = (): Window | null => {
    const r = windows.next();
    return r.done ? null : r.value;
  };
  // The window containing or following the cursor.
  const seek = (): Window | null => {
    while (current && current[1] <= cursor) current = next();
    return current;
  };
  current = next();
  for (const m of minutes) {
    let w = seek();
    if (!w) {
      out.push({ StartAt: null, EndAt: null });
      continue;
    }
    const start = Math.max(cursor, w[0]);
    let pos = start;
    // Whole milliseconds: minutes are rounded to 4 decimals, so this loses nothing a person sees.
    let remaining = Math.round(Math.max(0, m) * factor * MINUTE);
    while (remaining > 0 && w) {
      const avail = w[1] - pos;
      if (avail >= remaining) {
        pos += remaining;
        remaining = 0;
      } else {
        remaining -= avail;
        current = next();
        w = current;
        if (w) pos = w[0];
      }
    }
    if (remaining > 0) {
      out.push({ StartAt: iso(start), EndAt: null });
      cursor = Number.POSITIVE_INFINITY;
      continue;
    }
    out.push({ StartAt: iso(start), EndAt: iso(pos) });
    cursor = pos;
  }
  return out;
}

/** Working minutes of a resource between two instants (capacity), overlapping windows counted once. */
export function workingMinutesBetween(
  calendar: SchedulingCalendar,
  resourceId: string,
  fromIso: string,
  toIso: string,
): number {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (!(to > from)) return 0;
  let total = 0;
  for (const [s, e] of new ResourceCalendar(calendar, resourceId).windowsFrom(
    localDateOf(from, calendar.TimeZone),
  )) {
    if (s >= to) break;
    const overlap = Math.min(e, to) - Math.max(s, from);
    if (overlap > 0) total += overlap;
  }
  return Math.round((total / MINUTE) * 10_000) / 10_000;
}

/** The working windows of a resource that intersect [from, to), clipped to it (the by-day bars). */
export function workingWindowsBetween(
  calendar: SchedulingCalendar,
  resourceId: string,
  fromIso: string,
  toIso: string,
): Array<{ Start: string; End: string }> {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  const out: Array<{ Start: string; End: string }> = [];
  for (const [s, e] of new ResourceCalendar(calendar, resourceId).windowsFrom(
    localDateOf(from, calendar.TimeZone),
  )) {
    if (s >= to) break;
    if (e <= from) continue;
    out.push({ Start: iso(Math.max(s, from)), End: iso(Math.min(e, to)) });
  }
  return out;
}
