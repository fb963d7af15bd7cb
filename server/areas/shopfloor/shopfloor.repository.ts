import type {
  Completion,
  DowntimeEvent,
  DowntimeReason,
  FloorMachine,
  IndirectCode,
  JobOperation,
  LaborActivity,
  TeamMember,
} from '../../../domain/shopfloor/entities';
import type { Sql } from '../../db/database';

/**
 * SQL of the shop-floor area (tables: server/db/migrations/0012_shopfloor.sql); rows mapped to the
 * entities of domain/shopfloor/entities.ts with instants as ISO strings. Nothing here decides a rule.
 */

/** PGlite and pg hand timestamptz over as Date (or text in JSON): always ISO UTC here. */
export const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export interface EmployeeRow {
  EmployeeID: number;
  Name: string;
  PhotoFile: string | null;
  PlantID: number;
}

const EMPLOYEE_SELECT = `SELECT employee_id AS "EmployeeID", first_name || ' ' || last_name AS "Name",
  CASE WHEN photo_file_id IS NULL THEN NULL ELSE employee_id || '.bmp' END AS "PhotoFile", plant_id AS "PlantID"
  FROM employees`;

/** Employees by id, in id order; `lock` takes their rows FOR UPDATE (one writer per employee). */
export async function employees(db: Sql, ids: readonly number[], lock = false): Promise<EmployeeRow[]> {
  if (!ids.length) return [];
  return db.query<EmployeeRow>(
    `${EMPLOYEE_SELECT} WHERE employee_id = ANY($1::int[]) ORDER BY employee_id${lock ? ' FOR UPDATE' : ''}`,
    [[...ids]],
  );
}

// --------------------------------------------------------------------------- punches

export async function openPunches(
  db: Sql,
  ids: readonly number[],
): Promise<Map<number, { ClockPunchID: number; ClockedInAt: string }>> {
  const rows = await db.query<{ clock_punch_id: number; employee_id: number; clocked_in_at: unknown }>(
    `SELECT clock_punch_id, employee_id, clocked_in_at FROM clock_punches
      WHERE employee_id = ANY($1::int[]) AND clocked_out_at IS NULL`,
    [[...ids]],
  );
  return new Map(
    rows.map((r) => [r.employee_id, { ClockPunchID: r.clock_punch_id, ClockedInAt: iso(r.clocked_in_at) }]),
  );
}

export async function insertPunch(
  db: Sql,
  employeeId: number,
  plantId: number,
  at: string,
  by: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at, clocked_in_by) VALUES ($1, $2, $3, $4)`,
    [employeeId, plantId, at, by],
  );
}

export async function closePunch(db: Sql, punchId: number, at: string, by: number | null): Promise<void> {
  await db.query(
    `UPDATE clock_punches SET clocked_out_at = $2, clocked_out_by = $3 WHERE clock_punch_id = $1`,
    [punchId, at, by],
  );
}

/** Employees of a plant clocked in now or whose punch ended on or after `since`. */
/** Whether the employee has any clock punch (has ever been on a faceboard). */
export async function hasClocked(db: Sql, employeeId: number): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM clock_punches WHERE employee_id = $1 LIMIT 1',
    [employeeId],
  );
  return rows.length > 0;
}

export async function plantEmployeesSince(db: Sql, plantId: number, since: string): Promise<number[]> {
  const rows = await db.query<{ employee_id: number }>(
    `SELECT DISTINCT employee_id FROM clock_punches
      WHERE plant_id = $1 AND (clocked_out_at IS NULL OR clocked_out_at >= $2)`,
    [plantId, since],
  );
  return rows.map((r) => r.employee_id);
}

// --------------------------------------------------------------------------- activities

const ACTIVITY_SELECT = `SELECT a.labor_activity_id AS "LaborActivityID", a.employee_id AS "EmployeeID",
  a.plant_id AS "PlantID", (a.indirect_code IS NULL) AS "Direct", a.resource_id AS "ResourceID",
  a.job_number AS "JobNumber", a.production_plan_operation_id AS "ProductionPlanOperationID",
  o.sequence AS "OperationSequence", coalesce(b.part_num, j.part_num) AS "Item",
  a.indirect_code AS "IndirectCode", ic.description AS "IndirectDescription",
  a.started_at AS "StartedAt", a.ended_at AS "EndedAt", a.team_lead_activity_id AS "TeamLeadActivityID"
  FROM labor_activities a
  LEFT JOIN production_plan_operations o ON o.production_plan_operation_id = a.production_plan_operation_id
  LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
  LEFT JOIN production_plans p ON p.production_plan_id = o.production_plan_id
  LEFT JOIN jobs j ON j.job_number = p.job_number
  LEFT JOIN indirect_codes ic ON ic.indirect_code = a.indirect_code`;

const toActivity = (r: LaborActivity): LaborActivity => ({
  ...r,
  StartedAt: iso(r.StartedAt),
  EndedAt: isoOrNull(r.EndedAt),
});

export async function openActivities(db: Sql, ids: readonly number[]): Promise<Map<number, LaborActivity>> {
  const rows = await db.query<LaborActivity>(
    `${ACTIVITY_SELECT} WHERE a.employee_id = ANY($1::int[]) AND a.ended_at IS NULL`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.EmployeeID, toActivity(r)]));
}

export async function activity(db: Sql, id: number): Promise<LaborActivity | null> {
  const [row] = await db.query<LaborActivity>(`${ACTIVITY_SELECT} WHERE a.labor_activity_id = $1`, [id]);
  return row ? toActivity(row) : null;
}

/** The open direct activities on a machine, latest first. */
export async function openActivitiesOnResource(db: Sql, resourceId: string): Promise<LaborActivity[]> {
  const rows = await db.query<LaborActivity>(
    `${ACTIVITY_SELECT} WHERE a.resource_id = $1 AND a.ended_at IS NULL ORDER BY a.started_at DESC, a.labor_activity_id DESC`,
    [resourceId],
  );
  return rows.map(toActivity);
}

export async function lastActivityEnds(db: Sql, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ employee_id: number; ended: unknown }>(
    `SELECT employee_id, max(ended_at) AS ended FROM labor_activities
      WHERE employee_id = ANY($1::int[]) AND ended_at IS NOT NULL GROUP BY employee_id`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.employee_id, iso(r.ended)]));
}

/** The members on open team activities, by their lead's activity id, in name order. */
export async function teamMembers(
  db: Sql,
  leadActivityIds: readonly number[],
): Promise<Map<number, TeamMember[]>> {
  const out = new Map<number, TeamMember[]>();
  if (!leadActivityIds.length) return out;
  const rows = await db.query<{ lead: number; EmployeeID: number; Name: string }>(
    `SELECT a.team_lead_activity_id AS lead, e.employee_id AS "EmployeeID", e.first_name || ' ' || e.last_name AS "Name"
       FROM labor_activities a JOIN employees e USING (employee_id)
      WHERE a.team_lead_activity_id = ANY($1::int[]) AND a.ended_at IS NULL
      ORDER BY e.first_name, e.last_name, e.employee_id`,
    [[...leadActivityIds]],
  );
  for (const r of rows) {
    const list = out.get(r.lead) ?? [];
    list.push({ EmployeeID: r.EmployeeID, Name: r.Name });
    out.set(r.lead, list);
  }
  return out;
}

export interface NewActivity {
  EmployeeID: number;
  PlantID: number;
  ResourceID: string | null;
  JobNumber: string | null;
  ProductionPlanOperationID: number | null;
  IndirectCode: string | null;
  StartedAt: string;
  TeamLeadActivityID: number | null;
  StartedBy: number | null;
}

export async function insertActivity(db: Sql, a: NewActivity): Promise<number> {
  const [row] = await db.query<{ labor_activity_id: number }>(
    `INSERT INTO labor_activities (employee_id, plant_id, resource_id, job_number, production_plan_operation_id,
       indirect_code, started_at, team_lead_activity_id, started_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING labor_activity_id`,
    [
      a.EmployeeID,
      a.PlantID,
      a.ResourceID,
      a.JobNumber,
      a.ProductionPlanOperationID,
      a.IndirectCode,
      a.StartedAt,
      a.TeamLeadActivityID,
      a.StartedBy,
    ],
  );
  return row!.labor_activity_id;
}

/**
 * Ends an open activity and the open activities of its team members. Answers the employees and
 * machines whose documents change (the lead of a member's team too: its TeamMembers shrink).
 */
export async function endActivity(
  db: Sql,
  activityId: number,
  at: string,
): Promise<{ employees: number[]; resources: string[] }> {
  const rows = await db.query<{ employee_id: number; resource_id: string | null; lead: number | null }>(
    `UPDATE labor_activities a SET ended_at = $2
      WHERE a.ended_at IS NULL AND (a.labor_activity_id = $1 OR a.team_lead_activity_id = $1)
      RETURNING a.employee_id, a.resource_id,
        (SELECT l.employee_id FROM labor_activities l WHERE l.labor_activity_id = a.team_lead_activity_id) AS lead`,
    [activityId, at],
  );
  return {
    employees: rows.flatMap((r) => (r.lead === null ? [r.employee_id] : [r.employee_id, r.lead])),
    resources: rows.flatMap((r) => (r.resource_id ? [r.resource_id] : [])),
  };
}

// --------------------------------------------------------------------------- machines and operations

export interface ResourceRow {
  ResourceID: string;
  PlantID: number;
  Description: string;
  Active: boolean;
}

export async function resource(db: Sql, id: string, lock = false): Promise<ResourceRow | null> {
  const [row] = await db.query<ResourceRow>(
    `SELECT resource_id AS "ResourceID", plant_id AS "PlantID", description AS "Description", active AS "Active"
       FROM resources WHERE resource_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export interface OperationRow {
  ProductionPlanOperationID: number;
  JobNumber: string;
  Sequence: number;
  ResourceID: string | null;
  Item: string | null;
  Invalidated: boolean;
  ProductionQuantity: number;
  ProductionMinutesPerPiece: number;
  ScheduledMinutesPerPiece: number;
  /** The official schedule's task for the operation, when the plan operation has no rate. */
  TaskMinutesPerPiece: number | null;
}

export async function operation(db: Sql, id: number): Promise<OperationRow | null> {
  const [row] = await db.query<OperationRow>(
    `SELECT o.production_plan_operation_id AS "ProductionPlanOperationID", p.job_number AS "JobNumber",
            o.sequence AS "Sequence", o.resource_id AS "ResourceID", coalesce(b.part_num, j.part_num) AS "Item",
            o.invalidated AS "Invalidated", o.production_quantity AS "ProductionQuantity",
            o.production_minutes_per_piece AS "ProductionMinutesPerPiece",
            o.scheduled_minutes_per_piece AS "ScheduledMinutesPerPiece",
            (SELECT t.scheduled_minutes_per_piece FROM schedule_tasks t JOIN schedules s USING (schedule_id)
              WHERE t.production_plan_operation_id = o.production_plan_operation_id AND s.official
                AND t.scheduled_minutes_per_piece > 0
              ORDER BY t.schedule_task_id LIMIT 1) AS "TaskMinutesPerPiece"
       FROM production_plan_operations o
       JOIN production_plans p ON p.production_plan_id = o.production_plan_id
       JOIN jobs j ON j.job_number = p.job_number
       LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
      WHERE o.production_plan_operation_id = $1`,
    [id],
  );
  return row ?? null;
}

// --------------------------------------------------------------------------- lookups

export function floorMachines(db: Sql, plantId: number): Promise<FloorMachine[]> {
  return db.query<FloorMachine>(
    `SELECT r.resource_id AS "ResourceID", r.description AS "Description",
            EXISTS (SELECT 1 FROM downtime_events d WHERE d.resource_id = r.resource_id AND d.ended_at IS NULL) AS "Down"
       FROM resources r WHERE r.plant_id = $1 AND r.active ORDER BY r.resource_id`,
    [plantId],
  );
}

export function jobOperations(db: Sql, jobNumber: string): Promise<JobOperation[]> {
  return db.query<JobOperation>(
    `SELECT o.production_plan_operation_id AS "ProductionPlanOperationID", o.sequence AS "Sequence",
            o.resource_id AS "ResourceID", coalesce(b.part_num, j.part_num) AS "Item"
       FROM production_plan_operations o
       JOIN production_plans p ON p.production_plan_id = o.production_plan_id
       JOIN jobs j ON j.job_number = p.job_number
       LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
      WHERE p.job_number = $1 AND NOT o.invalidated
      ORDER BY o.sequence, o.production_plan_operation_id`,
    [jobNumber],
  );
}

export function indirectCodes(db: Sql, code?: string): Promise<IndirectCode[]> {
  return db.query<IndirectCode>(
    `SELECT indirect_code AS "IndirectCode", description AS "Description" FROM indirect_codes
      WHERE active AND ($1::text IS NULL OR indirect_code = $1) ORDER BY sort_order, indirect_code`,
    [code ?? null],
  );
}

export function downtimeReasons(db: Sql, code?: string): Promise<DowntimeReason[]> {
  return db.query<DowntimeReason>(
    `SELECT reason_code AS "ReasonCode", description AS "Description" FROM downtime_reasons
      WHERE active AND ($1::text IS NULL OR reason_code = $1) ORDER BY sort_order, reason_code`,
    [code ?? null],
  );
}

// --------------------------------------------------------------------------- completions

const COMPLETION_SELECT = `SELECT completion_id AS "CompletionID", labor_activity_id AS "LaborActivityID",
  employee_id AS "EmployeeID", resource_id AS "ResourceID", job_number AS "JobNumber",
  production_plan_operation_id AS "ProductionPlanOperationID", quantity AS "Quantity",
  scrap_quantity AS "ScrapQuantity", scrap_reason AS "ScrapReason", recorded_at AS "RecordedAt"
  FROM completions`;

const toCompletion = (r: Completion): Completion => ({ ...r, RecordedAt: iso(r.RecordedAt) });

export async function insertCompletion(
  db: Sql,
  c: Omit<Completion, 'CompletionID'> & { RecordedBy: number | null },
): Promise<Completion> {
  const [row] = await db.query<{ completion_id: number }>(
    `INSERT INTO completions (labor_activity_id, employee_id, resource_id, job_number, production_plan_operation_id,
       quantity, scrap_quantity, scrap_reason, recorded_at, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING completion_id`,
    [
      c.LaborActivityID,
      c.EmployeeID,
      c.ResourceID,
      c.JobNumber,
      c.ProductionPlanOperationID,
      c.Quantity,
      c.ScrapQuantity,
      c.ScrapReason,
      c.RecordedAt,
      c.RecordedBy,
    ],
  );
  const [done] = await db.query<Completion>(`${COMPLETION_SELECT} WHERE completion_id = $1`, [
    row!.completion_id,
  ]);
  return toCompletion(done!);
}

export async function completionsOf(
  db: Sql,
  employeeId: number,
  from: string,
  to: string,
): Promise<Completion[]> {
  const rows = await db.query<Completion>(
    `${COMPLETION_SELECT} WHERE employee_id = $1 AND recorded_at >= $2 AND recorded_at < $3
      ORDER BY recorded_at, completion_id`,
    [employeeId, from, to],
  );
  return rows.map(toCompletion);
}

/** Good and scrapped pieces of a run: the machine's completions of the job and operation since `since`. */
export async function runPieces(
  db: Sql,
  resourceId: string,
  jobNumber: string,
  operationId: number | null,
  since: string,
): Promise<{ good: number; scrap: number }> {
  const [row] = await db.query<{ good: number | null; scrap: number | null }>(
    `SELECT sum(quantity) AS good, sum(scrap_quantity) AS scrap FROM completions
      WHERE resource_id = $1 AND job_number = $2
        AND production_plan_operation_id IS NOT DISTINCT FROM $3 AND recorded_at >= $4`,
    [resourceId, jobNumber, operationId, since],
  );
  return { good: Number(row?.good ?? 0), scrap: Number(row?.scrap ?? 0) };
}

// --------------------------------------------------------------------------- downtime

const DOWNTIME_SELECT = `SELECT d.downtime_event_id AS "DowntimeEventID", d.resource_id AS "ResourceID",
  d.plant_id AS "PlantID", d.reason_code AS "ReasonCode", r.description AS "Reason",
  d.started_at AS "StartedAt", d.ended_at AS "EndedAt", d.employee_id AS "EmployeeID"
  FROM downtime_events d JOIN downtime_reasons r USING (reason_code)`;

const toDowntime = (r: DowntimeEvent): DowntimeEvent => ({
  ...r,
  StartedAt: iso(r.StartedAt),
  EndedAt: isoOrNull(r.EndedAt),
});

export async function openDowntime(db: Sql, resourceId: string): Promise<DowntimeEvent | null> {
  const [row] = await db.query<DowntimeEvent>(
    `${DOWNTIME_SELECT} WHERE d.resource_id = $1 AND d.ended_at IS NULL`,
    [resourceId],
  );
  return row ? toDowntime(row) : null;
}

export async function downtimeSince(db: Sql, resourceId: string, since: string): Promise<DowntimeEvent[]> {
  const rows = await db.query<DowntimeEvent>(
    `${DOWNTIME_SELECT} WHERE d.resource_id = $1 AND (d.ended_at IS NULL OR d.ended_at > $2)
      ORDER BY d.started_at`,
    [resourceId, since],
  );
  return rows.map(toDowntime);
}

export async function insertDowntime(
  db: Sql,
  d: {
    ResourceID: string;
    PlantID: number;
    ReasonCode: string;
    StartedAt: string;
    EmployeeID: number | null;
  },
): Promise<DowntimeEvent> {
  const [row] = await db.query<{ downtime_event_id: number }>(
    `INSERT INTO downtime_events (resource_id, plant_id, reason_code, started_at, employee_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING downtime_event_id`,
    [d.ResourceID, d.PlantID, d.ReasonCode, d.StartedAt, d.EmployeeID],
  );
  return (await downtimeById(db, row!.downtime_event_id))!;
}

export async function endDowntime(
  db: Sql,
  id: number,
  at: string,
  by: number | null,
): Promise<DowntimeEvent> {
  await db.query(`UPDATE downtime_events SET ended_at = $2, ended_by = $3 WHERE downtime_event_id = $1`, [
    id,
    at,
    by,
  ]);
  return (await downtimeById(db, id))!;
}

async function downtimeById(db: Sql, id: number): Promise<DowntimeEvent | null> {
  const [row] = await db.query<DowntimeEvent>(`${DOWNTIME_SELECT} WHERE d.downtime_event_id = $1`, [id]);
  return row ? toDowntime(row) : null;
}
