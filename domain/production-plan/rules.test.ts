import { describe, expect, it } from 'vitest';
import type { MachineRate, Operation } from './entities';
import { bundleCount, operationInputs } from './inputs';
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
  paintChanges,
  pieceRateCost,
  rateOnMachine,
  readyForReviewPatch,
  reviewedPatch,
  unlockPatch,
} from './rules';

/** An operation with every field, the given ones changed. */
function op(fields: Partial<Operation> = {}): Operation {
  return {
    ProductionPlanOperationID: 1,
    ProductionPlanID: 1,
    JobNumber: 'J240001',
    ProductionPlanBOMID: null,
    ProductionGroupID: null,
    Sequence: 10,
    ResourceID: 'LV-CUT01',
    MachineRateID: 11,
    WorkerCount: 1,
    ProductionQuantity: 300,
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
    ...fields,
  };
}

const machineRate: MachineRate = {
  MachineRateID: 11,
  ResourceID: 'LV-CUT01',
  Description: 'Light section',
  ProductionMinutesPerPiece: 0.35,
  ProductionMinutesPerBundle: 4,
  ProductionFeetPerMinute: 40,
  SetupMinutes: 10,
  SchedulingMinutesPerPiece: 0.3,
  Official: true,
};

const algorithmJson = JSON.stringify({
  Success: true,
  QuestionPosed: false,
  Question: null,
  Result: {
    MinutesPerPiece: 0.2,
    MinutesPerBundle: 6,
    FeetPerMinute: 60,
    SetupMinutes: 25,
    SchedulingMinutesPerPiece: 0.25,
  },
});
const engineJson = JSON.stringify({
  results: { stopMessage: null, productionMinutes: 150, setupMinutes: 12 },
  quantity: 300,
});

describe('action flags (spec 001 §4)', () => {
  it('paint on turns setup and traveler off, clears final assembly and makes the operation final', () => {
    const patch = applyActionFlag(op(), 'ActionPaint', true, [op()]);
    expect(patch).toEqual({
      ActionPaint: true,
      ActionSetup: false,
      PrintTraveler: false,
      FinalAssembly: false,
      FinalOperation: true,
    });
  });

  it('paint on when another paint operation is already final makes the new one rework, not final', () => {
    const other = op({ ProductionPlanOperationID: 2, ActionPaint: true, FinalOperation: true });
    const patch = applyActionFlag(op(), 'ActionPaint', true, [op(), other]);
    expect(patch.Rework).toBe(true);
    expect(patch.FinalOperation).toBeUndefined();
  });

  it('an invalidated final paint operation does not count', () => {
    const other = op({
      ProductionPlanOperationID: 2,
      ActionPaint: true,
      FinalOperation: true,
      Invalidated: true,
    });
    expect(applyActionFlag(op(), 'ActionPaint', true, [other]).FinalOperation).toBe(true);
  });

  it('paint off: final follows the value', () => {
    expect(
      applyActionFlag(op({ ActionPaint: true, FinalOperation: true }), 'ActionPaint', false, []),
    ).toEqual({
      ActionPaint: false,
      FinalOperation: false,
    });
  });

  it('any other action flag turned on turns setup on; turned off it does not', () => {
    expect(applyActionFlag(op(), 'ActionWeld', true, [])).toEqual({ ActionWeld: true, ActionSetup: true });
    expect(applyActionFlag(op(), 'ActionWeld', false, [])).toEqual({ ActionWeld: false });
    expect(applyActionFlag(op(), 'ActionSetup', false, [])).toEqual({ ActionSetup: false });
  });
});

describe('changing the resource (spec 001 §4)', () => {
  const machine = (engine: boolean, algorithm: boolean, workers = 2) => ({
    DefaultWorkerCount: workers,
    EngineActive: engine,
    AlgorithmActive: algorithm,
    MachineRates: [
      { MachineRateID: 5, Official: false },
      { MachineRateID: 6, Official: true },
    ],
  });

  it('resets the worker count to the machine default, or 1', () => {
    expect(changeResource('LV-RF01', machine(false, false, 3)).patch.WorkerCount).toBe(3);
    expect(changeResource('LV-RF01', machine(false, false, 0)).patch.WorkerCount).toBe(1);
    expect(changeResource(null, null).patch.WorkerCount).toBe(1);
  });

  it('runs the engine first, else the algorithm, else clears both', () => {
    expect(changeResource('A', machine(true, true)).next).toBe('engine');
    expect(changeResource('A', machine(false, true)).next).toBe('algorithm');
    const cleared = changeResource('A', machine(false, false));
    expect(cleared.next).toBe('clear');
    expect(cleared.patch).toMatchObject({
      AlgorithmDerivedRate: false,
      EngineAssignedRate: false,
      AlgorithmResultJSON: null,
      EngineCalculationJSON: null,
    });
  });

  it("takes the new machine's official rate and drops overrides", () => {
    const { patch } = changeResource('A', machine(false, false));
    expect(patch).toMatchObject({
      ResourceID: 'A',
      MachineRateID: 6,
      AlgorithmOverride: false,
      EngineOverride: false,
    });
  });
});

describe('other operation changes (spec 001 §4)', () => {
  it('worker count reruns the engine when an engine rate is assigned, else recalculates', () => {
    expect(followUpOf('WorkerCount', { EngineAssignedRate: true, EngineOverride: false })).toBe('engine');
    expect(followUpOf('WorkerCount', { EngineAssignedRate: false, EngineOverride: false })).toBe('estimate');
    expect(followUpOf('WorkerCount', { EngineAssignedRate: true, EngineOverride: true })).toBe('estimate');
  });

  it('quantity recalculates the estimate', () => {
    expect(followUpOf('ProductionQuantity', { EngineAssignedRate: false, EngineOverride: false })).toBe(
      'estimate',
    );
    const before = computeFigures(op({ ProductionQuantity: 300 }), { BundleSize: 50 }, null, machineRate);
    const after = computeFigures(op({ ProductionQuantity: 400 }), { BundleSize: 50 }, null, machineRate);
    expect(before.ProductionEstimate).toBe(105);
    expect(after.ProductionEstimate).toBe(140);
  });

  it('bundle size recalculates the paint operations only', () => {
    const paint = op({ ProductionPlanOperationID: 2, ActionPaint: true });
    const dead = op({ ProductionPlanOperationID: 3, ActionPaint: true, Invalidated: true });
    expect(operationsToRecalculateOnBundleSize([op(), paint, dead])).toEqual([paint]);
    const painting = op({ ActionPaint: true, RateType: 'Bundle' });
    expect(computeFigures(painting, { BundleSize: 50 }, null, machineRate).ProductionEstimate).toBe(24);
    expect(computeFigures(painting, { BundleSize: 40 }, null, machineRate).ProductionEstimate).toBe(32);
  });
});

describe('rate source precedence (spec 001 §4)', () => {
  it('the algorithm-derived rate comes first', () => {
    const r = effectiveRate(
      op({
        AlgorithmDerivedRate: true,
        AlgorithmResultJSON: algorithmJson,
        EngineAssignedRate: true,
        EngineCalculationJSON: engineJson,
      }),
      machineRate,
    );
    expect(r).toMatchObject({ source: 'algorithm', MinutesPerPiece: 0.2, SetupMinutes: 25 });
  });

  it('then the engine-assigned rate (production minutes per piece of the engine run)', () => {
    const r = effectiveRate(op({ EngineAssignedRate: true, EngineCalculationJSON: engineJson }), machineRate);
    expect(r).toMatchObject({ source: 'engine', MinutesPerPiece: 0.5, SetupMinutes: 12 });
  });

  it('then the chosen machine rate', () => {
    expect(effectiveRate(op(), machineRate)).toMatchObject({ source: 'machine', MinutesPerPiece: 0.35 });
  });

  it('an override falls through to the next source', () => {
    const r = effectiveRate(
      op({ AlgorithmDerivedRate: true, AlgorithmOverride: true, AlgorithmResultJSON: algorithmJson }),
      machineRate,
    );
    expect(r.source).toBe('machine');
  });

  it('rework zeroes every estimate', () => {
    const figures = computeFigures(
      op({ Rework: true, WorkerCount: 3 }),
      { BundleSize: 50 },
      null,
      machineRate,
    );
    expect(figures).toMatchObject({
      ProductionEstimate: 0,
      CostEstimate: 0,
      ProductionMinutesPerPiece: 0,
      SetupMinutes: 0,
      CostMinutesPerPiece: 0,
    });
  });

  it('the engine fails on no result, a stop message or zero production minutes', () => {
    expect(engineOutcome(null)).toEqual({ ok: false, message: ENGINE_FAILED_MESSAGE });
    expect(
      engineOutcome({ stopMessage: 'Missing input: Welds', productionMinutes: 10, setupMinutes: 1 }),
    ).toEqual({
      ok: false,
      message: 'Missing input: Welds',
    });
    expect(engineOutcome({ stopMessage: null, productionMinutes: 0, setupMinutes: 5 })).toEqual({
      ok: false,
      message: ENGINE_FAILED_MESSAGE,
    });
    expect(engineOutcome({ stopMessage: null, productionMinutes: 42.5, setupMinutes: 5 })).toEqual({
      ok: true,
      message: ENGINE_SUCCESS_MESSAGE,
    });
  });

  it('uses the messages of spec 001 §5', () => {
    expect(ENGINE_FAILED_MESSAGE).toBe(
      'Costing Engine Failed. You should be able to select a rate manually.',
    );
    expect(ENGINE_SUCCESS_MESSAGE).toBe('Rate successfully calculated');
  });

  it('choosing a rate overrides the algorithm and engine in force, by that planner', () => {
    const patch = chooseRatePatch(
      op({ AlgorithmDerivedRate: true, EngineAssignedRate: true }),
      'Sam Ortiz',
      'manual',
    );
    expect(patch).toEqual({
      AlgorithmOverride: true,
      AlgorithmOverrideBy: 'Sam Ortiz',
      EngineOverride: true,
      EngineOverrideBy: 'Sam Ortiz',
      MachineRateID: null,
    });
    expect(chooseRatePatch(op(), 'Sam Ortiz', 'machine')).toEqual({});
  });
});

describe('estimates (spec 001 §9)', () => {
  it('bundle count is quantity over bundle size, rounded up', () => {
    expect(bundleCount(101, 25)).toBe(5);
    expect(bundleCount(100, 25)).toBe(4);
    expect(bundleCount(10, 0)).toBe(0);
  });

  it('foot-rate estimate: quantity × cut length ÷ 12 ÷ feet per minute', () => {
    expect(footRateMinutes(120, 96, 40)).toBe(24);
    expect(footRateMinutes(7, 100, 3)).toBe(19.4444);
    expect(footRateMinutes(120, 96, 0)).toBe(0);
    const figures = computeFigures(
      op({ RateType: 'Foot', ProductionQuantity: 120 }),
      { BundleSize: 50 },
      96,
      machineRate,
    );
    expect(figures.ProductionEstimate).toBe(24);
    expect(figures.ProductionEstimateTooltip).toBe(
      '120 pcs × 96 in ÷ 12 ÷ 40 ft/min = 24 min (machine rate)',
    );
  });

  it('piece-rate cost: workers × minutes per piece × quantity', () => {
    expect(pieceRateCost(2, 0.35, 300)).toBe(210);
    const figures = computeFigures(op({ WorkerCount: 2 }), { BundleSize: 50 }, null, machineRate);
    expect(figures.CostEstimate).toBe(210);
    expect(figures.CostEstimateTooltip).toBe('2 workers × 0.35 min per piece × 300 pcs = 210 min');
  });

  it('rounds estimates to 4 decimals and shows cost per unit with 2', () => {
    expect(pieceRateCost(3, 0.123456, 7)).toBe(2.5926);
    const figures = computeFigures(
      op({ ProductionQuantity: 7, WorkerCount: 3, MachineRateID: null, ProductionMinutesPerPiece: 0.123456 }),
      { BundleSize: 1 },
      null,
      null,
    );
    expect(figures.ProductionEstimate).toBe(0.8642);
    expect(figures.CostEstimate).toBe(2.5926);
    expect(costPerUnit(2.5926, 7)).toBe('0.37');
    expect(costPerUnit(105, 300)).toBe('0.35');
    expect(costPerUnit(10, 0)).toBe('0.00');
  });
});

describe('lock, delete, review, backflush (spec 001 §4)', () => {
  it('locking sets Locked and takes away resource and rate changes', () => {
    expect(lockPatch()).toEqual({ Locked: true, AllowResourceChange: false, AllowRateChange: false });
  });

  it('unlocking gives them back and clears Printed', () => {
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

  it('deleting a printed operation, or one with backflushes, invalidates it; any other is deleted', () => {
    expect(deletionOutcome(op())).toBe('Deleted');
    expect(deletionOutcome(op({ Printed: true }))).toBe('Invalidated');
    expect(
      deletionOutcome(
        op({
          Backflushes: [
            {
              ProductionPlanBackflushID: 1,
              ProductionPlanOperationID: 1,
              ProductionPlanBOMID: 2,
              Quantity: 2,
            },
          ],
        }),
      ),
    ).toBe('Invalidated');
    expect(invalidatedPatch()).toMatchObject({ Invalidated: true, Locked: true });
  });

  it('an edit of a locked, invalidated, or fixed operation is refused with a sentence', () => {
    expect(editProblem(op({ Locked: true, Sequence: 20 }), 'WorkerCount')).toBe(
      'Operation 20 is locked. Unlock it to change it.',
    );
    expect(editProblem(op({ Invalidated: true }), 'WorkerCount')).toBe(
      'Operation 10 is invalidated and cannot be changed.',
    );
    expect(editProblem(op({ AllowResourceChange: false }), 'ResourceID')).toBe(
      'The resource of operation 10 cannot be changed.',
    );
    expect(editProblem(op({ AllowRateChange: false }), 'MachineRateID')).toBe(
      'The rate of operation 10 cannot be changed.',
    );
    expect(editProblem(op({ AllowRateChange: false }), 'WorkerCount')).toBeNull();
  });

  it('ready for review clears the reviewer and time; reviewing records who and when', () => {
    expect(readyForReviewPatch(true)).toEqual({
      ReadyForReview: true,
      PlanReviewedBy: null,
      PlanReviewedAt: null,
    });
    expect(reviewedPatch('Sam Ortiz', new Date('2026-11-23T15:04:05Z'))).toEqual({
      PlanReviewedBy: 'Sam Ortiz',
      PlanReviewedAt: '2026-11-23T15:04:05.000Z',
    });
  });

  it('a backflush whose quantity becomes 0 is deleted', () => {
    expect(backflushOutcome(0)).toBe('delete');
    expect(backflushOutcome(0.5)).toBe('update');
  });
});

describe('operation inputs for engines and algorithms', () => {
  it('takes the BOM line cut length for a BOM operation, else the part length, and counts bundles', () => {
    const part = {
      PartNum: 'BM-4814-96',
      Description: 'Step beam',
      PartClass: 'Beam',
      Material: 'HR',
      Gauge: 14,
      Weight: 24.5,
      Length: 96,
      Width: 4.8,
      Holes: 0,
      Welds: 4,
      Painted: true,
      Color: 'Orange',
    };
    const inputs = operationInputs(
      op({ ProductionQuantity: 101, ActionWeld: true }),
      { Quantity: 101, BundleSize: 25 },
      part,
      null,
    );
    expect(inputs).toMatchObject({
      Quantity: 101,
      Bundles: 5,
      CutLength: 96,
      Welds: 4,
      ActionWeld: true,
      ActionPaint: false,
    });
    expect(operationInputs(op(), { Quantity: 1, BundleSize: 1 }, part, { CutLength: 42 }).CutLength).toBe(42);
  });
});

describe('rules the server relies on besides (plan server)', () => {
  it("a new machine drops the answers given to the old machine's algorithm, whatever runs next", () => {
    const machine = (engine: boolean, algorithm: boolean) => ({
      DefaultWorkerCount: 1,
      EngineActive: engine,
      AlgorithmActive: algorithm,
      MachineRates: [],
    });
    for (const [engine, algorithm] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      expect(changeResource('LV-RF02', machine(engine, algorithm)).patch.AlgorithmAnswersJSON).toBeNull();
    }
  });

  it('bundle rate: ceil(120 ÷ 25) = 5 bundles × 4 min = 20 min, cost 1 × 20 min', () => {
    const figures = computeFigures(
      op({ RateType: 'Bundle', ProductionQuantity: 120, MachineRateID: null, ProductionMinutesPerBundle: 4 }),
      { BundleSize: 25 },
      null,
      null,
    );
    expect(figures).toMatchObject({
      ProductionEstimate: 20,
      CostMinutesPerPiece: 0.1667,
      CostEstimate: 20,
    });
    expect(figures.ProductionEstimateTooltip).toBe(
      '5 bundles (120 ÷ 25, rounded up) × 4 min per bundle = 20 min (entered rate)',
    );
  });

  it('rework zeroes the setup cost too', () => {
    const figures = computeFigures(
      op({ Rework: true, ActionSetup: true, WorkerCount: 2 }),
      { BundleSize: 25 },
      null,
      machineRate,
    );
    expect(figures).toMatchObject({
      SetupMinutes: 0,
      CostSetupMinutes: 0,
      CostEstimate: 0,
      ProductionEstimate: 0,
    });
  });
});

describe('what turning Paint on changed, said beside the operation (issue 15, item 8)', () => {
  it('names each field the paint rules changed and the estimate, with the reason', () => {
    const before = op({
      ActionSetup: true,
      PrintTraveler: true,
      FinalAssembly: true,
      ProductionEstimate: 42,
    });
    const patch = applyActionFlag(before, 'ActionPaint', true, [before]);
    const lines = paintChanges(before, { ...before, ...patch, ProductionEstimate: 30 }).map((l) => l.text);
    expect(lines).toEqual([
      'Setup turned off: a paint operation has no setup of its own.',
      'Print traveler turned off: paint operations do not print a traveler.',
      'Final operation turned on: the paint operation finishes the part.',
      'Final assembly cleared: painting comes after assembly.',
      'Estimate {{from}} → {{to}} min: recalculated without the setup.',
    ]);
  });

  it('a second paint operation becomes rework, and the estimate is zeroed for that reason', () => {
    const final = op({ ProductionPlanOperationID: 2, ActionPaint: true, FinalOperation: true });
    const before = op({ ActionSetup: true, ProductionEstimate: 12 });
    const after = {
      ...before,
      ...applyActionFlag(before, 'ActionPaint', true, [before, final]),
      ProductionEstimate: 0,
    };
    const lines = paintChanges(before, after);
    expect(lines.map((l) => l.text)).toContain(
      'Rework turned on: another paint operation of this plan is already final, so this one is a repaint.',
    );
    expect(lines.at(-1)).toEqual({
      text: 'Estimate {{from}} → {{to}} min: rework zeroes the estimates.',
      values: { from: 12, to: 0 },
    });
  });

  it('says nothing when Paint was already on or is turned off', () => {
    const on = op({ ActionPaint: true });
    expect(paintChanges(on, { ...on, ActionSetup: false })).toEqual([]);
    expect(paintChanges(on, { ...on, ActionPaint: false, FinalOperation: false })).toEqual([]);
  });
});

describe('the rate of a task moved to another machine (spec 001 §4 precedence, issue 15 item 6)', () => {
  const rates = {
    MinutesPerPiece: 0.5,
    MinutesPerBundle: 0,
    FeetPerMinute: 0,
    SetupMinutes: 15,
    SchedulingMinutesPerPiece: 0.6,
  };
  const engine = { stopMessage: null, productionMinutes: 50, setupMinutes: 10 };

  it('the algorithm first, its scheduling minutes when it has them', () => {
    expect(rateOnMachine({ Success: true, QuestionPosed: false, Result: rates }, engine, 100)).toEqual({
      Source: 'algorithm',
      MinutesPerPiece: 0.6,
      SetupMinutes: 15,
    });
  });

  it('then the engine, spread over the pieces, when the algorithm fails or asks a question', () => {
    const expected = { Source: 'engine', MinutesPerPiece: 0.5, SetupMinutes: 10 };
    expect(rateOnMachine({ Success: false, QuestionPosed: false, Result: rates }, engine, 100)).toEqual(
      expected,
    );
    expect(rateOnMachine({ Success: true, QuestionPosed: true, Result: rates }, engine, 100)).toEqual(
      expected,
    );
    expect(rateOnMachine(null, engine, 100)).toEqual(expected);
  });

  it('null (the machine rate comes next) when the engine fails too: a stop message or zero minutes', () => {
    expect(rateOnMachine(null, { ...engine, stopMessage: 'Part too long' }, 100)).toBeNull();
    expect(rateOnMachine(null, { ...engine, productionMinutes: 0 }, 100)).toBeNull();
    expect(rateOnMachine(null, null, 100)).toBeNull();
  });
});
