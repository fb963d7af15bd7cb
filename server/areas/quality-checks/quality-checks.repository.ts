import type { QualityCheck } from '../../../domain/quality-checks/calls';
import type { Sql } from '../../db/database';
import { iso } from '../shopfloor/shopfloor.repository';

/** SQL of the two-hour checks (table: server/db/migrations/0017_two_hour_checks.sql); instants as ISO UTC. */

const CHECK_SELECT = `SELECT quality_check_id AS "QualityCheckID", resource_id AS "ResourceID", plant_id AS "PlantID",
  due_at AS "DueAt", checked_at AS "CheckedAt", employee_id AS "EmployeeID", job_number AS "JobNumber",
  production_plan_operation_id AS "ProductionPlanOperationID", result AS "Result", notes AS "Notes"
  FROM quality_checks`;

const toCheck = (r: QualityCheck): QualityCheck => ({
  ...r,
  DueAt: iso(r.DueAt),
  CheckedAt: iso(r.CheckedAt),
});

/** The slot instants recorded on a machine since `from` (a run's start). */
export async function recordedSince(db: Sql, resourceId: string, from: string): Promise<string[]> {
  const rows = await db.query<{ due_at: unknown }>(
    'SELECT due_at FROM quality_checks WHERE resource_id = $1 AND due_at > $2 ORDER BY due_at',
    [resourceId, from],
  );
  return rows.map((r) => iso(r.due_at));
}

export async function insertCheck(db: Sql, c: Omit<QualityCheck, 'QualityCheckID'>): Promise<QualityCheck> {
  const [row] = await db.query<QualityCheck>(
    `WITH inserted AS (
       INSERT INTO quality_checks (resource_id, plant_id, due_at, checked_at, employee_id, job_number,
         production_plan_operation_id, result, notes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *)
     ${CHECK_SELECT.replace('FROM quality_checks', 'FROM inserted')}`,
    [
      c.ResourceID,
      c.PlantID,
      c.DueAt,
      c.CheckedAt,
      c.EmployeeID,
      c.JobNumber,
      c.ProductionPlanOperationID,
      c.Result,
      c.Notes,
    ],
  );
  return toCheck(row!);
}
