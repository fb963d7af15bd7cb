import type { RxCollection, RxJsonSchema } from 'rxdb';
import { SCHEDULE_TASKS, type ScheduleTopicDoc } from '../domain/scheduling/live';

/**
 * `scheduleTasks`: the documents of topic `schedule:{ScheduleID}` (domain/scheduling/live.ts): one per
 * task, id `task:{ScheduleTaskID}`, doc `{Kind: 'task', Data: Task}`, and the schedule's header, id
 * `schedule:{ScheduleID}`, doc `{Kind: 'schedule', Data: ScheduleHeader}`. Every schedule a tab has open
 * shares the collection; each follow has the scope `{'Data.ScheduleID': id}` (both kinds carry it), so a
 * snapshot of one schedule never deletes another's documents.
 */
export type ScheduleTaskProjection = ScheduleTopicDoc & { id: string };

/** Only the key is required, so a deletion (`{id, _deleted: true}`) validates. */
export const scheduleTasksSchema: RxJsonSchema<ScheduleTaskProjection> = {
  title: 'scheduleTasks',
  description: 'Schedule tasks and the schedule header (topic schedule:{ScheduleID})',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    Kind: { type: 'string', enum: ['task', 'schedule'] },
    // The fields a follow's scope and the screen read; the rest of the Task or header rides along.
    Data: {
      type: 'object',
      properties: {
        ScheduleID: { type: 'integer' },
        RowVersion: { type: 'integer' },
      },
    },
  },
  required: ['id'],
};

export type ScheduleTasksCollection = RxCollection<ScheduleTaskProjection>;

export { SCHEDULE_TASKS };
