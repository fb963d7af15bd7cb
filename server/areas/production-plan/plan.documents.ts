import type { PendingChange } from '../../../domain/live/changes';
import { topicOf } from '../../../domain/live/topics';
import type {
  Backflush,
  BomLine,
  MachineRate,
  Operation,
  Part,
  PlanHeader,
} from '../../../domain/production-plan/entities';
import {
  PLAN_PARTS,
  type PlanPartDoc,
  type PlanPartKind,
  planPartId,
} from '../../../domain/production-plan/live';
import type { Sql } from '../../db/database';
import {
  type BackflushRow,
  type BomRow,
  findPlanByJob,
  listBackflushes,
  listBoms,
  listOperations,
  type MachineRateRow,
  OPERATION_WRITABLE,
  type OperationColumn,
  type OperationRow,
  type OperationValues,
  type PartRow,
  type PlanRow,
} from './plan.repository';

/**
 * Rows → entities, once: LoadProductionPlan2 answers these and every change publishes the same
 * documents on `plan:{JobNumber}`, so a screen that loaded the plan and one that followed the topic
 * hold identical objects.
 */

const iso = (v: Date | string | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();
const num = (v: unknown) => Number(v ?? 0);

/** Operation field → column, for every field stored in production_plan_operations. */
export const operationColumnOf = {
  ProductionPlanBOMID: 'production_plan_bom_id',
  ProductionGroupID: 'production_group_id',
  Sequence: 'sequence',
  ResourceID: 'resource_id',
  MachineRateID: 'machine_rate_id',
  WorkerCount: 'worker_count',
  ProductionQuantity: 'production_quantity',
  Locked: 'locked',
  Invalidated: 'invalidated',
  Rework: 'rework',
  FinalOperation: 'final_operation',
  FinalAssembly: 'final_assembly',
  PrintTraveler: 'print_traveler',
  Printed: 'printed',
  ActionSetup: 'action_setup',
  ActionSlit: 'action_slit',
  ActionRollForm: 'action_roll_form',
  ActionPunch: 'action_punch',
  ActionCut: 'action_cut',
  ActionWeld: 'action_weld',
  ActionPaint: 'action_paint',
  ActionAssemble: 'action_assemble',
  ActionPack: 'action_pack',
  RateType: 'rate_type',
  SetupMinutes: 'setup_minutes',
  CostSetupMinutes: 'cost_setup_minutes',
  CostEstimate: 'cost_estimate',
  CostMinutesPerPiece: 'cost_minutes_per_piece',
  ProductionEstimate: 'production_estimate',
  ProductionMinutesPerPiece: 'production_minutes_per_piece',
  ProductionMinutesPerBundle: 'production_minutes_per_bundle',
  ProductionFeetPerMinute: 'production_feet_per_minute',
  ScheduledMinutesPerPiece: 'scheduled_minutes_per_piece',
  ProductionEstimateTooltip: 'production_estimate_tooltip',
  CostEstimateTooltip: 'cost_estimate_tooltip',
  AlgorithmDerivedRate: 'algorithm_derived_rate',
  AlgorithmOverride: 'algorithm_override',
  AlgorithmOverrideBy: 'algorithm_override_by',
  AlgorithmRateLog: 'algorithm_rate_log',
  AlgorithmResultJSON: 'algorithm_result_json',
  AlgorithmCalculationJSON: 'algorithm_calculation_json',
  AlgorithmAnswersJSON: 'algorithm_answers_json',
  EngineAssignedRate: 'engine_assigned_rate',
  EngineOverride: 'engine_override',
  EngineOverrideBy: 'engine_override_by',
  EngineCalculationJSON: 'engine_calculation_json',
  AllowResourceChange: 'allow_resource_change',
  AllowRateChange: 'allow_rate_change',
} as const satisfies Record<
  Exclude<
    keyof Operation,
    'ProductionPlanOperationID' | 'ProductionPlanID' | 'JobNumber' | 'Backflushes' | 'RowVersion'
  >,
  OperationColumn
>;
type StoredField = keyof typeof operationColumnOf;

const numericFields = new Set<StoredField>([
  'ProductionQuantity',
  'SetupMinutes',
  'CostSetupMinutes',
  'CostEstimate',
  'CostMinutesPerPiece',
  'ProductionEstimate',
  'ProductionMinutesPerPiece',
  'ProductionMinutesPerBundle',
  'ProductionFeetPerMinute',
  'ScheduledMinutesPerPiece',
]);

export const toBackflush = (r: BackflushRow): Backflush => ({
  ProductionPlanBackflushID: r.production_plan_backflush_id,
  ProductionPlanOperationID: r.production_plan_operation_id,
  ProductionPlanBOMID: r.production_plan_bom_id,
  Quantity: num(r.quantity),
});

export function toOperation(row: OperationRow, backflushes: readonly BackflushRow[]): Operation {
  const op: Record<string, unknown> = {
    ProductionPlanOperationID: row.production_plan_operation_id,
    ProductionPlanID: row.production_plan_id,
    JobNumber: row.job_number,
  };
  for (const [field, column] of Object.entries(operationColumnOf) as [StoredField, OperationColumn][]) {
    const value = row[column];
    op[field] = numericFields.has(field) ? num(value) : (value ?? null);
  }
  op.Backflushes = backflushes
    .filter((b) => b.production_plan_operation_id === row.production_plan_operation_id)
    .map(toBackflush);
  op.RowVersion = row.row_version;
  return op as Operation;
}

/** The column values of an operation entity, for saveOperation / insertOperation. */
export function operationValues(op: Operation): OperationValues {
  const values = {} as OperationValues;
  const byColumn = new Map(Object.entries(operationColumnOf).map(([f, c]) => [c, f as StoredField]));
  for (const column of OPERATION_WRITABLE) values[column] = op[byColumn.get(column)!];
  return values;
}

export const toBomLine = (r: BomRow): BomLine => ({
  ProductionPlanBOMID: r.production_plan_bom_id,
  ProductionPlanID: r.production_plan_id,
  JobNumber: r.job_number,
  Sequence: r.sequence,
  PartNum: r.part_num,
  Description: r.description,
  QuantityPer: num(r.quantity_per),
  FixedQty: r.fixed_qty,
  CutLength: num(r.cut_length),
  UOM: r.uom,
  RowVersion: r.row_version,
});

export const toPlanHeader = (r: PlanRow): PlanHeader => ({
  ProductionPlanID: r.production_plan_id,
  JobNumber: r.job_number,
  Quantity: r.quantity,
  BundleSize: r.bundle_size,
  ReadyForReview: r.ready_for_review,
  PlanReviewedBy: r.plan_reviewed_by,
  PlanReviewedAt: iso(r.plan_reviewed_at),
  PrinterID: r.printer_id,
  IncludeQAD: r.include_qad,
  IncludeDrawings: r.include_drawings,
  FabricationHold: r.fabrication_hold,
  FabricationHoldNotes: r.fabrication_hold_notes,
  RowVersion: r.row_version,
});

export const toPart = (r: PartRow): Part => ({
  PartNum: r.part_num,
  Description: r.description,
  PartClass: r.part_class,
  Material: r.material,
  Gauge: r.gauge === null ? null : num(r.gauge),
  Weight: r.weight === null ? null : num(r.weight),
  Length: r.length === null ? null : num(r.length),
  Width: r.width === null ? null : num(r.width),
  Holes: r.holes,
  Welds: r.welds,
  Painted: r.painted,
  Color: r.color,
});

export const toMachineRate = (r: MachineRateRow): MachineRate => ({
  MachineRateID: r.machine_rate_id,
  ResourceID: r.resource_id,
  Description: r.description,
  ProductionMinutesPerPiece: num(r.production_minutes_per_piece),
  ProductionMinutesPerBundle: num(r.production_minutes_per_bundle),
  ProductionFeetPerMinute: num(r.production_feet_per_minute),
  SetupMinutes: num(r.setup_minutes),
  SchedulingMinutesPerPiece: num(r.scheduling_minutes_per_piece),
  Official: r.official,
});

// ------------------------------------------------------------------------------------------- topic documents

type Entity = { plan: PlanHeader; bom: BomLine; operation: Operation };
const idOf = {
  plan: (d: PlanHeader) => d.ProductionPlanID,
  bom: (d: BomLine) => d.ProductionPlanBOMID,
  operation: (d: Operation) => d.ProductionPlanOperationID,
};

/** The change of one plan part for topic `plan:{JobNumber}`. */
export function planPartChange<K extends PlanPartKind>(kind: K, data: Entity[K]): PendingChange {
  const doc: PlanPartDoc = {
    Kind: kind,
    JobNumber: data.JobNumber,
    RowVersion: data.RowVersion,
    Data: data as unknown as Record<string, unknown>,
  };
  return {
    topic: topicOf.plan(data.JobNumber),
    collection: PLAN_PARTS,
    id: planPartId(kind, (idOf[kind] as (d: Entity[K]) => number)(data)),
    doc,
  };
}

/** The removal of an operation (or BOM line) from the topic. */
export function planPartRemoval(kind: PlanPartKind, jobNumber: string, id: number): PendingChange {
  return { topic: topicOf.plan(jobNumber), collection: PLAN_PARTS, id: planPartId(kind, id), doc: null };
}

/** The whole plan as read now: header, BOM lines and operations (with their backflushes). */
export async function readPlan(
  db: Sql,
  plan: PlanRow,
): Promise<{ header: PlanHeader; bom: BomLine[]; operations: Operation[] }> {
  const boms = await listBoms(db, plan.production_plan_id);
  const ops = await listOperations(db, plan.production_plan_id);
  const backflushes = await listBackflushes(db, plan.production_plan_id);
  return {
    header: toPlanHeader(plan),
    bom: boms.map(toBomLine),
    operations: ops.map((o) => toOperation(o, backflushes)),
  };
}

/**
 * Every part of a job's plan as changes of `plan:{JobNumber}` (header, BOM lines, operations), e.g. for
 * the seed to write the initial change log so following the topic from 0 gives the whole plan. Empty
 * when the job has no plan.
 */
export async function planDocuments(db: Sql, jobNumber: string): Promise<PendingChange[]> {
  const plan = await findPlanByJob(db, jobNumber);
  if (!plan) return [];
  const { header, bom, operations } = await readPlan(db, plan);
  return [
    planPartChange('plan', header),
    ...bom.map((b) => planPartChange('bom', b)),
    ...operations.map((o) => planPartChange('operation', o)),
  ];
}
