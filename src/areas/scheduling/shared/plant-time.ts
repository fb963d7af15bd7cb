import { plantTimeZone } from '../../../../domain/platform/plants';
import { addDays } from '../../../../domain/scheduling/calendar';

/**
 * Spec 000 §9 date and time texts in a plant's time zone (`MMM-D-YY`, `MMM-D-YY h:mm a`), the same as
 * domain/platform/dates.ts gives, but with one Intl formatter per zone: dayjs.tz builds a formatter on
 * every call (about a millisecond each), and the plant schedule formats two times per visible card
 * (a hundred cards on a wide screen, again on every scroll). plant-time.test.ts checks both agree.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Plant-local year, month (1–12), day, hour (0–23) and minute of an instant. */
export function localParts(
  value: string | number | Date,
  tz: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const ms = typeof value === 'number' ? value : new Date(value).getTime();
  const p: Record<string, number> = {};
  for (const part of formatterOf(tz).formatToParts(ms))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: (p.hour ?? 0) % 24,
    minute: p.minute ?? 0,
  };
}

const dateText = (year: number, month: number, day: number) =>
  `${MONTHS[month - 1]}-${day}-${String(year % 100).padStart(2, '0')}`;

/** `MMM-D-YY h:mm a` in the plant's time zone. */
export function plantDateTime(value: string | number | Date, plantId: number | null): string {
  const { year, month, day, hour, minute } = localParts(value, plantTimeZone(plantId));
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${dateText(year, month, day)} ${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** `h:mm a` in the plant's time zone (the end of a task that starts and ends on one day). */
export function plantTime(value: string | number | Date, plantId: number | null): string {
  const { hour, minute } = localParts(value, plantTimeZone(plantId));
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The plant-local date `YYYY-MM-DD` of an instant. */
export function plantDate(value: string | number | Date, plantId: number | null): string {
  const { year, month, day } = localParts(value, plantTimeZone(plantId));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A plant-local `YYYY-MM-DD` as spec 000 §9 shows a date (`MMM-D-YY`); no time zone is involved. */
export function localDateText(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateText(y ?? 0, m ?? 1, d ?? 1);
}

/** Start–end of a task: the end's date is left out when it is the start's date. */
export function plantSpan(startIso: string, endIso: string, plantId: number | null): string {
  const sameDay = plantDate(startIso, plantId) === plantDate(endIso, plantId);
  return `${plantDateTime(startIso, plantId)} – ${sameDay ? plantTime(endIso, plantId) : plantDateTime(endIso, plantId)}`;
}

/**
 * Late: the task ends after the end of its due date (midnight after it, plant-local). A due date is a
 * plant-local calendar day, so a task ending at 12:00 am the next day is on time, one minute later late.
 */
export function isLate(
  task: { EndAt: string | null; DueDate: string | null },
  plantId: number | null,
): boolean {
  if (!task.EndAt || !task.DueDate) return false;
  const { year, month, day, hour, minute } = localParts(task.EndAt, plantTimeZone(plantId));
  const local = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return local > `${addDays(task.DueDate, 1)} 00:00`;
}
