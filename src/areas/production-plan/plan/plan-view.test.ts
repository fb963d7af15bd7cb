import { describe, expect, it } from 'vitest';
import { bomLine, header, machine, operation } from './fixtures';
import {
  buildPlan,
  CONFIRMED_HOLD_MS,
  groupOperations,
  headerPart,
  mergeParts,
  type OverlayContext,
  operationPart,
  overlayEdits,
  type PlanPart,
  type PlanView,
  partsOfState,
  posedQuestion,
  type QueuedEdit,
  trackEdits,
} from './plan-view';

const ctx: OverlayContext = { machines: [machine()], partLength: 96, employeeName: 'Pat Planner' };

const loaded = partsOfState({
  Plan: {
    ...header(),
    BOM: [bomLine()],
    Operations: [
      operation(),
      operation({ ProductionPlanOperationID: 102, Sequence: 20, ProductionPlanBOMID: 11 }),
    ],
  },
});

function plan(parts: Map<string, PlanPart>): PlanView {
  const p = buildPlan(parts);
  if (!p) throw new Error('no plan');
  return p;
}

let n = 0;
function edit(path: string, body: Record<string, unknown>): QueuedEdit {
  n += 1;
  return { postId: `p${n}`, path, body, enqueuedAt: Date.UTC(2026, 10, 23, 12, 0, 0) };
}
const opEdit = (id: number, FieldName: string, Value: unknown) =>
  edit('web/UpdateProductionOperation', { ProductionPlanOperationID: id, FieldName, Value });

describe('mergeParts', () => {
  it('keeps the copy with the higher RowVersion, whichever source it comes from', () => {
    const newer = operationPart(operation({ WorkerCount: 3, RowVersion: 2 }));
    const older = operationPart(
      operation({
        ProductionPlanOperationID: 102,
        ProductionPlanBOMID: 11,
        Sequence: 20,
        WorkerCount: 9,
        RowVersion: 0,
      }),
    );
    const p = plan(mergeParts({ loaded, collection: [newer, older], synced: true }));
    expect(p.operations.find((o) => o.ProductionPlanOperationID === 101)?.WorkerCount).toBe(3);
    // The collection's copy of 102 is older than the load answer's: the load answer stands.
    expect(p.operations.find((o) => o.ProductionPlanOperationID === 102)?.WorkerCount).toBe(1);
  });

  it('a load answer newer than the collection is not overwritten by it', () => {
    const fresh = partsOfState({
      Plan: { ...header({ Quantity: 250, RowVersion: 5 }), BOM: [], Operations: [] },
    });
    const stale = headerPart(header({ Quantity: 100, RowVersion: 4 }));
    expect(plan(mergeParts({ loaded: fresh, collection: [stale], synced: true })).header.Quantity).toBe(250);
  });

  it('a part deleted in the collection disappears', () => {
    const p = plan(
      mergeParts({ loaded, collection: loaded, deleted: new Set(['operation:102']), synced: true }),
    );
    expect(p.operations.map((o) => o.ProductionPlanOperationID)).toEqual([101]);
  });

  it('before the first pull, parts only the collection has (a previous visit) are left out; after it they show', () => {
    const added = operationPart(operation({ ProductionPlanOperationID: 103, Sequence: 30 }));
    expect(plan(mergeParts({ loaded, collection: [added], synced: false })).operations).toHaveLength(2);
    expect(plan(mergeParts({ loaded, collection: [added], synced: true })).operations).toHaveLength(3);
  });

  it('sorts operations by level (top level, then BOM lines in sequence) and sequence', () => {
    const parts = mergeParts({
      loaded: [
        ...loaded,
        operationPart(operation({ ProductionPlanOperationID: 104, Sequence: 5 })),
        operationPart(operation({ ProductionPlanOperationID: 105, Sequence: 5, ProductionPlanBOMID: 11 })),
      ],
      collection: [],
      synced: false,
    });
    const p = plan(parts);
    expect(p.operations.map((o) => o.ProductionPlanOperationID)).toEqual([104, 101, 105, 102]);
    expect(groupOperations(p).map((g) => [g.bom?.ProductionPlanBOMID ?? null, g.operations.length])).toEqual([
      [null, 2],
      [11, 2],
    ]);
  });
});

describe('pending edits', () => {
  it('an echo older than a pending edit does not overwrite it', () => {
    const base = plan(mergeParts({ loaded, collection: [], synced: true }));
    const e = opEdit(101, 'WorkerCount', 4);
    let tracked = trackEdits([], [e], new Set(), base, 0);
    // An echo of an earlier change (another planner set 2 workers) arrives after the edit was made.
    const echo = operationPart(operation({ WorkerCount: 2, RowVersion: 2 }));
    const afterEcho = plan(mergeParts({ loaded, collection: [echo], synced: true }));
    tracked = trackEdits(tracked, [e], new Set(), afterEcho, 10);
    const shown = overlayEdits(afterEcho, tracked, ctx);
    expect(shown.plan.operations[0]?.WorkerCount).toBe(4);
    expect(shown.pendingFields.has('operation:101:WorkerCount')).toBe(true);
    // Confirmed by the server, but its own echo is not in yet: still shown (no flicker back to 2), not saving.
    tracked = trackEdits(tracked, [], new Set(), afterEcho, 20);
    const confirmed = overlayEdits(afterEcho, tracked, ctx);
    expect(confirmed.plan.operations[0]?.WorkerCount).toBe(4);
    expect(confirmed.pendingFields.size).toBe(0);
    // The echo of the edit (a newer RowVersion) arrives: the server's copy is shown and the edit dropped.
    const ownEcho = plan(
      mergeParts({
        loaded,
        collection: [operationPart(operation({ WorkerCount: 4, RowVersion: 3 }))],
        synced: true,
      }),
    );
    tracked = trackEdits(tracked, [], new Set(), ownEcho, 30);
    expect(tracked).toEqual([]);
  });

  it('a newer change after the confirmation wins over the confirmed edit', () => {
    const base = plan(mergeParts({ loaded, collection: [], synced: true }));
    const e = opEdit(101, 'ProductionQuantity', 80);
    let tracked = trackEdits([], [e], new Set(), base, 0);
    tracked = trackEdits(tracked, [], new Set(), base, 5);
    const other = plan(
      mergeParts({
        loaded,
        collection: [operationPart(operation({ ProductionQuantity: 60, RowVersion: 3 }))],
        synced: true,
      }),
    );
    tracked = trackEdits(tracked, [], new Set(), other, 10);
    expect(overlayEdits(other, tracked, ctx).plan.operations[0]?.ProductionQuantity).toBe(60);
  });

  it('a confirmed edit whose echo never comes is dropped after the hold time; a refused one at once', () => {
    const base = plan(mergeParts({ loaded, collection: [], synced: true }));
    const a = opEdit(101, 'WorkerCount', 4);
    const b = opEdit(102, 'WorkerCount', 5);
    let tracked = trackEdits([], [a, b], new Set(), base, 0);
    tracked = trackEdits(tracked, [], new Set([b.postId]), base, 100);
    expect(tracked.map((t) => t.post.postId)).toEqual([a.postId]);
    expect(trackEdits(tracked, [], new Set(), base, 100 + CONFIRMED_HOLD_MS)).toEqual([]);
  });

  it('a pending action-flag edit shows the rule’s effects (paint on: final, setup and traveler off)', () => {
    const base = plan(
      mergeParts({
        loaded: [
          ...loaded.filter((p) => p.id !== 'operation:101'),
          operationPart(operation({ ActionSetup: true, PrintTraveler: true, FinalAssembly: true })),
        ],
        collection: [],
        synced: true,
      }),
    );
    const tracked = trackEdits([], [opEdit(101, 'ActionPaint', true)], new Set(), base, 0);
    const op = overlayEdits(base, tracked, ctx).plan.operations[0];
    expect(op).toMatchObject({
      ActionPaint: true,
      ActionSetup: false,
      PrintTraveler: false,
      FinalAssembly: false,
      FinalOperation: true,
      Rework: false,
    });
  });

  it('paint on when another paint operation is final makes the new one rework, with no estimate', () => {
    const base = plan(
      mergeParts({
        loaded: [
          ...loaded.filter((p) => p.id !== 'operation:102'),
          operationPart(
            operation({
              ProductionPlanOperationID: 102,
              ProductionPlanBOMID: 11,
              Sequence: 20,
              ActionPaint: true,
              FinalOperation: true,
            }),
          ),
        ],
        collection: [],
        synced: true,
      }),
    );
    const tracked = trackEdits([], [opEdit(101, 'ActionPaint', true)], new Set(), base, 0);
    const op = overlayEdits(base, tracked, ctx).plan.operations[0];
    expect(op).toMatchObject({
      ActionPaint: true,
      Rework: true,
      FinalOperation: false,
      ProductionEstimate: 0,
      CostEstimate: 0,
    });
  });

  it('another action flag turns setup on; a worker count recomputes the cost estimate', () => {
    const base = plan(mergeParts({ loaded, collection: [], synced: true }));
    const tracked = trackEdits(
      [],
      [opEdit(101, 'ActionWeld', true), opEdit(101, 'WorkerCount', 3)],
      new Set(),
      base,
      0,
    );
    const op = overlayEdits(base, tracked, ctx).plan.operations[0];
    // Machine rate 501: 0.5 min per piece × 100 pcs = 50 min; 3 workers × 0.5 × 100 = 150.
    expect(op).toMatchObject({
      ActionWeld: true,
      ActionSetup: true,
      WorkerCount: 3,
      ProductionEstimate: 50,
      CostEstimate: 150,
    });
  });

  it('a resource change resets the worker count to the machine default and takes its official rate', () => {
    const base = plan(mergeParts({ loaded, collection: [], synced: true }));
    const other = machine({
      ResourceID: 'LV-WLD01',
      DefaultWorkerCount: 3,
      MachineRates: [
        {
          ...machine().MachineRates[0]!,
          MachineRateID: 601,
          ResourceID: 'LV-WLD01',
          ProductionMinutesPerPiece: 1,
        },
      ],
    });
    const tracked = trackEdits([], [opEdit(101, 'ResourceID', 'LV-WLD01')], new Set(), base, 0);
    const op = overlayEdits(base, tracked, { ...ctx, machines: [machine(), other] }).plan.operations[0];
    expect(op).toMatchObject({
      ResourceID: 'LV-WLD01',
      WorkerCount: 3,
      MachineRateID: 601,
      ProductionEstimate: 100,
      CostEstimate: 300,
    });
  });

  it('ready for review clears the review; mark reviewed records the employee; bundle size refigures paint operations', () => {
    const base = plan(
      mergeParts({
        loaded: [
          ...loaded.filter((p) => p.Kind !== 'plan' && p.id !== 'operation:101'),
          headerPart(header({ PlanReviewedBy: 'Old', PlanReviewedAt: '2026-01-01T00:00:00.000Z' })),
          operationPart(operation({ ActionPaint: true, RateType: 'Bundle', ProductionEstimate: 40 })),
        ],
        collection: [],
        synced: true,
      }),
    );
    const ready = edit('web/UpdateProductionPlan', {
      ProductionPlanID: 1,
      FieldName: 'ReadyForReview',
      Value: true,
    });
    const shown1 = overlayEdits(base, trackEdits([], [ready], new Set(), base, 0), ctx);
    expect(shown1.plan.header).toMatchObject({
      ReadyForReview: true,
      PlanReviewedBy: null,
      PlanReviewedAt: null,
    });
    const reviewed = edit('web/MarkPlanReviewed', { ProductionPlanID: 1 });
    const bundle = edit('web/UpdateProductionPlan', {
      ProductionPlanID: 1,
      FieldName: 'BundleSize',
      Value: 25,
    });
    const shown2 = overlayEdits(base, trackEdits([], [ready, reviewed, bundle], new Set(), base, 0), ctx);
    expect(shown2.plan.header).toMatchObject({
      PlanReviewedBy: 'Pat Planner',
      PlanReviewedAt: '2026-11-23T12:00:00.000Z',
      BundleSize: 25,
    });
    // 100 pcs in bundles of 25 = 4 bundles × 4 min per bundle.
    expect(shown2.plan.operations[0]?.ProductionEstimate).toBe(16);
    expect(shown2.pendingFields).toEqual(
      new Set(['plan:1:ReadyForReview', 'plan:1:PlanReviewedBy', 'plan:1:BundleSize']),
    );
  });

  it('a backflush quantity of 0 removes it; a BOM cut length refigures foot-rated operations on the line', () => {
    const bf = {
      ProductionPlanBackflushID: 900,
      ProductionPlanOperationID: 102,
      ProductionPlanBOMID: 11,
      Quantity: 1,
    };
    const base = plan(
      mergeParts({
        loaded: [
          ...loaded.filter((p) => p.id !== 'operation:102'),
          operationPart(
            operation({
              ProductionPlanOperationID: 102,
              ProductionPlanBOMID: 11,
              Sequence: 20,
              RateType: 'Foot',
              MachineRateID: null,
              ProductionFeetPerMinute: 10,
              Backflushes: [bf],
            }),
          ),
        ],
        collection: [],
        synced: true,
      }),
    );
    const edits = [
      edit('web/UpdateProductionBackflush', {
        ProductionPlanBackflushID: 900,
        FieldName: 'Quantity',
        Value: 0,
      }),
      edit('web/UpdateProductionBOM', { ProductionPlanBOMID: 11, FieldName: 'CutLength', Value: 120 }),
    ];
    const tracked = trackEdits([], edits, new Set(), base, 0);
    expect(tracked[0]?.target).toBe('operation:102');
    const op = overlayEdits(base, tracked, ctx).plan.operations.find(
      (o) => o.ProductionPlanOperationID === 102,
    );
    expect(op?.Backflushes).toEqual([]);
    // 100 pcs × 120 in ÷ 12 ÷ 10 ft/min = 100 min.
    expect(op?.ProductionEstimate).toBe(100);
  });
});

describe('posedQuestion', () => {
  it('reads the question of a stored algorithm result', () => {
    const json = JSON.stringify({
      Success: false,
      QuestionPosed: true,
      Question: { Key: 'Gauge', Text: 'Which gauge?', Kind: 'choice', Choices: ['12', '14'] },
    });
    expect(posedQuestion({ AlgorithmResultJSON: json })).toEqual({
      Key: 'Gauge',
      Text: 'Which gauge?',
      Kind: 'choice',
      Choices: ['12', '14'],
    });
    expect(posedQuestion({ AlgorithmResultJSON: '{"QuestionPosed":false}' })).toBeNull();
    expect(posedQuestion({ AlgorithmResultJSON: 'not json' })).toBeNull();
  });
});
