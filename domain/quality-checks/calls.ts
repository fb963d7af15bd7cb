import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, PlantID, Text, Timestamp } from '../contract/fields';
import { ResourceID } from '../shopfloor/entities';

/**
 * Two-hour quality checks on the shop floor (issue 7 part 2; a small model of our own, the spec names
 * only the routes /manufacturing/twohourchecksqueue and /manufacturing/twohourchecks/:resourceId/:checkTime).
 * Rules: domain/quality-checks/rules.ts; server: server/areas/quality-checks.
 */

const Instant = Timestamp;
/** A slot instant: ISO 8601 with an offset (the DueAt the queue answers). */
const CheckTime = z.string().datetime({ offset: true, message: 'CheckTime must be an ISO date and time' });

/** The floor: operators and their supervisors. */
const floor: Access = { anyOf: ['accessManufacturing', 'supervisor'] };

/** One due check of the queue: the machine, its run, and the slot. */
export const DueCheck = z.object({
  ResourceID: z.string(),
  Description: z.string(),
  PlantID: Id,
  JobNumber: z.string().nullable(),
  ProductionPlanOperationID: Id.nullable(),
  Operation: z.number().int().nullable(),
  Item: z.string().nullable(),
  RunStartedAt: Instant,
  DueAt: Instant,
  Late: z.boolean(),
});
export type DueCheck = z.infer<typeof DueCheck>;

/** A recorded check (table quality_checks). */
export const QualityCheck = z.object({
  QualityCheckID: Id,
  ResourceID: z.string(),
  PlantID: Id,
  DueAt: Instant,
  CheckedAt: Instant,
  EmployeeID: Id,
  JobNumber: z.string().nullable(),
  ProductionPlanOperationID: Id.nullable(),
  Result: z.enum(['pass', 'fail']),
  Notes: z.string().nullable(),
});
export type QualityCheck = z.infer<typeof QualityCheck>;

export const GetTwoHourChecksQueue = defineCall({
  method: 'GET',
  path: 'shopfloor/GetTwoHourChecksQueue',
  summary:
    "The plant's due two-hour checks: every slot (run start + 2 h, + 4 h, …) of each running machine not recorded yet, late ones (15 min past) first, then the oldest.",
  access: floor,
  payload: z.object({ PlantID }),
  result: z.array(DueCheck),
});

export const RecordTwoHourCheck = defineCall({
  method: 'POST',
  path: 'shopfloor/RecordTwoHourCheck',
  summary:
    "Record a due two-hour check of a machine's current run as pass or fail (a fail needs notes); refused for a slot that is not due, in the future or already recorded.",
  access: floor,
  payload: z.object({
    ResourceID,
    CheckTime,
    Result: z.enum(['pass', 'fail']),
    Notes: Text(2000).trim().nullable().optional(),
  }),
  result: QualityCheck,
});

export const qualityCheckCalls = [GetTwoHourChecksQueue, RecordTwoHourCheck] as const;
