import { z } from 'zod';

/**
 * The small maintenance model the TV boards need (issue 7 part 3): work orders, fixture requests and
 * preventive-maintenance (PM) tasks. Instants are ISO 8601 UTC strings; dates `YYYY-MM-DD` in the
 * plant's time zone (spec 000 §9). What is here is exactly what the public topics carry
 * (domain/maintenance/live.ts): no costs, no notes, no employee data beyond a technician's name.
 */

const Instant = z.string();
const Id = z.number().int();
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Most urgent first; the board sorts by this order. */
export const workOrderPriorities = ['urgent', 'high', 'normal', 'low'] as const;
export const WorkOrderPriority = z.enum(workOrderPriorities);
export type WorkOrderPriority = z.infer<typeof WorkOrderPriority>;

/** `done` work orders stay on the board for the rest of the plant's day they were finished. */
export const workOrderStatuses = ['open', 'inProgress', 'waitingParts', 'done'] as const;
export const WorkOrderStatus = z.enum(workOrderStatuses);
export type WorkOrderStatus = z.infer<typeof WorkOrderStatus>;

export const WorkOrder = z.object({
  /** The work-order number. */
  WorkOrderID: Id,
  PlantID: Id,
  /** The asset or machine: a ResourceID (LV-RF01) or an asset tag. */
  Asset: z.string(),
  /** The machine's description when Asset is a machine of the route table's resources, else null. */
  AssetName: z.string().nullable(),
  Description: z.string(),
  Priority: WorkOrderPriority,
  Status: WorkOrderStatus,
  /** The technician (first and last name only, as on a faceboard). */
  AssignedTo: Id.nullable(),
  AssignedName: z.string().nullable(),
  CreatedAt: Instant,
  /** When it should be done by; null: no date. */
  DueAt: Instant.nullable(),
  /** Set when Status became done. */
  CompletedAt: Instant.nullable(),
});
export type WorkOrder = z.infer<typeof WorkOrder>;

/** `delivered` and `cancelled` requests are closed: they leave the board. */
export const fixtureStatuses = ['requested', 'inProgress', 'ready', 'delivered', 'cancelled'] as const;
export const FixtureStatus = z.enum(fixtureStatuses);
export type FixtureStatus = z.infer<typeof FixtureStatus>;
export const closedFixtureStatuses: readonly FixtureStatus[] = ['delivered', 'cancelled'];

export const FixtureRequest = z.object({
  FixtureRequestID: Id,
  PlantID: Id,
  RequestedBy: Id,
  RequestedByName: z.string(),
  JobNumber: z.string().nullable(),
  PartNum: z.string().nullable(),
  Description: z.string(),
  NeededBy: Instant,
  Status: FixtureStatus,
  CreatedAt: Instant,
});
export type FixtureRequest = z.infer<typeof FixtureRequest>;

export const PreventiveTask = z.object({
  PreventiveTaskID: Id,
  PlantID: Id,
  Asset: z.string(),
  AssetName: z.string().nullable(),
  Description: z.string(),
  /** Days between two services. */
  IntervalDays: Id,
  /** The plant-local date it is due next. */
  NextDue: LocalDate,
  LastDone: LocalDate.nullable(),
  AssignedTo: Id.nullable(),
  AssignedName: z.string().nullable(),
});
export type PreventiveTask = z.infer<typeof PreventiveTask>;
