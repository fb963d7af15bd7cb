import type { ScheduleColor, SchedulingStatus, Task } from '../../../../domain/scheduling/entities';
import {
  applyTaskEdit,
  editedStatus,
  type Lanes,
  moveTasks,
  splitTask,
} from '../../../../domain/scheduling/rules';
import { effectiveColor } from '../shared/colors';
import { isLate } from '../shared/plant-time';

/**
 * What the plant schedule shows, from the server's lanes (schedule-store.ts) and this tab's edits still
 * in the post queue, with the rules the server applies (domain/scheduling/rules.ts). Pure, unit tested.
 *
 * An edit stays on top while it is pending, so an echo older than it can never undo what the scheduler
 * just did. Once the queue confirmed it, it stays until every task it touched has a RowVersion above
 * the highest seen while it was pending (its echo, or a later change by someone else, has arrived), or
 * {@link CONFIRMED_HOLD_MS} passed. So when two schedulers move one task at the same moment, each sees
 * their own move until it is acknowledged, then the server's order: the later published state wins on
 * both screens.
 */

export const CONFIRMED_HOLD_MS = 5000;

/** The queued calls that change a schedule's tasks, by lower-case path. */
export const SCHEDULE_EDIT_PATHS = new Set([
  'web/movescheduletasks',
  'web/updatescheduletask',
  'web/splitscheduletask',
  'web/deletescheduletask',
]);

export interface QueuedEdit {
  postId: string;
  path: string;
  body: Record<string, unknown>;
  enqueuedAt: number;
}

export interface TrackedEdit {
  post: QueuedEdit;
  /** The tasks it changes (a move: the tasks moved). */
  targets: number[];
  /** Per target, the highest RowVersion seen while the edit was pending. */
  base: Record<number, number>;
  confirmedAt: number | null;
}

export function isScheduleEdit(post: QueuedEdit): boolean {
  return SCHEDULE_EDIT_PATHS.has(post.path.toLowerCase());
}

export function editTargets(post: QueuedEdit): number[] {
  const b = post.body;
  if (post.path.toLowerCase() === 'web/movescheduletasks') {
    return Array.isArray(b.ScheduleTaskIDs) ? b.ScheduleTaskIDs.map(Number) : [];
  }
  return b.ScheduleTaskID === undefined ? [] : [Number(b.ScheduleTaskID)];
}

/** The edits to keep on top (see the file's comment), in queue order. */
export function trackEdits(
  previous: readonly TrackedEdit[],
  pending: readonly QueuedEdit[],
  failedIds: ReadonlySet<string>,
  versionOf: (taskId: number) => number | undefined,
  now: number,
): TrackedEdit[] {
  const before = new Map(previous.map((e) => [e.post.postId, e]));
  const pendingIds = new Set(pending.map((p) => p.postId));
  const out: TrackedEdit[] = [];
  for (const e of previous) {
    if (pendingIds.has(e.post.postId) || failedIds.has(e.post.postId)) continue;
    const confirmedAt = e.confirmedAt ?? now;
    if (now - confirmedAt >= CONFIRMED_HOLD_MS) continue;
    const echoed = e.targets.every((id) => {
      const v = versionOf(id);
      return v === undefined || v > (e.base[id] ?? 0);
    });
    if (echoed) continue;
    out.push({ ...e, confirmedAt });
  }
  for (const post of pending) {
    if (!isScheduleEdit(post)) continue;
    const had = before.get(post.postId);
    const targets = had?.targets ?? editTargets(post);
    const base: Record<number, number> = { ...had?.base };
    for (const id of targets) base[id] = Math.max(base[id] ?? 0, versionOf(id) ?? 0);
    out.push({ post, targets, base, confirmedAt: null });
  }
  return out;
}

/** A temporary id for the task a queued split adds (negative: never a server id). */
export function placeholderId(postId: string): number {
  let h = 0;
  for (let i = 0; i < postId.length; i += 1) h = (h * 31 + postId.charCodeAt(i)) | 0;
  return -(Math.abs(h) + 1);
}

function findLane(lanes: Lanes, id: number): [string, number] | null {
  for (const [lane, tasks] of lanes) {
    const i = tasks.findIndex((t) => t.ScheduleTaskID === id);
    if (i >= 0) return [lane, i];
  }
  return null;
}

function withLane(lanes: Lanes, lane: string, tasks: Task[]): Map<string, readonly Task[]> {
  const out = new Map(lanes);
  out.set(
    lane,
    tasks.map((t, i) => (t.ProductionOrder === i ? t : { ...t, ProductionOrder: i })),
  );
  return out;
}

/** One queued edit laid over the lanes, as the server will apply it. */
export function applyEdit(lanes: Lanes, post: QueuedEdit): Lanes {
  const path = post.path.toLowerCase();
  const b = post.body;
  if (path === 'web/movescheduletasks') {
    const ids = editTargets(post).filter((id) => findLane(lanes, id));
    if (ids.length === 0) return lanes;
    return moveTasks(lanes, ids, String(b.ResourceID), Number(b.ProductionOrder)).lanes;
  }
  const id = Number(b.ScheduleTaskID);
  const at = findLane(lanes, id);
  if (!at) return lanes;
  const [lane, index] = at;
  const list = lanes.get(lane) ?? [];
  const task = list[index] as Task;
  if (path === 'web/updatescheduletask') {
    const field = String(b.FieldName);
    if (field === 'ResourceID') return moveTasks(lanes, [id], String(b.Value), Number.MAX_SAFE_INTEGER).lanes;
    if (field === 'ProductionOrder') return moveTasks(lanes, [id], lane, Number(b.Value)).lanes;
    // Calculated: true runs the algorithm on the server; the minutes arrive with the answer's echo.
    if (field === 'Calculated') return lanes;
    const next = [...list];
    next[index] = applyTaskEdit(task, field as never, b.Value);
    return withLane(lanes, lane, next);
  }
  if (path === 'web/splitscheduletask') {
    let parts: ReturnType<typeof splitTask>;
    try {
      parts = splitTask(task, b.Quantity === undefined ? undefined : Number(b.Quantity));
    } catch {
      return lanes; // the server refuses it too
    }
    const added: Task = { ...parts.added, ScheduleTaskID: placeholderId(post.postId) };
    const next = [...list];
    next.splice(index, 1, parts.kept, added);
    return withLane(lanes, lane, next);
  }
  if (path === 'web/deletescheduletask') {
    const next = [...list];
    // Spec 001 §4 / the contract: a task with pieces done is cut down to them, else removed.
    if (task.QtyCompleted > 0) {
      next[index] = {
        ...applyTaskEdit(task, 'OperationQty', task.QtyCompleted),
        ModStatus: editedStatus(task.ModStatus),
      };
    } else next.splice(index, 1);
    return withLane(lanes, lane, next);
  }
  return lanes;
}

export interface Overlaid {
  lanes: Lanes;
  /** Tasks with an edit not yet confirmed (their cards show "saving"). */
  saving: ReadonlySet<number>;
}

export function overlayEdits(lanes: Lanes, edits: readonly TrackedEdit[]): Overlaid {
  let out = lanes;
  const saving = new Set<number>();
  for (const e of edits) {
    out = applyEdit(out, e.post);
    if (e.confirmedAt === null) {
      for (const id of e.targets) saving.add(id);
      if (e.post.path.toLowerCase() === 'web/splitscheduletask') saving.add(placeholderId(e.post.postId));
    }
  }
  return { lanes: out, saving };
}

// ---------------------------------------------------------------------------------------------------
// Filters

export interface Filters {
  /** Matches job or part (case-insensitive). */
  search: string;
  /** A StatusID, 'none' (no status), or null for all. */
  status: number | 'none' | null;
  /** The colour shown (own or status colour), or null for all. */
  color: ScheduleColor | null;
  lateOnly: boolean;
  /** Lanes hidden by the scheduler. */
  hiddenLanes: ReadonlySet<string>;
}

export const noFilters: Filters = {
  search: '',
  status: null,
  color: null,
  lateOnly: false,
  hiddenLanes: new Set(),
};

export function isFiltering(f: Filters): boolean {
  return f.search.trim() !== '' || f.status !== null || f.color !== null || f.lateOnly;
}

export function taskMatches(
  t: Task,
  f: Filters,
  statuses: ReadonlyMap<number, Pick<SchedulingStatus, 'Color'>>,
  plantId: number,
): boolean {
  const q = f.search.trim().toLowerCase();
  if (q && !t.JobNumber.toLowerCase().includes(q) && !t.PartNum.toLowerCase().includes(q)) return false;
  if (f.status === 'none' && t.StatusID !== null) return false;
  if (typeof f.status === 'number' && t.StatusID !== f.status) return false;
  if (f.color !== null && effectiveColor(t, statuses) !== f.color) return false;
  if (f.lateOnly && !isLate(t, plantId)) return false;
  return true;
}

export interface ShownLane {
  resourceId: string;
  /** Every task of the lane (what positions count in). */
  all: readonly Task[];
  /** The tasks the filters let through. */
  shown: readonly Task[];
  late: number;
  minutes: number;
}

const shownCache = new WeakMap<readonly Task[], { key: string; lane: ShownLane }>();

/**
 * The lanes as shown: hidden lanes left out, each lane's tasks filtered, with counts. A lane whose
 * array and filters did not change answers the same object, so its component is not drawn again.
 */
export function shownLanes(
  lanes: Lanes,
  order: readonly string[],
  f: Filters,
  statuses: ReadonlyMap<number, Pick<SchedulingStatus, 'Color'>>,
  plantId: number,
): ShownLane[] {
  const key = `${f.search}|${f.status}|${f.color}|${f.lateOnly}|${plantId}|${statuses.size}`;
  const filtering = isFiltering(f);
  const ids = [...order, ...[...lanes.keys()].filter((l) => !order.includes(l))];
  const out: ShownLane[] = [];
  for (const resourceId of ids) {
    if (f.hiddenLanes.has(resourceId)) continue;
    const all = lanes.get(resourceId) ?? [];
    const cached = shownCache.get(all);
    if (cached && cached.key === key && cached.lane.resourceId === resourceId) {
      out.push(cached.lane);
      continue;
    }
    let late = 0;
    let minutes = 0;
    for (const t of all) {
      minutes += t.EstimatedMinutes;
      if (isLate(t, plantId)) late += 1;
    }
    const shown = filtering ? all.filter((t) => taskMatches(t, f, statuses, plantId)) : all;
    const lane = { resourceId, all, shown, late, minutes };
    shownCache.set(all, { key, lane });
    out.push(lane);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Selection (screen state only: spec 001 §3 Selected is never stored)

export interface Selection {
  ids: ReadonlySet<number>;
  /** The last plainly clicked or toggled task: where a Shift-click range starts. */
  anchor: { lane: string; id: number } | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

/**
 * A click on a task: plain selects it alone; Ctrl/Cmd toggles it; Shift selects the range from the
 * anchor to it within one lane (a Shift-click in another lane than the anchor's acts as a plain click).
 */
export function clickSelect(
  sel: Selection,
  lane: string,
  list: readonly Task[],
  id: number,
  mods: { toggle: boolean; range: boolean },
): Selection {
  if (mods.range && sel.anchor && sel.anchor.lane === lane) {
    const a = list.findIndex((t) => t.ScheduleTaskID === sel.anchor?.id);
    const b = list.findIndex((t) => t.ScheduleTaskID === id);
    if (a >= 0 && b >= 0) {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const ids = new Set(mods.toggle ? sel.ids : []);
      for (let i = from; i <= to; i += 1) ids.add((list[i] as Task).ScheduleTaskID);
      return { ids, anchor: sel.anchor };
    }
  }
  if (mods.toggle) {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: { lane, id } };
  }
  return { ids: new Set([id]), anchor: { lane, id } };
}

/** The selected tasks in screen order (lane order, then list order): the order a move keeps. */
export function selectedInOrder(lanes: Lanes, ids: ReadonlySet<number>): Task[] {
  const out: Task[] = [];
  for (const tasks of lanes.values()) for (const t of tasks) if (ids.has(t.ScheduleTaskID)) out.push(t);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Dropping

/** The gap under the pointer in a list of fixed-height rows: 0 before the first … n after the last. */
export function gapAt(offsetY: number, rowHeight: number, count: number): number {
  return Math.max(0, Math.min(count, Math.round(offsetY / rowHeight)));
}

/**
 * MoveScheduleTasks' ProductionOrder for a drop in gap `gap` of the lane's shown (maybe filtered) list:
 * the index in the whole lane counted without the moved tasks, which is what the server and moveTasks
 * take. A gap after the last shown task lands right after it, not at the lane's end.
 */
export function dropOrder(
  all: readonly Task[],
  shown: readonly Task[],
  gap: number,
  moving: ReadonlySet<number>,
): number {
  let fullIndex: number;
  if (gap < shown.length) {
    const before = shown[gap] as Task;
    fullIndex = all.findIndex((t) => t.ScheduleTaskID === before.ScheduleTaskID);
  } else if (shown.length > 0) {
    const last = shown[shown.length - 1] as Task;
    fullIndex = all.findIndex((t) => t.ScheduleTaskID === last.ScheduleTaskID) + 1;
  } else fullIndex = all.length;
  if (fullIndex < 0) fullIndex = all.length;
  let order = 0;
  for (let i = 0; i < fullIndex; i += 1) if (!moving.has((all[i] as Task).ScheduleTaskID)) order += 1;
  return order;
}

/** True when the drop would leave every moved task where it is (nothing to send). */
export function isNoOpMove(lanes: Lanes, ids: readonly number[], lane: string, order: number): boolean {
  const { changed } = moveTasks(lanes, ids, lane, order);
  return changed.length === 0;
}

/**
 * The machines of another kind a move takes tasks from (issue 15, item 6): the source lanes whose
 * Process (Roll forming, Punching, …) differs from the target lane's, so the board asks before the drop
 * lands: a roll-former task on a punch press is usually a slip of the mouse. Lanes without a known
 * Process are not compared.
 */
export function otherKindSources(
  lanes: Lanes,
  ids: readonly number[],
  target: string,
  workcenters: ReadonlyMap<string, { Process?: string | undefined }>,
): { from: string; fromKind: string; toKind: string }[] {
  const toKind = workcenters.get(target)?.Process;
  if (!toKind) return [];
  const wanted = new Set(ids);
  const out: { from: string; fromKind: string; toKind: string }[] = [];
  for (const [lane, tasks] of lanes) {
    if (lane === target || !tasks.some((t) => wanted.has(t.ScheduleTaskID))) continue;
    const fromKind = workcenters.get(lane)?.Process;
    if (fromKind && fromKind !== toKind) out.push({ from: lane, fromKind, toKind });
  }
  return out;
}
