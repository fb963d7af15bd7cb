import type { HistoryActivity } from '../../../domain/timeclock/entities';
import type { Sql } from '../../db/database';
import { iso } from '../shopfloor/shopfloor.repository';

/**
 * SQL of the time-clock area (tables: 0012_shopfloor.sql's clock_punches and labor_activities,
 * 0016_timeclock.sql's corrections). Instants as ISO UTC strings. Nothing here decides a rule.
 */

const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export interface PunchRow {
  ClockPunchID: number;
  EmployeeID: number;
  Name: string;
  PlantID: number;
  ClockedInAt: string;
  ClockedOutAt: string | null;
  ClockedInBy: number | null;
  ClockedOutBy: number | null;
  CorrectedBy: number | null;
  CorrectedByName: string | null;
  CorrectedAt: string | null;
}

const PUNCH_SELECT = `SELECT p.clock_punch_id AS "ClockPunchID", p.employee_id AS "EmployeeID",
  e.first_name || ' ' || e.last_name AS "Name", p.plant_id AS "PlantID",
  p.clocked_in_at AS "ClockedInAt", p.clocked_out_at AS "ClockedOutAt",
  p.clocked_in_by AS "ClockedInBy", p.clocked_out_by AS "ClockedOutBy",
  p.corrected_by AS "CorrectedBy", c.first_name || ' ' || c.last_name AS "CorrectedByName",
  p.corrected_at AS "CorrectedAt"
  FROM clock_punches p JOIN employees e ON e.employee_id = p.employee_id
  LEFT JOIN employees c ON c.employee_id = p.corrected_by`;

const toPunch = (r: PunchRow): PunchRow => ({
  ...r,
  ClockedInAt: iso(r.ClockedInAt),
  ClockedOutAt: isoOrNull(r.ClockedOutAt),
  CorrectedAt: isoOrNull(r.CorrectedAt),
});

/**
 * Punches overlapping [from, to) (open ones count until now), of a plant or of the given employees,
 * by name then time.
 */
export async function punches(
  db: Sql,
  where: { plantId?: number; employeeIds?: readonly number[] },
  from: string,
  to: string,
): Promise<PunchRow[]> {
  const params: unknown[] = [from, to];
  let filter = '';
  if (where.plantId !== undefined) {
    params.push(where.plantId);
    filter += ` AND p.plant_id = $${params.length}`;
  }
  if (where.employeeIds) {
    params.push([...where.employeeIds]);
    filter += ` AND p.employee_id = ANY($${params.length}::int[])`;
  }
  const rows = await db.query<PunchRow>(
    `${PUNCH_SELECT} WHERE p.clocked_in_at < $2 AND (p.clocked_out_at IS NULL OR p.clocked_out_at > $1)${filter}
      ORDER BY e.last_name, e.first_name, p.employee_id, p.clocked_in_at`,
    params,
  );
  return rows.map(toPunch);
}

export async function punch(db: Sql, id: number, lock = false): Promise<PunchRow | null> {
  const [row] = await db.query<PunchRow>(
    `${PUNCH_SELECT} WHERE p.clock_punch_id = $1${lock ? ' FOR UPDATE OF p' : ''}`,
    [id],
  );
  return row ? toPunch(row) : null;
}

/** Every punch of an employee (for the overlap rule). */
export async function punchesOf(db: Sql, employeeId: number): Promise<PunchRow[]> {
  const rows = await db.query<PunchRow>(`${PUNCH_SELECT} WHERE p.employee_id = $1 ORDER BY p.clocked_in_at`, [
    employeeId,
  ]);
  return rows.map(toPunch);
}

export async function correctPunch(
  db: Sql,
  before: PunchRow,
  next: { ClockedInAt: string; ClockedOutAt: string | null },
  by: number,
  at: string,
): Promise<void> {
  await db.query(
    `UPDATE clock_punches SET clocked_in_at = $2, clocked_out_at = $3, corrected_by = $4, corrected_at = $5
      WHERE clock_punch_id = $1`,
    [before.ClockPunchID, next.ClockedInAt, next.ClockedOutAt, by, at],
  );
  await db.query(
    `INSERT INTO clock_punch_corrections (clock_punch_id, corrected_by, corrected_at, old_clocked_in_at,
       old_clocked_out_at, new_clocked_in_at, new_clocked_out_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      before.ClockPunchID,
      by,
      at,
      before.ClockedInAt,
      before.ClockedOutAt,
      next.ClockedInAt,
      next.ClockedOutAt,
    ],
  );
}

const ACTIVITY_SELECT = `SELECT a.labor_activity_id AS "LaborActivityID", a.employee_id AS "EmployeeID",
  e.first_name || ' ' || e.last_name AS "Name",
  a.plant_id AS "PlantID", (a.indirect_code IS NULL) AS "Direct", a.resource_id AS "ResourceID",
  a.job_number AS "JobNumber", a.production_plan_operation_id AS "ProductionPlanOperationID",
  o.sequence AS "OperationSequence", coalesce(b.part_num, j.part_num) AS "Item",
  a.indirect_code AS "IndirectCode", ic.description AS "IndirectDescription",
  a.started_at AS "StartedAt", a.ended_at AS "EndedAt", a.team_lead_activity_id AS "TeamLeadActivityID"
  FROM labor_activities a
  JOIN employees e ON e.employee_id = a.employee_id
  LEFT JOIN production_plan_operations o ON o.production_plan_operation_id = a.production_plan_operation_id
  LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
  LEFT JOIN production_plans p ON p.production_plan_id = o.production_plan_id
  LEFT JOIN jobs j ON j.job_number = p.job_number
  LEFT JOIN indirect_codes ic ON ic.indirect_code = a.indirect_code`;

/** Activities overlapping [from, to), of a plant or of the given employees, by name then start. */
export async function activities(
  db: Sql,
  where: { plantId?: number; employeeIds?: readonly number[] },
  from: string,
  to: string,
): Promise<HistoryActivity[]> {
  const params: unknown[] = [from, to];
  let filter = '';
  if (where.plantId !== undefined) {
    params.push(where.plantId);
    filter += ` AND a.plant_id = $${params.length}`;
  }
  if (where.employeeIds) {
    params.push([...where.employeeIds]);
    filter += ` AND a.employee_id = ANY($${params.length}::int[])`;
  }
  const rows = await db.query<HistoryActivity>(
    `${ACTIVITY_SELECT} WHERE a.started_at < $2 AND (a.ended_at IS NULL OR a.ended_at > $1)${filter}
      ORDER BY e.last_name, e.first_name, a.employee_id, a.started_at, a.labor_activity_id`,
    params,
  );
  return rows.map((r) => ({ ...r, StartedAt: iso(r.StartedAt), EndedAt: isoOrNull(r.EndedAt) }));
}

/** The active employees of a plant with whether each has an open punch, by first then last name. */
export async function plantPeople(
  db: Sql,
  plantId: number,
): Promise<{ EmployeeID: number; Name: string; ClockedIn: boolean }[]> {
  return db.query(
    `SELECT e.employee_id AS "EmployeeID", e.first_name || ' ' || e.last_name AS "Name",
        EXISTS (SELECT 1 FROM clock_punches p WHERE p.employee_id = e.employee_id AND p.clocked_out_at IS NULL) AS "ClockedIn"
       FROM employees e WHERE e.plant_id = $1 AND e.active ORDER BY e.first_name, e.last_name, e.employee_id`,
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

/** Locked payroll weeks of these employees for the week starting `weekStart`. */
export async function lockedWeeks(
  db: Sql,
  employeeIds: readonly number[],
  weekStart: string,
): Promise<Set<number>> {
  if (!employeeIds.length) return new Set();
  const rows = await db.query<{ employee_id: number }>(
    `SELECT employee_id FROM payroll_week_locks WHERE employee_id = ANY($1::int[]) AND week_start = $2 AND locked`,
    [[...employeeIds], weekStart],
  );
  return new Set(rows.map((r) => r.employee_id));
}

/**
 * Sets the employee record's clocked_in to whether they have an open punch (issue 7 item: the record
 * and the punches agree). Answers true when it changed.
 */
export async function syncClockedIn(db: Sql, employeeId: number): Promise<boolean> {
  const rows = await db.query<{ employee_id: number }>(
    `UPDATE employees e SET clocked_in = x.open
       FROM (SELECT EXISTS (SELECT 1 FROM clock_punches WHERE employee_id = $1 AND clocked_out_at IS NULL) AS open) x
      WHERE e.employee_id = $1 AND e.clocked_in IS DISTINCT FROM x.open RETURNING e.employee_id`,
    [employeeId],
  );
  return rows.length > 0;
}
