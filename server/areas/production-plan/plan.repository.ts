import type { Sql } from '../../db/database';

/**
 * SQL of the production-plan calls (no rules here: plan.service.ts decides). Rows come back in the
 * tables' snake_case; plan.documents.ts maps them to the entities of domain/production-plan/entities.ts.
 * `lock` adds FOR UPDATE: an edit reads the row it changes under a row lock, so two planners editing
 * one operation apply one after the other, each on the other's result.
 */

export type OperationRow = Record<string, unknown> & {
  production_plan_operation_id: number;
  production_plan_id: number;
  production_plan_bom_id: number | null;
  job_number: string;
};

export interface PlanRow {
  production_plan_id: number;
  job_number: string;
  quantity: number;
  bundle_size: number;
  ready_for_review: boolean;
  plan_reviewed_by: string | null;
  plan_reviewed_at: Date | string | null;
  printer_id: number | null;
  include_qad: boolean;
  include_drawings: boolean;
  row_version: number;
  fabrication_hold: boolean;
  fabrication_hold_notes: string;
  plant_id: number;
}

export interface BomRow {
  production_plan_bom_id: number;
  production_plan_id: number;
  job_number: string;
  sequence: number;
  part_num: string;
  description: string;
  quantity_per: number;
  fixed_qty: boolean;
  cut_length: number;
  uom: string;
  row_version: number;
}

export interface BackflushRow {
  production_plan_backflush_id: number;
  production_plan_operation_id: number;
  production_plan_bom_id: number;
  quantity: number;
}

export interface JobRow {
  job_number: string;
  plant_id: number;
  part_num: string;
  quantity: number;
  /** YYYY-MM-DD. */
  due_date: string | null;
  order_num: number | null;
  customer_name: string | null;
  order_type: string;
  status: string;
  fabrication_hold: boolean;
  fabrication_hold_notes: string;
  tags: unknown;
  allocations: unknown;
  demand_summary: unknown;
  unclaimed: unknown;
  qa_documents: unknown;
  drawings: unknown;
}

export interface PartRow {
  part_num: string;
  description: string;
  part_class: string;
  material: string;
  gauge: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  holes: number | null;
  welds: number | null;
  painted: boolean;
  color: string | null;
}

export interface MachineRow {
  resource_id: string;
  plant_id: number;
  default_worker_count: number;
  engine_active: boolean;
  algorithm_active: boolean;
  active: boolean;
}

export interface MachineRateRow {
  machine_rate_id: number;
  resource_id: string;
  description: string;
  production_minutes_per_piece: number;
  production_minutes_per_bundle: number;
  production_feet_per_minute: number;
  setup_minutes: number;
  scheduling_minutes_per_piece: number;
  official: boolean;
}

export interface PrinterRow {
  printer_id: number;
  plant_id: number;
  name: string;
}

const forUpdate = (lock: boolean) => (lock ? ' FOR UPDATE' : '');

// ------------------------------------------------------------------------------------------- plans

const PLAN_SELECT = `SELECT p.production_plan_id, p.job_number, p.quantity, p.bundle_size, p.ready_for_review,
    p.plan_reviewed_by, p.plan_reviewed_at, p.printer_id, p.include_qad, p.include_drawings, p.row_version,
    j.fabrication_hold, j.fabrication_hold_notes, j.plant_id
  FROM production_plans p JOIN jobs j ON j.job_number = p.job_number`;

export async function findPlan(db: Sql, planId: number, lock = false): Promise<PlanRow | undefined> {
  const rows = await db.query<PlanRow>(
    `${PLAN_SELECT} WHERE p.production_plan_id = $1${lock ? ' FOR UPDATE OF p' : ''}`,
    [planId],
  );
  return rows[0];
}

/**
 * Locks the plan row that `of` belongs to. Every edit takes it first, so two edits of one plan run one
 * after the other and never wait for each other's operation locks in opposite orders (a deadlock).
 */
export async function lockPlanOf(
  db: Sql,
  of: { operation: number } | { bom: number } | { plan: number },
): Promise<void> {
  const [from, key] =
    'operation' in of
      ? ['production_plan_operations WHERE production_plan_operation_id = $1', of.operation]
      : 'bom' in of
        ? ['production_plan_boms WHERE production_plan_bom_id = $1', of.bom]
        : ['production_plans WHERE production_plan_id = $1', of.plan];
  await db.query(
    `SELECT production_plan_id FROM production_plans
      WHERE production_plan_id = (SELECT production_plan_id FROM ${from}) FOR UPDATE`,
    [key],
  );
}

export async function findPlanByJob(db: Sql, jobNumber: string): Promise<PlanRow | undefined> {
  const rows = await db.query<PlanRow>(`${PLAN_SELECT} WHERE p.job_number = $1`, [jobNumber]);
  return rows[0];
}

/** Plan columns a call may set (the service names them; never user input). */
export type PlanColumns = Partial<
  Pick<
    PlanRow,
    | 'quantity'
    | 'bundle_size'
    | 'ready_for_review'
    | 'plan_reviewed_by'
    | 'plan_reviewed_at'
    | 'printer_id'
    | 'include_qad'
    | 'include_drawings'
  >
>;

/** Sets the columns and RowVersion + 1. */
export async function updatePlan(db: Sql, planId: number, columns: PlanColumns): Promise<void> {
  const names = Object.keys(columns);
  const sets = names.map((n, i) => `${n} = $${i + 2}`);
  await db.query(
    `UPDATE production_plans SET ${[...sets, 'row_version = row_version + 1', 'updated_at = now()'].join(', ')}
      WHERE production_plan_id = $1`,
    [planId, ...names.map((n) => (columns as Record<string, unknown>)[n])],
  );
}

export async function updateJobHold(
  db: Sql,
  jobNumber: string,
  hold: { fabrication_hold?: boolean; fabrication_hold_notes?: string },
): Promise<void> {
  await db.query(
    `UPDATE jobs SET fabrication_hold = coalesce($2, fabrication_hold),
       fabrication_hold_notes = coalesce($3, fabrication_hold_notes) WHERE job_number = $1`,
    [jobNumber, hold.fabrication_hold ?? null, hold.fabrication_hold_notes ?? null],
  );
}

// ------------------------------------------------------------------------------------------- jobs, parts, plants

export async function findJob(db: Sql, jobNumber: string): Promise<JobRow | undefined> {
  const rows = await db.query<JobRow>(
    `SELECT job_number, plant_id, part_num, quantity, to_char(due_date, 'YYYY-MM-DD') AS due_date, order_num, customer_name, order_type, status,
       fabrication_hold, fabrication_hold_notes, tags, allocations, demand_summary, unclaimed, qa_documents, drawings
       FROM jobs WHERE job_number = $1`,
    [jobNumber],
  );
  return rows[0];
}

export async function findPart(db: Sql, partNum: string): Promise<PartRow | undefined> {
  const rows = await db.query<PartRow>(
    `SELECT part_num, description, part_class, material, gauge, weight, length, width, holes, welds, painted, color
       FROM parts WHERE part_num = $1`,
    [partNum],
  );
  return rows[0];
}

export async function findPlant(
  db: Sql,
  plantId: number,
): Promise<{ plant_id: number; plant_name: string; time_zone: string } | undefined> {
  const rows = await db.query<{ plant_id: number; plant_name: string; time_zone: string }>(
    'SELECT plant_id, plant_name, time_zone FROM plants WHERE plant_id = $1',
    [plantId],
  );
  return rows[0];
}

// ------------------------------------------------------------------------------------------- BOM lines

const BOM_SELECT = `SELECT b.production_plan_bom_id, b.production_plan_id, p.job_number, b.sequence, b.part_num,
    b.description, b.quantity_per, b.fixed_qty, b.cut_length, b.uom, b.row_version
  FROM production_plan_boms b JOIN production_plans p ON p.production_plan_id = b.production_plan_id`;

export const listBoms = (db: Sql, planId: number) =>
  db.query<BomRow>(
    `${BOM_SELECT} WHERE b.production_plan_id = $1 ORDER BY b.sequence, b.production_plan_bom_id`,
    [planId],
  );

export async function findBom(db: Sql, bomId: number, lock = false): Promise<BomRow | undefined> {
  const rows = await db.query<BomRow>(
    `${BOM_SELECT} WHERE b.production_plan_bom_id = $1${lock ? ' FOR UPDATE OF b' : ''}`,
    [bomId],
  );
  return rows[0];
}

export type BomColumns = Partial<Pick<BomRow, 'quantity_per' | 'fixed_qty' | 'cut_length'>>;

export async function updateBom(db: Sql, bomId: number, columns: BomColumns): Promise<void> {
  const names = Object.keys(columns);
  const sets = names.map((n, i) => `${n} = $${i + 2}`);
  await db.query(
    `UPDATE production_plan_boms SET ${[...sets, 'row_version = row_version + 1'].join(', ')}
      WHERE production_plan_bom_id = $1`,
    [bomId, ...names.map((n) => (columns as Record<string, unknown>)[n])],
  );
}

// ------------------------------------------------------------------------------------------- operations

const OPERATION_SELECT = `SELECT o.*, p.job_number
  FROM production_plan_operations o JOIN production_plans p ON p.production_plan_id = o.production_plan_id`;

export async function findOperation(
  db: Sql,
  operationId: number,
  lock = false,
): Promise<OperationRow | undefined> {
  const rows = await db.query<OperationRow>(
    `${OPERATION_SELECT} WHERE o.production_plan_operation_id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [operationId],
  );
  return rows[0];
}

/** Every operation of the plan, in level then sequence order; `lock` locks them all (rules that touch others). */
export const listOperations = (db: Sql, planId: number, lock = false) =>
  db.query<OperationRow>(
    `${OPERATION_SELECT} WHERE o.production_plan_id = $1
      ORDER BY o.production_plan_bom_id NULLS FIRST, o.sequence, o.production_plan_operation_id${lock ? ' FOR UPDATE OF o' : ''}`,
    [planId],
  );

/** The columns of production_plan_operations a save writes (every one but the id, plan and row version). */
export const OPERATION_WRITABLE = [
  'production_plan_bom_id',
  'production_group_id',
  'sequence',
  'resource_id',
  'machine_rate_id',
  'worker_count',
  'production_quantity',
  'locked',
  'invalidated',
  'rework',
  'final_operation',
  'final_assembly',
  'print_traveler',
  'printed',
  'action_setup',
  'action_slit',
  'action_roll_form',
  'action_punch',
  'action_cut',
  'action_weld',
  'action_paint',
  'action_assemble',
  'action_pack',
  'rate_type',
  'setup_minutes',
  'cost_setup_minutes',
  'cost_estimate',
  'cost_minutes_per_piece',
  'production_estimate',
  'production_minutes_per_piece',
  'production_minutes_per_bundle',
  'production_feet_per_minute',
  'scheduled_minutes_per_piece',
  'production_estimate_tooltip',
  'cost_estimate_tooltip',
  'algorithm_derived_rate',
  'algorithm_override',
  'algorithm_override_by',
  'algorithm_rate_log',
  'algorithm_result_json',
  'algorithm_calculation_json',
  'algorithm_answers_json',
  'engine_assigned_rate',
  'engine_override',
  'engine_override_by',
  'engine_calculation_json',
  'allow_resource_change',
  'allow_rate_change',
] as const;
export type OperationColumn = (typeof OPERATION_WRITABLE)[number];
export type OperationValues = Record<OperationColumn, unknown>;

/** Stores every writable column and sets RowVersion to `rowVersion`. */
export async function saveOperation(
  db: Sql,
  operationId: number,
  values: OperationValues,
  rowVersion: number,
): Promise<void> {
  const sets = OPERATION_WRITABLE.map((c, i) => `${c} = $${i + 2}`);
  await db.query(
    `UPDATE production_plan_operations SET ${sets.join(', ')}, row_version = $${OPERATION_WRITABLE.length + 2}
      WHERE production_plan_operation_id = $1`,
    [operationId, ...OPERATION_WRITABLE.map((c) => values[c]), rowVersion],
  );
}

export async function insertOperation(db: Sql, planId: number, values: OperationValues): Promise<number> {
  const cols = ['production_plan_id', ...OPERATION_WRITABLE];
  const rows = await db.query<{ production_plan_operation_id: number }>(
    `INSERT INTO production_plan_operations (${cols.join(', ')})
     VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING production_plan_operation_id`,
    [planId, ...OPERATION_WRITABLE.map((c) => values[c])],
  );
  return rows[0]!.production_plan_operation_id;
}

/** Removes the operation and its backflushes. */
export async function deleteOperation(db: Sql, operationId: number): Promise<void> {
  await db.query('DELETE FROM production_plan_backflushes WHERE production_plan_operation_id = $1', [
    operationId,
  ]);
  await db.query('DELETE FROM production_plan_operations WHERE production_plan_operation_id = $1', [
    operationId,
  ]);
}

/** The highest sequence at one level of the plan (top level when bomId is null), 0 when empty. */
export async function maxSequence(db: Sql, planId: number, bomId: number | null): Promise<number> {
  const rows = await db.query<{ m: number | null }>(
    `SELECT max(sequence) AS m FROM production_plan_operations
      WHERE production_plan_id = $1 AND production_plan_bom_id IS NOT DISTINCT FROM $2::int`,
    [planId, bomId],
  );
  return Number(rows[0]?.m ?? 0);
}

// ------------------------------------------------------------------------------------------- backflushes

export const listBackflushes = (db: Sql, planId: number) =>
  db.query<BackflushRow>(
    `SELECT f.production_plan_backflush_id, f.production_plan_operation_id, f.production_plan_bom_id, f.quantity
       FROM production_plan_backflushes f
       JOIN production_plan_operations o ON o.production_plan_operation_id = f.production_plan_operation_id
      WHERE o.production_plan_id = $1 ORDER BY f.production_plan_backflush_id`,
    [planId],
  );

export const listOperationBackflushes = (db: Sql, operationId: number) =>
  db.query<BackflushRow>(
    `SELECT production_plan_backflush_id, production_plan_operation_id, production_plan_bom_id, quantity
       FROM production_plan_backflushes WHERE production_plan_operation_id = $1 ORDER BY production_plan_backflush_id`,
    [operationId],
  );

export async function findBackflush(
  db: Sql,
  backflushId: number,
  lock = false,
): Promise<BackflushRow | undefined> {
  const rows = await db.query<BackflushRow>(
    `SELECT production_plan_backflush_id, production_plan_operation_id, production_plan_bom_id, quantity
       FROM production_plan_backflushes WHERE production_plan_backflush_id = $1${forUpdate(lock)}`,
    [backflushId],
  );
  return rows[0];
}

export async function insertBackflush(
  db: Sql,
  operationId: number,
  bomId: number,
  quantity: number,
): Promise<BackflushRow> {
  const rows = await db.query<BackflushRow>(
    `INSERT INTO production_plan_backflushes (production_plan_operation_id, production_plan_bom_id, quantity)
     VALUES ($1, $2, $3)
     RETURNING production_plan_backflush_id, production_plan_operation_id, production_plan_bom_id, quantity`,
    [operationId, bomId, quantity],
  );
  return rows[0]!;
}

export async function updateBackflushQuantity(db: Sql, backflushId: number, quantity: number): Promise<void> {
  await db.query(
    'UPDATE production_plan_backflushes SET quantity = $2 WHERE production_plan_backflush_id = $1',
    [backflushId, quantity],
  );
}

export async function deleteBackflush(db: Sql, backflushId: number): Promise<void> {
  await db.query('DELETE FROM production_plan_backflushes WHERE production_plan_backflush_id = $1', [
    backflushId,
  ]);
}

// ------------------------------------------------------------------------------------------- machines, rates, printers

export async function findMachine(db: Sql, resourceId: string): Promise<MachineRow | undefined> {
  const rows = await db.query<MachineRow>(
    `SELECT resource_id, plant_id, default_worker_count, engine_active, algorithm_active, active
       FROM resources WHERE resource_id = $1`,
    [resourceId],
  );
  return rows[0];
}

const RATE_COLUMNS = `machine_rate_id, resource_id, description, production_minutes_per_piece,
  production_minutes_per_bundle, production_feet_per_minute, setup_minutes, scheduling_minutes_per_piece, official`;

/** The machine's rates that are not deleted. */
export const listMachineRates = (db: Sql, resourceId: string) =>
  db.query<MachineRateRow>(
    `SELECT ${RATE_COLUMNS} FROM machine_rates WHERE resource_id = $1 AND NOT deleted ORDER BY machine_rate_id`,
    [resourceId],
  );

/** A rate that is not deleted. */
export async function findMachineRate(db: Sql, rateId: number): Promise<MachineRateRow | undefined> {
  const rows = await db.query<MachineRateRow>(
    `SELECT ${RATE_COLUMNS} FROM machine_rates WHERE machine_rate_id = $1 AND NOT deleted`,
    [rateId],
  );
  return rows[0];
}

export async function findPrinter(db: Sql, printerId: number): Promise<PrinterRow | undefined> {
  const rows = await db.query<PrinterRow>(
    'SELECT printer_id, plant_id, name FROM printers WHERE printer_id = $1',
    [printerId],
  );
  return rows[0];
}

/**
 * The job's operations on its plant's official schedule: one line per operation with tasks, on the
 * machine of its first task, from the first task's start to the last one's end (UTC ISO).
 */
export async function scheduleOfJob(
  db: Sql,
  jobNumber: string,
): Promise<
  {
    ProductionPlanOperationID: number;
    ResourceID: string;
    ScheduledStart: string | null;
    ScheduledEnd: string | null;
  }[]
> {
  const rows = await db.query<{
    op: number;
    resource: string;
    start_at: Date | string | null;
    end_at: Date | string | null;
  }>(
    `SELECT t.production_plan_operation_id AS op,
            (array_agg(t.resource_id ORDER BY t.start_at NULLS LAST, t.schedule_task_id))[1] AS resource,
            min(t.start_at) AS start_at, max(t.end_at) AS end_at
       FROM schedule_tasks t JOIN schedules s ON s.schedule_id = t.schedule_id AND s.official
      WHERE t.job_number = $1 AND t.production_plan_operation_id IS NOT NULL
      GROUP BY t.production_plan_operation_id ORDER BY min(t.start_at) NULLS LAST, 1`,
    [jobNumber],
  );
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return rows.map((r) => ({
    ProductionPlanOperationID: r.op,
    ResourceID: r.resource,
    ScheduledStart: iso(r.start_at),
    ScheduledEnd: iso(r.end_at),
  }));
}
