import {
  formatTime,
  formatLocalDate as localDateText,
  todayIn as today,
} from '../../../../domain/platform/dates';
import { addDays } from '../../../../domain/scheduling/calendar';

/**
 * Small formatting rules the scheduling report screens share. Dates and times are written by the one
 * formatter, domain/platform/dates.ts (spec 000 §9); the names here are kept for the report screens.
 */

/** Today's date in the plant's time zone, `YYYY-MM-DD` (not the browser's: a Boise plant seen from NY). */
export const todayIn = (tz: string, now: number = Date.now()): string => today(tz, now);

/** A plant-local `YYYY-MM-DD` as spec 000 §9's MMM-D-YY. The date is already local: no zone shift. */
export const formatLocalDate = (date: string): string => localDateText(date);

/** The clock time of an instant in the plant's zone, `h:mm a` (the time part of spec 000 §9). */
export const formatClock = (iso: string, tz: string): string => formatTime(iso, tz);

/** Minutes as hours with one decimal: 90 → "1.5 h"; thousands separated. */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} h`;
}

/** Minutes rounded to whole minutes, thousands separated: 1234.56 → "1,235 min". */
export function formatMinutes(minutes: number): string {
  return `${Math.round(minutes).toLocaleString('en-US')} min`;
}

/** Pieces: integers plain, fractions with up to 2 decimals. */
export function formatQty(qty: number): string {
  return qty.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** `date` ± n days (prev/next day buttons). */
export function shiftDate(date: string, n: number): string {
  return addDays(date, n);
}

/** A from/to pair is usable when both are dates and From is not after To; the message says why not. */
export function rangeError(from: string, to: string): string | null {
  const ok = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);
  if (!ok(from)) return 'From must be a date';
  if (!ok(to)) return 'To must be a date';
  if (from > to) return 'From must be on or before To';
  return null;
}
