import type { z } from 'zod';
import { issueText } from '../../../../domain/contract/errors';
import type {
  Holiday,
  Override,
  SchedulingStatus,
  Shift,
  WorkcenterSetting,
} from '../../../../domain/scheduling/entities';
import { compareLanes } from '../shared/lane-order';

/** The tabs of /scheduling/settings, in the order shown; each is its own route (shifts is the default). */
export const settingsTabs = [
  ['status', 'Status'],
  ['holidays', 'Holidays'],
  ['shifts', 'Shifts'],
  ['workcenters', 'Workcenters'],
  ['overrides', 'Overrides'],
] as const;
export type SettingsTab = (typeof settingsTabs)[number][0];

/** The tab a path shows (`/scheduling/settings/holidays` → holidays); the default is shifts. */
export function tabOfPath(pathname: string): SettingsTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (settingsTabs.find(([key]) => key === last)?.[0] ?? 'shifts') as SettingsTab;
}

export const dayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** The working week reads Monday first; Sunday last. */
const dayRank = (d: number) => (d + 6) % 7;

/** Field name → the message shown beside it. */
export type FieldErrors = Record<string, string>;

/**
 * Checks a form's payload against the save call's own schema (the server runs the same one) and answers
 * one message per field, worded with the field's label: "Date must be written YYYY-MM-DD" beside Date.
 */
export function fieldErrors(
  schema: z.ZodType,
  payload: unknown,
  labels: Readonly<Record<string, string>>,
): FieldErrors {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return {};
  const out: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (out[field]) continue;
    const label = labels[field] ?? field;
    // A blank date or time picker is a missing value, not a badly written one.
    const blank =
      typeof payload === 'object' && payload !== null && (payload as Record<string, unknown>)[field] === '';
    out[field] = blank ? `${label} is required` : (schemaMessage(issue.message) ?? issueText(issue, label));
  }
  return out;
}

/**
 * The message the schema itself declares ("Name is required", "a date must be written YYYY-MM-DD"),
 * which reads better beside a field than a generic one; null for zod's own wording.
 */
function schemaMessage(message: string): string | null {
  // The shared field pieces word their limit as "must …": issueText puts the field's label in front.
  if (/^(Invalid|Too (small|big)|Expected|Unrecognized|Required|must )/.test(message)) return null;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * Where a refusal from the server belongs: the field its message names (the server's messages start
 * with the field, "Date must …", "Name is required"), else the form as a whole ('').
 */
export function fieldOfMessage(message: string, labels: Readonly<Record<string, string>>): string {
  for (const [field, label] of Object.entries(labels)) {
    if (
      message.startsWith(`${field} `) ||
      message.startsWith(`${label} `) ||
      message.includes(`for ${field} `)
    )
      return field;
  }
  return '';
}

/** Minutes a shift lasts; End at or before Start runs past midnight (a night shift), 00:00–00:00 is 24 h. */
export function shiftMinutes(shift: Pick<Shift, 'Start' | 'End'>): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const start = m(shift.Start);
  const end = m(shift.End);
  return end > start ? end - start : end + 24 * 60 - start;
}

/** Runs past midnight into the next day. */
export function isNightShift(shift: Pick<Shift, 'Start' | 'End'>): boolean {
  return shift.End <= shift.Start;
}

/**
 * The Shifts tab's groups: the plant's default shifts first, then each resource's own shifts (which
 * replace the default for that resource), each group Monday to Sunday, then by start time.
 */
export function groupShifts(shifts: readonly Shift[]): { ResourceID: string | null; Shifts: Shift[] }[] {
  const groups = new Map<string | null, Shift[]>();
  for (const s of shifts) {
    const list = groups.get(s.ResourceID) ?? [];
    list.push(s);
    groups.set(s.ResourceID, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([ResourceID, list]) => ({
      ResourceID,
      Shifts: list.sort(
        (x, y) =>
          dayRank(x.DayOfWeek) - dayRank(y.DayOfWeek) ||
          x.Start.localeCompare(y.Start) ||
          x.ShiftID - y.ShiftID,
      ),
    }));
}

/** Working hours a week of a group of shifts (what the tab prints under each group). */
export function weeklyHours(shifts: readonly Shift[]): number {
  return Math.round((shifts.reduce((sum, s) => sum + shiftMinutes(s), 0) / 60) * 10) / 10;
}

export function sortHolidays(list: readonly Holiday[]): Holiday[] {
  return [...list].sort((a, b) => a.Date.localeCompare(b.Date) || a.HolidayID - b.HolidayID);
}

export function sortOverrides(list: readonly Override[]): Override[] {
  return [...list].sort(
    (a, b) => a.Date.localeCompare(b.Date) || a.Start.localeCompare(b.Start) || a.OverrideID - b.OverrideID,
  );
}

export function sortStatuses(list: readonly SchedulingStatus[]): SchedulingStatus[] {
  return [...list].sort((a, b) => a.SortOrder - b.SortOrder || a.Name.localeCompare(b.Name));
}

/** The workcenters in the plant's lane order (the plant board's). */
export function sortWorkcenters(list: readonly WorkcenterSetting[]): WorkcenterSetting[] {
  return [...list].sort(compareLanes);
}

/**
 * The fields of a workcenter form that differ from the stored setting, in a fixed order: each becomes one
 * UpdateWorkcenterSetting call (the call changes one field at a time).
 */
export function changedWorkcenterFields(
  stored: WorkcenterSetting,
  draft: Pick<WorkcenterSetting, 'Scheduled' | 'EfficiencyPercent' | 'Color' | 'SortOrder'>,
): { FieldName: 'Scheduled' | 'EfficiencyPercent' | 'Color' | 'SortOrder'; Value: unknown }[] {
  const fields = ['Scheduled', 'EfficiencyPercent', 'Color', 'SortOrder'] as const;
  return fields.filter((f) => stored[f] !== draft[f]).map((f) => ({ FieldName: f, Value: draft[f] }));
}

/** A number typed in a form: text to number, blank or not a number to NaN (the schema then names it). */
export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
