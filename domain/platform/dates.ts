import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { plantTimeZone } from './plants';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one date and time formatter (spec 000 §9: dates MMM-D-YY, datetimes MMM-D-YY h:mm a). Every
 * screen, board and server sentence writes dates through here; src/ui/format.ts re-exports it.
 *
 * Two kinds of value, never mixed up:
 * - a plant-local date (`YYYY-MM-DD`: a due date, a payroll day, a holiday) is a calendar day and is
 *   written as it is, never moved through a time zone (moving midnight UTC into New York made a due
 *   date read one day early);
 * - an instant (ISO with offset, epoch ms, Date) is shown in the plant's time zone.
 *
 * Instants are split with one cached Intl formatter per zone: dayjs.tz builds a formatter on every call
 * (about a millisecond), and the plant schedule formats two times per visible card on every scroll.
 * dates.test.ts checks the result against dayjs.tz in several zones.
 */
export const DATE_FORMAT = 'MMM-D-YY';
export const DATETIME_FORMAT = 'MMM-D-YY h:mm a';
export const TIME_FORMAT = 'h:mm a';

/** Where an instant is read: a plant (its zone, spec 000 §9) or an IANA zone name. */
export type Zone = number | string | null | undefined;
export type Instant = string | number | Date;

export function zoneOf(zone: Zone): string {
  return typeof zone === 'string' ? zone : plantTimeZone(zone);
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date `YYYY-MM-DD` with no time: never read through a zone. */
export function isLocalDate(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_DATE.test(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Plant-local year, month (1–12), day, hour (0–23), minute and second of an instant. */
export function localParts(value: Instant, zone: Zone): LocalParts {
  const ms = typeof value === 'number' ? value : new Date(value).getTime();
  const p: Record<string, number> = {};
  for (const part of formatterOf(zoneOf(zone)).formatToParts(ms))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: (p.hour ?? 0) % 24,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (year: number, month: number, day: number) =>
  `${MONTHS[month - 1]}-${day}-${pad(((year % 100) + 100) % 100)}`;
const timeText = (hour: number, minute: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'am' : 'pm'}`;

/** A plant-local `YYYY-MM-DD` as MMM-D-YY, as it is: no zone. Anything else is shown unchanged. */
export function formatLocalDate(date: string): string {
  const m = LOCAL_DATE.exec(date);
  return m ? dateText(Number(m[1]), Number(m[2]), Number(m[3])) : date;
}

/**
 * MMM-D-YY. A `YYYY-MM-DD` is a calendar day and is written as it is; an instant is the plant-local
 * date of that instant.
 */
export function formatDate(value: Instant, zone: Zone): string {
  if (isLocalDate(value)) return formatLocalDate(value);
  const { year, month, day } = localParts(value, zone);
  return dateText(year, month, day);
}

/** MMM-D-YY h:mm a of an instant in the plant's zone. */
export function formatDateTime(value: Instant, zone: Zone): string {
  const { year, month, day, hour, minute } = localParts(value, zone);
  return `${dateText(year, month, day)} ${timeText(hour, minute)}`;
}

/** h:mm a of an instant in the plant's zone (the time part of spec 000 §9). */
export function formatTime(value: Instant, zone: Zone): string {
  const { hour, minute } = localParts(value, zone);
  return timeText(hour, minute);
}

/**
 * A wall-clock time of the plant's calendar (`HH:mm` or `HH:mm:ss`: a shift's start, an end of 24:00) as
 * h:mm a. No zone: it is already plant time. Anything else is shown unchanged.
 */
export function formatClockTime(time: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!m) return time;
  const hour = Number(m[1]);
  // 24:00 is the end of the day (an EndTime): midnight, as 12:00 am reads.
  return timeText(hour === 24 ? 0 : hour, Number(m[2]));
}

/** The start and end of a span; the end's date is left out when it is the start's plant-local date. */
export function formatSpan(start: Instant, end: Instant, zone: Zone): string {
  const sameDay = localDateOf(start, zone) === localDateOf(end, zone);
  return `${formatDateTime(start, zone)} – ${sameDay ? formatTime(end, zone) : formatDateTime(end, zone)}`;
}

/** An instant of today as h:mm a alone; of another plant-local day with its date (readings, loads). */
export function formatRecent(value: Instant, zone: Zone, now: number = Date.now()): string {
  return localDateOf(value, zone) === localDateOf(now, zone)
    ? formatTime(value, zone)
    : formatDateTime(value, zone);
}

/** The plant-local date of an instant, `YYYY-MM-DD`. */
export function localDateOf(value: Instant, zone: Zone): string {
  const { year, month, day } = localParts(value, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in the plant's zone, `YYYY-MM-DD` (not the browser's: a Boise plant seen from New York). */
export function todayIn(zone: Zone, now: number = Date.now()): string {
  return localDateOf(now, zone);
}

/** 0 = Sunday … 6 = Saturday of a `YYYY-MM-DD`, on the calendar. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Languages whose weekday names dayjs carries here; any other falls back to English. */
const WEEKDAY_LOCALES = new Set(['en', 'es']);

/**
 * The weekday's name in the user's language (dayjs locale): `short` Mon / lun., `long` Monday / lunes.
 * `day` is a `YYYY-MM-DD` or a weekday number (0 = Sunday, as shifts store it).
 */
export function weekdayName(
  day: string | number,
  language: string,
  width: 'short' | 'long' = 'short',
): string {
  const index = typeof day === 'number' ? day : weekdayOf(day);
  // 2026-11-01 is a Sunday: any fixed week gives the names.
  const sunday = dayjs.utc('2026-11-01T12:00:00Z').add(index, 'day');
  const locale = WEEKDAY_LOCALES.has(language) ? language : 'en';
  const name = sunday.locale(locale).format(width === 'long' ? 'dddd' : 'ddd');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A plant-local date with its weekday: `Mon Dec-21-26`, `Lun. Dec-21-26`. No zone. */
export function formatWeekdayDate(date: string, language: string): string {
  return `${weekdayName(date, language)} ${formatLocalDate(date)}`;
}
