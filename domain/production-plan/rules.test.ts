import { describe, expect, it } from 'vitest';
import type { Operation } from './entities';
import { bundleCount } from './inputs';
import {
  applyActionFlag,
  backflushOutcome,
  changeResource,
  chooseRatePatch,
  computeFigures,
  costPerUnit,
  deletionOutcome,
  ENGINE_FAILED_MESSAGE,
  ENGINE_SUCCESS_MESSAGE,
  editProblem,
  effectiveRate,
  engineOutcome,
  followUpOf,
  footRateMinutes,
  invalidatedPatch,
  lockPatch,
  operationsToRecalculateOnBundleSize,
  pieceRateCost,
  readyForReviewPatch,
  reviewedPatch,
  unlockPatch,
} from './rules';

/** An operation with every rule-relevant field at a neutral value. */
function op(overrides: Partial<Operation> = {}): Operation {
  return {
    ProductionPlanOperationID: 1,
    ProductionPlanID: 1,
    JobNumber: 'J240001',
    ProductionPlanBOMID: null,
    ProductionGroupID: null,
    Sequence: 10,
    ResourceID: 'LV-ASM01',
    MachineRateID: null,
    WorkerCount: 1,
    ProductionQuantity: 120,
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
    RateType: 'MPP',
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
    ...overrides,
  };
}

const machineRate = {
  ProductionMinutesPerPiece: 0.5,
  ProductionMinutesPerBundle: 4,
  ProductionFeetPerMinute: 40,
  SetupMinutes: 15,
  SchedulingMinutesPerPiece: 0.45,
};
const algorithmJson = JSON.stringify({
  Success: true,
  Result: {
    MinutesPerPiece: 0.3,
    MinutesPerBundle: 2,
    FeetPerMinute: 60,
    SetupMinutes: 12,
    SchedulingMinutesPerPiece: 0.3,
  },
});
const engineJson = JSON.stringify({
  results: { stopMessage: null, productionMinutes: 24, setupMinutes: 7 },
  quantity: 120,
});

describe('action flags (spec 001 §4)', () => {
  const paintFinal = op({ ProductionPlanOperationID: 2, ActionPaint: true, FinalOperation: true });

  it('paint on: setup, traveler and final assembly off; final follows when no paint operation is final', () => {
    expect(applyActionFlag(op(), 'ActionPaint', true, [op()])).toEqual({
      ActionPaint: true,
      ActionSetup: false,
      PrintTraveler: false,
      FinalAssembly: false,
      FinalOperation: true,
    });
  });

  it('paint on while another paint operation is final: the new one becomes rework, not final', () => {
    const patch = applyActionFlag(op(), 'ActionPaint', true, [op(), paintFinal]);
    expect(patch).toMatchObject({
      ActionPaint: true,
      Rework: true,
      ActionSetup: false,
      PrintTraveler: false,
    });
    expect(patch.FinalOperation).toBeUndefined();
    // An invalidated final paint operation does not count.
    const gone = { ...paintFinal, Invalidated: true };
    expect(applyActionFlag(op(), 'ActionPaint', true, [gone])).toMatchObject({ FinalOperation: true });
    expect(applyActionFlag(op(), 'ActionPaint', true, [gone]).Rework).toBeUndefined();
  });

  it('paint off: final follows the value (off)', () => {
    expect(applyActionFlag(op({ ActionPaint: true }), 'ActionPaint', false, [])).toEqual({
      ActionPaint: false,
      FinalOperation: false,
    });
  });

  it('any other flag turned on turns setup on; turned off changes only itself', () => {
    expect(applyActionFlag(op(), 'ActionWeld', true, [])).toEqual({ ActionWeld: true, ActionSetup: true });
    expect(applyActionFlag(op(), 'ActionWeld', false, [])).toEqual({ ActionWeld: false });
    expect(applyActionFlag(op(), 'ActionSetup', false, [])).toEqual({ ActionSetup: false });
  });
});

describe('changing the resource (spec 001 §4)', () => {
  const rates = [
    { MachineRateID: 7, Official: false },
    { MachineRateID: 8, Official: true },
  ];

  it('worker count to the machine default, the official rate, the engine when active', () => {
    const { patch, next } = changeResource('LV-CUT01', {
      DefaultWorkerCount: 2,
      EngineActive: true,
      AlgorithmActive: true,
      MachineRates: rates,
    });
    expect(next).toBe('engine');
    expect(patch).toMatchObject({
      ResourceID: 'LV-CUT01',
      WorkerCount: 2,
      MachineRateID: 8,
      AlgorithmDerivedRate: false,
      AlgorithmAnswersJSON: null,
      EngineOverride: false,
    });
    // The engine's own fields are left for the run to set.
    expect(patch.EngineAssignedRate).toBeUndefined();
  });

  it('else the algorithm; the old machine’s answers are dropped', () => {
    const { patch, next } = changeResource('LV-RF01', {
      DefaultWorkerCount: 0,
      EngineActive: false,
      AlgorithmActive: true,
      MachineRates: [],
    });
    expect(next).toBe('algorithm');
    expect(patch).toMatchObject({
      WorkerCount: 1,
      MachineRateID: null,
      EngineAssignedRate: false,
      AlgorithmAnswersJSON: null,
    });
  });

  it('else both cleared; no machine: 1 worker', () => {
    const { patch, next } = changeResource('LV-ASM01', {
      DefaultWorkerCount: 3,
      EngineActive: false,
      AlgorithmActive: false,
      MachineRates: rates,
    });
    expect(next).toBe('clear');
    expect(patch).toMatchObject({
      WorkerCount: 3,
      AlgorithmDerivedRate: false,
      AlgorithmResultJSON: null,
      EngineAssignedRate: false,
      EngineCalculationJSON: null,
    });
    expect(changeResource(null, null)).toMatchObject({
      next: 'clear',
      patch: { WorkerCount: 1, ResourceID: null },
    });
  });
});

describe('follow-ups (spec 001 §4 other operation changes)', () => {
  it('worker count and quantity rerun an assigned engine, else recalculate the estimate', () => {
    const engine = op({ EngineAssignedRate: true });
    expect(followUpOf('WorkerCount', engine)).toBe('engine');
    expect(followUpOf('ProductionQuantity', engine)).toBe('engine');
    expect(followUpOf('WorkerCount', op())).toBe('estimate');
    expect(followUpOf('ProductionQuantity', op())).toBe('estimate');
    expect(followUpOf('WorkerCount', op({ EngineAssignedRate: true, EngineOverride: true }))).toBe(
      'estimate',
    );
  });

  it('bundle size recalculates the paint operations that are not invalidated', () => {
    const ops = [
      op({ ProductionPlanOperationID: 1, ActionPaint: true }),
      op({ ProductionPlanOperationID: 2 }),
      op({ ProductionPlanOperationID: 3, ActionPaint: true, Invalidated: true }),
    ];
    expect(operationsToRecalculateOnBundleSize(ops).map((o) => o.ProductionPlanOperationID)).toEqual([1]);
  });
});

describe('rate precedence (spec 001 §4)', () => {
  it('algorithm first, then engine, then machine rate; rework zeroes', () => {
    const both = op({
      AlgorithmDerivedRate: true,
      AlgorithmResultJSON: algorithmJson,
      EngineAssignedRate: true,
      EngineCalculationJSON: engineJson,
    });
    expect(effectiveRate(both, machineRate)).toMatchObject({ source: 'algorithm', MinutesPerPiece: 0.3 });
    expect(effectiveRate({ ...both, AlgorithmOverride: true }, machineRate)).toMatchObject({
      source: 'engine',
      MinutesPerPiece: 0.2, // 24 min for 120 pcs
      SetupMinutes: 7,
    });
    expect(
      effectiveRate({ ...both, AlgorithmOverride: true, EngineOverride: true }, machineRate),
    ).toMatchObject({
      source: 'machine',
      MinutesPerPiece: 0.5,
    });
    expect(effectiveRate(op({ ProductionMinutesPerPiece: 0.9 }), null)).toMatchObject({
      source: 'manual',
      MinutesPerPiece: 0.9,
    });
    expect(effectiveRate({ ...both, Rework: true }, machineRate)).toEqual({
      source: 'rework',
      MinutesPerPiece: 0,
      MinutesPerBundle: 0,
      FeetPerMinute: 0,
      SetupMinutes: 0,
      SchedulingMinutesPerPiece: 0,
    });
  });

  it('the engine fails on no result, a stop message or zero production minutes', () => {
    expect(engineOutcome(null)).toEqual({ ok: false, message: ENGINE_FAILED_MESSAGE });
    expect(
      engineOutcome({ stopMessage: 'Gauge out of range', productionMinutes: 10, setupMinutes: 1 }),
    ).toEqual({
      ok: false,
      message: 'Gauge out of range',
    });
    expect(engineOutcome({ stopMessage: null, productionMinutes: 0, setupMinutes: 1 })).toEqual({
      ok: false,
      message: ENGINE_FAILED_MESSAGE,
    });
    expect(engineOutcome({ stopMessage: null, productionMinutes: 12, setupMinutes: 1 })).toEqual({
      ok: true,
      message: ENGINE_SUCCESS_MESSAGE,
    });
  });

  it('the §5 messages, word for word', () => {
    expect(ENGINE_FAILED_MESSAGE).toBe(
      'Costing Engine Failed. You should be able to select a rate manually.',
    );
    expect(ENGINE_SUCCESS_MESSAGE).toBe('Rate successfully calculated');
  });

  it('choosing a rate overrides the algorithm and engine in force, by that planner', () => {
    const inForce = op({ AlgorithmDerivedRate: true, EngineAssignedRate: true, MachineRateID: 8 });
    expect(chooseRatePatch(inForce, 'Sam Ortiz', 'machine')).toEqual({
      AlgorithmOverride: true,
      AlgorithmOverrideBy: 'Sam Ortiz',
      EngineOverride: true,
      EngineOverrideBy: 'Sam Ortiz',
    });
    expect(chooseRatePatch(op({ MachineRateID: 8 }), 'Sam Ortiz', 'manual')).toEqual({ MachineRateID: null });
  });
});

describe('estimates (spec 001 §9)', () => {
  it('bundle count: quantity ÷ bundle size, rounded up', () => {
    expect(bundleCount(120, 25)).toBe(5);
    expect(bundleCount(100, 25)).toBe(4);
    expect(bundleCount(10, 0)).toBe(0);
  });

  it('foot rate: 120 pcs × 96 in ÷ 12 ÷ 40 ft/min = 24 min', () => {
    expect(footRateMinutes(120, 96, 40)).toBe(24);
    expect(footRateMinutes(7, 10, 3)).toBe(1.9444); // 1.94444… to 4 decimals
    expect(footRateMinutes(120, 96, 0)).toBe(0);
  });

  it('piece-rate cost: workers × minutes per piece × quantity, 4 decimals', () => {
    expect(pieceRateCost(2, 0.5, 120)).toBe(120);
    expect(pieceRateCost(3, 0.33333, 7)).toBe(6.9999); // 6.99993
  });

  it('cost per unit with 2 decimals', () => {
    expect(costPerUnit(100, 3)).toBe('33.33');
    expect(costPerUnit(2, 3)).toBe('0.67');
    expect(costPerUnit(5, 0)).toBe('0.00');
  });

  it('computeFigures by rate type, with cost and setup', () => {
    const plan = { BundleSize: 25 };
    const mpp = computeFigures(op({ WorkerCount: 2, ActionSetup: true }), plan, null, machineRate);
    expect(mpp).toMatchObject({
      ProductionMinutesPerPiece: 0.5,
      ProductionEstimate: 60,
      CostMinutesPerPiece: 0.5,
      CostEstimate: 120,
      SetupMinutes: 15,
      CostSetupMinutes: 30,
      ScheduledMinutesPerPiece: 0.45,
    });
    expect(mpp.ProductionEstimateTooltip).toBe('120 pcs × 0.5 min per piece = 60 min (machine rate)');
    // Bundle: ceil(120 / 25) = 5 bundles × 4 = 20 min; cost per piece 20 / 120 = 0.1667.
    expect(computeFigures(op({ RateType: 'Bundle' }), plan, null, machineRate)).toMatchObject({
      ProductionEstimate: 20,
      CostMinutesPerPiece: 0.1667,
      CostEstimate: 20.004,
    });
    // Foot: 120 × 96 / 12 / 40 = 24 min.
    expect(computeFigures(op({ RateType: 'Foot' }), plan, 96, machineRate)).toMatchObject({
      ProductionEstimate: 24,
      CostMinutesPerPiece: 0.2,
      CostEstimate: 24,
    });
    // Rework zeroes every figure.
    expect(computeFigures(op({ Rework: true, ActionSetup: true }), plan, 96, machineRate)).toMatchObject({
      ProductionEstimate: 0,
      CostEstimate: 0,
      SetupMinutes: 0,
      CostSetupMinutes: 0,
      ProductionMinutesPerPiece: 0,
    });
  });
});

describe('lock, delete, review, backflush (spec 001 §4)', () => {
  it('lock takes both permissions; unlock gives them back and clears Printed (not for an invalidated one)', () => {
    expect(lockPatch()).toEqual({ Locked: true, AllowResourceChange: false, AllowRateChange: false });
    expect(unlockPatch(op())).toEqual({
      Locked: false,
      Printed: false,
      AllowResourceChange: true,
      AllowRateChange: true,
    });
    expect(unlockPatch(op({ Invalidated: true }))).toMatchObject({
      AllowResourceChange: false,
      AllowRateChange: false,
    });
  });

  it('delete: printed or backflushed operations are invalidated (and locked), others deleted', () => {
    expect(deletionOutcome(op())).toBe('Deleted');
    expect(deletionOutcome(op({ Printed: true }))).toBe('Invalidated');
    const flushed = op({
      Backflushes: [
        { ProductionPlanBackflushID: 1, ProductionPlanOperationID: 1, ProductionPlanBOMID: 2, Quantity: 2 },
      ],
    });
    expect(deletionOutcome(flushed)).toBe('Invalidated');
    expect(invalidatedPatch()).toEqual({
      Invalidated: true,
      FinalOperation: false,
      Locked: true,
      AllowResourceChange: false,
      AllowRateChange: false,
    });
  });

  it('ready for review clears the reviewer; reviewed records name and time', () => {
    expect(readyForReviewPatch(true)).toEqual({
      ReadyForReview: true,
      PlanReviewedBy: null,
      PlanReviewedAt: null,
    });
    expect(reviewedPatch('Sam Ortiz', new Date('2026-11-23T12:00:00Z'))).toEqual({
      PlanReviewedBy: 'Sam Ortiz',
      PlanReviewedAt: '2026-11-23T12:00:00.000Z',
    });
  });

  it('a backflush set to 0 is deleted', () => {
    expect(backflushOutcome(0)).toBe('delete');
    expect(backflushOutcome(0.5)).toBe('update');
  });

  it('edits are refused on invalidated and locked operations, resource and rate by their permissions', () => {
    expect(editProblem(op({ Invalidated: true }), 'Sequence')).toBe(
      'Operation 10 is invalidated and cannot be changed.',
    );
    expect(editProblem(op({ Locked: true }), 'Sequence')).toBe(
      'Operation 10 is locked. Unlock it to change it.',
    );
    expect(editProblem(op({ AllowResourceChange: false }), 'ResourceID')).toBe(
      'The resource of operation 10 cannot be changed.',
    );
    expect(editProblem(op({ AllowRateChange: false }), 'MachineRateID')).toBe(
      'The rate of operation 10 cannot be changed.',
    );
    expect(editProblem(op({ AllowRateChange: false }), 'Sequence')).toBeNull();
  });
});
