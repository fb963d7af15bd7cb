import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../domain/scheduling/entities';
import { task } from './fixtures';
import {
  CONFIRMED_HOLD_MS,
  clickSelect,
  dropOrder,
  emptySelection,
  gapAt,
  noFilters,
  otherKindSources,
  overlayEdits,
  placeholderId,
  type QueuedEdit,
  selectedInOrder,
  shownLanes,
  trackEdits,
} from './schedule-view';

function lanes(spec: Record<string, number[]>, over: Record<number, Partial<Task>> = {}) {
  return new Map(
    Object.entries(spec).map(([lane, ids]) => [lane, ids.map((id, i) => task(id, lane, i, over[id]))]),
  );
}
const order = (l: ReadonlyMap<string, readonly Task[]>, lane: string) =>
  l.get(lane)?.map((t) => t.ScheduleTaskID);

const move = (postId: string, ids: number[], lane: string, at: number): QueuedEdit => ({
  postId,
  path: 'web/MoveScheduleTasks',
  body: { ScheduleTaskIDs: ids, ResourceID: lane, ProductionOrder: at },
  enqueuedAt: 0,
});

describe('pending edits over the server lanes', () => {
  it('a pending move shows at once: ResourceID, renumbered lanes, ModStatus U, Calculated cleared, saving', () => {
    const server = lanes({ A: [1, 2, 3], B: [4, 5] }, { 2: { Calculated: true } });
    const tracked = trackEdits([], [move('p1', [2], 'B', 1)], new Set(), () => 1, 0);
    const { lanes: shown, saving } = overlayEdits(server, tracked);
    expect(order(shown, 'A')).toEqual([1, 3]);
    expect(order(shown, 'B')).toEqual([4, 2, 5]);
    const moved = shown.get('B')?.[1] as Task;
    expect(moved).toMatchObject({ ResourceID: 'B', ProductionOrder: 1, ModStatus: 'U', Calculated: false });
    expect(shown.get('A')?.map((t) => t.ProductionOrder)).toEqual([0, 1]);
    expect([...saving]).toEqual([2]);
  });

  it('a multi-selection moves in its screen order to the position counted without the moved tasks', () => {
    const server = lanes({ A: [1, 2, 3, 4], B: [5, 6] });
    const tracked = trackEdits([], [move('p1', [4, 1, 6], 'A', 1)], new Set(), () => 1, 0);
    const { lanes: shown } = overlayEdits(server, tracked);
    // Without 1 and 4 lane A is [2, 3]; at index 1 → 2, then 1, 4, 6 (lane order), then 3.
    expect(order(shown, 'A')).toEqual([2, 1, 4, 6, 3]);
    expect(order(shown, 'B')).toEqual([5]);
  });

  it('an older echo does not undo a pending move; the echo after confirmation releases it', () => {
    const server1 = lanes({ A: [1, 2], B: [3] });
    const versions = new Map([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const v = (id: number) => versions.get(id);
    let tracked = trackEdits([], [move('p1', [1], 'B', 0)], new Set(), v, 0);
    // An echo of some earlier change of task 1 (RowVersion 2) arrives while the move is pending.
    versions.set(1, 2);
    tracked = trackEdits(tracked, [move('p1', [1], 'B', 0)], new Set(), v, 10);
    expect(order(overlayEdits(server1, tracked).lanes, 'B')).toEqual([1, 3]);
    // Confirmed, echo not here yet: still on top, no longer saving.
    tracked = trackEdits(tracked, [], new Set(), v, 20);
    expect(tracked).toHaveLength(1);
    expect(overlayEdits(server1, tracked).saving.size).toBe(0);
    expect(order(overlayEdits(server1, tracked).lanes, 'B')).toEqual([1, 3]);
    // Its echo (RowVersion 3) arrives: the server's state alone is shown.
    versions.set(1, 3);
    tracked = trackEdits(tracked, [], new Set(), v, 30);
    expect(tracked).toHaveLength(0);
  });

  it('two schedulers move one task: after acknowledgement the later server state wins', () => {
    // This tab moved task 1 to B; the other scheduler's move to C was applied after ours (RowVersion 3).
    const versions = new Map([[1, 1]]);
    const v = (id: number) => versions.get(id);
    let tracked = trackEdits([], [move('mine', [1], 'B', 0)], new Set(), v, 0);
    tracked = trackEdits(tracked, [], new Set(), v, 5); // acknowledged
    versions.set(1, 3); // our echo (2) and theirs (3) arrived
    tracked = trackEdits(tracked, [], new Set(), v, 6);
    const server = lanes({ A: [], B: [], C: [1] });
    expect(order(overlayEdits(server, tracked).lanes, 'C')).toEqual([1]);
  });

  it('a confirmed edit whose echo never comes is dropped after the hold time; a failed one at once', () => {
    const v = () => 1;
    let tracked = trackEdits([], [move('p1', [1], 'B', 0)], new Set(), v, 0);
    tracked = trackEdits(tracked, [], new Set(), v, 100);
    expect(tracked).toHaveLength(1);
    expect(trackEdits(tracked, [], new Set(), v, 100 + CONFIRMED_HOLD_MS)).toHaveLength(0);
    const pending = trackEdits([], [move('p2', [1], 'B', 0)], new Set(), v, 0);
    expect(trackEdits(pending, [], new Set(['p2']), v, 1)).toHaveLength(0);
  });

  it('a queued split shows the kept task and a placeholder (ModStatus A, setup suppressed) right after it', () => {
    const server = lanes({ A: [1, 2] });
    const post: QueuedEdit = {
      postId: 's1',
      path: 'web/SplitScheduleTask',
      body: { ScheduleTaskID: 1, Quantity: 40 },
      enqueuedAt: 0,
    };
    const { lanes: shown, saving } = overlayEdits(
      server,
      trackEdits([], [post], new Set(), () => 1, 0),
    );
    const list = shown.get('A') as Task[];
    expect(list.map((t) => [t.ScheduleTaskID, t.OperationQty, t.ProductionOrder])).toEqual([
      [1, 60, 0],
      [placeholderId('s1'), 40, 1],
      [2, 100, 2],
    ]);
    expect(list[1]).toMatchObject({ ModStatus: 'A', SetupSuppressed: true, EstimatedMinutes: 80 });
    expect(list[0]).toMatchObject({ ModStatus: 'U', EstimatedMinutes: 150 });
    expect(saving.has(placeholderId('s1'))).toBe(true);
  });

  it('a queued delete removes the task, or cuts it to its pieces done', () => {
    const server = lanes({ A: [1, 2, 3] }, { 3: { QtyCompleted: 25 } });
    const del = (postId: string, id: number): QueuedEdit => ({
      postId,
      path: 'web/DeleteScheduleTask',
      body: { ScheduleTaskID: id },
      enqueuedAt: 0,
    });
    const { lanes: shown } = overlayEdits(
      server,
      trackEdits([], [del('d1', 1), del('d2', 3)], new Set(), () => 1, 0),
    );
    expect(order(shown, 'A')).toEqual([2, 3]);
    expect(shown.get('A')?.map((t) => t.ProductionOrder)).toEqual([0, 1]);
    expect(shown.get('A')?.[1]?.OperationQty).toBe(25);
  });

  it('a queued field edit applies the task rules (quantity: estimate follows, Calculated cleared, U)', () => {
    const server = lanes({ A: [1] }, { 1: { Calculated: true } });
    const post: QueuedEdit = {
      postId: 'u1',
      path: 'web/UpdateScheduleTask',
      body: { ScheduleTaskID: 1, FieldName: 'OperationQty', Value: 10 },
      enqueuedAt: 0,
    };
    const t = overlayEdits(
      server,
      trackEdits([], [post], new Set(), () => 1, 0),
    ).lanes.get('A')?.[0];
    expect(t).toMatchObject({ OperationQty: 10, EstimatedMinutes: 50, Calculated: false, ModStatus: 'U' });
    const color: QueuedEdit = {
      ...post,
      postId: 'u2',
      body: { ScheduleTaskID: 1, FieldName: 'Color', Value: 'Red' },
    };
    const c = overlayEdits(
      server,
      trackEdits([], [color], new Set(), () => 1, 0),
    ).lanes.get('A')?.[0];
    expect(c).toMatchObject({ Color: 'Red', Calculated: true, ModStatus: 'U' });
  });
});

describe('filters and counts', () => {
  const statuses = new Map([[7, { Color: 'Yellow' as const }]]);
  const server = lanes(
    { A: [1, 2, 3], B: [4] },
    {
      1: { JobNumber: 'J240001', PartNum: 'COL-12' },
      2: { StatusID: 7, DueDate: '2026-07-05', EndAt: '2026-07-06T08:00:00Z' }, // Boise: 2 am on the 6th, late
      3: { Color: 'Red' },
    },
  );
  it('search matches job or part; status, colour (own or status), late only; hidden lanes are left out', () => {
    const ids = (f: Partial<typeof noFilters>) =>
      shownLanes(server, ['A', 'B'], { ...noFilters, ...f }, statuses, 2).map((l) => [
        l.resourceId,
        l.shown.map((t) => t.ScheduleTaskID),
      ]);
    expect(ids({ search: 'col-1' })).toEqual([
      ['A', [1]],
      ['B', []],
    ]);
    expect(ids({ search: 'j240' })).toEqual([
      ['A', [1]],
      ['B', []],
    ]);
    expect(ids({ status: 7 })).toEqual([
      ['A', [2]],
      ['B', []],
    ]);
    expect(ids({ status: 'none' })).toEqual([
      ['A', [1, 3]],
      ['B', [4]],
    ]);
    expect(ids({ color: 'Yellow' })).toEqual([
      ['A', [2]],
      ['B', []],
    ]);
    expect(ids({ color: 'Red' })).toEqual([
      ['A', [3]],
      ['B', []],
    ]);
    expect(ids({ lateOnly: true })).toEqual([
      ['A', [2]],
      ['B', []],
    ]);
    expect(ids({ hiddenLanes: new Set(['A']) })).toEqual([['B', [4]]]);
  });
  it('counts every task of a lane, and an unchanged lane answers the same object', () => {
    const a = shownLanes(server, ['A', 'B'], noFilters, statuses, 2);
    expect(a[0]).toMatchObject({ late: 1, minutes: 690 });
    const b = shownLanes(server, ['A', 'B'], noFilters, statuses, 2);
    expect(b[0]).toBe(a[0]);
  });
});

describe('selection', () => {
  const list = [1, 2, 3, 4, 5].map((id, i) => task(id, 'A', i));
  it('click selects one, Ctrl toggles, Shift selects the range from the anchor within the lane', () => {
    let s = clickSelect(emptySelection, 'A', list, 2, { toggle: false, range: false });
    expect([...s.ids]).toEqual([2]);
    s = clickSelect(s, 'A', list, 4, { toggle: false, range: true });
    expect([...s.ids].sort()).toEqual([2, 3, 4]);
    s = clickSelect(s, 'A', list, 3, { toggle: true, range: false });
    expect([...s.ids].sort()).toEqual([2, 4]);
    s = clickSelect(s, 'A', list, 3, { toggle: true, range: false });
    expect([...s.ids].sort()).toEqual([2, 3, 4]);
    // Upwards from the anchor (3) to 1.
    s = clickSelect(s, 'A', list, 1, { toggle: false, range: true });
    expect([...s.ids].sort()).toEqual([1, 2, 3]);
  });
  it('a Shift-click in another lane than the anchor’s is a plain click', () => {
    const other = [task(9, 'B', 0)];
    const s = clickSelect(
      clickSelect(emptySelection, 'A', list, 2, { toggle: false, range: false }),
      'B',
      other,
      9,
      {
        toggle: false,
        range: true,
      },
    );
    expect([...s.ids]).toEqual([9]);
  });
  it('the selected tasks in screen order (lane, then position)', () => {
    const l = lanes({ A: [1, 2], B: [3, 4] });
    expect(selectedInOrder(l, new Set([4, 2, 1])).map((t) => t.ScheduleTaskID)).toEqual([1, 2, 4]);
  });
});

describe('drop position', () => {
  it('the gap under the pointer, rows of 100 px', () => {
    expect(gapAt(-20, 100, 3)).toBe(0);
    expect(gapAt(49, 100, 3)).toBe(0);
    expect(gapAt(51, 100, 3)).toBe(1);
    expect(gapAt(260, 100, 3)).toBe(3);
    expect(gapAt(9000, 100, 3)).toBe(3);
  });
  it('counts the position in the whole lane without the moved tasks', () => {
    const all = [1, 2, 3, 4].map((id, i) => task(id, 'A', i));
    // Dragging 2 down to between 3 and 4 (gap 3): without 2 the lane is [1, 3, 4] → order 2.
    expect(dropOrder(all, all, 3, new Set([2]))).toBe(2);
    // Dragging 4 to the top.
    expect(dropOrder(all, all, 0, new Set([4]))).toBe(0);
    // Into the gap after the last.
    expect(dropOrder(all, all, 4, new Set([9]))).toBe(4);
    // Filtered list [1, 4]: gap 1 (before 4) is index 3 of the lane; after 4 is 4; empty lane → end.
    const shown = [all[0] as Task, all[3] as Task];
    expect(dropOrder(all, shown, 1, new Set([9]))).toBe(3);
    expect(dropOrder(all, shown, 2, new Set([9]))).toBe(4);
    expect(dropOrder(all, [], 0, new Set([9]))).toBe(4);
  });
});

describe('a drop on a machine of another kind (issue 15, item 6)', () => {
  const kinds = new Map([
    ['RF', { Process: 'Roll forming' }],
    ['RF2', { Process: 'Roll forming' }],
    ['PCH', { Process: 'Punching' }],
    ['NEW', {}],
  ]);
  const l = lanes({ RF: [1, 2], RF2: [3], PCH: [4], NEW: [5] });

  it('names each source lane of another kind than the target', () => {
    expect(otherKindSources(l, [1, 3], 'PCH', kinds)).toEqual([
      { from: 'RF', fromKind: 'Roll forming', toKind: 'Punching' },
      { from: 'RF2', fromKind: 'Roll forming', toKind: 'Punching' },
    ]);
  });

  it('nothing to ask within one kind, within the lane, or where a kind is unknown', () => {
    expect(otherKindSources(l, [1], 'RF2', kinds)).toEqual([]);
    expect(otherKindSources(l, [1, 2], 'RF', kinds)).toEqual([]);
    expect(otherKindSources(l, [1], 'NEW', kinds)).toEqual([]);
    expect(otherKindSources(l, [5], 'PCH', kinds)).toEqual([]);
  });
});
