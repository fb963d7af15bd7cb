import { formatPlantDateTime } from '../shopfloor/rules';

/**
 * Two-hour quality checks on the shop floor (issue 7 part 2) as pure functions. A small model of our
 * own: the spec names only the routes. While a machine runs a job (the run of its production-monitor
 * document: RunStartedAt), a check falls due every 120 minutes from the run's start (+2 h, +4 h, …).
 * A slot is due from its time and late 15 minutes after; a recorded slot is no longer due. The server
 * applies the same functions under a row lock on the machine.
 */

const MINUTE = 60_000;
/** Minutes between two checks of a run. */
export const CHECK_INTERVAL_MINUTES = 120;
/** A due check is late this many minutes after its time. */
export const LATE_AFTER_MINUTES = 15;

/** One due check of a machine's run: its slot time (ISO UTC) and whether it is late. */
export interface DueSlot {
  DueAt: string;
  Late: boolean;
}

const ms = (iso: string) => new Date(iso).getTime();
const iso = (t: number) => new Date(t).toISOString();

/**
 * Every slot of the run from `runStartedAt` (start + 2 h, + 4 h, …) up to `now` that is not in `done`
 * (slot instants, any ISO spelling), oldest first, each late once `now` is 15 minutes past it.
 */
export function dueSlots(runStartedAt: string, now: string, done: Iterable<string> = []): DueSlot[] {
  const start = ms(runStartedAt);
  const at = ms(now);
  const recorded = new Set([...done].map(ms));
  const slots: DueSlot[] = [];
  for (let t = start + CHECK_INTERVAL_MINUTES * MINUTE; t <= at; t += CHECK_INTERVAL_MINUTES * MINUTE) {
    if (recorded.has(t)) continue;
    slots.push({ DueAt: iso(t), Late: at >= t + LATE_AFTER_MINUTES * MINUTE });
  }
  return slots;
}

/** Queue order: late checks first, then the oldest slot, then the machine's id. */
export function compareDue(
  a: { Late: boolean; DueAt: string; ResourceID: string },
  b: { Late: boolean; DueAt: string; ResourceID: string },
): number {
  if (a.Late !== b.Late) return a.Late ? -1 : 1;
  return ms(a.DueAt) - ms(b.DueAt) || a.ResourceID.localeCompare(b.ResourceID);
}

/**
 * Why recording the check at `checkTime` on machine `resourceId` is refused, or null when it is a due
 * slot of the current run: no run, not a slot of the run, in the future, already recorded (`done`).
 */
export function recordCheckProblem(input: {
  resourceId: string;
  runStartedAt: string | null;
  checkTime: string;
  now: string;
  done: Iterable<string>;
  timeZone: string;
}): string | null {
  const { resourceId, runStartedAt, checkTime, now, timeZone } = input;
  const when = formatPlantDateTime(checkTime, timeZone);
  if (!runStartedAt) return `${resourceId} is not running a job, so no two-hour check is due.`;
  const offset = ms(checkTime) - ms(runStartedAt);
  const step = CHECK_INTERVAL_MINUTES * MINUTE;
  if (offset < step || offset % step !== 0) {
    return `${when} is not a two-hour check of the run on ${resourceId} (started ${formatPlantDateTime(runStartedAt, timeZone)}).`;
  }
  if (ms(checkTime) > ms(now)) return `The ${when} check of ${resourceId} is not due yet.`;
  if ([...input.done].some((d) => ms(d) === ms(checkTime))) {
    return `The ${when} check of ${resourceId} is already recorded.`;
  }
  return null;
}

/** A failed check must say what was measured and what was wrong. */
export function failNotesProblem(result: 'pass' | 'fail', notes: string | null | undefined): string | null {
  return result === 'fail' && !notes?.trim()
    ? 'A failed check needs notes: what was measured and what was wrong.'
    : null;
}
