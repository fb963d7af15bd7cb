import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Count, Id, Num, PlantID, Text } from '../contract/fields';
import {
  actionFlags,
  Backflush,
  BomLine,
  JobNumber,
  Machine,
  MachineRate,
  Operation,
  PlanHeader,
  Printer,
  ProductionPlanState,
  RateType,
  ResourceID,
  Workcenter,
} from './entities';

/**
 * Every production-plan call: those of spec 001 §7 with the payloads and results it names, and those
 * the screens need beyond it (the plan list, machine, rate and workcenter maintenance). Permissions
 * from spec 000 §6: viewing plans needs viewProductionPlans (or editProductionPlans), changing them
 * editProductionPlans, machine and rate maintenance editMachineRates, workcenters editWorkcenters.
 */

const view: Access = { anyOf: ['viewProductionPlans', 'editProductionPlans'] };
const edit: Access = { allOf: ['editProductionPlans'] };

const nonNegative = z.number().min(0).max(1_000_000);
const minutes = z.number().min(0).max(100_000);

// --------------------------------------------------------------------------- reads

export const GetPrinterList = defineCall({
  method: 'GET',
  path: 'web/GetPrinterList',
  summary: 'The traveler printers of every plant.',
  access: view,
  payload: z.object({ PlantID: PlantID.optional() }),
  result: z.array(Printer),
});

export const GetMachinesForPlan = defineCall({
  method: 'GET',
  path: 'web/GetMachinesForPlan',
  summary: "The machines (resources) of the job's plant with their default worker count, switches and rates.",
  access: view,
  payload: z.object({ JobNumber }),
  result: z.array(Machine),
});

export const LoadProductionPlan2 = defineCall({
  method: 'GET',
  path: 'web/LoadProductionPlan2',
  summary:
    'A job with its production plan (BOM, operations, backflushes) and what the plan screen shows beside it.',
  access: view,
  payload: z.object({ JobNumber }),
  result: ProductionPlanState,
});

export const GetMachineRates = defineCall({
  method: 'GET',
  path: 'web/GetMachineRates',
  summary: "A machine's rates.",
  access: view,
  payload: z.object({ ResourceID }),
  result: z.array(MachineRate),
});

/** One row of the plan list (beyond the spec: /productionplans). */
export const PlanListRow = z.object({
  JobNumber: z.string(),
  ProductionPlanID: z.number().int(),
  PlantID: z.number().int(),
  PartNum: z.string(),
  PartDescription: z.string(),
  Quantity: z.number().int(),
  DueDate: z.string().nullable(),
  CustomerName: z.string().nullable(),
  OrderType: z.string(),
  Status: z.string(),
  FabricationHold: z.boolean(),
  ReadyForReview: z.boolean(),
  PlanReviewedBy: z.string().nullable(),
  PlanReviewedAt: z.string().nullable(),
  Operations: z.number().int(),
  LockedOperations: z.number().int(),
  ProductionEstimate: z.number(),
});
export type PlanListRow = z.infer<typeof PlanListRow>;

export const PlanListStatus = z.enum(['all', 'notReady', 'readyForReview', 'reviewed', 'hold']);

export const GetProductionPlanList = defineCall({
  method: 'GET',
  path: 'web/GetProductionPlanList',
  summary:
    'One page of production plans of a plant, searched in job number, part, description and customer, filtered by review state or hold, newest due first.',
  access: view,
  payload: z.object({
    PlantID: PlantID.optional(),
    Search: Text(100).optional(),
    Status: PlanListStatus.optional(),
    Skip: Count().default(0),
    Take: z.number().int().min(1).max(500).default(100),
  }),
  result: z.object({ Rows: z.array(PlanListRow), Total: z.number().int() }),
});

// --------------------------------------------------------------------------- plan edits (spec 001 §7)

/** The BOM fields a planner changes (spec 001 §3 BOM line). */
export const UpdateProductionBOM = defineCall({
  method: 'POST',
  path: 'web/UpdateProductionBOM',
  summary: 'Change one field of a BOM line.',
  access: edit,
  payload: fieldUpdate('a BOM line', 'ProductionPlanBOMID', Id, {
    QuantityPer: z.number().positive().max(100_000),
    FixedQty: z.boolean(),
    CutLength: nonNegative,
  }),
  result: BomLine,
});

const actionFieldSchemas = Object.fromEntries(actionFlags.map((f) => [f, z.boolean()])) as Record<
  (typeof actionFlags)[number],
  z.ZodBoolean
>;

/** The operation fields a planner changes, each with its type (brief §4.3). */
export const operationFields = {
  ResourceID: ResourceID.nullable(),
  MachineRateID: Id.nullable(),
  WorkerCount: z.number().int().min(1).max(50),
  ProductionQuantity: nonNegative,
  ProductionGroupID: Count().nullable(),
  Sequence: z.number().int().min(0).max(9999),
  RateType,
  Rework: z.boolean(),
  FinalAssembly: z.boolean(),
  PrintTraveler: z.boolean(),
  ...actionFieldSchemas,
  ProductionMinutesPerPiece: minutes,
  ProductionMinutesPerBundle: minutes,
  ProductionFeetPerMinute: minutes,
  SetupMinutes: minutes,
  ScheduledMinutesPerPiece: minutes,
  AlgorithmOverride: z.boolean(),
  EngineOverride: z.boolean(),
  /** An answer to the question the operation's algorithm posed; re-runs the algorithm. */
  AlgorithmAnswer: z.object({
    Key: Text(60).min(1),
    Value: z.union([Text(200), Num(-1_000_000_000, 1_000_000_000), z.boolean()]),
  }),
} as const;
export type OperationField = keyof typeof operationFields;

/** What an operation edit answers: the operation after the change and its follow-ups, and a message. */
export const OperationAnswer = z.object({
  Operation,
  /** Other operations of the plan the change touched (a paint operation made final, ...). */
  Others: z.array(Operation),
  /** 'Rate successfully calculated', the engine's stop message, or null. */
  Message: z.string().nullable(),
  MessageKind: z.enum(['success', 'error', 'info']).nullable(),
});
export type OperationAnswer = z.infer<typeof OperationAnswer>;

export const UpdateProductionOperation = defineCall({
  method: 'POST',
  path: 'web/UpdateProductionOperation',
  summary:
    'Change one field of an operation; the rules of spec 001 §4 follow (action flags, resource change, worker count, quantity, rates).',
  access: edit,
  payload: fieldUpdate('an operation', 'ProductionPlanOperationID', Id, operationFields),
  result: OperationAnswer,
});

export const AddProductionOperation = defineCall({
  method: 'POST',
  path: 'web/AddProductionOperation',
  summary: 'Add an operation to the plan, at the top level (ProductionPlanBOMID null) or on a BOM line.',
  access: edit,
  payload: z.object({ ProductionPlanID: Id, ProductionPlanBOMID: Id.nullable() }),
  result: Operation,
});

export const DeleteProductionOperation = defineCall({
  method: 'POST',
  path: 'web/DeleteProductionOperation',
  summary:
    'Delete an operation: Deleted when it is removed, Invalidated when it stays, marked invalidated and locked (printed, or with backflushes).',
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({ Invalidated: z.boolean(), Deleted: z.boolean(), Operation: Operation.nullable() }),
});

/** The result of an algorithm run (spec 001 §7 RunOperationAlgorithm). */
export const AlgorithmResult = z.object({
  Success: z.boolean(),
  QuestionPosed: z.boolean(),
  Question: z
    .object({ Key: z.string(), Text: z.string(), Kind: z.string(), Choices: z.array(z.string()) })
    .nullable(),
  Result: z.object({
    MinutesPerPiece: z.number(),
    MinutesPerBundle: z.number(),
    FeetPerMinute: z.number(),
    SetupMinutes: z.number(),
    SchedulingMinutesPerPiece: z.number(),
  }),
});
export type AlgorithmResult = z.infer<typeof AlgorithmResult>;

export const RunOperationAlgorithm = defineCall({
  method: 'GET',
  path: 'algorithm/RunOperationAlgorithm',
  summary:
    "Run the operation's rate algorithm with its stored answers and show the result (nothing is saved: an answer or a resource change saves).",
  access: view,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({
    result: AlgorithmResult,
    calculation: z.object({ RateLog: z.string() }),
  }),
});

export const RunOperationEngine = defineCall({
  method: 'POST',
  path: 'costing/RunOperationEngine',
  summary:
    "Run the costing engine of the operation's machine and, when it succeeds, assign its rate (spec 001 §4: it fails on no result, a stop message or zero production minutes).",
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({
    results: z.object({
      stopMessage: z.string().nullable(),
      productionMinutes: z.number().nullable(),
      setupMinutes: z.number().nullable(),
    }),
    log: z.string(),
    htmlLog: z.string(),
    /** Beyond the spec: the operation after the run, and the message to show (spec 001 §5). */
    Operation: Operation,
    Message: z.string(),
    MessageKind: z.enum(['success', 'error']),
  }),
});

const OperationPermissions = z.object({ AllowResourceChange: z.boolean(), AllowRateChange: z.boolean() });

export const LockProductionOperation2 = defineCall({
  method: 'POST',
  path: 'web/LockProductionOperation2',
  summary: 'Lock an operation: no resource or rate change until it is unlocked.',
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: OperationPermissions,
});

export const UnlockProductionOperation = defineCall({
  method: 'POST',
  path: 'web/UnlockProductionOperation',
  summary: 'Unlock an operation; clears Printed and answers what may change again.',
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: OperationPermissions,
});

export const SetProductionPlanOperationAsFinal = defineCall({
  method: 'POST',
  path: 'web/SetProductionPlanOperationAsFinal',
  summary: 'Make an operation the final one of its level (the others of that level stop being final).',
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({ Operations: z.array(Operation) }),
});

export const RemoveProductionPlanOperationAsFinal = defineCall({
  method: 'POST',
  path: 'web/RemoveProductionPlanOperationAsFinal',
  summary: 'The operation is no longer final.',
  access: edit,
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({ Operations: z.array(Operation) }),
});

export const AddProductionBackflush = defineCall({
  method: 'POST',
  path: 'web/AddProductionBackflush',
  summary: 'Backflush a BOM line at an operation (quantity per piece, default the line’s QuantityPer).',
  access: edit,
  payload: z.object({ ProductionPlanBOMID: Id, ProductionPlanOperationID: Id }),
  result: Backflush,
});

export const UpdateProductionBackflush = defineCall({
  method: 'POST',
  path: 'web/UpdateProductionBackflush',
  summary: 'Change a backflush quantity; a quantity of 0 deletes the backflush.',
  access: edit,
  payload: fieldUpdate('a backflush', 'ProductionPlanBackflushID', Id, {
    Quantity: nonNegative,
  }),
  result: z.object({ Backflush: Backflush.nullable(), Deleted: z.boolean() }),
});

export const DeleteProductionBackflush = defineCall({
  method: 'POST',
  path: 'web/DeleteProductionBackflush',
  summary: 'Delete a backflush.',
  access: edit,
  payload: z.object({ ProductionPlanBackflushID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const UpdateProductionPlan = defineCall({
  method: 'POST',
  path: 'web/UpdateProductionPlan',
  summary:
    'Change one field of the plan: quantity, bundle size (paint operations recalculate), ready for review (clears the review), printer and traveler options, fabrication hold.',
  access: edit,
  payload: fieldUpdate('a production plan', 'ProductionPlanID', Id, {
    Quantity: z.number().int().min(1).max(1_000_000),
    BundleSize: z.number().int().min(1).max(100_000),
    ReadyForReview: z.boolean(),
    PrinterID: Id.nullable(),
    IncludeQAD: z.boolean(),
    IncludeDrawings: z.boolean(),
    FabricationHold: z.boolean(),
    FabricationHoldNotes: Text(2000),
  }),
  result: z.object({ Plan: PlanHeader, Operations: z.array(Operation) }),
});

export const MarkPlanReviewed = defineCall({
  method: 'POST',
  path: 'web/MarkPlanReviewed',
  summary: 'Record that the current employee reviewed the plan, now. The plan must be ready for review.',
  access: edit,
  payload: z.object({ ProductionPlanID: Id }),
  result: PlanHeader,
});

/** Beyond the spec: mark the operations' travelers printed on a printer (the traveler printing options). */
export const PrintTravelers = defineCall({
  method: 'POST',
  path: 'web/PrintTravelers',
  summary:
    'Send the travelers of the plan’s operations that print one to a printer; marks them Printed (locked operations included).',
  access: edit,
  payload: z.object({ ProductionPlanID: Id, PrinterID: Id }),
  result: z.object({ Printed: z.array(z.number().int()), PrinterName: z.string() }),
});

// --------------------------------------------------------------------------- machines, rates, workcenters (beyond the spec)

export const GetMachines = defineCall({
  method: 'GET',
  path: 'web/GetMachines',
  summary: 'The machines of a plant (all plants when PlantID is left out) with their rates.',
  // Whoever maintains machines, rates or workcenters reads them too (the /machines screens).
  access: { anyOf: ['viewProductionPlans', 'editProductionPlans', 'editMachineRates', 'editWorkcenters'] },
  payload: z.object({ PlantID: PlantID.optional() }),
  result: z.array(Machine),
});

export const UpdateMachine = defineCall({
  method: 'POST',
  path: 'web/UpdateMachine',
  summary: "Change a machine's description, workcenter, default worker count, engine or algorithm switch.",
  access: { allOf: ['editMachineRates'] },
  payload: fieldUpdate('a machine', 'ResourceID', ResourceID, {
    Description: Text(100).trim().min(1),
    WorkcenterID: Id.nullable(),
    DefaultWorkerCount: z.number().int().min(1).max(50),
    EngineActive: z.boolean(),
    AlgorithmActive: z.boolean(),
    Active: z.boolean(),
  }),
  result: Machine,
});

export const AddMachineRate = defineCall({
  method: 'POST',
  path: 'web/AddMachineRate',
  summary: 'Add a rate to a machine.',
  access: { allOf: ['editMachineRates'] },
  payload: z.object({ ResourceID, Description: Text(100).trim().min(1) }),
  result: MachineRate,
});

export const UpdateMachineRate = defineCall({
  method: 'POST',
  path: 'web/UpdateMachineRate',
  summary:
    'Change one field of a machine rate; making one official makes the others of the machine unofficial.',
  access: { allOf: ['editMachineRates'] },
  payload: fieldUpdate('a machine rate', 'MachineRateID', Id, {
    Description: Text(100).trim().min(1),
    ProductionMinutesPerPiece: minutes,
    ProductionMinutesPerBundle: minutes,
    ProductionFeetPerMinute: minutes,
    SetupMinutes: minutes,
    SchedulingMinutesPerPiece: minutes,
    Official: z.boolean(),
  }),
  result: MachineRate,
});

export const DeleteMachineRate = defineCall({
  method: 'POST',
  path: 'web/DeleteMachineRate',
  summary: 'Remove a machine rate (operations that chose it keep their figures until re-rated).',
  access: { allOf: ['editMachineRates'] },
  payload: z.object({ MachineRateID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const GetWorkcenters = defineCall({
  method: 'GET',
  path: 'web/GetWorkcenters',
  summary: 'The workcenters of a plant (all plants when PlantID is left out) with their machines.',
  access: { anyOf: ['viewProductionPlans', 'editProductionPlans', 'editWorkcenters', 'editMachineRates'] },
  payload: z.object({ PlantID: PlantID.optional() }),
  result: z.array(Workcenter),
});

export const AddWorkcenter = defineCall({
  method: 'POST',
  path: 'web/AddWorkcenter',
  summary: 'Add a workcenter to a plant.',
  access: { allOf: ['editWorkcenters'] },
  payload: z.object({ PlantID, Name: Text(60).trim().min(1) }),
  result: Workcenter,
});

export const UpdateWorkcenter = defineCall({
  method: 'POST',
  path: 'web/UpdateWorkcenter',
  summary: "Change a workcenter's name, description, colour or active switch.",
  access: { allOf: ['editWorkcenters'] },
  payload: fieldUpdate('a workcenter', 'WorkcenterID', Id, {
    Name: Text(60).trim().min(1),
    Description: Text(500),
    Color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Color must look like #1f6feb'),
    Active: z.boolean(),
  }),
  result: Workcenter,
});

export const productionPlanCalls = [
  GetPrinterList,
  GetMachinesForPlan,
  LoadProductionPlan2,
  GetMachineRates,
  GetProductionPlanList,
  UpdateProductionBOM,
  UpdateProductionOperation,
  AddProductionOperation,
  DeleteProductionOperation,
  RunOperationAlgorithm,
  RunOperationEngine,
  LockProductionOperation2,
  UnlockProductionOperation,
  SetProductionPlanOperationAsFinal,
  RemoveProductionPlanOperationAsFinal,
  AddProductionBackflush,
  UpdateProductionBackflush,
  DeleteProductionBackflush,
  UpdateProductionPlan,
  MarkPlanReviewed,
  PrintTravelers,
  GetMachines,
  UpdateMachine,
  AddMachineRate,
  UpdateMachineRate,
  DeleteMachineRate,
  GetWorkcenters,
  AddWorkcenter,
  UpdateWorkcenter,
] as const;
