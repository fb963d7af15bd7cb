import type { FixtureRequest, PreventiveTask, WorkOrder } from '../../../domain/maintenance/entities';
import type { Sql } from '../../db/database';

/**
 * SQL of the maintenance area (tables: server/db/migrations/0014_maintenance_curing.sql); rows mapped
 * to domain/maintenance/entities.ts with instants as ISO UTC strings and dates as `YYYY-MM-DD`.
 * Nothing here decides a rule.
 */

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const NAME = (alias: string) =>
  `CASE WHEN ${alias}.employee_id IS NULL THEN NULL ELSE ${alias}.first_name || ' ' || ${alias}.last_name END`;

// --------------------------------------------------------------------------- lookups

export async function plantExists(db: Sql, plantId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM plants WHERE plant_id = $1', [plantId])).length > 0;
}

/** An active employee's name, or null. */
export async function employeeName(db: Sql, employeeId: number): Promise<string | null> {
  const [row] = await db.query<{ name: string }>(
    `SELECT first_name || ' ' || last_name AS name FROM employees WHERE employee_id = $1 AND active`,
    [employeeId],
  );
  return row?.name ?? null;
}

// --------------------------------------------------------------------------- work orders

type WorkOrderRow = Omit<WorkOrder, 'CreatedAt' | 'DueAt' | 'CompletedAt'> & {
  created_at: unknown;
  due_at: unknown;
  completed_at: unknown;
};

const WORK_ORDER_SELECT = `SELECT w.work_order_id AS "WorkOrderID", w.plant_id AS "PlantID", w.asset AS "Asset",
    r.description AS "AssetName", w.description AS "Description", w.priority AS "Priority", w.status AS "Status",
    w.assigned_to AS "AssignedTo", ${NAME('e')} AS "AssignedName",
    w.created_at, w.due_at, w.completed_at
  FROM maintenance_work_orders w
  LEFT JOIN resources r ON r.resource_id = w.asset
  LEFT JOIN employees e ON e.employee_id = w.assigned_to`;

const workOrder = ({ created_at, due_at, completed_at, ...w }: WorkOrderRow): WorkOrder => ({
  ...w,
  CreatedAt: iso(created_at),
  DueAt: isoOrNull(due_at),
  CompletedAt: isoOrNull(completed_at),
});

export async function workOrder1(db: Sql, id: number, lock = false): Promise<WorkOrder | null> {
  if (lock) {
    const locked = await db.query(
      'SELECT 1 FROM maintenance_work_orders WHERE work_order_id = $1 FOR UPDATE',
      [id],
    );
    if (!locked.length) return null;
  }
  const [row] = await db.query<WorkOrderRow>(`${WORK_ORDER_SELECT} WHERE w.work_order_id = $1`, [id]);
  return row ? workOrder(row) : null;
}

/** A plant's work orders not done, and those completed at or after `doneSince`. */
export async function plantWorkOrders(db: Sql, plantId: number, doneSince: string): Promise<WorkOrder[]> {
  const rows = await db.query<WorkOrderRow>(
    `${WORK_ORDER_SELECT} WHERE w.plant_id = $1 AND (w.status <> 'done' OR w.completed_at >= $2)
      ORDER BY w.work_order_id`,
    [plantId, doneSince],
  );
  return rows.map(workOrder);
}

export interface WorkOrderValues {
  PlantID: number;
  Asset: string;
  Description: string;
  Priority: string;
  Status: string;
  AssignedTo: number | null;
  DueAt: string | null;
  CompletedAt: string | null;
}

export async function insertWorkOrder(db: Sql, v: WorkOrderValues, at: string, by: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO maintenance_work_orders (plant_id, asset, description, priority, status, assigned_to, due_at,
       completed_at, created_at, created_by, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10) RETURNING work_order_id AS id`,
    [v.PlantID, v.Asset, v.Description, v.Priority, v.Status, v.AssignedTo, v.DueAt, v.CompletedAt, at, by],
  );
  return row!.id;
}

export async function updateWorkOrder(
  db: Sql,
  id: number,
  v: WorkOrderValues,
  at: string,
  by: number,
): Promise<void> {
  await db.query(
    `UPDATE maintenance_work_orders SET asset = $2, description = $3, priority = $4, status = $5,
       assigned_to = $6, due_at = $7, completed_at = $8, modified_at = $9, modified_by = $10
     WHERE work_order_id = $1`,
    [id, v.Asset, v.Description, v.Priority, v.Status, v.AssignedTo, v.DueAt, v.CompletedAt, at, by],
  );
}

// --------------------------------------------------------------------------- fixture requests

type FixtureRow = Omit<FixtureRequest, 'NeededBy' | 'CreatedAt'> & {
  needed_by: unknown;
  created_at: unknown;
};

const FIXTURE_SELECT = `SELECT f.fixture_request_id AS "FixtureRequestID", f.plant_id AS "PlantID",
    f.requested_by AS "RequestedBy", e.first_name || ' ' || e.last_name AS "RequestedByName",
    f.job_number AS "JobNumber", f.part_num AS "PartNum", f.description AS "Description", f.status AS "Status",
    f.needed_by, f.created_at
  FROM fixture_requests f JOIN employees e ON e.employee_id = f.requested_by`;

const fixture = ({ needed_by, created_at, ...f }: FixtureRow): FixtureRequest => ({
  ...f,
  NeededBy: iso(needed_by),
  CreatedAt: iso(created_at),
});

export async function fixtureRequest(db: Sql, id: number, lock = false): Promise<FixtureRequest | null> {
  if (lock) {
    const locked = await db.query('SELECT 1 FROM fixture_requests WHERE fixture_request_id = $1 FOR UPDATE', [
      id,
    ]);
    if (!locked.length) return null;
  }
  const [row] = await db.query<FixtureRow>(`${FIXTURE_SELECT} WHERE f.fixture_request_id = $1`, [id]);
  return row ? fixture(row) : null;
}

export async function openFixtureRequests(db: Sql, plantId: number): Promise<FixtureRequest[]> {
  const rows = await db.query<FixtureRow>(
    `${FIXTURE_SELECT} WHERE f.plant_id = $1 AND f.status NOT IN ('delivered', 'cancelled')
      ORDER BY f.created_at, f.fixture_request_id`,
    [plantId],
  );
  return rows.map(fixture);
}

export interface FixtureValues {
  PlantID: number;
  RequestedBy: number;
  JobNumber: string | null;
  PartNum: string | null;
  Description: string;
  NeededBy: string;
  Status: string;
}

export async function insertFixtureRequest(
  db: Sql,
  v: FixtureValues,
  at: string,
  by: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO fixture_requests (plant_id, requested_by, job_number, part_num, description, needed_by, status,
       created_at, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING fixture_request_id AS id`,
    [v.PlantID, v.RequestedBy, v.JobNumber, v.PartNum, v.Description, v.NeededBy, v.Status, at, by],
  );
  return row!.id;
}

export async function updateFixtureRequest(
  db: Sql,
  id: number,
  v: FixtureValues,
  at: string,
  by: number,
): Promise<void> {
  await db.query(
    `UPDATE fixture_requests SET requested_by = $2, job_number = $3, part_num = $4, description = $5,
       needed_by = $6, status = $7, modified_at = $8, modified_by = $9
     WHERE fixture_request_id = $1`,
    [id, v.RequestedBy, v.JobNumber, v.PartNum, v.Description, v.NeededBy, v.Status, at, by],
  );
}

// --------------------------------------------------------------------------- PM tasks

type TaskRow = PreventiveTask & { Active: boolean };

const TASK_SELECT = `SELECT t.preventive_task_id AS "PreventiveTaskID", t.plant_id AS "PlantID", t.asset AS "Asset",
    r.description AS "AssetName", t.description AS "Description", t.interval_days AS "IntervalDays",
    to_char(t.next_due, 'YYYY-MM-DD') AS "NextDue", to_char(t.last_done, 'YYYY-MM-DD') AS "LastDone",
    t.assigned_to AS "AssignedTo", ${NAME('e')} AS "AssignedName", t.active AS "Active"
  FROM preventive_tasks t
  LEFT JOIN resources r ON r.resource_id = t.asset
  LEFT JOIN employees e ON e.employee_id = t.assigned_to`;

export const taskOf = ({ Active: _active, ...t }: TaskRow): PreventiveTask => t;

export async function preventiveTask(db: Sql, id: number, lock = false): Promise<TaskRow | null> {
  if (lock) {
    const locked = await db.query('SELECT 1 FROM preventive_tasks WHERE preventive_task_id = $1 FOR UPDATE', [
      id,
    ]);
    if (!locked.length) return null;
  }
  const [row] = await db.query<TaskRow>(`${TASK_SELECT} WHERE t.preventive_task_id = $1`, [id]);
  return row ?? null;
}

export async function activeTasks(db: Sql, plantId: number | null): Promise<PreventiveTask[]> {
  const rows = await db.query<TaskRow>(
    `${TASK_SELECT} WHERE t.active AND ($1::int IS NULL OR t.plant_id = $1)
      ORDER BY t.next_due, t.plant_id, t.asset, t.preventive_task_id`,
    [plantId],
  );
  return rows.map(taskOf);
}

export interface TaskValues {
  PlantID: number;
  Asset: string;
  Description: string;
  IntervalDays: number;
  NextDue: string;
  LastDone: string | null;
  AssignedTo: number | null;
  Active: boolean;
}

export async function insertTask(db: Sql, v: TaskValues, at: string, by: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO preventive_tasks (plant_id, asset, description, interval_days, next_due, last_done, assigned_to,
       active, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING preventive_task_id AS id`,
    [
      v.PlantID,
      v.Asset,
      v.Description,
      v.IntervalDays,
      v.NextDue,
      v.LastDone,
      v.AssignedTo,
      v.Active,
      at,
      by,
    ],
  );
  return row!.id;
}

export async function updateTask(db: Sql, id: number, v: TaskValues, at: string, by: number): Promise<void> {
  await db.query(
    `UPDATE preventive_tasks SET asset = $2, description = $3, interval_days = $4, next_due = $5, last_done = $6,
       assigned_to = $7, active = $8, modified_at = $9, modified_by = $10
     WHERE preventive_task_id = $1`,
    [id, v.Asset, v.Description, v.IntervalDays, v.NextDue, v.LastDone, v.AssignedTo, v.Active, at, by],
  );
}
