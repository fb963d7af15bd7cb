import type { PendingChange } from '../../../domain/live/changes';
import { scheduleLane } from '../../../domain/scheduling/calendar';
import type { ScheduleHeader, SchedulingCalendar, Task } from '../../../domain/scheduling/entities';
import {
  SCHEDULE_TASKS,
  SCHEDULES,
  SCHEDULING_SETTINGS,
  type ScheduleTopicDoc,
  type SettingsKind,
  scheduleDocId,
  schedulesTopic,
  scheduleTopic,
  schedulingSettingsTopic,
  taskDocId,
} from '../../../domain/scheduling/live';
import { estimatedMinutes } from '../../../domain/scheduling/rules';
import type { OperationInfo } from './schedule.repository';

/**
 * The documents the scheduling topics carry (domain/scheduling/live.ts), built in one place so the
 * calls, the plan listener and the seed publish identical objects, and the lane timing every writer
 * applies before it stores a lane.
 */

/** A task on `schedule:{ScheduleID}` (Selected is screen state: always false on the wire). */
export function taskChange(task: Task): PendingChange {
  const doc: ScheduleTopicDoc = { Kind: 'task', Data: { ...task, Selected: false } };
  return {
    topic: scheduleTopic(task.ScheduleID),
    collection: SCHEDULE_TASKS,
    id: taskDocId(task.ScheduleTaskID),
    doc: doc as unknown as Record<string, unknown>,
  };
}

export function taskRemoval(scheduleId: number, taskId: number): PendingChange {
  return { topic: scheduleTopic(scheduleId), collection: SCHEDULE_TASKS, id: taskDocId(taskId), doc: null };
}

/** The header on the schedule's own topic and on the plant's schedule list. */
export function headerChanges(header: ScheduleHeader): PendingChange[] {
  const doc: ScheduleTopicDoc = { Kind: 'schedule', Data: header };
  return [
    {
      topic: scheduleTopic(header.ScheduleID),
      collection: SCHEDULE_TASKS,
      id: scheduleDocId(header.ScheduleID),
      doc: doc as unknown as Record<string, unknown>,
    },
    {
      topic: schedulesTopic(header.PlantID),
      collection: SCHEDULES,
      id: String(header.ScheduleID),
      doc: header as unknown as Record<string, unknown>,
    },
  ];
}

/** A discarded what-if: gone from the plant's list, its header removed from its own topic. */
export function headerRemovals(plantId: number, scheduleId: number): PendingChange[] {
  return [
    {
      topic: scheduleTopic(scheduleId),
      collection: SCHEDULE_TASKS,
      id: scheduleDocId(scheduleId),
      doc: null,
    },
    { topic: schedulesTopic(plantId), collection: SCHEDULES, id: String(scheduleId), doc: null },
  ];
}

/** A calendar row, workcenter setting or status on `scheduling-settings:{PlantID}` (null: deleted). */
export function settingsChange(
  plantId: number,
  kind: SettingsKind,
  id: string | number,
  data: object | null,
): PendingChange {
  return {
    topic: schedulingSettingsTopic(plantId),
    collection: SCHEDULING_SETTINGS,
    id: `${kind}:${id}`,
    doc: data === null ? null : { Kind: kind, Data: data as Record<string, unknown> },
  };
}

/**
 * One lane after a change: ProductionOrder is the list index and StartAt/EndAt come from the lane's
 * minutes on the calendar (calendar.ts). Answers new objects only where something changed.
 */
export function timeLane(
  calendar: SchedulingCalendar,
  resourceId: string,
  startDate: string,
  efficiencyPercent: number,
  tasks: readonly Task[],
): Task[] {
  const times = scheduleLane(
    calendar,
    resourceId,
    startDate,
    efficiencyPercent,
    tasks.map((t) => t.EstimatedMinutes),
  );
  return tasks.map((t, i) => {
    const { StartAt, EndAt } = times[i] ?? { StartAt: null, EndAt: null };
    return t.ProductionOrder === i &&
      t.ResourceID === resourceId &&
      t.StartAt === StartAt &&
      t.EndAt === EndAt
      ? t
      : { ...t, ProductionOrder: i, ResourceID: resourceId, StartAt, EndAt };
  });
}

/** Equal apart from RowVersion and Selected: nothing to store or publish. */
export function sameTask(a: Task, b: Task): boolean {
  for (const key of Object.keys(a) as (keyof Task)[]) {
    if (key === 'RowVersion' || key === 'Selected') continue;
    if (a[key] !== b[key]) return false;
  }
  return true;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** A new task for an operation's open pieces on its own machine, with the operation's figures. */
export function taskFromOperation(scheduleId: number, o: OperationInfo): Omit<Task, 'ScheduleTaskID'> {
  const perPiece = round4(o.ScheduledMinutesPerPiece || o.ProductionMinutesPerPiece);
  const task: Omit<Task, 'ScheduleTaskID'> = {
    ScheduleID: scheduleId,
    ResourceID: o.ResourceID ?? '',
    ProductionOrder: 0,
    ScheduledMinutesPerPiece: perPiece,
    ScheduledSetupMinutes: round4(o.SetupMinutes),
    GoalMinutesPerPiece: perPiece,
    GoalSetupMinutes: round4(o.SetupMinutes),
    OriginalScheduledMinutesPerPiece: perPiece,
    MachineRateID: o.MachineRateID,
    OfficialRate: o.OfficialRate ?? false,
    RateDescription: o.RateDescription ?? '',
    SetupSuppressed: false,
    EstimatedMinutes: 0,
    OperationQty: o.ProductionQuantity,
    Calculated: false,
    ModStatus: '',
    Selected: false,
    ProductionPlanOperationID: o.ProductionPlanOperationID,
    JobNumber: o.JobNumber,
    PartNum: o.PartNum,
    PartDescription: o.PartDescription,
    OperationSequence: o.OperationSequence,
    DueDate: o.DueDate,
    Color: 'n/a',
    StatusID: null,
    QtyCompleted: 0,
    StartAt: null,
    EndAt: null,
    SourceTaskID: null,
    RowVersion: 1,
  };
  task.EstimatedMinutes = estimatedMinutes(task);
  return task;
}
