import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatTime, formatWeekdayDate, localDateOf, todayIn as today } from '../../../domain/platform/dates';
import { plantTimeZone } from '../../../domain/platform/plants';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Plant-local time for the time-clock screens (tablet and desktop): spec 000 §9 formats in the plant's
 * zone (`plantTimeZone`), never the browser's. Dates and times are written by the one formatter,
 * domain/platform/dates.ts (src/ui/format); here: its names for these screens, hours, and the
 * datetime-local value of an instant and back.
 */

/** Today's plant-local date, `YYYY-MM-DD`. */
export const todayIn = (plantId: number, now: number = Date.now()): string => today(plantId, now);

/** A plant-local `YYYY-MM-DD` with its weekday in the user's language: `Mon Dec-21-26`. No zone shift. */
export const formatLocalDate = (date: string, language: string): string => formatWeekdayDate(date, language);

/** The clock time of an instant in the plant's zone, `h:mm a`. */
export const formatClock = (iso: string | null, plantId: number): string =>
  iso ? formatTime(iso, plantId) : '';

/** The plant-local date of an instant, `YYYY-MM-DD`. */
export const localDate = (iso: string, plantId: number): string => localDateOf(iso, plantId);

/** Hours with two decimals: `7.50`. */
export function hours(h: number): string {
  return h.toFixed(2);
}

/** Minutes as hours with two decimals. */
export function minutesAsHours(m: number): string {
  return (m / 60).toFixed(2);
}

/** Minutes between two instants (to `now` when the end is open). */
export function minutesBetween(from: string, to: string | null, now: number = Date.now()): number {
  return Math.max(0, ((to ? Date.parse(to) : now) - Date.parse(from)) / 60_000);
}

/** An instant as the value of an `<input type="datetime-local">` in the plant's zone. */
export function toLocalInput(iso: string | null, plantId: number): string {
  return iso ? dayjs(iso).tz(plantTimeZone(plantId)).format('YYYY-MM-DDTHH:mm') : '';
}

/** A datetime-local value read in the plant's zone, as an ISO instant; null when empty. */
export function fromLocalInput(value: string, plantId: number): string | null {
  if (!value) return null;
  return dayjs.tz(value, plantTimeZone(plantId)).toISOString();
}

/** The Monday of the week of a `YYYY-MM-DD` date. */
export function mondayOf(date: string): string {
  const d = dayjs(`${date}T12:00:00Z`).utc();
  const back = (d.day() + 6) % 7;
  return d.subtract(back, 'day').format('YYYY-MM-DD');
}
