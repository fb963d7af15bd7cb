import { weekDates, weekStarts } from '../../../domain/payroll/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays } from '../../../domain/scheduling/calendar';
import {
  minutesByDate,
  paidMinutes,
  payrollWeekHours,
  rangeInstants,
  round2,
} from '../../../domain/timeclock/rules';
import type { Sql } from '../../db/database';
import * as repo from './timeclock.repository';

/**
 * Clocked hours for payroll (the plan of server/areas/payroll/README.md, "Clocked hours"): per employee
 * and plant-local date of the weeks `first`.. (Mondays), the paid hours of **closed** punches (an open
 * punch is not yet payable), split at the plant's midnight. Keyed `{EmployeeID}:{YYYY-MM-DD}`.
 */
export async function clockedHours(
  db: Sql,
  plantId: number,
  employeeIds: readonly number[],
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!employeeIds.length) return out;
  const tz = plantTimeZone(plantId);
  const range = rangeInstants(first, last, tz);
  const punches = (await repo.punches(db, { employeeIds }, range.From, range.To)).filter(
    (p) => p.ClockedOutAt !== null,
  );
  for (const id of employeeIds) {
    const mine = punches
      .filter((p) => p.EmployeeID === id)
      .map((p) => ({ Start: p.ClockedInAt, End: p.ClockedOutAt }));
    for (const [date, minutes] of minutesByDate(mine, tz, range.To)) {
      if (date >= first && date <= last) out.set(`${id}:${date}`, round2(paidMinutes(minutes) / 60));
    }
  }
  return out;
}

/**
 * Fills RegularHours and OvertimeHours of the payroll records nobody edited (ModifiedBy null) from the
 * clocked hours, week by week (payrollWeekHours: regular up to 40 a week), leaving locked weeks and
 * edited records alone. Called by GetPayroll after it made the week's records; answers the clocked
 * hours so the answer can show them beside the typed ones.
 */
export async function fillPayrollFromClock(
  db: Sql,
  plantId: number,
  employeeIds: readonly number[],
  first: string,
  weeks: number,
): Promise<Map<string, number>> {
  const last = addDays(first, 7 * weeks - 1);
  const clocked = await clockedHours(db, plantId, employeeIds, first, last);
  const ids: number[] = [];
  const dates: string[] = [];
  const regular: number[] = [];
  const overtime: number[] = [];
  for (const week of weekStarts(first, weeks)) {
    const locked = await repo.lockedWeeks(db, employeeIds, week);
    for (const id of employeeIds) {
      if (locked.has(id)) continue;
      const days = weekDates(week);
      const hours = payrollWeekHours(days.map((d) => clocked.get(`${id}:${d}`) ?? 0));
      for (const [i, date] of days.entries()) {
        ids.push(id);
        dates.push(date);
        regular.push(hours[i]!.RegularHours);
        overtime.push(hours[i]!.OvertimeHours);
      }
    }
  }
  // One statement for every record (in key order): only unedited ones that differ change.
  if (ids.length) {
    await db.query(
      `UPDATE payroll_entries p SET regular_hours = x.r, overtime_hours = x.o
         FROM (SELECT * FROM unnest($1::int[], $2::date[], $3::float8[], $4::float8[]) AS u(e, d, r, o)) x
        WHERE p.employee_id = x.e AND p.payroll_date = x.d AND p.modified_by IS NULL
          AND p.holiday_hours + x.r + x.o <= 24
          AND (p.regular_hours <> x.r OR p.overtime_hours <> x.o)`,
      [ids, dates, regular, overtime],
    );
  }
  return clocked;
}
