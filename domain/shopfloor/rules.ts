import { formatDateTime } from '../platform/dates';
import { addDays, localDateOf, localInstant } from '../scheduling/calendar';
import type { Face, FaceboardDoc, TeamMember } from './entities';

/**
 * The time-clocking and shop-floor rules (issue 7) as pure functions: the server applies them under a
 * row lock on the employee (or the machine), and screens may show the same sentences before posting.
 * Each `…Problem` answers null when allowed, else the sentence to refuse with.
 */

const MINUTE = 60_000;

/** Spec 000 §9 datetime format, MMM-D-YY h:mm a, in the plant's time zone: `Dec-21-26 6:05 am`. */
export function formatPlantDateTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

export interface OpenPunch {
  ClockedInAt: string;
}

/** Clocking in twice is refused. */
export function clockInProblem(open: OpenPunch | null, name: string, timeZone: string): string | null {
  return open
    ? `${name} is already clocked in since ${formatPlantDateTime(open.ClockedInAt, timeZone)}.`
    : null;
}

/** Clocking out needs an open punch (the service also ends the open activity). */
export function clockOutProblem(open: OpenPunch | null, name: string): string | null {
  return open ? null : `${name} is not clocked in.`;
}

/** Starting an activity needs an open punch; the previous open activity ends at the same instant. */
export function startActivityProblem(open: OpenPunch | null, name: string): string | null {
  return open ? null : `${name} is not clocked in: clock in before starting an activity.`;
}

export interface CompletionInput {
  /** The activity the pieces are reported on, null when there is none. */
  activity: { Direct: boolean; EndedAt: string | null } | null;
  Quantity: number;
  ScrapQuantity: number;
  ScrapReason?: string | null;
}

/** Completions need an open direct activity, Quantity ≥ 0, Scrap ≥ 0, a reason for scrap, not both 0. */
export function completionProblem(c: CompletionInput): string | null {
  if (!c.activity) return 'There is no such activity.';
  if (!c.activity.Direct) return 'Pieces can be reported only on a direct (machine) activity.';
  if (c.activity.EndedAt !== null) return 'That activity has ended: pieces go on an open activity.';
  if (!(c.Quantity >= 0)) return 'Quantity cannot be negative.';
  if (!(c.ScrapQuantity >= 0)) return 'ScrapQuantity cannot be negative.';
  if (c.Quantity === 0 && c.ScrapQuantity === 0) return 'Report at least one good or scrapped piece.';
  if (c.ScrapQuantity > 0 && !c.ScrapReason?.trim()) return 'Scrapped pieces need a scrap reason.';
  return null;
}

export interface OpenDowntime {
  StartedAt: string;
  Reason: string;
}

/** One open downtime per machine. */
export function startDowntimeProblem(
  open: OpenDowntime | null,
  resourceId: string,
  timeZone: string,
): string | null {
  return open
    ? `${resourceId} is already down (${open.Reason}) since ${formatPlantDateTime(open.StartedAt, timeZone)}.`
    : null;
}

/** Ending downtime needs an open one. */
export function endDowntimeProblem(open: OpenDowntime | null, resourceId: string): string | null {
  return open ? null : `${resourceId} is not down.`;
}

/**
 * Clocked in with no open activity: idle since the later of the punch and the last activity's end
 * (an activity that ended before the punch, e.g. yesterday's, does not count); otherwise null.
 */
export function idleSince(
  punch: OpenPunch | null,
  hasOpenActivity: boolean,
  lastActivityEnd: string | null,
): string | null {
  if (!punch || hasOpenActivity) return null;
  if (lastActivityEnd && Date.parse(lastActivityEnd) > Date.parse(punch.ClockedInAt)) {
    return new Date(lastActivityEnd).toISOString();
  }
  return new Date(punch.ClockedInAt).toISOString();
}

/** The plant-local day that contains `now`: [From, To) as ISO instants. */
export function plantDay(now: string, timeZone: string): { Date: string; From: string; To: string } {
  const date = localDateOf(now, timeZone);
  return {
    Date: date,
    From: new Date(localInstant(date, '00:00', timeZone)).toISOString(),
    To: new Date(localInstant(addDays(date, 1), '00:00', timeZone)).toISOString(),
  };
}

/** A window; an open one (End null) runs until the `to` it is measured against. */
export interface Window {
  Start: string;
  End: string | null;
}

/** Minutes of the union of `windows` inside [from, to), to 2 decimals. */
export function minutesWithin(windows: readonly Window[], from: string, to: string): number {
  const lo = Date.parse(from);
  const hi = Date.parse(to);
  const spans = windows
    .map((w) => [Math.max(lo, Date.parse(w.Start)), Math.min(hi, w.End ? Date.parse(w.End) : hi)] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return Math.round((total / MINUTE) * 100) / 100;
}

export interface ProductionInput {
  /** The operation's rate (ProductionMinutesPerPiece, else the schedule task's); null or 0: none. */
  minutesPerPiece: number | null;
  /** When the current run (job and operation on the machine) started; null: no run. */
  runStartedAt: string | null;
  now: string;
  /** The machine's downtime, not counted as working time. */
  downtime: readonly Window[];
  /** Good pieces reported on the run. */
  actual: number;
}

export interface ProductionFigures {
  /** Working minutes of the run: from its start to now, less downtime. */
  ElapsedMinutes: number;
  /** floor(ElapsedMinutes / minutes per piece); 0 without a rate. */
  TargetPieces: number;
  /** 60 / minutes per piece, to 1 decimal; 0 without a rate. */
  TargetPiecesPerHour: number;
  /** Good pieces per working hour of the run, to 1 decimal; 0 before a minute has passed. */
  PiecesPerHour: number;
}

/** The production monitor's figures: target against actual, and the rate. */
export function productionFigures(p: ProductionInput): ProductionFigures {
  if (!p.runStartedAt || Date.parse(p.now) <= Date.parse(p.runStartedAt)) {
    return {
      ElapsedMinutes: 0,
      TargetPieces: 0,
      TargetPiecesPerHour: rateOf(p.minutesPerPiece),
      PiecesPerHour: 0,
    };
  }
  const wall = (Date.parse(p.now) - Date.parse(p.runStartedAt)) / MINUTE;
  const down = minutesWithin(p.downtime, p.runStartedAt, p.now);
  const elapsed = Math.max(0, Math.round((wall - down) * 100) / 100);
  const mpp = p.minutesPerPiece ?? 0;
  return {
    ElapsedMinutes: elapsed,
    // A hair of tolerance so 30 minutes at 0.1 min/pc is 300, not 299.
    TargetPieces: mpp > 0 ? Math.floor(elapsed / mpp + 1e-9) : 0,
    TargetPiecesPerHour: rateOf(mpp),
    PiecesPerHour: elapsed >= 1 ? Math.round((p.actual / elapsed) * 60 * 10) / 10 : 0,
  };
}

const rateOf = (mpp: number | null) => (mpp && mpp > 0 ? Math.round((60 / mpp) * 10) / 10 : 0);

export interface FaceInputs {
  EmployeeID: number;
  Name: string;
  PhotoFile: string | null;
  PlantID: number;
  punch: OpenPunch | null;
  activity: {
    ResourceID: string | null;
    JobNumber: string | null;
    OperationSequence: number | null;
    Item: string | null;
    IndirectDescription: string | null;
    StartedAt: string;
  } | null;
  lastActivityEnd: string | null;
  teamMembers: readonly TeamMember[];
}

/** The face record of spec 001 §3 from the open punch, the open activity and its team. */
export function deriveFace(i: FaceInputs): Face {
  const a = i.activity;
  return {
    EmployeeID: i.EmployeeID,
    Operation: a?.OperationSequence ?? null,
    Machine: a?.ResourceID ?? null,
    ClockedIn: i.punch !== null,
    Indirect: a?.IndirectDescription ?? null,
    StartActivity: a ? new Date(a.StartedAt).toISOString() : null,
    ClockedInAt: i.punch ? new Date(i.punch.ClockedInAt).toISOString() : null,
    WONumber: a?.JobNumber ?? null,
    IdleSince: idleSince(i.punch, a !== null, i.lastActivityEnd),
    Item: a?.Item ?? null,
    TeamMembers: a ? [...i.teamMembers] : [],
    Name: i.Name,
    PhotoFile: i.PhotoFile,
    PlantID: i.PlantID,
  };
}

/** What the public faceboard topic carries of a face: no ClockedInAt, Item or PlantID. */
export function faceboardDoc(f: Face): FaceboardDoc {
  return {
    EmployeeID: f.EmployeeID,
    Name: f.Name,
    PhotoFile: f.PhotoFile,
    ClockedIn: f.ClockedIn,
    Machine: f.Machine,
    Operation: f.Operation,
    WONumber: f.WONumber,
    Indirect: f.Indirect,
    StartActivity: f.StartActivity,
    IdleSince: f.IdleSince,
    TeamMembers: f.TeamMembers,
    PlantID: f.PlantID,
  };
}

/** What {@link figuresAt} needs of a ResourceStatus. */
export interface PublishedFigures {
  RunStartedAt: string | null;
  MinutesPerPiece: number | null;
  ElapsedMinutes: number;
  TargetPieces: number;
  ActualPieces: number;
  PiecesPerHour: number;
  OpenDowntime: { StartedAt: string } | null;
  AsOf: string;
}

/**
 * The production monitor's figures at `now`, from the document published at `AsOf`. The server
 * republishes only on writes, so a TV advances the run itself between them: working minutes grow with
 * the clock unless the machine is down (an open downtime stops them, as on the server), and the target
 * and the rate follow. Never goes back before the published figures (a TV clock behind the server's).
 */
export function figuresAt(
  s: PublishedFigures,
  now: number,
): Pick<ProductionFigures, 'ElapsedMinutes' | 'TargetPieces' | 'PiecesPerHour'> {
  const since = Math.max(0, (now - Date.parse(s.AsOf)) / MINUTE);
  const running = s.RunStartedAt !== null && s.OpenDowntime === null;
  const elapsed = running ? Math.round((s.ElapsedMinutes + since) * 100) / 100 : s.ElapsedMinutes;
  const mpp = s.MinutesPerPiece ?? 0;
  return {
    ElapsedMinutes: elapsed,
    TargetPieces:
      running && mpp > 0 ? Math.max(s.TargetPieces, Math.floor(elapsed / mpp + 1e-9)) : s.TargetPieces,
    PiecesPerHour:
      running && elapsed >= 1 ? Math.round((s.ActualPieces / elapsed) * 60 * 10) / 10 : s.PiecesPerHour,
  };
}
