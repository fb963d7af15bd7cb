import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, LocalDate, PlantID, Text, Timestamp } from '../contract/fields';
import {
  FixtureRequest,
  FixtureStatus,
  PreventiveTask,
  WorkOrder,
  WorkOrderPriority,
  WorkOrderStatus,
} from './entities';

/**
 * The maintenance calls the TV boards need (issue 7 part 3); the rest of the maintenance area (assets,
 * procedures, inventory, personnel) is not built. Permissions (domain/platform/permissions.ts):
 *
 * - work orders: createMaintenanceWorkOrder (create and change: status, priority, assignee, due date);
 * - fixture requests: createMaintenanceWorkOrder or supervisor (the floor asks the tool room);
 * - PM tasks: createMaintenanceProcedures (a PM task is a scheduled procedure);
 * - the Get calls are public: they answer exactly what the public topics carry (as
 *   shopfloor/GetResourceStatus does for the production monitor).
 */

/** Required text: the shared Text (bounded, no NUL), trimmed, not blank. */
const Required = (max: number) => Text(max).trim().min(1);
const Instant = Timestamp;
const Asset = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9_-]+$/, 'Asset may contain only letters, digits, - and _');
const JobNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'JobNumber may contain only letters, digits and dashes');

export const workOrderAccess: Access = { anyOf: ['createMaintenanceWorkOrder'] };
export const fixtureRequestAccess: Access = { anyOf: ['createMaintenanceWorkOrder', 'supervisor'] };
export const preventiveTaskAccess: Access = { anyOf: ['createMaintenanceProcedures'] };

export const SaveWorkOrder = defineCall({
  method: 'POST',
  path: 'maintenance/SaveWorkOrder',
  summary:
    'Create a work order (no WorkOrderID: PlantID, Asset and Description needed) or change the given fields of one (status, priority, assignee, due date, asset, description).',
  access: workOrderAccess,
  payload: z.object({
    WorkOrderID: Id.optional(),
    PlantID: PlantID.optional(),
    Asset: Asset.optional(),
    Description: Required(500).optional(),
    Priority: WorkOrderPriority.optional(),
    Status: WorkOrderStatus.optional(),
    AssignedTo: Id.nullable().optional(),
    DueAt: Instant.nullable().optional(),
  }),
  result: WorkOrder,
});

export const GetWorkOrders = defineCall({
  method: 'GET',
  path: 'maintenance/GetWorkOrders',
  summary:
    "A plant's work orders that are not done, and those done during the plant's day. Public: what topic workorders:{PlantID} carries.",
  access: 'public',
  payload: z.object({ PlantID }),
  result: z.array(WorkOrder),
});

export const SaveFixtureRequest = defineCall({
  method: 'POST',
  path: 'maintenance/SaveFixtureRequest',
  summary:
    'Create a fixture request (no FixtureRequestID: PlantID, Description and NeededBy needed; requested by the caller unless RequestedBy) or change the given fields of one.',
  access: fixtureRequestAccess,
  payload: z.object({
    FixtureRequestID: Id.optional(),
    PlantID: PlantID.optional(),
    RequestedBy: Id.optional(),
    JobNumber: JobNumber.nullable().optional(),
    PartNum: Required(50).nullable().optional(),
    Description: Required(500).optional(),
    NeededBy: Instant.optional(),
    Status: FixtureStatus.optional(),
  }),
  result: FixtureRequest,
});

export const GetFixtureRequests = defineCall({
  method: 'GET',
  path: 'maintenance/GetFixtureRequests',
  summary:
    "A plant's open fixture requests, oldest first. Public: what topic fixturerequests:{PlantID} carries.",
  access: 'public',
  payload: z.object({ PlantID }),
  result: z.array(FixtureRequest),
});

export const SavePreventiveTask = defineCall({
  method: 'POST',
  path: 'maintenance/SavePreventiveTask',
  summary:
    'Create a PM task (no PreventiveTaskID: PlantID, Asset, Description, IntervalDays and NextDue needed), change the given fields of one, mark it done (Done: the next due date is the plant-local today plus the interval) or retire it (Active false).',
  access: preventiveTaskAccess,
  payload: z.object({
    PreventiveTaskID: Id.optional(),
    PlantID: PlantID.optional(),
    Asset: Asset.optional(),
    Description: Required(500).optional(),
    IntervalDays: z.number().int().min(1).max(3660).optional(),
    NextDue: LocalDate.optional(),
    AssignedTo: Id.nullable().optional(),
    Done: z.boolean().optional(),
    Active: z.boolean().optional(),
  }),
  result: PreventiveTask,
});

export const GetPreventiveTasks = defineCall({
  method: 'GET',
  path: 'maintenance/GetPreventiveTasks',
  summary:
    'The active PM tasks of a plant (or of every plant without PlantID), by due date. Public: what topic pmcalendar carries.',
  access: 'public',
  payload: z.object({ PlantID: PlantID.optional() }),
  result: z.array(PreventiveTask),
});

export const maintenanceCalls = [
  SaveWorkOrder,
  GetWorkOrders,
  SaveFixtureRequest,
  GetFixtureRequests,
  SavePreventiveTask,
  GetPreventiveTasks,
] as const;
