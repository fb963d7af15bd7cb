import { addDays, localDateOf } from '../scheduling/calendar';
import {
  hourFields,
  type PayrollField,
  type PayrollRecord,
  type PayrollTotals,
  payrollFieldNames,
} from './entities';

/**
 * The payroll rules, pure, shared by the server (which applies them) and the screen (which shows a
 * refusal at once, before the edit is queued).
 *
 * - Weeks start on **Monday** (the code base had no week convention: the scheduling calendar only
 *   uses weekday numbers 0 = Sunday … 6). A week is seven plant-local dates, Monday to Sunday; "this
 *   week" is the week of today's date in the plant's time zone (spec 000 §9).
 * - Hours of a field are 0–24 in steps of 0.01, and a day's regular + overtime + holiday hours are at
 *   most 24. Prepay is money, 0–100,000 with 2 decimals. Notes at most 500 characters.
 * - A locked week refuses every edit.
 * - Overtime is typed, never moved automatically. The rule we show: regular hours of a week above
 *   40 (`OVERTIME_THRESHOLD_HOURS`) are flagged as "should be overtime" on the week's totals.
 */

export const OVERTIME_THRESHOLD_HOURS = 40;
export const MAX_DAY_HOURS = 24;
export const MAX_PREPAY = 100_000;
export const MAX_NOTES = 500;
/** A salaried employee's paid hours on a working day (Monday to Friday) nobody typed otherwise. */
export const SALARIED_DAY_HOURS = 8;
/** Most weeks one GetPayroll answers. */
export const MAX_WEEKS = 8;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 1 = Monday … 7 = Sunday (ISO) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week `date` is in. */
export function weekStartOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The Monday of the week that holds the instant `now` in the time zone `tz`. */
export function currentWeekStart(now: number, tz: string): string {
  return weekStartOf(localDateOf(now, tz));
}

/** The seven dates of the week starting `weekStart` (a Monday). */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** The Mondays of `weeks` weeks from `weekStart`. */
export function weekStarts(weekStart: string, weeks: number): string[] {
  return Array.from({ length: weeks }, (_, i) => addDays(weekStart, 7 * i));
}

/**
 * Where a day's regular hours come from when no person typed them (issue 15, item 5): a salaried
 * employee is paid SALARIED_DAY_HOURS on a working day up to today (less the day's holiday hours), never
 * a future day or a weekend; an hourly employee is paid their closed clock punches. A person's entry
 * (HoursSource 'manual') wins over both and is never refilled.
 */
export function defaultDayHours(
  salaried: boolean,
  date: string,
  today: string,
  clockedHours: number,
  holidayHours: number,
): { source: 'clock' | 'salaried'; hours: number } {
  if (!salaried) return { source: 'clock', hours: clockedHours };
  const working = isoWeekday(date) <= 5 && date <= today;
  return { source: 'salaried', hours: working ? Math.max(0, round2(SALARIED_DAY_HOURS - holidayHours)) : 0 };
}

/** The fields whose edit makes a record's hours a person's entry. */
export const manualHourFields: readonly PayrollField[] = ['RegularHours', 'OvertimeHours'];

type Figures = Pick<PayrollRecord, 'RegularHours' | 'OvertimeHours' | 'HolidayHours' | 'PrepayAmount'>;

/** The week's (or any set of days') totals, rounded to 2 decimals. */
export function totalsOf(records: readonly Figures[]): PayrollTotals {
  const sum = (f: keyof Figures) => round2(records.reduce((s, r) => s + r[f], 0));
  const RegularHours = sum('RegularHours');
  const OvertimeHours = sum('OvertimeHours');
  const HolidayHours = sum('HolidayHours');
  return {
    RegularHours,
    OvertimeHours,
    HolidayHours,
    TotalHours: round2(RegularHours + OvertimeHours + HolidayHours),
    PrepayAmount: sum('PrepayAmount'),
  };
}

/** Regular hours of a week above the overtime threshold (0 when none): they should be overtime. */
export function regularOverThreshold(totals: Pick<PayrollTotals, 'RegularHours'>): number {
  return round2(Math.max(0, totals.RegularHours - OVERTIME_THRESHOLD_HOURS));
}

export type EditResult<T> = { ok: true; value: T; record: PayrollRecord } | { ok: false; message: string };

const isField = (name: string): name is PayrollField =>
  (payrollFieldNames as readonly string[]).includes(name);

/**
 * One field edit of a record (SavePayrollEntry): the typed value and the record after it, or the
 * sentence that refuses it. Numbers may come as text (typed in a cell): "7.5" is 7.5, "" is 0.
 */
export function applyEntryEdit(
  record: PayrollRecord,
  field: string,
  raw: unknown,
): EditResult<number | string> {
  if (!isField(field)) {
    return {
      ok: false,
      message: `'${field}' is not a field of a payroll record that can be changed (allowed: ${payrollFieldNames.join(', ')})`,
    };
  }
  if (record.Locked) {
    return { ok: false, message: `The week of ${record.PayrollDate} is locked: unlock it to change it.` };
  }
  if (field === 'Notes') {
    if (typeof raw !== 'string') return { ok: false, message: 'Notes must be text.' };
    const text = raw.trim();
    if (text.length > MAX_NOTES) return { ok: false, message: `Notes are at most ${MAX_NOTES} characters.` };
    return { ok: true, value: text, record: { ...record, Notes: text } };
  }
  const n = typeof raw === 'string' ? (raw.trim() === '' ? 0 : Number(raw.trim())) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    return { ok: false, message: `${label(field)} must be a number.` };
  }
  const value = round2(n);
  if (field === 'PrepayAmount') {
    if (value < 0 || value > MAX_PREPAY) {
      return { ok: false, message: `Prepay must be between 0 and ${MAX_PREPAY.toLocaleString('en-US')}.` };
    }
    return { ok: true, value, record: { ...record, PrepayAmount: value } };
  }
  if (value < 0 || value > MAX_DAY_HOURS) {
    return { ok: false, message: `${label(field)} must be between 0 and ${MAX_DAY_HOURS}.` };
  }
  const after = { ...record, [field]: value };
  const day = round2(hourFields.reduce((s, f) => s + after[f], 0));
  if (day > MAX_DAY_HOURS) {
    return {
      ok: false,
      message: `A day holds at most ${MAX_DAY_HOURS} hours: ${record.PayrollDate} would have ${day}.`,
    };
  }
  return { ok: true, value, record: after };
}

const labels: Record<PayrollField, string> = {
  RegularHours: 'Regular hours',
  OvertimeHours: 'Overtime hours',
  HolidayHours: 'Holiday hours',
  PrepayAmount: 'Prepay',
  Notes: 'Notes',
};
export const label = (field: PayrollField) => labels[field];
