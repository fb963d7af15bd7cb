import { z } from 'zod';
import { ScheduleHeader, Task } from './entities';

/**
 * What the scheduling topics carry.
 *
 * - `schedule:{ScheduleID}` (collection `scheduleTasks`): one document per task, id
 *   `task:{ScheduleTaskID}` (doc: the Task; null deletes), and the schedule's header, id
 *   `schedule:{ScheduleID}` (doc: the ScheduleHeader). Every change publishes every task whose
 *   ProductionOrder, ResourceID, minutes or StartAt/EndAt it changed, so a screen following the topic
 *   from 0 holds the whole schedule. Of two copies of a task the screen keeps the higher RowVersion.
 * - `schedules:{PlantID}` (collection `schedules`): one ScheduleHeader per schedule of the plant, id
 *   ScheduleID (doc null: a discarded what-if).
 * - `scheduling-settings:{PlantID}` (collection `schedulingSettings`): the calendar and settings, ids
 *   `shift:{ShiftID}`, `holiday:{HolidayID}`, `override:{OverrideID}`, `workcenter:{ResourceID}`,
 *   `status:{StatusID}`; doc `{Kind, Data}`.
 */
export const SCHEDULE_TASKS = 'scheduleTasks';
export const SCHEDULES = 'schedules';
export const SCHEDULING_SETTINGS = 'schedulingSettings';

export const scheduleTopic = (scheduleId: number) => `schedule:${scheduleId}`;
export const schedulesTopic = (plantId: number) => `schedules:${plantId}`;
export const schedulingSettingsTopic = (plantId: number) => `scheduling-settings:${plantId}`;

export const taskDocId = (scheduleTaskId: number) => `task:${scheduleTaskId}`;
export const scheduleDocId = (scheduleId: number) => `schedule:${scheduleId}`;

export const ScheduleTopicDoc = z.union([
  z.object({ Kind: z.literal('task'), Data: Task }),
  z.object({ Kind: z.literal('schedule'), Data: ScheduleHeader }),
]);
export type ScheduleTopicDoc = z.infer<typeof ScheduleTopicDoc>;

export const SettingsKind = z.enum(['shift', 'holiday', 'override', 'workcenter', 'status']);
export type SettingsKind = z.infer<typeof SettingsKind>;
export const SettingsDoc = z.object({ Kind: SettingsKind, Data: z.record(z.string(), z.unknown()) });
export type SettingsDoc = z.infer<typeof SettingsDoc>;
