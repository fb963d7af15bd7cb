import type { Schedule, ScheduleHeader, Task } from '../../../../domain/scheduling/entities';

/**
 * The schedule as the server has it, kept incrementally (pure, unit tested): the GetSchedule answer,
 * then every document of topic `schedule:{ScheduleID}` and the answers of direct calls. Of two copies
 * of a task the higher RowVersion wins; a deletion removes it. Lanes are rebuilt only where a task came,
 * went or changed, and an unchanged lane keeps its array, so a screen of 10,000 tasks redraws one lane
 * for one remote change (memoised lanes compare arrays).
 */

/** One topic document as the collection gives it: `task:{id}` / `schedule:{id}`, doc null = deleted. */
export interface TopicEntry {
  id: string;
  doc: { Kind: 'task'; Data: Task } | { Kind: 'schedule'; Data: ScheduleHeader } | null;
}

const byOrder = (a: Task, b: Task) =>
  a.ProductionOrder - b.ProductionOrder || a.ScheduleTaskID - b.ScheduleTaskID;

export class ScheduleStore {
  readonly scheduleId: number;
  header: ScheduleHeader | null = null;
  /** Lane order: the workcenters of the load answer (settings order), then any lane seen since. */
  laneIds: string[] = [];
  private tasks = new Map<number, Task>();
  /** Ids deleted since the screen opened: an older copy arriving later must not bring them back. */
  private deleted = new Map<number, number>();
  private laneCache = new Map<string, Task[]>();
  private dirty = new Set<string>();
  /** Grows with every change that reached a lane (a cheap "has anything changed" for the screen). */
  version = 0;

  constructor(scheduleId: number) {
    this.scheduleId = scheduleId;
  }

  /** The GetSchedule answer (also on a reload of the same schedule: newer copies already here stay). */
  load(schedule: Schedule): void {
    const { Workcenters, ...header } = schedule;
    this.putHeader(header);
    for (const w of Workcenters) this.addLane(w.ResourceID);
    for (const w of Workcenters) for (const t of w.Tasks) this.putTask(t);
  }

  private addLane(resourceId: string) {
    if (this.laneCache.has(resourceId)) return;
    this.laneIds.push(resourceId);
    this.laneCache.set(resourceId, []);
  }

  private putHeader(h: ScheduleHeader): boolean {
    if (h.ScheduleID !== this.scheduleId) return false;
    if (this.header && this.header.RowVersion >= h.RowVersion) return false;
    this.header = h;
    return true;
  }

  /** A copy of a task: kept when newer than ours. Answers whether it changed anything. */
  putTask(t: Task): boolean {
    if (t.ScheduleID !== this.scheduleId) return false;
    const gone = this.deleted.get(t.ScheduleTaskID);
    if (gone !== undefined && t.RowVersion <= gone) return false;
    const have = this.tasks.get(t.ScheduleTaskID);
    if (have && have.RowVersion >= t.RowVersion) return false;
    this.deleted.delete(t.ScheduleTaskID);
    if (have) this.dirty.add(have.ResourceID);
    this.addLane(t.ResourceID);
    this.dirty.add(t.ResourceID);
    this.tasks.set(t.ScheduleTaskID, t);
    return true;
  }

  /** A task removed (topic deletion, delete answer null). */
  removeTask(id: number): boolean {
    const have = this.tasks.get(id);
    this.deleted.set(id, Math.max(have?.RowVersion ?? 0, this.deleted.get(id) ?? 0));
    if (!have) return false;
    this.tasks.delete(id);
    this.dirty.add(have.ResourceID);
    return true;
  }

  /** A batch of topic documents; answers whether anything shown changed. */
  apply(entries: readonly TopicEntry[]): boolean {
    let changed = false;
    for (const e of entries) {
      const [kind, raw] = e.id.split(':');
      const id = Number(raw);
      if (!e.doc) {
        if (kind === 'task') changed = this.removeTask(id) || changed;
        continue;
      }
      if (e.doc.Kind === 'task') changed = this.putTask(e.doc.Data) || changed;
      else changed = this.putHeader(e.doc.Data) || changed;
    }
    if (changed) this.version += 1;
    return changed;
  }

  task(id: number): Task | undefined {
    return this.tasks.get(id);
  }

  get size(): number {
    return this.tasks.size;
  }

  /**
   * The lanes in order, each sorted by ProductionOrder. Only lanes touched since the last call are new
   * arrays; the Map itself is new whenever any lane is.
   */
  private lanesMemo: Map<string, readonly Task[]> | null = null;
  lanes(): ReadonlyMap<string, readonly Task[]> {
    if (this.lanesMemo && this.dirty.size === 0) return this.lanesMemo;
    if (this.dirty.size > 0) {
      const groups = new Map<string, Task[]>();
      for (const lane of this.dirty) groups.set(lane, []);
      for (const t of this.tasks.values()) groups.get(t.ResourceID)?.push(t);
      for (const [lane, list] of groups) this.laneCache.set(lane, list.sort(byOrder));
      this.dirty.clear();
    }
    const out = new Map<string, readonly Task[]>();
    for (const lane of this.laneIds) out.set(lane, this.laneCache.get(lane) ?? []);
    this.lanesMemo = out;
    return out;
  }
}
