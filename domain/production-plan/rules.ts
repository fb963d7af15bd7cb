import { roundTo } from '../expression/expression';
import type { ActionFlag, MachineRate, Operation, PlanHeader } from './entities';
import { actionFlags } from './entities';
import { bundleCount } from './inputs';

/**
 * The production-plan rules of spec 001 §4 and §9, pure, used by the server (the authority) and by the
 * plan screen (which shows the effect of an edit before the server's answer arrives). Each function
 * returns the fields that change, never mutates its arguments.
 */

export type OperationPatch = Partial<Operation>;

/** Spec 001 §9: estimates are rounded to 4 decimals. */
export const ESTIMATE_DECIMALS = 4;
/** Spec 001 §9: cost per unit is shown with 2 decimals. */
export const COST_PER_UNIT_DECIMALS = 2;

export const ENGINE_FAILED_MESSAGE = 'Costing Engine Failed. You should be able to select a rate manually.';
export const ENGINE_SUCCESS_MESSAGE = 'Rate successfully calculated';

const round4 = (n: number) => roundTo(n, ESTIMATE_DECIMALS);

// ---------------------------------------------------------------------------------------------------
// Action flags (spec 001 §4)

/**
 * Turning an Action flag on or off. ActionPaint on: ActionSetup and PrintTraveler off, FinalAssembly
 * cleared, and the operation becomes Rework when another paint operation of the plan is already final,
 * else FinalOperation follows the value. ActionPaint off: FinalOperation follows the value (off). Any
 * other Action flag turned on also turns ActionSetup on.
 */
export function applyActionFlag(
  op: Pick<Operation, 'ProductionPlanOperationID'>,
  flag: ActionFlag,
  value: boolean,
  plan: readonly Pick<
    Operation,
    'ProductionPlanOperationID' | 'ActionPaint' | 'FinalOperation' | 'Invalidated'
  >[],
): OperationPatch {
  const patch: OperationPatch = { [flag]: value };
  if (flag === 'ActionPaint') {
    if (value) {
      patch.ActionSetup = false;
      patch.PrintTraveler = false;
      patch.FinalAssembly = false;
      const finalPaint = plan.some(
        (o) =>
          o.ProductionPlanOperationID !== op.ProductionPlanOperationID &&
          o.ActionPaint &&
          o.FinalOperation &&
          !o.Invalidated,
      );
      if (finalPaint) patch.Rework = true;
      else patch.FinalOperation = true;
    } else {
      patch.FinalOperation = false;
    }
  } else if (value && flag !== 'ActionSetup') {
    patch.ActionSetup = true;
  }
  return patch;
}

type PaintFields = Pick<
  Operation,
  | 'ActionPaint'
  | 'ActionSetup'
  | 'PrintTraveler'
  | 'Rework'
  | 'FinalOperation'
  | 'FinalAssembly'
  | 'ProductionEstimate'
>;

/**
 * What turning Paint on changed on an operation, and why (issue 15, item 8): one sentence per changed
 * field, by the rules of applyActionFlag and the estimate rules. The plan screen shows them beside the
 * operation for the planner who turned Paint on and for others who see the change arrive live. Empty
 * when Paint did not go from off to on.
 */
export function paintChanges(
  before: PaintFields,
  after: PaintFields,
): { text: string; values?: Record<string, string | number> }[] {
  if (before.ActionPaint || !after.ActionPaint) return [];
  const out: { text: string; values?: Record<string, string | number> }[] = [];
  if (before.ActionSetup && !after.ActionSetup)
    out.push({ text: 'Setup turned off: a paint operation has no setup of its own.' });
  if (before.PrintTraveler && !after.PrintTraveler)
    out.push({ text: 'Print traveler turned off: paint operations do not print a traveler.' });
  if (!before.Rework && after.Rework)
    out.push({
      text: 'Rework turned on: another paint operation of this plan is already final, so this one is a repaint.',
    });
  if (!before.FinalOperation && after.FinalOperation)
    out.push({ text: 'Final operation turned on: the paint operation finishes the part.' });
  if (before.FinalAssembly && !after.FinalAssembly)
    out.push({ text: 'Final assembly cleared: painting comes after assembly.' });
  if (before.ProductionEstimate !== after.ProductionEstimate)
    out.push({
      text: after.Rework
        ? 'Estimate {{from}} → {{to}} min: rework zeroes the estimates.'
        : 'Estimate {{from}} → {{to}} min: recalculated without the setup.',
      values: { from: before.ProductionEstimate, to: after.ProductionEstimate },
    });
  return out;
}

export function isActionFlag(name: string): name is ActionFlag {
  return (actionFlags as readonly string[]).includes(name);
}

// ---------------------------------------------------------------------------------------------------
// Changing the resource (spec 001 §4)

export type RateSourceStep = 'engine' | 'algorithm' | 'clear';

export interface ResourceMachine {
  DefaultWorkerCount: number;
  EngineActive: boolean;
  AlgorithmActive: boolean;
  MachineRates: readonly Pick<MachineRate, 'MachineRateID' | 'Official'>[];
}

/**
 * A new resource: WorkerCount resets to the machine's default (or 1), then the engine runs when the
 * machine's engine is active, else the algorithm when it is active, else the algorithm and engine flags
 * are cleared. The machine rate is reset to the new machine's official rate (a rate of the old machine
 * means nothing on the new one), answers given to the old machine's algorithm are dropped, and
 * overrides are cleared: the new machine's sources decide afresh.
 */
export function changeResource(
  resourceId: string | null,
  machine: ResourceMachine | null,
): { patch: OperationPatch; next: RateSourceStep } {
  const official = machine?.MachineRates.find((r) => r.Official) ?? null;
  const patch: OperationPatch = {
    ResourceID: resourceId,
    WorkerCount: machine && machine.DefaultWorkerCount > 0 ? machine.DefaultWorkerCount : 1,
    MachineRateID: official?.MachineRateID ?? null,
    AlgorithmOverride: false,
    AlgorithmOverrideBy: null,
    EngineOverride: false,
    EngineOverrideBy: null,
    // Answers were given to the old machine's algorithm's questions.
    AlgorithmAnswersJSON: null,
  };
  const next: RateSourceStep = machine?.EngineActive
    ? 'engine'
    : machine?.AlgorithmActive
      ? 'algorithm'
      : 'clear';
  if (next !== 'algorithm') Object.assign(patch, clearedAlgorithm());
  if (next !== 'engine') Object.assign(patch, clearedEngine());
  return { patch, next };
}

export function clearedAlgorithm(): OperationPatch {
  return {
    AlgorithmDerivedRate: false,
    AlgorithmRateLog: null,
    AlgorithmResultJSON: null,
    AlgorithmCalculationJSON: null,
    AlgorithmAnswersJSON: null,
  };
}

export function clearedEngine(): OperationPatch {
  return { EngineAssignedRate: false, EngineCalculationJSON: null };
}

// ---------------------------------------------------------------------------------------------------
// Engine and algorithm outcomes (spec 001 §4 rate source precedence, §5/§8 messages)

export interface EngineResults {
  stopMessage: string | null;
  productionMinutes: number | null;
  setupMinutes: number | null;
}

/**
 * The engine's rate counts as failed when there is no result, a stop message, or zero production
 * minutes; then EngineAssignedRate is false and the message is the stop message, or else the generic
 * failure. Success: 'Rate successfully calculated'.
 */
export function engineOutcome(results: EngineResults | null | undefined): {
  ok: boolean;
  message: string;
} {
  if (!results) return { ok: false, message: ENGINE_FAILED_MESSAGE };
  if (results.stopMessage) return { ok: false, message: results.stopMessage };
  if (!results.productionMinutes || !(results.productionMinutes > 0)) {
    return { ok: false, message: ENGINE_FAILED_MESSAGE };
  }
  return { ok: true, message: ENGINE_SUCCESS_MESSAGE };
}

/** The rates of an algorithm result (spec 001 §7 RunOperationAlgorithm Result). */
export interface AlgorithmRates {
  MinutesPerPiece: number;
  MinutesPerBundle: number;
  FeetPerMinute: number;
  SetupMinutes: number;
  SchedulingMinutesPerPiece: number;
}

export type RateSource = 'rework' | 'algorithm' | 'engine' | 'machine' | 'manual';

export interface EffectiveRate {
  source: RateSource;
  MinutesPerPiece: number;
  MinutesPerBundle: number;
  FeetPerMinute: number;
  SetupMinutes: number;
  SchedulingMinutesPerPiece: number;
}

const parse = <T>(json: string | null): T | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
};

/** A rate an operation would take on another machine (a schedule task dropped on another lane). */
export interface RateOnMachine {
  Source: 'algorithm' | 'engine';
  MinutesPerPiece: number;
  SetupMinutes: number;
}

/**
 * The first two steps of the rate precedence (spec 001 §4) for an operation on another machine: that
 * machine's algorithm when it answers without a question, else its costing engine when the engine's
 * rate does not count as failed (engineOutcome), spread over the pieces. null: neither, so the
 * machine's chosen (official) rate comes next, which only the caller knows.
 */
export function rateOnMachine(
  algorithm: { Success: boolean; QuestionPosed: boolean; Result: AlgorithmRates } | null,
  engine: EngineResults | null,
  quantity: number,
): RateOnMachine | null {
  if (algorithm?.Success && !algorithm.QuestionPosed) {
    const r = algorithm.Result;
    const perPiece = r.SchedulingMinutesPerPiece || r.MinutesPerPiece;
    if (perPiece > 0)
      return { Source: 'algorithm', MinutesPerPiece: round4(perPiece), SetupMinutes: round4(r.SetupMinutes) };
  }
  if (engine && engineOutcome(engine).ok && quantity > 0) {
    return {
      Source: 'engine',
      MinutesPerPiece: round4(engine.productionMinutes! / quantity),
      SetupMinutes: round4(engine.setupMinutes ?? 0),
    };
  }
  return null;
}

/** The stored engine calculation: the results of its last successful run. */
export interface StoredEngineCalculation {
  results: EngineResults;
  /** The quantity the engine's production minutes are for. */
  quantity: number;
}

/**
 * Rate source precedence (spec 001 §4): the algorithm-derived rate first, then the engine-assigned
 * rate, then the chosen machine rate; with none of them the operation's own figures stand (typed by
 * the planner). An override switches its source off. Rework zeroes everything.
 */
export function effectiveRate(
  op: Pick<
    Operation,
    | 'Rework'
    | 'AlgorithmDerivedRate'
    | 'AlgorithmOverride'
    | 'AlgorithmResultJSON'
    | 'EngineAssignedRate'
    | 'EngineOverride'
    | 'EngineCalculationJSON'
    | 'ProductionMinutesPerPiece'
    | 'ProductionMinutesPerBundle'
    | 'ProductionFeetPerMinute'
    | 'SetupMinutes'
    | 'ScheduledMinutesPerPiece'
    | 'ProductionQuantity'
  >,
  machineRate: Pick<
    MachineRate,
    | 'ProductionMinutesPerPiece'
    | 'ProductionMinutesPerBundle'
    | 'ProductionFeetPerMinute'
    | 'SetupMinutes'
    | 'SchedulingMinutesPerPiece'
  > | null,
): EffectiveRate {
  if (op.Rework) {
    return {
      source: 'rework',
      MinutesPerPiece: 0,
      MinutesPerBundle: 0,
      FeetPerMinute: 0,
      SetupMinutes: 0,
      SchedulingMinutesPerPiece: 0,
    };
  }
  if (op.AlgorithmDerivedRate && !op.AlgorithmOverride) {
    const result = parse<{ Result?: AlgorithmRates }>(op.AlgorithmResultJSON)?.Result;
    if (result) return { source: 'algorithm', ...result };
  }
  if (op.EngineAssignedRate && !op.EngineOverride) {
    const calc = parse<StoredEngineCalculation>(op.EngineCalculationJSON);
    const minutes = calc?.results.productionMinutes ?? 0;
    const quantity = calc?.quantity ?? op.ProductionQuantity;
    if (minutes > 0 && quantity > 0) {
      const perPiece = minutes / quantity;
      return {
        source: 'engine',
        MinutesPerPiece: round4(perPiece),
        MinutesPerBundle: 0,
        FeetPerMinute: 0,
        SetupMinutes: calc?.results.setupMinutes ?? 0,
        SchedulingMinutesPerPiece: round4(perPiece),
      };
    }
  }
  if (machineRate) {
    return {
      source: 'machine',
      MinutesPerPiece: machineRate.ProductionMinutesPerPiece,
      MinutesPerBundle: machineRate.ProductionMinutesPerBundle,
      FeetPerMinute: machineRate.ProductionFeetPerMinute,
      SetupMinutes: machineRate.SetupMinutes,
      SchedulingMinutesPerPiece: machineRate.SchedulingMinutesPerPiece,
    };
  }
  return {
    source: 'manual',
    MinutesPerPiece: op.ProductionMinutesPerPiece,
    MinutesPerBundle: op.ProductionMinutesPerBundle,
    FeetPerMinute: op.ProductionFeetPerMinute,
    SetupMinutes: op.SetupMinutes,
    SchedulingMinutesPerPiece: op.ScheduledMinutesPerPiece,
  };
}

// ---------------------------------------------------------------------------------------------------
// Estimates (spec 001 §9)

/** Spec 001 §9: quantity times cut length (inches), divided by 12, divided by feet per minute. */
export function footRateMinutes(quantity: number, cutLength: number, feetPerMinute: number): number {
  if (!(feetPerMinute > 0)) return 0;
  return round4((quantity * cutLength) / 12 / feetPerMinute);
}

/** Spec 001 §9: workers times minutes per piece times quantity. */
export function pieceRateCost(workers: number, minutesPerPiece: number, quantity: number): number {
  return round4(workers * minutesPerPiece * quantity);
}

/** Cost per unit as shown: 2 decimals (spec 001 §9). */
export function costPerUnit(costEstimate: number, quantity: number): string {
  if (!(quantity > 0)) return (0).toFixed(COST_PER_UNIT_DECIMALS);
  return (roundTo(costEstimate / quantity, COST_PER_UNIT_DECIMALS) + 0).toFixed(COST_PER_UNIT_DECIMALS);
}

const n4 = (n: number) => String(round4(n));

/**
 * The operation's figures from its effective rate: production minutes per piece, per bundle, feet per
 * minute, setup, scheduled minutes per piece, the production estimate by rate type (MPP: quantity ×
 * minutes per piece; Bundle: bundles × minutes per bundle, bundles = ceil(quantity / bundle size);
 * Foot: quantity × cut length / 12 / feet per minute), the cost estimate (workers × minutes per piece ×
 * quantity, where minutes per piece is the estimate's per piece for bundle and foot rates), and the
 * tooltips that explain both. Every figure rounded to 4 decimals.
 */
export function computeFigures(
  op: Pick<Operation, 'RateType' | 'ProductionQuantity' | 'WorkerCount' | 'ActionSetup'> &
    Parameters<typeof effectiveRate>[0],
  plan: Pick<PlanHeader, 'BundleSize'>,
  cutLength: number | null,
  machineRate: Parameters<typeof effectiveRate>[1],
): OperationPatch {
  const rate = effectiveRate(op, machineRate);
  const qty = op.ProductionQuantity;
  const workers = op.WorkerCount;
  let estimate = 0;
  let estimateTip: string;
  if (rate.source === 'rework') {
    estimateTip = 'Rework: no production estimate';
  } else if (op.RateType === 'Bundle') {
    const bundles = bundleCount(qty, plan.BundleSize);
    estimate = round4(bundles * rate.MinutesPerBundle);
    estimateTip = `${bundles} bundles (${qty} ÷ ${plan.BundleSize}, rounded up) × ${n4(rate.MinutesPerBundle)} min per bundle = ${n4(estimate)} min`;
  } else if (op.RateType === 'Foot') {
    const length = cutLength ?? 0;
    estimate = footRateMinutes(qty, length, rate.FeetPerMinute);
    estimateTip =
      rate.FeetPerMinute > 0
        ? `${qty} pcs × ${n4(length)} in ÷ 12 ÷ ${n4(rate.FeetPerMinute)} ft/min = ${n4(estimate)} min`
        : 'No feet per minute: no estimate';
  } else {
    estimate = round4(qty * rate.MinutesPerPiece);
    estimateTip = `${qty} pcs × ${n4(rate.MinutesPerPiece)} min per piece = ${n4(estimate)} min`;
  }
  // Minutes per piece of labour: the rate's own for MPP, the estimate's share for bundle and foot rates
  // (unrounded here, so 2 workers × 40 min for 300 pcs cost 80, not 2 × 0.1333 × 300 = 79.98).
  const exactPerPiece =
    rate.source === 'rework'
      ? 0
      : op.RateType === 'MPP'
        ? rate.MinutesPerPiece
        : qty > 0
          ? estimate / qty
          : 0;
  const costPerPiece = round4(exactPerPiece);
  const cost = pieceRateCost(workers, exactPerPiece, qty);
  const setup = rate.source === 'rework' ? 0 : round4(rate.SetupMinutes);
  const source = {
    rework: 'rework',
    algorithm: 'algorithm',
    engine: 'costing engine',
    machine: 'machine rate',
    manual: 'entered rate',
  }[rate.source];
  return {
    ProductionMinutesPerPiece: round4(rate.MinutesPerPiece),
    ProductionMinutesPerBundle: round4(rate.MinutesPerBundle),
    ProductionFeetPerMinute: round4(rate.FeetPerMinute),
    SetupMinutes: setup,
    ScheduledMinutesPerPiece: round4(rate.SchedulingMinutesPerPiece || costPerPiece),
    ProductionEstimate: estimate,
    ProductionEstimateTooltip: `${estimateTip} (${source})`,
    CostMinutesPerPiece: costPerPiece,
    CostSetupMinutes: op.ActionSetup ? round4(setup * workers) : 0,
    CostEstimate: cost,
    CostEstimateTooltip:
      rate.source === 'rework'
        ? 'Rework: no cost estimate'
        : `${workers} ${workers === 1 ? 'worker' : 'workers'} × ${n4(costPerPiece)} min per piece × ${qty} pcs = ${n4(cost)} min`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Lock, delete, review, backflush (spec 001 §4)

/** Locking sets Locked; a locked operation allows neither a resource nor a rate change. */
export function lockPatch(): OperationPatch {
  return { Locked: true, AllowResourceChange: false, AllowRateChange: false };
}

/**
 * Unlocking clears Locked and Printed (a reprint is needed) and gives back AllowResourceChange and
 * AllowRateChange: both, unless the operation is invalidated (it only stays for the record).
 */
export function unlockPatch(op: Pick<Operation, 'Invalidated'>): OperationPatch {
  return {
    Locked: false,
    Printed: false,
    AllowResourceChange: !op.Invalidated,
    AllowRateChange: !op.Invalidated,
  };
}

export type DeletionOutcome = 'Invalidated' | 'Deleted';

/**
 * Deleting an operation whose traveler was printed (it is on the floor) or that has backflushes
 * recorded invalidates it instead: it stays, marked invalidated and locked. Any other is removed.
 */
export function deletionOutcome(op: Pick<Operation, 'Printed' | 'Backflushes'>): DeletionOutcome {
  return op.Printed || op.Backflushes.some((b) => b.Quantity !== 0) ? 'Invalidated' : 'Deleted';
}

export function invalidatedPatch(): OperationPatch {
  return {
    Invalidated: true,
    FinalOperation: false,
    ...lockPatch(),
  };
}

/** Setting ReadyForReview (either way) clears the reviewer and the review time. */
export function readyForReviewPatch(value: boolean): Partial<PlanHeader> {
  return { ReadyForReview: value, PlanReviewedBy: null, PlanReviewedAt: null };
}

/** Marking the plan reviewed records the current employee and the current time. */
export function reviewedPatch(employeeName: string, now: Date): Partial<PlanHeader> {
  return { PlanReviewedBy: employeeName, PlanReviewedAt: now.toISOString() };
}

/** A backflush whose quantity becomes 0 is deleted. */
export function backflushOutcome(quantity: number): 'update' | 'delete' {
  return quantity === 0 ? 'delete' : 'update';
}

// ---------------------------------------------------------------------------------------------------
// What a field change sets off (spec 001 §4 Other operation changes)

export type FollowUp = 'engine' | 'algorithm' | 'estimate' | 'none';

/**
 * After an operation field changes: WorkerCount reruns the engine when an engine rate is assigned,
 * ProductionQuantity recalculates the estimate (and reruns an assigned engine, whose minutes are for
 * a quantity), any rate field recalculates the estimate.
 */
export function followUpOf(
  field: string,
  op: Pick<Operation, 'EngineAssignedRate' | 'EngineOverride'>,
): FollowUp {
  if (field === 'WorkerCount') return op.EngineAssignedRate && !op.EngineOverride ? 'engine' : 'estimate';
  if (field === 'ProductionQuantity') {
    return op.EngineAssignedRate && !op.EngineOverride ? 'engine' : 'estimate';
  }
  return 'estimate';
}

/** Changing the plan's BundleSize recalculates its paint operations. */
export function operationsToRecalculateOnBundleSize<T extends Pick<Operation, 'ActionPaint' | 'Invalidated'>>(
  operations: readonly T[],
): T[] {
  return operations.filter((o) => o.ActionPaint && !o.Invalidated);
}

/** The rate fields a planner may type; choosing one of them overrides an algorithm or engine rate. */
export const manualRateFields = [
  'ProductionMinutesPerPiece',
  'ProductionMinutesPerBundle',
  'ProductionFeetPerMinute',
  'SetupMinutes',
  'ScheduledMinutesPerPiece',
] as const;

/** Fields that change the rate: refused while AllowRateChange is false. */
export const rateFields: readonly string[] = [
  'MachineRateID',
  'RateType',
  'AlgorithmOverride',
  'EngineOverride',
  ...manualRateFields,
];

/** Why an edit of `field` is refused on this operation, or null when it is allowed. */
export function editProblem(
  op: Pick<Operation, 'Locked' | 'Invalidated' | 'AllowResourceChange' | 'AllowRateChange' | 'Sequence'>,
  field: string,
): string | null {
  if (op.Invalidated) return `Operation ${op.Sequence} is invalidated and cannot be changed.`;
  if (op.Locked) return `Operation ${op.Sequence} is locked. Unlock it to change it.`;
  if (field === 'ResourceID' && !op.AllowResourceChange) {
    return `The resource of operation ${op.Sequence} cannot be changed.`;
  }
  if (rateFields.includes(field) && !op.AllowRateChange) {
    return `The rate of operation ${op.Sequence} cannot be changed.`;
  }
  return null;
}

/**
 * The planner picks a rate (a machine rate, or typed figures): the algorithm and engine rates in force
 * are overridden, by that planner, so precedence falls through to the chosen rate. Typed figures also
 * drop the machine rate.
 */
export function chooseRatePatch(
  op: Pick<Operation, 'AlgorithmDerivedRate' | 'AlgorithmOverride' | 'EngineAssignedRate' | 'EngineOverride'>,
  employeeName: string,
  kind: 'machine' | 'manual',
): OperationPatch {
  const patch: OperationPatch = {};
  if (op.AlgorithmDerivedRate && !op.AlgorithmOverride) {
    patch.AlgorithmOverride = true;
    patch.AlgorithmOverrideBy = employeeName;
  }
  if (op.EngineAssignedRate && !op.EngineOverride) {
    patch.EngineOverride = true;
    patch.EngineOverrideBy = employeeName;
  }
  if (kind === 'manual') patch.MachineRateID = null;
  return patch;
}
