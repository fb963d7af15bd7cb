import { describe, expect, it } from 'vitest';
import { clearsCalculated, type TaskField } from './calls';
import type { Task } from './entities';
import {
  applyDeleteAnswer,
  applySplitAnswer,
  applyTaskEdit,
  editedStatus,
  estimatedMinutes,
  type Lanes,
  moveTasks,
  splitTask,
} from './rules';

/** A task of 100 pieces at 0.5 min/pc with 20 min setup: 70 minutes. */
function task(id: number, over: Partial<Task> = {}): Task {
  return {
    ScheduleTaskID: id,
    ScheduleID: 1,
    ResourceID: 'RF01',
    ProductionOrder: 0,
    ScheduledMinutesPerPiece: 0.5,
    ScheduledSetupMinutes: 20,
    GoalMinutesPerPiece: 0.45,
    GoalSetupMinutes: 15,
    OriginalScheduledMinutesPerPiece: 0.5,
    MachineRateID: 7,
    OfficialRate: true,
    RateDescription: 'Beam profile',
    SetupSuppressed: false,
    EstimatedMinutes: 70,
    OperationQty: 100,
    Calculated: true,
    ModStatus: '',
    Selected: false,
    ProductionPlanOperationID: 500 + id,
    JobNumber: 'J240001',
    PartNum: 'BM-4814-96',
    PartDescription: 'Step beam',
    OperationSequence: 10,
    DueDate: '2026-12-01',
    Color: 'n/a',
    StatusID: null,
    QtyCompleted: 0,
    StartAt: null,
    EndAt: null,
    SourceTaskID: null,
    RowVersion: 3,
    ...over,
  };
}

const lane = (resource: string, ids: number[]) =>
  ids.map((id, i) => task(id, { ResourceID: resource, ProductionOrder: i, ModStatus: '' }));
const order = (list: readonly Task[] | undefined) => (list ?? []).map((t) => t.ScheduleTaskID);

describe('editedStatus (spec 001 §4: any edit sets ModStatus to U unless A)', () => {
  it("'' and U become U, A stays A", () => {
    expect(editedStatus('')).toBe('U');
    expect(editedStatus('U')).toBe('U');
    expect(editedStatus('A')).toBe('A');
  });
});

describe('estimatedMinutes', () => {
  it('setup + pieces × minutes per piece, setup left out when suppressed, rounded to 4 decimals', () => {
    expect(estimatedMinutes(task(1))).toBe(70);
    expect(estimatedMinutes(task(1, { SetupSuppressed: true }))).toBe(50);
    expect(
      estimatedMinutes(
        task(1, { OperationQty: 3, ScheduledMinutesPerPiece: 0.33333, ScheduledSetupMinutes: 0 }),
      ),
    ).toBe(1); // 0.99999 to 4 decimals
    expect(estimatedMinutes(task(1, { OperationQty: 7, ScheduledMinutesPerPiece: 0.123456 }))).toBe(20.8642);
  });
});

describe('applyTaskEdit', () => {
  const values: Record<TaskField, unknown> = {
    ScheduledMinutesPerPiece: 0.6,
    ScheduledSetupMinutes: 30,
    GoalMinutesPerPiece: 0.4,
    GoalSetupMinutes: 10,
    MachineRateID: 8,
    ProductionOrder: 2,
    ResourceID: 'RF02',
    SetupSuppressed: true,
    EstimatedMinutes: 99,
    OperationQty: 40,
    Color: 'Red',
    StatusID: 4,
    Calculated: true,
  };

  it('sets ModStatus U on a task that was unchanged or updated, keeps A on an added one', () => {
    expect(applyTaskEdit(task(1, { ModStatus: '' }), 'Color', 'Blue').ModStatus).toBe('U');
    expect(applyTaskEdit(task(1, { ModStatus: 'U' }), 'GoalSetupMinutes', 5).ModStatus).toBe('U');
    expect(applyTaskEdit(task(1, { ModStatus: 'A' }), 'OperationQty', 5).ModStatus).toBe('A');
  });

  it('clears Calculated for rate, order, resource, setup suppressed, estimated minutes and quantity', () => {
    expect([...clearsCalculated].sort()).toEqual(
      [
        'EstimatedMinutes',
        'MachineRateID',
        'OperationQty',
        'ProductionOrder',
        'ResourceID',
        'ScheduledMinutesPerPiece',
        'ScheduledSetupMinutes',
        'SetupSuppressed',
      ].sort(),
    );
    for (const field of clearsCalculated) {
      const next = applyTaskEdit(task(1, { Calculated: true }), field, values[field]);
      expect(next.Calculated, field).toBe(false);
      expect(next[field], field).toBe(values[field]);
    }
  });

  it('keeps Calculated for colour, status and goals', () => {
    for (const field of ['Color', 'StatusID', 'GoalMinutesPerPiece', 'GoalSetupMinutes'] as const) {
      const next = applyTaskEdit(task(1, { Calculated: true }), field, values[field]);
      expect(next.Calculated, field).toBe(true);
      expect(next[field], field).toBe(values[field]);
      expect(next.EstimatedMinutes, field).toBe(70);
    }
  });

  it('estimated minutes follow minutes, setup, suppression and quantity; an explicit value wins', () => {
    expect(applyTaskEdit(task(1), 'ScheduledMinutesPerPiece', 0.6).EstimatedMinutes).toBe(80);
    expect(applyTaskEdit(task(1), 'ScheduledSetupMinutes', 30).EstimatedMinutes).toBe(80);
    expect(applyTaskEdit(task(1), 'SetupSuppressed', true).EstimatedMinutes).toBe(50);
    expect(applyTaskEdit(task(1), 'OperationQty', 40).EstimatedMinutes).toBe(40);
    expect(applyTaskEdit(task(1), 'EstimatedMinutes', 99).EstimatedMinutes).toBe(99);
    // A goal is not what the lane is timed with.
    expect(applyTaskEdit(task(1), 'GoalMinutesPerPiece', 0.1).EstimatedMinutes).toBe(70);
  });

  it('does not change the task it was given', () => {
    const before = task(1);
    applyTaskEdit(before, 'OperationQty', 10);
    expect(before).toEqual(task(1));
  });
});

describe('moveTasks (spec 001 §4: a move between workcenters changes ResourceID and renumbers both lists)', () => {
  const lanes = (): Lanes =>
    new Map([
      ['RF01', lane('RF01', [1, 2, 3, 4])],
      ['RF02', lane('RF02', [5, 6])],
      ['CUT01', lane('CUT01', [7])],
    ]);

  it('moves a task to another lane: ResourceID changes, both lists renumbered to their index', () => {
    const before = lanes();
    const { lanes: after, changed } = moveTasks(before, [2], 'RF02', 1);
    expect(order(after.get('RF01'))).toEqual([1, 3, 4]);
    expect(order(after.get('RF02'))).toEqual([5, 2, 6]);
    expect(after.get('RF01')!.map((t) => t.ProductionOrder)).toEqual([0, 1, 2]);
    expect(after.get('RF02')!.map((t) => t.ProductionOrder)).toEqual([0, 1, 2]);
    const moved = after.get('RF02')![1]!;
    expect(moved).toMatchObject({
      ResourceID: 'RF02',
      ProductionOrder: 1,
      ModStatus: 'U',
      Calculated: false,
    });
    // Changed: the moved task, 3 and 4 (moved up in RF01), 6 (moved down in RF02); not 1 and 5.
    expect(changed.map((t) => t.ScheduleTaskID).sort()).toEqual([2, 3, 4, 6]);
    // Tasks whose place did not change keep their status and object.
    expect(after.get('RF01')![0]).toBe(before.get('RF01')![0]);
    // Untouched lanes are the same arrays.
    expect(after.get('CUT01')).toBe(before.get('CUT01'));
  });

  it('moves within a lane: index counted without the moved task', () => {
    const { lanes: after, changed } = moveTasks(lanes(), [1], 'RF01', 2);
    expect(order(after.get('RF01'))).toEqual([2, 3, 1, 4]);
    expect(changed.map((t) => [t.ScheduleTaskID, t.ProductionOrder])).toEqual([
      [2, 0],
      [3, 1],
      [1, 2],
    ]);
  });

  it('a multi-selection keeps its order (lane order, then list order) and lands together', () => {
    const { lanes: after } = moveTasks(lanes(), [6, 3, 1], 'CUT01', 0);
    expect(order(after.get('CUT01'))).toEqual([1, 3, 6, 7]);
    expect(order(after.get('RF01'))).toEqual([2, 4]);
    expect(order(after.get('RF02'))).toEqual([5]);
    expect(after.get('CUT01')!.map((t) => t.ResourceID)).toEqual(['CUT01', 'CUT01', 'CUT01', 'CUT01']);
  });

  it('an index past the end appends; a negative index puts it first', () => {
    expect(order(moveTasks(lanes(), [1], 'RF02', 999).lanes.get('RF02'))).toEqual([5, 6, 1]);
    expect(order(moveTasks(lanes(), [4], 'RF01', -3).lanes.get('RF01'))).toEqual([4, 1, 2, 3]);
  });

  it('a move to a lane that has no tasks yet creates it', () => {
    const { lanes: after } = moveTasks(lanes(), [7], 'PNT01', 0);
    expect(order(after.get('PNT01'))).toEqual([7]);
    expect(after.get('CUT01')).toEqual([]);
  });

  it('an A task moved stays A', () => {
    const l = new Map([['RF01', [task(1, { ModStatus: 'A' }), task(2, { ProductionOrder: 1 })]]]);
    const { lanes: after } = moveTasks(l, [1], 'RF01', 1);
    expect(after.get('RF01')!.map((t) => [t.ScheduleTaskID, t.ModStatus])).toEqual([
      [2, 'U'],
      [1, 'A'],
    ]);
  });
});

describe('applySplitAnswer (spec 001 §4: split answers replace or are appended)', () => {
  it('replaces the answered task with the same id and inserts the new one at its ProductionOrder', () => {
    const list = lane('RF01', [1, 2, 3]);
    const kept = { ...list[1]!, OperationQty: 50, ModStatus: 'U' as const };
    const added = task(9, { ProductionOrder: 2, OperationQty: 50, ModStatus: 'A', SetupSuppressed: true });
    const out = applySplitAnswer(list, [kept, added]);
    expect(order(out)).toEqual([1, 2, 9, 3]);
    expect(out.map((t) => t.ProductionOrder)).toEqual([0, 1, 2, 3]);
    expect(out[1]).toMatchObject({ OperationQty: 50, ModStatus: 'U' });
  });

  it('appends a new task whose ProductionOrder lies past the end', () => {
    const out = applySplitAnswer(lane('RF01', [1, 2]), [task(9, { ProductionOrder: 40 })]);
    expect(order(out)).toEqual([1, 2, 9]);
    expect(out[2]!.ProductionOrder).toBe(2);
  });
});

describe('applyDeleteAnswer (spec 001 §4: a delete replaces the task or removes it)', () => {
  it('removes the task when the answer is null and renumbers', () => {
    const out = applyDeleteAnswer(lane('RF01', [1, 2, 3]), 2, null);
    expect(order(out)).toEqual([1, 3]);
    expect(out.map((t) => t.ProductionOrder)).toEqual([0, 1]);
  });

  it('replaces the task with the answered one (cut to its pieces done)', () => {
    const answer = task(2, { ProductionOrder: 1, OperationQty: 30, QtyCompleted: 30 });
    const out = applyDeleteAnswer(lane('RF01', [1, 2, 3]), 2, answer);
    expect(order(out)).toEqual([1, 2, 3]);
    expect(out[1]).toBe(answer);
  });
});

describe('splitTask', () => {
  it('by default the new task takes half, rounded down; the original keeps the rest and its setup', () => {
    const { kept, added } = splitTask(task(1, { OperationQty: 101, ProductionOrder: 4, ModStatus: '' }));
    expect(kept).toMatchObject({ ScheduleTaskID: 1, OperationQty: 51, ModStatus: 'U', Calculated: false });
    // 20 setup + 51 × 0.5.
    expect(kept.EstimatedMinutes).toBe(45.5);
    expect(added).toMatchObject({
      OperationQty: 50,
      SetupSuppressed: true,
      ModStatus: 'A',
      Calculated: false,
      ProductionOrder: 5,
      QtyCompleted: 0,
      SourceTaskID: null,
      StartAt: null,
      EndAt: null,
      EstimatedMinutes: 25,
    });
    expect('ScheduleTaskID' in added).toBe(false);
  });

  it('takes the quantity given', () => {
    const { kept, added } = splitTask(task(1), 30);
    expect([kept.OperationQty, added.OperationQty]).toEqual([70, 30]);
  });

  it('refuses a split that leaves less than one piece on a side', () => {
    expect(() => splitTask(task(1), 100)).toThrow(RangeError);
    expect(() => splitTask(task(1), 0)).toThrow(/at least one piece/);
    expect(() => splitTask(task(1, { OperationQty: 1 }))).toThrow(
      'A task of 1 pieces can only be split into two parts of at least one piece each',
    );
  });
});
