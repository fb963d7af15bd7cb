import { currentWeekStart, weekDates } from '../../domain/payroll/rules';
import { plantTimeZone } from '../../domain/platform/plants';
import { addDays } from '../../domain/scheduling/calendar';
import type { Sql } from './database';

/**
 * Demo payroll (issue 7): plant 1's active employees, last week as typed by the payroll clerk and locked
 * by the demo admin, Monday to Friday: 8 regular hours, an hour or two of overtime on some days, a
 * holiday on Thursday for everyone, and a prepay for the first employee. This week is not seeded: its
 * hours come from the one rule of GetPayroll (issue 15: closed punches, or the salaried default), so it
 * agrees with the timecards. Dates follow the day the seed runs. Skipped when plant 1 has payroll.
 */
export async function seedPayroll(tx: Sql, now = Date.now()): Promise<void> {
  const plantId = 1;
  if ((await tx.query('SELECT 1 FROM payroll_entries WHERE plant_id = $1 LIMIT 1', [plantId])).length) return;
  const people = await tx.query<{ employee_id: number }>(
    'SELECT employee_id FROM employees WHERE plant_id = $1 AND active ORDER BY employee_id',
    [plantId],
  );
  const lastWeek = addDays(currentWeekStart(now, plantTimeZone(plantId)), -7);
  for (const [n, { employee_id }] of people.entries()) {
    for (const [i, date] of weekDates(lastWeek).entries()) {
      const weekday = i < 5;
      const holiday = i === 3;
      const regular = !weekday || holiday ? 0 : 8;
      const overtime = weekday && !holiday && (i + n) % 3 === 0 ? 1.5 : 0;
      const prepay = n === 0 && i === 1 ? 150 : 0;
      await tx.query(
        `INSERT INTO payroll_entries (employee_id, plant_id, payroll_date, regular_hours, overtime_hours, holiday_hours,
                                      prepay_amount, notes, modified_by, modified_at, hours_source)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Alex Morgan', now(), 'manual')`,
        [
          employee_id,
          plantId,
          date,
          regular,
          overtime,
          holiday ? 8 : 0,
          prepay,
          holiday ? 'Plant holiday' : prepay ? 'Advance approved by Alex Morgan' : '',
        ],
      );
    }
    await tx.query(
      `INSERT INTO payroll_week_locks (employee_id, week_start, locked, locked_by) VALUES ($1, $2, true, 'Alex Morgan')`,
      [employee_id, lastWeek],
    );
  }
}
