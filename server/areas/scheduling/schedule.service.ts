import type { PendingChange } from '../../../domain/live/changes';
import { formatLocalDate } from '../../../domain/platform/dates';
import type { PermissionFlag } from '../../../domain/platform/permissions';
import type { AlgorithmResult } from '../../../domain/production-plan/calls';
import type { Operation } from '../../../domain/production-plan/entities';
import type { RateOnMachine } from '../../../domain/production-plan/rules';
import {
  addDays,
  localDateOf,
  localInstant,
  workingMinutesBetween,
} from '../../../domain/scheduling/calendar';
import type { TaskField } from '../../../domain/scheduling/calls';
import type {
  Holiday,
  Override,
  Schedule,
  ScheduleHeader,
  SchedulingCalendar,
  SchedulingStatus,
  Shift,
  Task,
  UnscheduledOperation,
  WorkcenterSetting,
} from '../../../domain/scheduling/entities';
import { applyTaskEdit, estimatedMinutes, moveTasks, splitTask } from '../../../domain/scheduling/rules';
import type { Sql } from '../../db/database';
import { forbidden, sorry } from '../../rpc/errors';
import {
  headerChanges,
  headerRemovals,
  sameTask,
  settingsChange,
  taskChange,
  taskFromOperation,
  taskRemoval,
  timeLane,
} from './schedule.documents';
import * as repo from './schedule.repository';

/**
 * The scheduling rules as the server applies them (spec 001 §4 Schedule task, issue 6). Every change
 * of a schedule locks its row first (`SELECT … FOR UPDATE` on schedules), reads the lanes it touches,
 * applies the pure rules of domain/scheduling/rules.ts, recomputes StartAt/EndAt of every touched lane
 * from the plant's calendar, stores every task that changed with RowVersion + 1 and publishes it on
 * `schedule:{ScheduleID}` (and the header when the task count changed). Two schedulers moving the same
 * task therefore apply one after the other, each on the other's result, and the topic's order is the
 * commit order: both screens end with the last committed state.
 */

export interface WriteContext {
  db: Sql;
  userName: string;
  flags: ReadonlySet<PermissionFlag>;
  publish(change: PendingChange): void;
}

/** The plan area's algorithm run for an operation, on another resource and quantity (read-only). */
export type AlgorithmPreview = (
  db: Sql,
  operationId: number,
  override: { ResourceID: string; ProductionQuantity: number },
) => Promise<{ result: AlgorithmResult; calculation: { RateLog: string } }>;

/**
 * The plan area's rate for an operation on another machine by the first two steps of the precedence
 * (algorithm, then engine; server/areas/production-plan PlanService.rateOnMachine); null: neither.
 */
export type RateOnMachinePreview = (
  db: Sql,
  operationId: number,
  on: { ResourceID: string; ProductionQuantity: number },
) => Promise<RateOnMachine | null>;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** Fields whose edit changes no minutes and no order: the lane's times stay. */
const untimedFields = ['Color', 'StatusID', 'GoalMinutesPerPiece', 'GoalSetupMinutes'] as const;
const human = (flag: string) => flag.replace(/([A-Z])/g, ' $1').toLowerCase();
/** The pipeline's 403 sentence, for the flag a row needs (server/rpc/registry.ts accessProblem). */
const needs = (flag: PermissionFlag) =>
  forbidden(`You do not have permission to do this (it needs: ${human(flag)}).`);

/**
 * One schedule being changed: its locked row, calendar and settings, and the lanes read so far with
 * the stored copy of each task, so `commit` stores and publishes exactly what changed.
 */
class ScheduleWork {
  private readonly lanes = new Map<string, Task[]>();
  private readonly stored = new Map<number, Task>();
  private readonly dirty = new Set<string>();

  private constructor(
    readonly schedule: repo.ScheduleRow,
    readonly calendar: SchedulingCalendar,
    readonly settings: ReadonlyMap<string, WorkcenterSetting>,
  ) {}

  static async open(
    db: Sql,
    schedule: repo.ScheduleRow,
    calendar?: SchedulingCalendar,
  ): Promise<ScheduleWork> {
    const settings = new Map(
      (await repo.listWorkcenterSettings(db, schedule.PlantID)).map((s) => [s.ResourceID, s]),
    );
    return new ScheduleWork(schedule, calendar ?? (await repo.loadCalendar(db, schedule.PlantID)), settings);
  }

  /** Reads lanes not read yet (all the schedule's lanes when `resourceIds` is omitted). */
  async read(db: Sql, resourceIds?: readonly string[]): Promise<void> {
    const wanted = resourceIds?.filter((r) => !this.lanes.has(r));
    if (wanted && !wanted.length) return;
    for (const r of wanted ?? []) this.lanes.set(r, []);
    for (const t of await repo.listTasks(db, this.schedule.ScheduleID, wanted)) {
      if (this.stored.has(t.ScheduleTaskID)) continue;
      this.stored.set(t.ScheduleTaskID, t);
      const list = this.lanes.get(t.ResourceID) ?? [];
      list.push(t);
      this.lanes.set(t.ResourceID, list);
    }
  }

  lane(resourceId: string): Task[] {
    return this.lanes.get(resourceId) ?? [];
  }

  /** The lanes read, in the plant's lane order (a multi-selection moves in this order). */
  orderedLanes(): Map<string, Task[]> {
    const order = (r: string) => this.settings.get(r)?.SortOrder ?? Number.MAX_SAFE_INTEGER;
    return new Map(
      [...this.lanes.entries()].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0])),
    );
  }

  setLane(resourceId: string, tasks: Task[]): void {
    this.lanes.set(resourceId, tasks);
    this.dirty.add(resourceId);
  }

  /** Every lane read is timed again (a calendar, efficiency or start-date change). */
  touchAll(): void {
    for (const r of this.lanes.keys()) this.dirty.add(r);
  }

  task(id: number): Task | undefined {
    for (const list of this.lanes.values()) {
      const t = list.find((x) => x.ScheduleTaskID === id);
      if (t) return t;
    }
    return undefined;
  }

  /** Replaces a task in its lane (same lane, same place). */
  replace(task: Task): void {
    const list = this.lane(task.ResourceID).map((t) => (t.ScheduleTaskID === task.ScheduleTaskID ? task : t));
    this.setLane(task.ResourceID, list);
  }

  remove(id: number): void {
    for (const [r, list] of this.lanes) {
      if (list.some((t) => t.ScheduleTaskID === id)) {
        this.setLane(
          r,
          list.filter((t) => t.ScheduleTaskID !== id),
        );
      }
    }
  }

  /**
   * Times every changed lane, stores what differs from the stored copy (RowVersion + 1; new tasks
   * RowVersion 1), deletes what left, publishes each, and the header when the task count changed.
   * Answers the tasks as stored, by id.
   */
  async commit(w: Pick<WriteContext, 'db' | 'publish'>): Promise<Map<number, Task>> {
    const saved = new Map<number, Task>();
    const inserts: Task[] = [];
    const updates: Task[] = [];
    const present = new Set<number>();
    for (const [resourceId, list] of this.lanes) {
      for (const t of list) present.add(t.ScheduleTaskID);
      if (!this.dirty.has(resourceId)) continue;
      const efficiency = this.settings.get(resourceId)?.EfficiencyPercent ?? 100;
      const timed = timeLane(this.calendar, resourceId, this.schedule.StartDate, efficiency, list);
      const final: Task[] = [];
      for (const t of timed) {
        const before = this.stored.get(t.ScheduleTaskID);
        let next = t;
        if (!before) {
          next = { ...t, RowVersion: 1, Selected: false };
          inserts.push(next);
        } else if (!sameTask(before, t)) {
          next = { ...t, RowVersion: before.RowVersion + 1, Selected: false };
          updates.push(next);
        } else next = before;
        saved.set(next.ScheduleTaskID, next);
        final.push(next);
      }
      this.lanes.set(resourceId, final);
    }
    const removed = [...this.stored.keys()].filter((id) => !present.has(id));
    await repo.deleteTasks(w.db, removed);
    await repo.updateTasks(w.db, updates);
    await repo.insertTasks(w.db, inserts);
    for (const id of removed) w.publish(taskRemoval(this.schedule.ScheduleID, id));
    for (const t of [...updates, ...inserts]) w.publish(taskChange(t));
    for (const t of [...updates, ...inserts]) this.stored.set(t.ScheduleTaskID, t);
    for (const id of removed) this.stored.delete(id);
    this.dirty.clear();
    if (removed.length || inserts.length) {
      await repo.updateSchedule(w.db, this.schedule.ScheduleID, {});
      for (const c of headerChanges((await repo.findHeader(w.db, this.schedule.ScheduleID))!)) w.publish(c);
    }
    return saved;
  }
}

export class SchedulingService {
  constructor(
    private readonly algorithm: AlgorithmPreview,
    private readonly rateOn: RateOnMachinePreview = async () => null,
  ) {}

  // ----------------------------------------------------------------------------------------- reading

  async schedules(db: Sql, plantId: number): Promise<ScheduleHeader[]> {
    await this.plant(db, plantId);
    return repo.listHeaders(db, plantId);
  }

  /**
   * GET web/GetSchedule. `firstTasks` limits each lane to its first tasks: a 10,000-task schedule's
   * answer is about 7 MB, and the board's first paint needs only what fits on the screen.
   */
  async schedule(db: Sql, scheduleId: number, firstTasks?: number): Promise<Schedule> {
    const header = await repo.findHeader(db, scheduleId);
    if (!header) throw sorry(`Schedule ${scheduleId} was not found.`);
    const lanes = (await repo.listWorkcenterSettings(db, header.PlantID)).filter((s) => s.Scheduled);
    const byLane = new Map<string, Task[]>(lanes.map((l) => [l.ResourceID, []]));
    const tasks =
      firstTasks === undefined
        ? await repo.listTasks(db, scheduleId)
        : await repo.listFirstTasks(db, scheduleId, firstTasks);
    for (const t of tasks) byLane.get(t.ResourceID)?.push(t);
    const counts =
      firstTasks === undefined
        ? new Map([...byLane].map(([lane, list]) => [lane, list.length]))
        : await repo.countTasksByLane(db, scheduleId);
    return {
      ...header,
      Workcenters: lanes.map((l) => ({
        ResourceID: l.ResourceID,
        Tasks: byLane.get(l.ResourceID)!,
        TaskCount: counts.get(l.ResourceID) ?? 0,
      })),
    };
  }

  /** GET algorithm/RunScheduleTaskAlgorithm: the task's operation on the task's machine, its pieces. */
  async previewAlgorithm(db: Sql, taskId: number) {
    const task = await repo.findTask(db, taskId);
    if (!task) throw sorry(`Task ${taskId} was not found.`);
    return this.runAlgorithm(db, task);
  }

  // ----------------------------------------------------------------------------------------- tasks

  async updateTask(w: WriteContext, taskId: number, field: TaskField, value: unknown): Promise<Task> {
    if ((untimedFields as readonly string[]).includes(field))
      return this.updateUntimed(w, taskId, field, value);
    const { work, task } = await this.openTask(w, taskId);
    const { db } = w;
    if (field === 'ProductionOrder') {
      const { lanes } = moveTasks(work.orderedLanes(), [taskId], task.ResourceID, value as number);
      work.setLane(task.ResourceID, lanes.get(task.ResourceID)!);
    } else if (field === 'ResourceID') {
      const target = value as string;
      if (target === task.ResourceID) return task;
      this.lane(work, target);
      await work.read(db, [target]);
      const { lanes } = moveTasks(work.orderedLanes(), [taskId], target, Number.MAX_SAFE_INTEGER);
      for (const r of [task.ResourceID, target]) work.setLane(r, lanes.get(r)!);
      work.replace(await this.rateAfterMove(db, work.task(taskId)!, task.ResourceID));
    } else if (field === 'MachineRateID') {
      const rateId = value as number | null;
      if (rateId === null) {
        work.replace({
          ...applyTaskEdit(task, 'MachineRateID', null),
          OfficialRate: false,
          RateDescription: '',
        });
      } else {
        const rate = await repo.findRate(db, rateId);
        if (!rate || rate.ResourceID !== task.ResourceID) {
          throw sorry(`Machine rate ${rateId} is not a rate of ${task.ResourceID}.`);
        }
        work.replace(withRate(task, rate));
      }
    } else if (field === 'Calculated') {
      const { result } = await this.runAlgorithm(db, task);
      if (!result.Success || result.QuestionPosed) {
        throw sorry(
          result.QuestionPosed && result.Question
            ? `The rate algorithm asks a question first: ${result.Question.Text}`
            : `The rate algorithm found no rate for task ${taskId}.`,
        );
      }
      let next = applyTaskEdit(
        task,
        'ScheduledMinutesPerPiece',
        round4(result.Result.SchedulingMinutesPerPiece || result.Result.MinutesPerPiece),
      );
      next = applyTaskEdit(next, 'ScheduledSetupMinutes', round4(result.Result.SetupMinutes));
      work.replace({ ...next, Calculated: true });
    } else {
      work.replace(applyTaskEdit(task, field, value));
    }
    const saved = await work.commit(w);
    return saved.get(taskId) ?? work.task(taskId)!;
  }

  /**
   * Colour, status and goals do not move anything in time: the task alone is read under the schedule's
   * lock and stored (no lane, calendar or settings read: the many small edits of a busy schedule).
   */
  private async updateUntimed(
    w: WriteContext,
    taskId: number,
    field: TaskField,
    value: unknown,
  ): Promise<Task> {
    const peek = await repo.findTask(w.db, taskId);
    if (!peek) throw sorry(`Task ${taskId} was not found.`);
    const schedule = await this.lockSchedule(w, peek.ScheduleID);
    const task = await repo.findTask(w.db, taskId);
    if (!task) throw sorry(`Task ${taskId} was not found.`);
    if (field === 'StatusID' && value !== null) {
      const status = await repo.findStatus(w.db, value as number);
      if (!status || status.PlantID !== schedule.PlantID) {
        throw sorry(`Status ${value} is not a task status of plant ${schedule.PlantID}.`);
      }
    }
    const edited = applyTaskEdit(task, field, value);
    if (sameTask(task, edited)) return task;
    const next = { ...edited, RowVersion: task.RowVersion + 1 };
    await repo.updateTasks(w.db, [next]);
    w.publish(taskChange(next));
    return next;
  }

  async splitTask(w: WriteContext, taskId: number, quantity: number | undefined): Promise<Task[]> {
    const { work, task } = await this.openTask(w, taskId);
    let parts: ReturnType<typeof splitTask>;
    try {
      parts = splitTask(task, quantity);
    } catch (error) {
      throw sorry(`${(error as Error).message}.`);
    }
    if (parts.kept.OperationQty < task.QtyCompleted) {
      throw sorry(
        `Task ${taskId} has ${task.QtyCompleted} pieces done: the first part must keep at least that many.`,
      );
    }
    const [id] = await repo.newTaskIds(w.db, 1);
    const added: Task = { ...parts.added, ScheduleTaskID: id! };
    const list = work
      .lane(task.ResourceID)
      .flatMap((t) => (t.ScheduleTaskID === taskId ? [parts.kept, added] : [t]));
    work.setLane(task.ResourceID, list);
    const saved = await work.commit(w);
    return [saved.get(taskId)!, saved.get(added.ScheduleTaskID)!];
  }

  async deleteTask(w: WriteContext, taskId: number): Promise<Task | null> {
    const { work, task } = await this.openTask(w, taskId);
    if (task.QtyCompleted > 0) {
      // Pieces were reported on it: it stays with those pieces, the rest is unscheduled again.
      work.replace(applyTaskEdit(task, 'OperationQty', task.QtyCompleted));
      const saved = await work.commit(w);
      return saved.get(taskId) ?? task;
    }
    work.remove(taskId);
    await work.commit(w);
    return null;
  }

  async moveTasks(
    w: WriteContext,
    taskIds: readonly number[],
    resourceId: string,
    index: number,
  ): Promise<Task[]> {
    const ids = [...new Set(taskIds)];
    const first = await repo.findTask(w.db, ids[0]!);
    if (!first) throw sorry(`Task ${ids[0]} was not found.`);
    const work = await this.openSchedule(w, first.ScheduleID);
    const tasks = await repo.findTasks(w.db, ids);
    for (const id of ids) {
      const t = tasks.find((x) => x.ScheduleTaskID === id);
      if (!t) throw sorry(`Task ${id} was not found.`);
      if (t.ScheduleID !== first.ScheduleID) {
        throw sorry(`Task ${id} is not on schedule ${first.ScheduleID}: tasks move within one schedule.`);
      }
    }
    this.lane(work, resourceId);
    await work.read(w.db, [...new Set([...tasks.map((t) => t.ResourceID), resourceId])]);
    const { lanes } = moveTasks(work.orderedLanes(), ids, resourceId, index);
    for (const r of new Set([...tasks.map((t) => t.ResourceID), resourceId])) work.setLane(r, lanes.get(r)!);
    // A task that changed machine must not keep the old machine's minutes (issue 15, item 6).
    for (const t of tasks) {
      if (t.ResourceID !== resourceId)
        work.replace(await this.rateAfterMove(w.db, work.task(t.ScheduleTaskID)!, t.ResourceID));
    }
    const saved = await work.commit(w);
    const before = new Map(tasks.map((t) => [t.ScheduleTaskID, t]));
    // What changed: the moved tasks and every task of the touched lanes whose order or times moved.
    return [...saved.values()].filter((t) => {
      const b = before.get(t.ScheduleTaskID);
      return !b || b.RowVersion !== t.RowVersion || ids.includes(t.ScheduleTaskID);
    });
  }

  // ----------------------------------------------------------------------------------------- schedules

  async createWhatIf(w: WriteContext, scheduleId: number, name: string): Promise<ScheduleHeader> {
    const official = await repo.findSchedule(w.db, scheduleId, true);
    if (!official) throw sorry(`Schedule ${scheduleId} was not found.`);
    if (!official.Official) {
      throw sorry(
        `Schedule ${scheduleId} is a what-if schedule: a what-if is copied from the official schedule.`,
      );
    }
    const copyThrough = await repo.maxTaskId(w.db, scheduleId);
    const id = await repo.insertSchedule(w.db, {
      plantId: official.PlantID,
      name,
      official: false,
      basedOn: scheduleId,
      startDate: official.StartDate,
      createdBy: w.userName,
      copiedThroughTaskId: copyThrough,
    });
    const source = await repo.listTasks(w.db, scheduleId);
    const ids = await repo.newTaskIds(w.db, source.length);
    const copies = source.map(
      (t, k): Task => ({
        ...t,
        ScheduleTaskID: ids[k]!,
        ScheduleID: id,
        SourceTaskID: t.ScheduleTaskID,
        ModStatus: '',
        RowVersion: 1,
      }),
    );
    await repo.insertTasks(w.db, copies);
    const header = (await repo.findHeader(w.db, id))!;
    for (const c of headerChanges(header)) w.publish(c);
    for (const t of copies) w.publish(taskChange(t));
    return header;
  }

  /**
   * A what-if becomes the official schedule's order: see the README ("Commit") for each case. The
   * what-if is read-only afterwards; every official task is unchanged ('') from the commit on.
   */
  async commit(w: WriteContext, scheduleId: number): Promise<ScheduleHeader> {
    const peek = await repo.findSchedule(w.db, scheduleId);
    if (!peek) throw sorry(`Schedule ${scheduleId} was not found.`);
    if (peek.Official)
      throw sorry(`Schedule ${scheduleId} is the official schedule: only a what-if schedule is committed.`);
    const official = await repo.officialScheduleOf(w.db, peek.PlantID);
    if (!official) throw sorry(`Plant ${peek.PlantID} has no official schedule to commit into.`);
    const locked = await repo.lockSchedules(w.db, [scheduleId, official.ScheduleID]);
    const whatIf = locked.find((s) => s.ScheduleID === scheduleId)!;
    if (whatIf.CommittedAt) throw sorry(`Schedule ${scheduleId} was committed already and is read-only.`);
    const target = await ScheduleWork.open(w.db, locked.find((s) => s.ScheduleID === official.ScheduleID)!);
    await target.read(w.db);
    const officialTasks = new Map<number, Task>();
    for (const list of target.orderedLanes().values())
      for (const t of list) officialTasks.set(t.ScheduleTaskID, t);
    const copyThrough = whatIf.CopiedThroughTaskID ?? 0;
    const ours = await repo.listTasks(w.db, scheduleId);
    const referenced = new Set(ours.map((t) => t.SourceTaskID).filter((id): id is number => id !== null));
    const newIds = await repo.newTaskIds(w.db, ours.filter((t) => t.SourceTaskID === null).length);

    const lanes = new Map<string, Task[]>();
    const put = (t: Task) => {
      const list = lanes.get(t.ResourceID) ?? [];
      list.push(t);
      lanes.set(t.ResourceID, list);
    };
    // The what-if's lanes, in its order: its tasks' fields on the official tasks they came from (the
    // shop floor's QtyCompleted stays the official one's), its own tasks (splits, scheduled
    // operations) added. A task whose official original was deleted meanwhile stays deleted.
    for (const t of ours) {
      if (t.SourceTaskID === null) {
        put({
          ...t,
          ScheduleTaskID: newIds.shift()!,
          ScheduleID: official.ScheduleID,
          SourceTaskID: null,
          ModStatus: '',
        });
        continue;
      }
      const o = officialTasks.get(t.SourceTaskID);
      if (!o) continue;
      put({
        ...t,
        ScheduleTaskID: o.ScheduleTaskID,
        ScheduleID: o.ScheduleID,
        SourceTaskID: null,
        QtyCompleted: o.QtyCompleted,
        ModStatus: '',
        RowVersion: o.RowVersion,
      });
    }
    // Official tasks the what-if did not have: scheduled since the copy (they stay, at the end of their
    // lane), or deleted in the what-if (removed, or cut to the pieces done).
    for (const o of officialTasks.values()) {
      if (referenced.has(o.ScheduleTaskID)) continue;
      if (o.ScheduleTaskID > copyThrough) put({ ...o, ModStatus: '' });
      else if (o.QtyCompleted > 0)
        put({ ...applyTaskEdit(o, 'OperationQty', o.QtyCompleted), ModStatus: '' });
    }
    for (const r of new Set([...target.orderedLanes().keys(), ...lanes.keys()])) {
      target.setLane(r, lanes.get(r) ?? []);
    }
    await target.commit(w);

    await repo.updateSchedule(w.db, scheduleId, { committed_at: new Date(), committed_by: w.userName });
    const header = (await repo.findHeader(w.db, scheduleId))!;
    for (const c of headerChanges(header)) w.publish(c);
    // The official header changes with every commit (its tasks did), even when the count did not.
    await repo.updateSchedule(w.db, official.ScheduleID, {});
    for (const c of headerChanges((await repo.findHeader(w.db, official.ScheduleID))!)) w.publish(c);
    return header;
  }

  async deleteSchedule(w: WriteContext, scheduleId: number): Promise<{ Deleted: boolean }> {
    const s = await repo.findSchedule(w.db, scheduleId, true);
    if (!s) throw sorry(`Schedule ${scheduleId} was not found.`);
    if (s.Official) throw sorry('The official schedule cannot be deleted.');
    await repo.deleteSchedule(w.db, scheduleId);
    for (const c of headerRemovals(s.PlantID, scheduleId)) w.publish(c);
    return { Deleted: true };
  }

  async updateSchedule(w: WriteContext, scheduleId: number, field: 'Name' | 'StartDate', value: string) {
    const work = await this.openSchedule(w, scheduleId);
    const s = work.schedule;
    if ((field === 'Name' ? s.Name : s.StartDate) === value)
      return (await repo.findHeader(w.db, scheduleId))!;
    if (field === 'Name') await repo.updateSchedule(w.db, scheduleId, { name: value });
    else {
      await repo.updateSchedule(w.db, scheduleId, { start_date: value });
      // Every lane starts from the new date.
      const moved = await ScheduleWork.open(w.db, { ...s, StartDate: value }, work.calendar);
      await moved.read(w.db);
      moved.touchAll();
      await moved.commit(w);
    }
    const header = (await repo.findHeader(w.db, scheduleId))!;
    for (const c of headerChanges(header)) w.publish(c);
    return header;
  }

  // ----------------------------------------------------------------------------------------- unscheduled

  async unscheduled(
    db: Sql,
    plantId: number,
    search: string | undefined,
    skip: number,
    take: number,
  ): Promise<{ Rows: UnscheduledOperation[]; Total: number }> {
    await this.plant(db, plantId);
    const { rows, total } = await repo.unscheduledOperations(db, plantId, search ?? null, skip, take);
    return {
      Total: total,
      Rows: rows.map((o) => ({
        ProductionPlanOperationID: o.ProductionPlanOperationID,
        JobNumber: o.JobNumber,
        PartNum: o.PartNum,
        PartDescription: o.PartDescription,
        OperationSequence: o.OperationSequence,
        ResourceID: o.ResourceID,
        DueDate: o.DueDate,
        OperationQty: o.ProductionQuantity,
        ScheduledQty: o.ScheduledQty,
        ScheduledMinutesPerPiece: round4(o.ScheduledMinutesPerPiece || o.ProductionMinutesPerPiece),
        SetupMinutes: o.SetupMinutes,
      })),
    };
  }

  async scheduleOperation(
    w: WriteContext,
    scheduleId: number,
    operationId: number,
    resourceId: string | undefined,
    index: number | undefined,
  ): Promise<Task> {
    const work = await this.openSchedule(w, scheduleId);
    const op = await repo.findOperation(w.db, operationId);
    if (!op || op.PlantID !== work.schedule.PlantID) {
      throw sorry(`Operation ${operationId} is not an operation of plant ${work.schedule.PlantID}.`);
    }
    if (op.Invalidated) throw sorry(`Operation ${operationId} is invalidated and cannot be scheduled.`);
    const lane = resourceId ?? op.ResourceID;
    if (!lane)
      throw sorry(`Operation ${operationId} has no machine: choose the workcenter to schedule it on.`);
    this.lane(work, lane);
    await work.read(w.db);
    let scheduled = 0;
    for (const list of work.orderedLanes().values()) {
      for (const t of list) if (t.ProductionPlanOperationID === operationId) scheduled += t.OperationQty;
    }
    const open = round4(op.ProductionQuantity - scheduled);
    if (open <= 0)
      throw sorry(
        `Operation ${operationId} is scheduled already (${scheduled} of ${op.ProductionQuantity} pieces).`,
      );
    const [id] = await repo.newTaskIds(w.db, 1);
    let task: Task = {
      ...taskFromOperation(scheduleId, op),
      ScheduleTaskID: id!,
      ResourceID: lane,
      OperationQty: open,
      ModStatus: 'A',
    };
    if (lane !== op.ResourceID) {
      // Another machine: its official rate, as a move to it would take.
      const rate = await repo.officialRateOf(w.db, lane);
      task = rate ? { ...withRate(task, rate), ModStatus: 'A', Calculated: false } : task;
    }
    task.EstimatedMinutes = estimatedMinutes(task);
    const list = [...work.lane(lane)];
    list.splice(Math.min(index ?? list.length, list.length), 0, task);
    work.setLane(lane, list);
    const saved = await work.commit(w);
    return saved.get(id!)!;
  }

  // ----------------------------------------------------------------------------------------- plan changes

  /**
   * A production-plan operation changed (or is about to be deleted: `after` null): its tasks on every
   * schedule that is not a committed what-if follow, inside the plan call's transaction. See the README
   * ("Plan changes") for each rule.
   */
  async operationsChanged(
    w: Pick<WriteContext, 'db' | 'publish'>,
    changes: readonly { before: Operation; after: Operation | null }[],
  ): Promise<void> {
    const relevant = changes.filter(({ before, after }) => !after || planChangeMatters(before, after));
    if (!relevant.length) return;
    const operationIds = relevant.map((c) => c.before.ProductionPlanOperationID);
    const peeked = await repo.tasksOfOperations(w.db, operationIds);
    if (!peeked.length) return;
    const schedules = await repo.lockSchedules(w.db, [...new Set(peeked.map((t) => t.ScheduleID))]);
    // Read again under the locks: a scheduler may have moved one of them meanwhile.
    const tasks = await repo.tasksOfOperations(w.db, operationIds);
    const rates = new Map<number, repo.RateRow | undefined>();
    const rateOf = async (id: number | null) => {
      if (id === null) return undefined;
      if (!rates.has(id)) rates.set(id, await repo.findRate(w.db, id));
      return rates.get(id);
    };
    for (const schedule of schedules) {
      if (schedule.CommittedAt) continue;
      const work = await ScheduleWork.open(w.db, schedule);
      for (const { before, after } of relevant) {
        const opId = before.ProductionPlanOperationID;
        const mine = () =>
          [...work.orderedLanes().values()].flat().filter((t) => t.ProductionPlanOperationID === opId);
        const peek = tasks.filter(
          (t) => t.ScheduleID === schedule.ScheduleID && t.ProductionPlanOperationID === opId,
        );
        if (!peek.length) continue;
        await work.read(w.db, [...new Set(peek.map((t) => t.ResourceID))]);

        // Deleted, invalidated or without a machine: off the schedule unless pieces were done.
        if (!after || after.Invalidated || after.ResourceID === null) {
          for (const t of mine()) {
            if (t.QtyCompleted > 0) work.replace(applyTaskEdit(t, 'OperationQty', t.QtyCompleted));
            else work.remove(t.ScheduleTaskID);
          }
          continue;
        }
        // A new machine: the tasks move to the end of its lane (when it is a lane of the plant) with
        // the operation's new figures.
        if (after.ResourceID !== before.ResourceID) {
          const setting = work.settings.get(after.ResourceID);
          if (setting?.Scheduled) {
            await work.read(w.db, [after.ResourceID]);
            const ids = mine().map((t) => t.ScheduleTaskID);
            const { lanes } = moveTasks(work.orderedLanes(), ids, after.ResourceID, Number.MAX_SAFE_INTEGER);
            for (const [r, list] of lanes) if (list !== work.lane(r)) work.setLane(r, list);
            const rate = await rateOf(after.MachineRateID);
            for (const t of mine()) work.replace(withOperationFigures(t, after, rate));
          }
        } else if (
          operationMinutes(after) !== operationMinutes(before) ||
          after.SetupMinutes !== before.SetupMinutes ||
          after.MachineRateID !== before.MachineRateID
        ) {
          // New figures: tasks that still carry the operation's old figures take the new ones; a task
          // whose minutes the scheduler changed keeps them.
          const rate = await rateOf(after.MachineRateID);
          for (const t of mine()) {
            if (
              t.ScheduledMinutesPerPiece === operationMinutes(before) &&
              t.ScheduledSetupMinutes === round4(before.SetupMinutes)
            ) {
              work.replace(withOperationFigures(t, after, rate));
            }
          }
        }
        // A new quantity: one task takes it; of several (a split) the last one made absorbs the
        // difference, the ones before it if it would drop below one piece (or its pieces done).
        if (after.ProductionQuantity !== before.ProductionQuantity) {
          const list = mine().sort((x, y) => x.ScheduleTaskID - y.ScheduleTaskID);
          let target = after.ProductionQuantity;
          for (let k = list.length - 1; k >= 0; k--) {
            const t = list[k]!;
            const qty = round4(target - list.slice(0, k).reduce((n, x) => n + x.OperationQty, 0));
            if (k === 0 || qty >= Math.max(1, t.QtyCompleted)) {
              const next = Math.max(qty, t.QtyCompleted, 0);
              if (next !== t.OperationQty) work.replace(applyTaskEdit(t, 'OperationQty', next));
              break;
            }
            // It would drop below one piece (or its pieces done): it goes, or keeps only its pieces
            // done, and the task before it takes the rest.
            if (t.QtyCompleted > 0) {
              work.replace(applyTaskEdit(t, 'OperationQty', t.QtyCompleted));
              target -= t.QtyCompleted;
            } else work.remove(t.ScheduleTaskID);
          }
        }
      }
      await work.commit(w);
    }
  }

  // ----------------------------------------------------------------------------------------- settings

  async settings(db: Sql, plantId: number) {
    await this.plant(db, plantId);
    return {
      Calendar: await repo.loadCalendar(db, plantId),
      Workcenters: await repo.listWorkcenterSettings(db, plantId),
      Statuses: await repo.listStatuses(db, plantId),
    };
  }

  async saveShift(w: WriteContext, shift: Shift): Promise<Shift> {
    await this.plant(w.db, shift.PlantID);
    if (shift.ResourceID !== null) await this.resourceOf(w.db, shift.ResourceID, shift.PlantID);
    let before: Shift | undefined;
    if (shift.ShiftID !== 0) {
      before = await repo.findShift(w.db, shift.ShiftID);
      if (!before || before.PlantID !== shift.PlantID) {
        throw sorry(`Shift ${shift.ShiftID} is not a shift of plant ${shift.PlantID}.`);
      }
    }
    const id = await repo.saveShift(w.db, shift);
    const saved = (await repo.findShift(w.db, id))!;
    w.publish(settingsChange(shift.PlantID, 'shift', id, saved));
    await this.retime(w, shift.PlantID, [before?.ResourceID, saved.ResourceID]);
    return saved;
  }

  async deleteShift(w: WriteContext, shiftId: number) {
    const before = await repo.findShift(w.db, shiftId);
    if (!before) throw sorry(`Shift ${shiftId} was not found.`);
    await repo.deleteCalendarRow(w.db, 'scheduling_shifts', 'shift_id', shiftId);
    w.publish(settingsChange(before.PlantID, 'shift', shiftId, null));
    await this.retime(w, before.PlantID, [before.ResourceID]);
    return { Deleted: true };
  }

  async saveHoliday(w: WriteContext, holiday: Holiday): Promise<Holiday> {
    await this.plant(w.db, holiday.PlantID);
    if (holiday.HolidayID !== 0) {
      const before = await repo.findHoliday(w.db, holiday.HolidayID);
      if (!before || before.PlantID !== holiday.PlantID) {
        throw sorry(`Holiday ${holiday.HolidayID} is not a holiday of plant ${holiday.PlantID}.`);
      }
    }
    const same = await repo.holidayOn(w.db, holiday.PlantID, holiday.Date);
    if (same && same.HolidayID !== holiday.HolidayID) {
      throw sorry(`${formatLocalDate(holiday.Date)} is a holiday already (${same.Description}).`);
    }
    const id = await repo.saveHoliday(w.db, holiday);
    const saved = (await repo.findHoliday(w.db, id))!;
    w.publish(settingsChange(holiday.PlantID, 'holiday', id, saved));
    await this.retime(w, holiday.PlantID, [null]);
    return saved;
  }

  async deleteHoliday(w: WriteContext, holidayId: number) {
    const before = await repo.findHoliday(w.db, holidayId);
    if (!before) throw sorry(`Holiday ${holidayId} was not found.`);
    await repo.deleteCalendarRow(w.db, 'scheduling_holidays', 'holiday_id', holidayId);
    w.publish(settingsChange(before.PlantID, 'holiday', holidayId, null));
    await this.retime(w, before.PlantID, [null]);
    return { Deleted: true };
  }

  async saveOverride(w: WriteContext, override: Override): Promise<Override> {
    await this.plant(w.db, override.PlantID);
    if (override.ResourceID !== null) await this.resourceOf(w.db, override.ResourceID, override.PlantID);
    let before: Override | undefined;
    if (override.OverrideID !== 0) {
      before = await repo.findOverride(w.db, override.OverrideID);
      if (!before || before.PlantID !== override.PlantID) {
        throw sorry(`Override ${override.OverrideID} is not an override of plant ${override.PlantID}.`);
      }
    }
    const id = await repo.saveOverride(w.db, override);
    const saved = (await repo.findOverride(w.db, id))!;
    w.publish(settingsChange(override.PlantID, 'override', id, saved));
    await this.retime(w, override.PlantID, [before?.ResourceID, saved.ResourceID]);
    return saved;
  }

  async deleteOverride(w: WriteContext, overrideId: number) {
    const before = await repo.findOverride(w.db, overrideId);
    if (!before) throw sorry(`Override ${overrideId} was not found.`);
    await repo.deleteCalendarRow(w.db, 'scheduling_overrides', 'override_id', overrideId);
    w.publish(settingsChange(before.PlantID, 'override', overrideId, null));
    await this.retime(w, before.PlantID, [before.ResourceID]);
    return { Deleted: true };
  }

  async updateWorkcenterSetting(
    w: WriteContext,
    resourceId: string,
    field: 'Scheduled' | 'EfficiencyPercent' | 'Color' | 'SortOrder',
    value: unknown,
  ): Promise<WorkcenterSetting> {
    const resource = await repo.findResource(w.db, resourceId);
    if (!resource?.active) throw sorry(`${resourceId} is not an active machine.`);
    const before = (await repo.findWorkcenterSetting(w.db, resourceId))!;
    if (field === 'Scheduled' && value === false) {
      const n = await repo.openTaskCountOn(w.db, resourceId);
      if (n)
        throw sorry(
          `${resourceId} has ${n} tasks on open schedules: move or delete them before it stops being scheduled.`,
        );
    }
    const after = { ...before, [field]: value } as WorkcenterSetting;
    await repo.saveWorkcenterSetting(w.db, after);
    w.publish(settingsChange(resource.plant_id, 'workcenter', resourceId, after));
    if (field === 'EfficiencyPercent' && after.EfficiencyPercent !== before.EfficiencyPercent) {
      await this.retime(w, resource.plant_id, [resourceId]);
    }
    return after;
  }

  async saveStatus(w: WriteContext, status: SchedulingStatus): Promise<SchedulingStatus> {
    await this.plant(w.db, status.PlantID);
    if (status.StatusID !== 0) {
      const before = await repo.findStatus(w.db, status.StatusID);
      if (!before || before.PlantID !== status.PlantID) {
        throw sorry(`Status ${status.StatusID} is not a task status of plant ${status.PlantID}.`);
      }
    }
    const same = await repo.statusNamed(w.db, status.PlantID, status.Name);
    if (same && same.StatusID !== status.StatusID)
      throw sorry(`Plant ${status.PlantID} has a status named ${same.Name} already.`);
    const id = await repo.saveStatus(w.db, status);
    const saved = (await repo.findStatus(w.db, id))!;
    w.publish(settingsChange(status.PlantID, 'status', id, saved));
    return saved;
  }

  /**
   * A calendar change: every schedule of the plant that is not a committed what-if gets its times
   * again: every lane for a plant-wide row (ResourceID null), else the lanes of the resources named.
   */
  private async retime(w: WriteContext, plantId: number, resources: readonly (string | null | undefined)[]) {
    const plantWide = resources.some((r) => r === null);
    const lanes = plantWide ? undefined : [...new Set(resources.filter((r): r is string => !!r))];
    const schedules = await repo.lockSchedules(w.db, await repo.openScheduleIds(w.db, plantId));
    const calendar = await repo.loadCalendar(w.db, plantId);
    for (const s of schedules) {
      const work = await ScheduleWork.open(w.db, s, calendar);
      await work.read(w.db, lanes);
      work.touchAll();
      await work.commit(w);
    }
  }

  // ----------------------------------------------------------------------------------------- reports

  async summary(db: Sql, scheduleId: number) {
    const { calendar, lanes, settings } = await this.readAll(db, scheduleId);
    const tz = calendar.TimeZone;
    const today = localDateOf(Date.now(), tz);
    return lanes.map((lane) => {
      const tasks = lane.Tasks;
      // The next five plant-local days with working time on this machine, from today.
      let day = today;
      const workDays: string[] = [];
      for (let k = 0; k < 30 && workDays.length < 5; k++, day = addDays(day, 1)) {
        const from = new Date(localInstant(day, '00:00', tz)).toISOString();
        const to = new Date(localInstant(addDays(day, 1), '00:00', tz)).toISOString();
        if (workingMinutesBetween(calendar, lane.ResourceID, from, to) > 0) workDays.push(day);
      }
      const fromMs = localInstant(today, '00:00', tz);
      const toMs = workDays.length ? localInstant(addDays(workDays.at(-1)!, 1), '00:00', tz) : fromMs;
      const from = new Date(fromMs).toISOString();
      const to = new Date(toMs).toISOString();
      let load = 0;
      for (const t of tasks) {
        if (!t.StartAt) continue;
        const s = Math.max(Date.parse(t.StartAt), fromMs);
        const e = Math.min(t.EndAt ? Date.parse(t.EndAt) : toMs, toMs);
        if (e > s)
          load += workingMinutesBetween(
            calendar,
            lane.ResourceID,
            new Date(s).toISOString(),
            new Date(e).toISOString(),
          );
      }
      const ends = tasks
        .map((t) => t.EndAt)
        .filter((e): e is string => e !== null)
        .sort();
      return {
        ResourceID: lane.ResourceID,
        Description: settings.get(lane.ResourceID)?.Description ?? lane.ResourceID,
        Tasks: tasks.length,
        EstimatedMinutes: round4(tasks.reduce((n, t) => n + t.EstimatedMinutes, 0)),
        CapacityMinutesNextWeek: workingMinutesBetween(calendar, lane.ResourceID, from, to),
        LoadMinutesNextWeek: round4(load),
        LateTasks: tasks.filter((t) => isLate(t, tz)).length,
        LastEndAt: ends.at(-1) ?? null,
      };
    });
  }

  async byDay(db: Sql, scheduleId: number, date: string) {
    const { calendar, lanes } = await this.readAll(db, scheduleId);
    const tz = calendar.TimeZone;
    const fromMs = localInstant(date, '00:00', tz);
    const toMs = localInstant(addDays(date, 1), '00:00', tz);
    const rows = [];
    for (const lane of lanes) {
      for (const t of lane.Tasks) {
        if (!t.StartAt || !t.EndAt) continue;
        const s = Math.max(Date.parse(t.StartAt), fromMs);
        const e = Math.min(Date.parse(t.EndAt), toMs);
        // A task of 0 minutes that starts on the day still runs on it.
        if (e < s || (e === s && !(Date.parse(t.StartAt) >= fromMs && Date.parse(t.StartAt) < toMs)))
          continue;
        rows.push({
          ResourceID: lane.ResourceID,
          ScheduleTaskID: t.ScheduleTaskID,
          JobNumber: t.JobNumber,
          PartNum: t.PartNum,
          OperationQty: t.OperationQty,
          StartAt: t.StartAt,
          EndAt: t.EndAt,
          MinutesOnDay:
            e > s
              ? workingMinutesBetween(
                  calendar,
                  lane.ResourceID,
                  new Date(s).toISOString(),
                  new Date(e).toISOString(),
                )
              : 0,
        });
      }
    }
    return rows;
  }

  async adherence(db: Sql, plantId: number, from: string, to: string) {
    if (from > to) throw sorry('From must be on or before To.');
    const official = await repo.officialScheduleOf(db, (await this.plant(db, plantId)).PlantID);
    if (!official) return [];
    const { calendar, lanes, settings } = await this.readAll(db, official.ScheduleID);
    const fromMs = localInstant(from, '00:00', calendar.TimeZone);
    const toMs = localInstant(addDays(to, 1), '00:00', calendar.TimeZone);
    return lanes.map((lane) => {
      const due = lane.Tasks.filter(
        (t) => t.EndAt && Date.parse(t.EndAt) >= fromMs && Date.parse(t.EndAt) < toMs,
      );
      const piecesDue = round4(due.reduce((n, t) => n + t.OperationQty, 0));
      const piecesDone = round4(due.reduce((n, t) => n + Math.min(t.QtyCompleted, t.OperationQty), 0));
      return {
        ResourceID: lane.ResourceID,
        Description: settings.get(lane.ResourceID)?.Description ?? lane.ResourceID,
        TasksDue: due.length,
        TasksDone: due.filter((t) => t.QtyCompleted >= t.OperationQty).length,
        PiecesDue: piecesDue,
        PiecesDone: piecesDone,
        AdherencePercent: piecesDue > 0 ? Math.round((piecesDone / piecesDue) * 1000) / 10 : null,
      };
    });
  }

  async report(db: Sql, scheduleId: number, resourceId: string | undefined, from: string, to: string) {
    if (from > to) throw sorry('From must be on or before To.');
    const { calendar, lanes } = await this.readAll(db, scheduleId);
    if (resourceId && !lanes.some((l) => l.ResourceID === resourceId)) {
      throw sorry(`${resourceId} is not a workcenter of schedule ${scheduleId}.`);
    }
    const fromMs = localInstant(from, '00:00', calendar.TimeZone);
    const toMs = localInstant(addDays(to, 1), '00:00', calendar.TimeZone);
    return lanes
      .filter((l) => !resourceId || l.ResourceID === resourceId)
      .flatMap((l) => l.Tasks)
      .filter((t) => t.StartAt && Date.parse(t.StartAt) >= fromMs && Date.parse(t.StartAt) < toMs)
      .sort((a, b) => a.StartAt!.localeCompare(b.StartAt!) || a.ResourceID.localeCompare(b.ResourceID))
      .map((t) => ({ ...t, Late: isLate(t, calendar.TimeZone) }));
  }

  // ----------------------------------------------------------------------------------------- helpers

  private async plant(db: Sql, plantId: number) {
    const plant = await repo.findPlant(db, plantId);
    if (!plant) throw sorry(`Plant ${plantId} was not found.`);
    return plant;
  }

  private async resourceOf(db: Sql, resourceId: string, plantId: number) {
    const r = await repo.findResource(db, resourceId);
    if (!r || r.plant_id !== plantId) throw sorry(`${resourceId} is not a machine of plant ${plantId}.`);
    return r;
  }

  private async readAll(db: Sql, scheduleId: number) {
    const schedule = await this.schedule(db, scheduleId);
    const calendar = await repo.loadCalendar(db, schedule.PlantID);
    const settings = new Map(
      (await repo.listWorkcenterSettings(db, schedule.PlantID)).map((s) => [s.ResourceID, s]),
    );
    return { schedule, calendar, settings, lanes: schedule.Workcenters };
  }

  /** A lane a task may go to: an active machine of the schedule's plant that is scheduled. */
  private lane(work: ScheduleWork, resourceId: string): WorkcenterSetting {
    const setting = work.settings.get(resourceId);
    if (!setting) throw sorry(`${resourceId} is not a machine of plant ${work.schedule.PlantID}.`);
    if (!setting.Scheduled) {
      throw sorry(`${resourceId} is not scheduled: turn it on in the scheduling settings first.`);
    }
    return setting;
  }

  /** Locks the schedule and checks that this user may change it. */
  private async lockSchedule(w: WriteContext, scheduleId: number): Promise<repo.ScheduleRow> {
    const schedule = await repo.findSchedule(w.db, scheduleId, true);
    if (!schedule) throw sorry(`Schedule ${scheduleId} was not found.`);
    if (schedule.Official && !w.flags.has('editProductionSchedules')) throw needs('editProductionSchedules');
    if (schedule.Planning && !w.flags.has('editPlanningSchedules')) throw needs('editPlanningSchedules');
    if (schedule.CommittedAt) {
      throw sorry(`What-if schedule ${schedule.Name} was committed and is read-only.`);
    }
    return schedule;
  }

  private async openSchedule(w: WriteContext, scheduleId: number): Promise<ScheduleWork> {
    return ScheduleWork.open(w.db, await this.lockSchedule(w, scheduleId));
  }

  /** The task's schedule locked, then the task read again under the lock with its lane. */
  private async openTask(w: WriteContext, taskId: number): Promise<{ work: ScheduleWork; task: Task }> {
    const peek = await repo.findTask(w.db, taskId);
    if (!peek) throw sorry(`Task ${taskId} was not found.`);
    const work = await this.openSchedule(w, peek.ScheduleID);
    const current = await repo.findTask(w.db, taskId);
    if (!current) throw sorry(`Task ${taskId} was not found.`);
    await work.read(w.db, [current.ResourceID]);
    return { work, task: work.task(taskId)! };
  }

  /**
   * A task that moved to another machine takes that machine's rate by the precedence of spec 001 §4:
   * its algorithm, else its costing engine (run by the plan area for the task's pieces), else its
   * official machine rate. With none of them the minutes stay, and RateDescription says so plainly.
   */
  private async rateAfterMove(db: Sql, task: Task, from: string): Promise<Task> {
    const target = task.ResourceID;
    if (task.ProductionPlanOperationID !== null) {
      // A formula of the new machine that cannot run counts as a failed source (spec 001 §4): the
      // precedence goes on to the official rate rather than refusing the scheduler's move.
      const rate = await this.rateOn(db, task.ProductionPlanOperationID, {
        ResourceID: target,
        ProductionQuantity: task.OperationQty,
      }).catch(() => null);
      if (rate) {
        let next = applyTaskEdit(task, 'MachineRateID', null);
        next = applyTaskEdit(next, 'ScheduledMinutesPerPiece', rate.MinutesPerPiece);
        next = applyTaskEdit(next, 'ScheduledSetupMinutes', rate.SetupMinutes);
        return {
          ...next,
          OfficialRate: false,
          RateDescription:
            rate.Source === 'algorithm' ? `Rate algorithm of ${target}` : `Costing engine of ${target}`,
          Calculated: rate.Source === 'algorithm',
        };
      }
    }
    const official = await repo.officialRateOf(db, target);
    if (official) return withRate(task, official);
    return {
      ...applyTaskEdit(task, 'MachineRateID', null),
      OfficialRate: false,
      RateDescription: `${target} has no rate for it: minutes kept from ${from}`,
    };
  }

  private async runAlgorithm(db: Sql, task: Task) {
    if (task.ProductionPlanOperationID === null) {
      throw sorry(`Task ${task.ScheduleTaskID} is not linked to a plan operation: there is nothing to rate.`);
    }
    return this.algorithm(db, task.ProductionPlanOperationID, {
      ResourceID: task.ResourceID,
      ProductionQuantity: task.OperationQty,
    });
  }
}

/** A machine rate's figures on a task (a resource move or a rate choice). */
function withRate(task: Task, rate: repo.RateRow): Task {
  let next = applyTaskEdit(task, 'MachineRateID', rate.MachineRateID);
  next = applyTaskEdit(
    next,
    'ScheduledMinutesPerPiece',
    round4(rate.SchedulingMinutesPerPiece || rate.ProductionMinutesPerPiece),
  );
  next = applyTaskEdit(next, 'ScheduledSetupMinutes', round4(rate.SetupMinutes));
  return { ...next, OfficialRate: rate.Official, RateDescription: rate.Description };
}

const operationMinutes = (op: Operation) =>
  round4(op.ScheduledMinutesPerPiece || op.ProductionMinutesPerPiece);

/** The operation's figures and rate on its task (a plan change). */
function withOperationFigures(task: Task, op: Operation, rate: repo.RateRow | undefined): Task {
  let next = applyTaskEdit(task, 'MachineRateID', op.MachineRateID);
  next = applyTaskEdit(next, 'ScheduledMinutesPerPiece', operationMinutes(op));
  next = applyTaskEdit(next, 'ScheduledSetupMinutes', round4(op.SetupMinutes));
  return { ...next, OfficialRate: rate?.Official ?? false, RateDescription: rate?.Description ?? '' };
}

function planChangeMatters(before: Operation, after: Operation): boolean {
  return (
    before.ResourceID !== after.ResourceID ||
    before.ProductionQuantity !== after.ProductionQuantity ||
    before.Invalidated !== after.Invalidated ||
    before.MachineRateID !== after.MachineRateID ||
    before.SetupMinutes !== after.SetupMinutes ||
    operationMinutes(before) !== operationMinutes(after)
  );
}

/** Ends after its due date (plant-local end of that day). */
function isLate(task: Task, timeZone: string): boolean {
  if (!task.DueDate || !task.EndAt) return false;
  return Date.parse(task.EndAt) > localInstant(addDays(task.DueDate, 1), '00:00', timeZone);
}
