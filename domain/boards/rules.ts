import { localDateOf } from '../scheduling/calendar';
import { minutesWithin, type Window } from '../shopfloor/rules';
import type { BayTotals, DowntimeReasonMinutes, HourPieces } from './entities';

/**
 * The scoreboard and KPI figures as pure functions (server/areas/boards builds the documents with
 * them). "The shift so far" starts at the plant's first clock-in of the plant day (not before the day's
 * start): the crew's shift began then. A machine's target is its working minutes since then (someone
 * on it, not down) divided by its minutes per piece.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The earliest clock-in of the day, not before the day's start; null when nobody clocked in. */
export function shiftStart(clockIns: readonly string[], dayFrom: string): string | null {
  if (!clockIns.length) return null;
  const first = Math.min(...clockIns.map((c) => Date.parse(c)));
  return new Date(Math.max(first, Date.parse(dayFrom))).toISOString();
}

/**
 * Working minutes of a machine within [from, to): the time someone worked on it (the union of its
 * direct activities, open ones up to `to`) less the time it was down. A machine nobody ran earns no
 * target.
 */
export function workingMinutes(
  staffed: readonly Window[],
  downtime: readonly Window[],
  from: string,
  to: string,
): number {
  const lo = Date.parse(from);
  const hi = Date.parse(to);
  if (!(hi > lo)) return 0;
  const clip = (w: Window) =>
    [Math.max(lo, Date.parse(w.Start)), Math.min(hi, w.End ? Date.parse(w.End) : hi)] as const;
  const on = staffed.map(clip).filter(([a, b]) => b > a);
  const off = downtime.map(clip).filter(([a, b]) => b > a);
  const points = [...new Set([lo, hi, ...on.flat(), ...off.flat()])].sort((a, b) => a - b);
  let total = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const inside = (ws: (readonly [number, number])[]) => ws.some(([s, e]) => s <= a && e >= b);
    if (inside(on) && !inside(off)) total += b - a;
  }
  return Math.round((total / MINUTE) * 100) / 100;
}

/** floor(working minutes / minutes per piece); 0 without a rate. */
export function targetPieces(working: number, minutesPerPiece: number | null): number {
  if (!minutesPerPiece || minutesPerPiece <= 0 || working <= 0) return 0;
  // A hair of tolerance so 30 minutes at 0.1 min/pc is 300, not 299.
  return Math.floor(working / minutesPerPiece + 1e-9);
}

/** The sums of a bay's rows. */
export function bayTotals(
  rows: readonly { Pieces: number; TargetPieces: number; ScrapPieces: number; DowntimeMinutes: number }[],
): BayTotals {
  const sum = (f: (r: (typeof rows)[number]) => number) =>
    Math.round(rows.reduce((s, r) => s + f(r), 0) * 100) / 100;
  return {
    Pieces: sum((r) => r.Pieces),
    TargetPieces: Math.round(sum((r) => r.TargetPieces)),
    ScrapPieces: sum((r) => r.ScrapPieces),
    DowntimeMinutes: sum((r) => r.DowntimeMinutes),
  };
}

/** Scrap as a percentage of everything made (good + scrap), one decimal; 0 when nothing was made. */
export function scrapPercent(good: number, scrap: number): number {
  const all = good + scrap;
  return all > 0 ? Math.round((scrap / all) * 1000) / 10 : 0;
}

/** Downtime minutes per reason within [from, to), largest first (then by reason), at most `n`. */
export function topDowntime(
  events: readonly { Reason: string; Start: string; End: string | null }[],
  from: string,
  to: string,
  n = 5,
): DowntimeReasonMinutes[] {
  const byReason = new Map<string, Window[]>();
  for (const e of events) byReason.set(e.Reason, [...(byReason.get(e.Reason) ?? []), e]);
  return [...byReason]
    .map(([Reason, windows]) => ({
      Reason,
      // Two machines down for the same reason at once count twice: sum per event, not the union.
      Minutes: Math.round(windows.reduce((s, w) => s + minutesWithin([w], from, to), 0) * 100) / 100,
    }))
    .filter((r) => r.Minutes > 0)
    .sort((a, b) => b.Minutes - a.Minutes || a.Reason.localeCompare(b.Reason))
    .slice(0, n);
}

/** People clocked in, by what they do now: on a machine, on indirect work, or idle. */
export function peopleCounts(
  people: readonly { ClockedIn: boolean; Machine: string | null; Indirect: string | null }[],
): { Direct: number; Indirect: number; Idle: number } {
  const out = { Direct: 0, Indirect: 0, Idle: 0 };
  for (const p of people) {
    if (!p.ClockedIn) continue;
    if (p.Machine) out.Direct++;
    else if (p.Indirect) out.Indirect++;
    else out.Idle++;
  }
  return out;
}

/**
 * Good pieces per clock hour from the hour the shift started in to the hour of `now` (both included);
 * completions outside that span are left out. Hours are whole UTC hours, which are whole plant hours
 * for every plant zone we have (no half-hour offsets).
 */
export function hourlyPieces(
  completions: readonly { RecordedAt: string; Quantity: number }[],
  shift: string | null,
  now: string,
): HourPieces[] {
  if (!shift) return [];
  const first = Math.floor(Date.parse(shift) / HOUR) * HOUR;
  const last = Math.floor(Date.parse(now) / HOUR) * HOUR;
  if (last < first) return [];
  const hours: HourPieces[] = [];
  for (let h = first; h <= last; h += HOUR) hours.push({ Hour: new Date(h).toISOString(), Pieces: 0 });
  for (const c of completions) {
    const h = Math.floor(Date.parse(c.RecordedAt) / HOUR) * HOUR;
    const i = (h - first) / HOUR;
    const bucket = hours[i];
    if (bucket && Date.parse(c.RecordedAt) >= Date.parse(shift)) bucket.Pieces += c.Quantity;
  }
  return hours;
}

/**
 * A scoreboard row's target at `now`, advanced from its figures as of `asOf`: a staffed machine's
 * working minutes grow with the clock; one that is down (DownReason) or has nobody on it stays.
 */
export function targetAt(
  row: {
    WorkingMinutes: number;
    MinutesPerPiece: number | null;
    DownReason: string | null;
    Operators: readonly string[];
  },
  asOf: string,
  now: number,
): number {
  if (!row.MinutesPerPiece || row.MinutesPerPiece <= 0) return 0;
  const running = !row.DownReason && row.Operators.length > 0;
  const extra = running ? Math.max(0, (now - Date.parse(asOf)) / MINUTE) : 0;
  return Math.floor((row.WorkingMinutes + extra) / row.MinutesPerPiece + 1e-9);
}

/** The plant's target at `now`: the target as of `asOf` plus what the running machines add since. */
export function plantTargetAt(
  kpi: { TargetPieces: number; TargetPiecesPerMinute: number },
  asOf: string,
  now: number,
): number {
  const minutes = Math.max(0, (now - Date.parse(asOf)) / MINUTE);
  return kpi.TargetPieces + Math.floor(minutes * kpi.TargetPiecesPerMinute + 1e-9);
}

/**
 * A board document made on an earlier plant day than `now`: its "today" figures are that day's (no
 * write has reached the topic today yet), and the board says so instead of passing them off as today's.
 */
export function fromEarlierDay(asOf: string, now: number, timeZone: string): boolean {
  return localDateOf(asOf, timeZone) < localDateOf(now, timeZone);
}
