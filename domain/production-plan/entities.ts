import { z } from 'zod';

/**
 * The production-plan entities of spec 001 §3 (Production plan state, Plan, BOM line, Operation,
 * Machine), as the calls of §7 carry them: PascalCase, the names the spec gives. Fields the spec lists
 * only as a family ("Action* flags", "the estimate tooltips") were given the obvious names here, once.
 */

/** How an operation's production minutes are rated (spec 001 §3 Operation RateType). */
export const RateType = z.enum(['MPP', 'Bundle', 'Foot']);
export type RateType = z.infer<typeof RateType>;

/**
 * The Action* flags of an operation: what the operation does. ActionPaint and ActionSetup have rules of
 * their own (spec 001 §4 Action flags); the others follow the processes of a racking plant.
 */
export const actionFlags = [
  'ActionSetup',
  'ActionSlit',
  'ActionRollForm',
  'ActionPunch',
  'ActionCut',
  'ActionWeld',
  'ActionPaint',
  'ActionAssemble',
  'ActionPack',
] as const;
export type ActionFlag = (typeof actionFlags)[number];

export const JobNumber = z
  .string()
  .trim()
  .min(1, 'JobNumber is required')
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'JobNumber may contain only letters, digits and dashes');

export const ResourceID = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9-]+$/, 'ResourceID may contain only letters, digits and dashes');

export const Backflush = z.object({
  ProductionPlanBackflushID: z.number().int(),
  ProductionPlanOperationID: z.number().int(),
  ProductionPlanBOMID: z.number().int(),
  Quantity: z.number(),
});
export type Backflush = z.infer<typeof Backflush>;

const actionShape = Object.fromEntries(actionFlags.map((f) => [f, z.boolean()])) as Record<
  ActionFlag,
  z.ZodBoolean
>;

export const Operation = z.object({
  // Identity and structure
  ProductionPlanOperationID: z.number().int(),
  ProductionPlanID: z.number().int(),
  JobNumber: z.string(),
  /** Null: a top-level operation (on the job's part), else an operation on that BOM line. */
  ProductionPlanBOMID: z.number().int().nullable(),
  ProductionGroupID: z.number().int().nullable(),
  /** Order of the operation within its level (10, 20, 30 ...). */
  Sequence: z.number().int(),
  ResourceID: z.string().nullable(),
  MachineRateID: z.number().int().nullable(),
  // Work
  WorkerCount: z.number().int(),
  ProductionQuantity: z.number(),
  // State flags
  Locked: z.boolean(),
  Invalidated: z.boolean(),
  Rework: z.boolean(),
  FinalOperation: z.boolean(),
  FinalAssembly: z.boolean(),
  PrintTraveler: z.boolean(),
  Printed: z.boolean(),
  // Action flags
  ...actionShape,
  RateType: RateType,
  // Cost and production figures (minutes)
  SetupMinutes: z.number(),
  CostSetupMinutes: z.number(),
  CostEstimate: z.number(),
  CostMinutesPerPiece: z.number(),
  ProductionEstimate: z.number(),
  ProductionMinutesPerPiece: z.number(),
  ProductionMinutesPerBundle: z.number(),
  ProductionFeetPerMinute: z.number(),
  ScheduledMinutesPerPiece: z.number(),
  /** How ProductionEstimate was computed, in words (the estimate's tooltip). */
  ProductionEstimateTooltip: z.string(),
  /** How CostEstimate was computed, in words. */
  CostEstimateTooltip: z.string(),
  // Algorithm
  AlgorithmDerivedRate: z.boolean(),
  AlgorithmOverride: z.boolean(),
  AlgorithmOverrideBy: z.string().nullable(),
  AlgorithmRateLog: z.string().nullable(),
  AlgorithmResultJSON: z.string().nullable(),
  AlgorithmCalculationJSON: z.string().nullable(),
  /** Answers given to the algorithm's questions, by question key (JSON object text). */
  AlgorithmAnswersJSON: z.string().nullable(),
  // Engine
  EngineAssignedRate: z.boolean(),
  EngineOverride: z.boolean(),
  EngineOverrideBy: z.string().nullable(),
  EngineCalculationJSON: z.string().nullable(),
  // Permissions on the operation
  AllowResourceChange: z.boolean(),
  AllowRateChange: z.boolean(),
  Backflushes: z.array(Backflush),
  /** Grows by one on every change: a screen keeps the newest of two copies of the same operation. */
  RowVersion: z.number().int(),
});
export type Operation = z.infer<typeof Operation>;

export const BomLine = z.object({
  ProductionPlanBOMID: z.number().int(),
  ProductionPlanID: z.number().int(),
  JobNumber: z.string(),
  Sequence: z.number().int(),
  PartNum: z.string(),
  Description: z.string(),
  QuantityPer: z.number(),
  /** A fixed quantity for the job, not per piece. */
  FixedQty: z.boolean(),
  /** Inches. */
  CutLength: z.number(),
  UOM: z.string(),
  RowVersion: z.number().int(),
});
export type BomLine = z.infer<typeof BomLine>;

/** The plan itself, without its lists (what the `plan:{JobNumber}` topic carries as kind `plan`). */
export const PlanHeader = z.object({
  ProductionPlanID: z.number().int(),
  JobNumber: z.string(),
  Quantity: z.number().int(),
  BundleSize: z.number().int(),
  ReadyForReview: z.boolean(),
  PlanReviewedBy: z.string().nullable(),
  PlanReviewedAt: z.string().nullable(),
  PrinterID: z.number().int().nullable(),
  IncludeQAD: z.boolean(),
  IncludeDrawings: z.boolean(),
  FabricationHold: z.boolean(),
  FabricationHoldNotes: z.string(),
  RowVersion: z.number().int(),
});
export type PlanHeader = z.infer<typeof PlanHeader>;

/** Spec 001 §3 Plan: the header with its BOM and Operations. */
export const Plan = PlanHeader.extend({
  BOM: z.array(BomLine),
  Operations: z.array(Operation),
});
export type Plan = z.infer<typeof Plan>;

/** The part a job makes, with the attributes the costing engines and algorithms read. */
export const Part = z.object({
  PartNum: z.string(),
  Description: z.string(),
  /** Upright, Beam, Brace, Baseplate, Column, Wire deck, Row spacer ... */
  PartClass: z.string(),
  /** HR (hot rolled), CR (cold rolled), GALV. */
  Material: z.string(),
  Gauge: z.number().nullable(),
  /** Pounds per piece. */
  Weight: z.number().nullable(),
  /** Inches. */
  Length: z.number().nullable(),
  Width: z.number().nullable(),
  Holes: z.number().int().nullable(),
  Welds: z.number().int().nullable(),
  Painted: z.boolean(),
  Color: z.string().nullable(),
});
export type Part = z.infer<typeof Part>;

export const Job = z.object({
  JobNumber: z.string(),
  PlantID: z.number().int(),
  PartNum: z.string(),
  Part: Part,
  Quantity: z.number().int(),
  DueDate: z.string().nullable(),
  OrderNum: z.number().int().nullable(),
  CustomerName: z.string().nullable(),
  /** Make to order (MTO), make to stock (MTS), rework (RWK). */
  OrderType: z.string(),
  Status: z.string(),
});
export type Job = z.infer<typeof Job>;

export const MachineRate = z.object({
  MachineRateID: z.number().int(),
  ResourceID: z.string(),
  Description: z.string(),
  ProductionMinutesPerPiece: z.number(),
  ProductionMinutesPerBundle: z.number(),
  ProductionFeetPerMinute: z.number(),
  SetupMinutes: z.number(),
  SchedulingMinutesPerPiece: z.number(),
  Official: z.boolean(),
});
export type MachineRate = z.infer<typeof MachineRate>;

/** Spec 001 §3 Machine (a resource of the ERP). */
export const Machine = z.object({
  ResourceID: z.string(),
  PlantID: z.number().int(),
  WorkcenterID: z.number().int().nullable(),
  Description: z.string(),
  /** Slitting, Roll forming, Punching, Cutting, Welding, Painting, Assembly. */
  Process: z.string(),
  DefaultWorkerCount: z.number().int(),
  EngineActive: z.boolean(),
  AlgorithmActive: z.boolean(),
  Active: z.boolean(),
  MachineRates: z.array(MachineRate),
});
export type Machine = z.infer<typeof Machine>;

export const Workcenter = z.object({
  WorkcenterID: z.number().int(),
  PlantID: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Color: z.string(),
  Active: z.boolean(),
  Resources: z.array(z.string()),
});
export type Workcenter = z.infer<typeof Workcenter>;

/**
 * A new operation's fields apart from its identity, place, machine, workers, quantity and rate type:
 * nothing done, locked or overridden, a traveler to print, no figures yet. The plan service's new
 * operations and the demo seed start from it.
 */
export function operationDefaults(): Omit<
  Operation,
  | 'ProductionPlanOperationID'
  | 'ProductionPlanID'
  | 'JobNumber'
  | 'ProductionPlanBOMID'
  | 'Sequence'
  | 'ResourceID'
  | 'MachineRateID'
  | 'WorkerCount'
  | 'ProductionQuantity'
  | 'RateType'
> {
  return {
    ProductionGroupID: null,
    Locked: false,
    Invalidated: false,
    Rework: false,
    FinalOperation: false,
    FinalAssembly: false,
    PrintTraveler: true,
    Printed: false,
    ActionSetup: false,
    ActionSlit: false,
    ActionRollForm: false,
    ActionPunch: false,
    ActionCut: false,
    ActionWeld: false,
    ActionPaint: false,
    ActionAssemble: false,
    ActionPack: false,
    SetupMinutes: 0,
    CostSetupMinutes: 0,
    CostEstimate: 0,
    CostMinutesPerPiece: 0,
    ProductionEstimate: 0,
    ProductionMinutesPerPiece: 0,
    ProductionMinutesPerBundle: 0,
    ProductionFeetPerMinute: 0,
    ScheduledMinutesPerPiece: 0,
    ProductionEstimateTooltip: '',
    CostEstimateTooltip: '',
    AlgorithmDerivedRate: false,
    AlgorithmOverride: false,
    AlgorithmOverrideBy: null,
    AlgorithmRateLog: null,
    AlgorithmResultJSON: null,
    AlgorithmCalculationJSON: null,
    AlgorithmAnswersJSON: null,
    EngineAssignedRate: false,
    EngineOverride: false,
    EngineOverrideBy: null,
    EngineCalculationJSON: null,
    AllowResourceChange: true,
    AllowRateChange: true,
    Backflushes: [],
    RowVersion: 1,
  };
}

export const Printer = z.object({
  PrinterID: z.number().int(),
  PlantID: z.number().int(),
  Name: z.string(),
  Location: z.string(),
});
export type Printer = z.infer<typeof Printer>;

/** Material allocated to the job (read-only here; the inventory area owns allocations). */
export const Allocation = z.object({
  PartNum: z.string(),
  Description: z.string(),
  Quantity: z.number(),
  UOM: z.string(),
  Location: z.string(),
});
export const DemandLine = z.object({
  OrderNum: z.number().int().nullable(),
  CustomerName: z.string(),
  Quantity: z.number(),
  DueDate: z.string().nullable(),
});
export const UnclaimedMaterial = z.object({
  PartNum: z.string(),
  Description: z.string(),
  Quantity: z.number(),
  UOM: z.string(),
});
export const JobDocument = z.object({ Title: z.string(), URL: z.string() });

/** The job's schedule, as the plan screen shows it: one row per operation with a task (spec 001 §3 state `schedule`). */
export const PlanScheduleLine = z.object({
  ProductionPlanOperationID: z.number().int(),
  ResourceID: z.string(),
  ScheduledStart: z.string().nullable(),
  ScheduledEnd: z.string().nullable(),
});

/** `web/LoadProductionPlan2` (spec 001 §7): the production plan state of §3. */
export const ProductionPlanState = z.object({
  Plan: Plan,
  Job: Job,
  Allocations: z.array(Allocation),
  Tags: z.array(z.string()),
  DemandSummary: z.array(DemandLine),
  Unclaimed: z.array(UnclaimedMaterial),
  QADocuments: z.array(JobDocument),
  Drawings: z.array(JobDocument),
  Schedule: z.array(PlanScheduleLine),
  Plant: z.object({ PlantID: z.number().int(), PlantName: z.string(), TimeZone: z.string() }),
  OrderType: z.string(),
  FabricationHold: z.boolean(),
  FabricationHoldNotes: z.string(),
  /** The `plan:{JobNumber}` topic's sequence when this was read: changes after it are newer. */
  Seq: z.number().int(),
});
export type ProductionPlanState = z.infer<typeof ProductionPlanState>;
