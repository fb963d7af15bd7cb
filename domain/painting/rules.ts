import type { Paint } from './entities';

/**
 * The paint line's rules as pure functions (server and screens): a viscosity reading is in range when
 * its seconds lie within the paint's target range, ends included; a reading is due every
 * READING_EVERY_MINUTES while a load runs, counted from the last reading on the line (or from the
 * load's start when no reading was taken since).
 */

export const READING_EVERY_MINUTES = 120;
const MINUTE = 60_000;

/** Zahn-cup seconds a person can type; anything else is a typing mistake. */
export const SECONDS_LIMITS = { min: 5, max: 120 } as const;
/** Paint temperature in °F a person can type. */
export const TEMPERATURE_LIMITS = { min: 32, max: 140 } as const;

/** In range: MinSeconds ≤ seconds ≤ MaxSeconds. */
export function inRange(seconds: number, paint: Pick<Paint, 'MinSeconds' | 'MaxSeconds'>): boolean {
  return seconds >= paint.MinSeconds && seconds <= paint.MaxSeconds;
}

/** Null when a reading can be recorded, else the sentence to refuse it with. */
export function readingProblem(r: { Seconds: number; TemperatureF: number }): string | null {
  if (!Number.isFinite(r.Seconds) || r.Seconds < SECONDS_LIMITS.min || r.Seconds > SECONDS_LIMITS.max) {
    return `Seconds must be between ${SECONDS_LIMITS.min} and ${SECONDS_LIMITS.max} (Zahn cup).`;
  }
  if (
    !Number.isFinite(r.TemperatureF) ||
    r.TemperatureF < TEMPERATURE_LIMITS.min ||
    r.TemperatureF > TEMPERATURE_LIMITS.max
  ) {
    return `TemperatureF must be between ${TEMPERATURE_LIMITS.min} and ${TEMPERATURE_LIMITS.max} °F.`;
  }
  return null;
}

/**
 * When the next reading is due: the last reading on the line plus `everyMinutes`, or the running
 * load's start plus `everyMinutes` when there was no reading since it started; null when no load runs.
 */
export function nextReadingDue(
  loadStartedAt: string | null,
  lastReadingAt: string | null,
  everyMinutes = READING_EVERY_MINUTES,
): string | null {
  if (!loadStartedAt) return null;
  const from =
    lastReadingAt && Date.parse(lastReadingAt) >= Date.parse(loadStartedAt)
      ? Date.parse(lastReadingAt)
      : Date.parse(loadStartedAt);
  return new Date(from + everyMinutes * MINUTE).toISOString();
}

/** Whole minutes until a reading is due (negative: overdue by that many); null when none is due. */
export function minutesUntilDue(dueAt: string | null, now: number): number | null {
  if (!dueAt) return null;
  return Math.floor((Date.parse(dueAt) - now) / MINUTE);
}
