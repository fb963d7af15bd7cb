import { currentWeekStart, weekDates } from '../../domain/payroll/rules';
import { plantTimeZone } from '../../domain/platform/plants';
import { addDays, localDateOf } from '../../domain/scheduling/calendar';
import type { Sql } from './database';

/**
 * Demo payroll (issue 7): plant 1's active employees, last week (locked by the demo admin) and this
 * week up to today (plant-local), Monday to Friday: 8 regular hours, an hour or two of overtime on some
 * days, a holiday on last week's Thursday for everyone, and a prepay for the first employee. Dates
 * follow the day the seed runs, so the screen opens on filled weeks. Skipped when plant 1 has payroll.
 */
export async function seedPayroll(tx: Sql, now = Date.now()): Promise<void> {
  const plantId = 1;
  if ((await tx.query('SELECT 1 FROM payroll_entries WHERE plant_id = $1 LIMIT 1', [plantId])).length) return;
  const people = await tx.query<{ employee_id: number }>(
    'SELECT employee_id FROM employees WHERE plant_id = $1 AND active ORDER BY employee_id',
    [plantId],
  );
  const thisWeek = currentWeekStart(now, plantTimeZone(plantId));
  const lastWeek = addDays(thisWeek, -7);
  const today = localDateOf(now, plantTimeZone(plantId));
  for (const [n, { employee_id }] of people.entries()) {
    for (const week of [lastWeek, thisWeek]) {
      for (const [i, date] of weekDates(week).entries()) {
        if (date > today) break;
        const weekday = i < 5;
        const holiday = week === lastWeek && i === 3;
        const regular = !weekday || holiday ? 0 : 8;
        const overtime = weekday && !holiday && (i + n) % 3 === 0 ? 1.5 : 0;
        const prepay = n === 0 && week === lastWeek && i === 1 ? 150 : 0;
        await tx.query(
          `INSERT INTO payroll_entries (employee_id, plant_id, payroll_date, regular_hours, overtime_hours, holiday_hours,
                                        prepay_amount, notes, modified_by, modified_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Seed', now())`,
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
      if (week === lastWeek) {
        await tx.query(
          `INSERT INTO payroll_week_locks (employee_id, week_start, locked, locked_by) VALUES ($1, $2, true, 'Alex Morgan')`,
          [employee_id, week],
        );
      }
    }
  }
}
