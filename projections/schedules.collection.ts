import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { ScheduleHeader } from '../domain/scheduling/entities';
import { SCHEDULES } from '../domain/scheduling/live';

/**
 * `schedules`: topic `schedules:{PlantID}` (domain/scheduling/live.ts), one ScheduleHeader per schedule
 * of the plant (official and what-ifs), keyed by the change item's id (the ScheduleID as text); a
 * discarded what-if arrives as a deletion. Read by the schedule picker.
 */
export type ScheduleProjection = ScheduleHeader & { id: string };

export const schedulesSchema: RxJsonSchema<ScheduleProjection> = {
  title: 'schedules',
  description: "A plant's official and what-if schedules (topic schedules:{PlantID})",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 20 },
    ScheduleID: { type: 'integer' },
    PlantID: { type: 'integer' },
    Name: { type: 'string' },
    Official: { type: 'boolean' },
    Planning: { type: 'boolean' },
    BasedOnScheduleID: { type: ['integer', 'null'] },
    StartDate: { type: 'string' },
    CreatedBy: { type: 'string' },
    CreatedAt: { type: 'string' },
    CommittedAt: { type: ['string', 'null'] },
    CommittedBy: { type: ['string', 'null'] },
    TaskCount: { type: 'integer' },
    RowVersion: { type: 'integer' },
  },
  required: ['id'],
};

export type SchedulesCollection = RxCollection<ScheduleProjection>;

export { SCHEDULES };
