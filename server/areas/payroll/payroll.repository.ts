import type { PayrollWeekLock } from '../../../domain/payroll/calls';
import type { PayrollEmployee, PayrollRecord } from '../../../domain/payroll/entities';
import type { Sql } from '../../db/database';

/** SQL only (tables: server/db/migrations/0013_payroll.sql); rows mapped to the entities. */

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const recordColumns = `p.payroll_id AS "PayrollID", p.employee_id AS "EmployeeID", p.plant_id AS "PlantID",
  to_char(p.payroll_date, 'YYYY-MM-DD') AS "PayrollDate", p.regular_hours AS "RegularHours",
  p.overtime_hours AS "OvertimeHours", p.holiday_hours AS "HolidayHours",
  p.prepay_amount::float8 AS "PrepayAmount", p.notes AS "Notes", p.modified_by AS "ModifiedBy",
  ${iso('p.modified_at')} AS "ModifiedAt", coalesce(l.locked, false) AS "Locked", p.row_version AS "RowVersion",
  p.hours_source AS "HoursSource"`;

const recordFrom = `payroll_entries p LEFT JOIN payroll_week_locks l ON l.employee_id = p.employee_id
  AND l.week_start = p.payroll_date - (extract(isodow FROM p.payroll_date)::int - 1)`;

export async function plantExists(db: Sql, plantId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM plants WHERE plant_id = $1', [plantId])).length > 0;
}

export async function plantEmployees(db: Sql, plantId: number): Promise<PayrollEmployee[]> {
  return db.query<PayrollEmployee>(
    `SELECT employee_id AS "EmployeeID", first_name || ' ' || last_name AS "Name", first_name AS "FirstName",
            last_name AS "LastName", title AS "Title", plant_id AS "PlantID", salaried AS "Salaried"
       FROM employees WHERE plant_id = $1 AND active ORDER BY last_name, first_name, employee_id`,
    [plantId],
  );
}

export async function employeePlant(db: Sql, employeeId: number): Promise<number | null> {
  const [row] = await db.query<{ plant_id: number }>(
    'SELECT plant_id FROM employees WHERE employee_id = $1',
    [employeeId],
  );
  return row ? row.plant_id : null;
}

/** Makes the missing (empty) records of these employees and dates; existing ones stay as they are. */
export async function ensureRecords(
  db: Sql,
  plantId: number,
  employeeIds: readonly number[],
  from: string,
  to: string,
): Promise<void> {
  if (!employeeIds.length) return;
  await db.query(
    `INSERT INTO payroll_entries (employee_id, plant_id, payroll_date)
     SELECT e, $1, d::date FROM unnest($2::int[]) e, generate_series($3::date, $4::date, interval '1 day') d
     ON CONFLICT (employee_id, payroll_date) DO NOTHING`,
    [plantId, employeeIds, from, to],
  );
}

export async function records(
  db: Sql,
  employeeIds: readonly number[],
  from: string,
  to: string,
): Promise<PayrollRecord[]> {
  return db.query<PayrollRecord>(
    `SELECT ${recordColumns} FROM ${recordFrom}
      WHERE p.employee_id = ANY($1::int[]) AND p.payroll_date BETWEEN $2::date AND $3::date
      ORDER BY p.employee_id, p.payroll_date`,
    [employeeIds, from, to],
  );
}

export async function findRecord(
  db: Sql,
  payrollId: number,
  lock = false,
): Promise<PayrollRecord | undefined> {
  if (lock) await db.query('SELECT 1 FROM payroll_entries WHERE payroll_id = $1 FOR UPDATE', [payrollId]);
  const [row] = await db.query<PayrollRecord>(
    `SELECT ${recordColumns} FROM ${recordFrom} WHERE p.payroll_id = $1`,
    [payrollId],
  );
  return row;
}

const columnOf = {
  RegularHours: 'regular_hours',
  OvertimeHours: 'overtime_hours',
  HolidayHours: 'holiday_hours',
  PrepayAmount: 'prepay_amount',
  Notes: 'notes',
} as const;

/** Regular or overtime hours typed by a person become the record's hours for good ('manual'). */
export async function saveField(
  db: Sql,
  payrollId: number,
  field: keyof typeof columnOf,
  value: number | string,
  userName: string,
): Promise<void> {
  const manual = field === 'RegularHours' || field === 'OvertimeHours';
  await db.query(
    `UPDATE payroll_entries SET ${columnOf[field]} = $2, modified_by = $3, modified_at = now(),
            row_version = row_version + 1${manual ? ", hours_source = 'manual'" : ''}
      WHERE payroll_id = $1`,
    [payrollId, value, userName],
  );
}

export interface FilledHours {
  PayrollID: number;
  RegularHours: number;
  OvertimeHours: number;
  HoursSource: 'clock' | 'salaried';
}

/**
 * The hours no person typed, in one statement (in key order). Not a person's change: ModifiedBy and
 * RowVersion stay, and a record typed meanwhile ('manual') is left alone.
 */
export async function fillHours(db: Sql, rows: readonly FilledHours[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.PayrollID - b.PayrollID);
  await db.query(
    `UPDATE payroll_entries p SET regular_hours = x.r, overtime_hours = x.o, hours_source = x.s
       FROM (SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::text[]) AS u(id, r, o, s)) x
      WHERE p.payroll_id = x.id AND p.hours_source <> 'manual'`,
    [
      sorted.map((r) => r.PayrollID),
      sorted.map((r) => r.RegularHours),
      sorted.map((r) => r.OvertimeHours),
      sorted.map((r) => r.HoursSource),
    ],
  );
}

export async function weekLocks(
  db: Sql,
  employeeIds: readonly number[],
  from: string,
  to: string,
): Promise<PayrollWeekLock[]> {
  return db.query<PayrollWeekLock>(
    `SELECT employee_id AS "EmployeeID", to_char(week_start, 'YYYY-MM-DD') AS "WeekStart", locked AS "Locked",
            locked_by AS "LockedBy", ${iso('locked_at')} AS "LockedAt"
       FROM payroll_week_locks WHERE employee_id = ANY($1::int[]) AND week_start BETWEEN $2::date AND $3::date`,
    [employeeIds, from, to],
  );
}

/** Locking is kept as a row (who locked or unlocked last, and when). */
export async function setWeekLock(
  db: Sql,
  employeeId: number,
  weekStart: string,
  locked: boolean,
  userName: string,
): Promise<PayrollWeekLock> {
  const [row] = await db.query<PayrollWeekLock>(
    `INSERT INTO payroll_week_locks (employee_id, week_start, locked, locked_by, locked_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (employee_id, week_start) DO UPDATE SET locked = $3, locked_by = $4, locked_at = now()
     RETURNING employee_id AS "EmployeeID", to_char(week_start, 'YYYY-MM-DD') AS "WeekStart", locked AS "Locked",
               locked_by AS "LockedBy", ${iso('locked_at')} AS "LockedAt"`,
    [employeeId, weekStart, locked, userName],
  );
  return row!;
}
