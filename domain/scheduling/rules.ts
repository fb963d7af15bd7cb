import { clearsCalculated, type TaskField } from './calls';
import type { ModStatus, Task } from './entities';

/**
 * The schedule-task rules of spec 001 §4 as pure functions. The server applies them inside the call's
 * transaction under the schedule's row lock; the screen applies the same functions to its queued edits,
 * so a drag shows its result before the server answers. Times (StartAt/EndAt) are not set here: they
 * come from `calendar.ts` over the whole lane.
 */

/** Spec 001 §4: any edit sets ModStatus to U unless it is already A. */
export function editedStatus(status: ModStatus): ModStatus {
  return status === 'A' ? 'A' : 'U';
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Minutes a task occupies its workcenter: setup unless suppressed, plus pieces × minutes per piece. */
export function estimatedMinutes(
  task: Pick<Task, 'ScheduledSetupMinutes' | 'SetupSuppressed' | 'ScheduledMinutesPerPiece' | 'OperationQty'>,
): number {
  const setup = task.SetupSuppressed ? 0 : task.ScheduledSetupMinutes;
  return round4(setup + task.ScheduledMinutesPerPiece * task.OperationQty);
}

/** The fields whose change makes EstimatedMinutes follow (an explicit EstimatedMinutes edit wins). */
const feedsEstimate: readonly TaskField[] = [
  'ScheduledMinutesPerPiece',
  'ScheduledSetupMinutes',
  'SetupSuppressed',
  'OperationQty',
];

/**
 * One field edit of a task (UpdateScheduleTask), without its moves: ResourceID and ProductionOrder
 * edits also go through `moveTasks`. Answers a new task; the input is not changed.
 */
export function applyTaskEdit<F extends TaskField>(task: Task, field: F, value: unknown): Task {
  const next = { ...task, [field]: value } as Task;
  next.ModStatus = editedStatus(task.ModStatus);
  if (clearsCalculated.includes(field)) next.Calculated = false;
  if (feedsEstimate.includes(field)) next.EstimatedMinutes = estimatedMinutes(next);
  return next;
}

/** A schedule's lanes: ResourceID → its tasks in ProductionOrder. */
export type Lanes = ReadonlyMap<string, readonly Task[]>;

/**
 * Moves tasks (kept in their current relative order) to `index` of `resourceId`'s list, counted
 * without the moved tasks (past the end appends). Every lane it touches is renumbered so that
 * ProductionOrder is the list index; a task whose ResourceID or ProductionOrder changed gets
 * ModStatus U (unless A) and Calculated false. Answers the new lanes (only changed lanes are new
 * arrays) and the tasks that changed.
 */
export function moveTasks(
  lanes: Lanes,
  taskIds: readonly number[],
  resourceId: string,
  index: number,
): { lanes: Map<string, Task[]>; changed: Task[] } {
  const ids = new Set(taskIds);
  const moving: Task[] = [];
  const result = new Map<string, Task[]>();
  const touched = new Set<string>([resourceId]);
  // Collect the moving tasks in lane order, then in their order within the lane, so a multi-selection
  // keeps the order it had on the screen (lanes in the map's order).
  for (const [lane, tasks] of lanes) {
    const keep: Task[] = [];
    for (const t of tasks) {
      if (ids.has(t.ScheduleTaskID)) {
        moving.push(t);
        touched.add(lane);
      } else keep.push(t);
    }
    result.set(lane, keep);
  }
  const target = result.get(resourceId) ?? [];
  const at = Math.max(0, Math.min(index, target.length));
  result.set(resourceId, [...target.slice(0, at), ...moving, ...target.slice(at)]);

  const changed: Task[] = [];
  for (const lane of touched) {
    const list = result.get(lane) ?? [];
    const renumbered = list.map((t, i) => {
      if (t.ProductionOrder === i && t.ResourceID === lane) return t;
      const next: Task = {
        ...t,
        ResourceID: lane,
        ProductionOrder: i,
        ModStatus: editedStatus(t.ModStatus),
        Calculated: false,
      };
      changed.push(next);
      return next;
    });
    result.set(lane, renumbered);
  }
  for (const [lane, tasks] of lanes) if (!touched.has(lane)) result.set(lane, tasks as Task[]);
  return { lanes: result, changed };
}

/**
 * Spec 001 §4: a split answers tasks that replace (same ScheduleTaskID) or are appended to the list.
 * An appended task is placed at its ProductionOrder when that falls inside the list, else at the end.
 */
export function applySplitAnswer(list: readonly Task[], answer: readonly Task[]): Task[] {
  const byId = new Map(answer.map((t) => [t.ScheduleTaskID, t]));
  const out = list.map((t) => byId.get(t.ScheduleTaskID) ?? t);
  const present = new Set(list.map((t) => t.ScheduleTaskID));
  for (const t of answer) {
    if (present.has(t.ScheduleTaskID)) continue;
    const at = t.ProductionOrder >= 0 && t.ProductionOrder <= out.length ? t.ProductionOrder : out.length;
    out.splice(at, 0, t);
  }
  return out.map((t, i) => (t.ProductionOrder === i ? t : { ...t, ProductionOrder: i }));
}

/** Spec 001 §4: deleting replaces the task with the answered one, or removes it (answer null). */
export function applyDeleteAnswer(list: readonly Task[], taskId: number, answer: Task | null): Task[] {
  const out = answer
    ? list.map((t) => (t.ScheduleTaskID === taskId ? answer : t))
    : list.filter((t) => t.ScheduleTaskID !== taskId);
  return out.map((t, i) => (t.ProductionOrder === i ? t : { ...t, ProductionOrder: i }));
}

/**
 * The two tasks a split makes (SplitScheduleTask): the original keeps `OperationQty - quantity` pieces
 * with its setup, the new one (ModStatus A, setup suppressed: the machine is already set up) takes
 * `quantity` right after it. `quantity` defaults to half, rounded down; it must leave at least one piece
 * on each side. The new task's id, version and times are the caller's to set.
 */
export function splitTask(
  task: Task,
  quantity?: number,
): { kept: Task; added: Omit<Task, 'ScheduleTaskID'> } {
  const take = quantity ?? Math.floor(task.OperationQty / 2);
  if (!(take > 0 && take < task.OperationQty)) {
    throw new RangeError(
      `A task of ${task.OperationQty} pieces can only be split into two parts of at least one piece each`,
    );
  }
  const kept = applyTaskEdit(task, 'OperationQty', round4(task.OperationQty - take));
  const addedBase: Task = {
    ...task,
    OperationQty: take,
    SetupSuppressed: true,
    ModStatus: 'A',
    Calculated: false,
    ProductionOrder: task.ProductionOrder + 1,
    QtyCompleted: 0,
    SourceTaskID: null,
    StartAt: null,
    EndAt: null,
  };
  const { ScheduleTaskID: _drop, ...added } = { ...addedBase, EstimatedMinutes: estimatedMinutes(addedBase) };
  return { kept, added };
}
