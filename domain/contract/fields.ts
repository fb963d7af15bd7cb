import { z } from 'zod';

/**
 * The shared pieces every call declaration builds its payload from (issue 14 §1). They carry the limits
 * the database and the business rules really have, so that a value the server cannot store is refused
 * by the schema, naming the field and what is allowed, instead of reaching PostgreSQL and answering
 * 500: ids within the int4 column, text without NUL (PostgreSQL text cannot hold it) and with a length
 * bound, dates that exist on the calendar in a sane range, clock times within the day.
 *
 * Each message starts with "must": issueText (errors.ts) puts the field's name in front of it, so a
 * refusal reads "ShiftID must be a whole number from 1 to 2147483647".
 */

/** The largest value of a PostgreSQL `integer` (int4) column; every id column of ours is one. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** Years a date or an instant may fall in: wide enough for any record, narrow enough for every column. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** Text length when a call gives none: a name, a note, a comment. Longer text declares its own bound. */
export const DEFAULT_TEXT_MAX = 4000;

const plain = (n: number) => String(n);

/**
 * A whole number from `min` to `max`. One message for every way it can fail (not whole, beyond zod's
 * safe-integer bound, beyond our bound), so the refusal says the one limit that matters instead of
 * listing zod's 2^53 beside it.
 */
export function Int(min: number, max: number) {
  const error = `must be a whole number from ${plain(min)} to ${plain(max)}`;
  return z.number().int({ error }).min(min, { error }).max(max, { error });
}

/** A number (fractions allowed) from `min` to `max`: hours, amounts, rates. */
export function Num(min: number, max: number) {
  const error = `must be a number from ${plain(min)} to ${plain(max)}`;
  return z.number().min(min, { error }).max(max, { error });
}

/** A row id: a positive whole number that fits the int4 column it names. */
export const Id = Int(1, INT32_MAX);
/** Any whole number an int4 column holds (a signed quantity, an offset). */
export const Int32 = Int(INT32_MIN, INT32_MAX);
/** A count or an index: 0 up to `max` (default what an int4 column holds). */
export const Count = (max: number = INT32_MAX) => Int(0, max);
/** A plant's number: 0 (the office, "OM") and up. */
export const PlantID = Int(0, INT32_MAX);

const NUL = /^[^\0]*$/;

/**
 * Text of at most `max` characters, without the NUL character (PostgreSQL refuses it in text; before
 * this a NUL answered 500). Chain `.min(1)` for required text, `.regex()` for a format.
 */
export function Text(max: number = DEFAULT_TEXT_MAX) {
  return z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(NUL, { error: 'must not contain the NUL character (\\u0000)' });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether y-m-d names a day that exists (February 30 does not) in MIN_YEAR..MAX_YEAR. */
export function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this one; Date.UTC handles leap years.
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

const dateError = `must be a real date written YYYY-MM-DD, from ${MIN_YEAR}-01-01 to ${MAX_YEAR}-12-31`;

/**
 * A calendar date `YYYY-MM-DD` that exists, from 1900 to 2199. A pattern alone let 2026-02-30 and
 * 2026-99-99 through: PostgreSQL refused the first (500) and JavaScript rolled the second over years.
 */
export const LocalDate = z.string().refine(isRealDate, { error: dateError, abort: true });

/** A clock time `HH:mm` within the day, 00:00 to 23:59: a start, a punch, a moment. */
export const LocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time written HH:mm, from 00:00 to 23:59' });

/**
 * The end of a span within one day, `HH:mm` from 00:00 to 24:00, where 24:00 means "the end of the day"
 * (a shift that runs to midnight). Only an end may be 24:00: a start at 24:00 is the next day's 00:00.
 */
export const EndTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'must be a time written HH:mm, from 00:00 to 24:00' });

/** Minutes since midnight of an `HH:mm` (24:00 → 1440); for comparing a start with its end. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/** Whether `text` is an ISO 8601 date-time with an offset, on a real date, in MIN_YEAR..MAX_YEAR. */
export function isRealInstant(text: string): boolean {
  if (text.length > 40) return false;
  const m = INSTANT.exec(text);
  if (!m || !isRealDate(m[1]!)) return false;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return false;
  // The offset may move the instant across a year boundary; the instant itself must stay in range.
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/**
 * An instant: ISO 8601 date and time with its offset (`2026-12-21T12:00:00Z`, `…+01:00`), on a real
 * date from 1900 to 2199. `0000-01-01T00:00:00Z` parsed in JavaScript and then failed in PostgreSQL.
 */
export const Timestamp = z.string().refine(isRealInstant, {
  abort: true,
  error: `must be a date and time such as 2026-12-21T12:00:00Z, from ${MIN_YEAR} to ${MAX_YEAR}`,
});
