/**
 * Display formats of spec 000 §9 and §3.2. Dates and times are the one formatter of
 * domain/platform/dates.ts (MMM-D-YY, MMM-D-YY h:mm a; date-only values as they are, instants in the
 * plant's zone): re-exported here so screens have one import, never a second copy.
 */
import { FILE_SIZE_UNITS } from './constants';

export {
  DATE_FORMAT,
  DATETIME_FORMAT,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatRecent,
  formatSpan,
  formatTime,
  formatWeekdayDate,
  localDateOf,
  TIME_FORMAT,
  todayIn,
  weekdayName,
} from '../../domain/platform/dates';

/**
 * A byte count in B to YB, each unit 1024 of the one before, with at most 2 decimals:
 * 0 → '0 B', 1536 → '1.5 KB', 1048576 → '1 MB'. Not a size (negative, NaN) → ''.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Rounded to 2 places can reach 1024 (1023.999 KB): show it as the next unit instead.
  let shown = Math.round(value * 100) / 100;
  if (shown >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    shown = 1;
    unit++;
  }
  return `${shown} ${FILE_SIZE_UNITS[unit]}`;
}

/** §3.2: a 10-digit phone number shows as (xxx) xxx-xxxx; anything else is shown as it is. */
export function formatPhone(phone: string | number | null | undefined): string {
  if (phone === null || phone === undefined) return '';
  const text = String(phone);
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(text.trim());
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : text;
}

/**
 * Avatar initials (§2.4): the first letter of the first and of the last name, upper case. When both are
 * missing, the first letters of the first two words of `name`; '?' when there is nothing at all.
 */
export function initialsOf(
  firstName?: string | null,
  lastName?: string | null,
  name?: string | null,
): string {
  const first = firstName?.trim().charAt(0) ?? '';
  const last = lastName?.trim().charAt(0) ?? '';
  let initials = first + last;
  if (!initials && name) {
    initials = name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w.charAt(0))
      .join('');
  }
  return initials ? initials.toUpperCase() : '?';
}
