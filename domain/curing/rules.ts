import type { CuringLoad } from './entities';

/**
 * The curing rules, pure, shared by the server and the TV board. A load is ready when its cure time
 * has passed since it went in: ReadyAt = LoadedAt + CureMinutes. The board computes the countdown from
 * LoadedAt with the browser's clock every second, so it advances between writes.
 */

export const MAX_CURE_MINUTES = 7 * 24 * 60;

export interface CureState {
  /** ISO instant the load is ready. */
  readyAt: string;
  /** Milliseconds left until ready (0 once ready). */
  remainingMs: number;
  ready: boolean;
  /** 0 → 1, how far through its cure the load is. */
  progress: number;
}

export function cureState(load: Pick<CuringLoad, 'LoadedAt' | 'CureMinutes'>, now: number): CureState {
  const start = Date.parse(load.LoadedAt);
  const total = load.CureMinutes * 60_000;
  const readyAtMs = start + total;
  const remainingMs = Math.max(0, readyAtMs - now);
  return {
    readyAt: new Date(readyAtMs).toISOString(),
    remainingMs,
    ready: remainingMs === 0,
    progress: total > 0 ? Math.min(1, Math.max(0, (now - start) / total)) : 1,
  };
}

/** A countdown for a board: `1:05:09` with hours, `4:07` without (rounded up to the next second). */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Null when a load may go into a slot, else the sentence to refuse with. */
export function loadProblem(
  slot: { SlotID: string; Load: { JobNumber: string } | null } | null,
  locationId: string,
  slotId: string,
): string | null {
  if (!slot) return `There is no slot ${slotId} at ${locationId}.`;
  if (slot.Load)
    return `Slot ${slotId} at ${locationId} already holds job ${slot.Load.JobNumber}. Unload it first.`;
  return null;
}

/** Null when a slot may be unloaded, else why not. */
export function unloadProblem(
  slot: { SlotID: string; Load: unknown | null } | null,
  locationId: string,
  slotId: string,
): string | null {
  if (!slot) return `There is no slot ${slotId} at ${locationId}.`;
  if (!slot.Load) return `Slot ${slotId} at ${locationId} is empty.`;
  return null;
}
