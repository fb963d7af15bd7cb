import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, PlantID, Text } from '../contract/fields';
import {
  Completion,
  DowntimeEvent,
  DowntimeReason,
  Face,
  FloorMachine,
  IndirectCode,
  JobOperation,
  LaborActivity,
  MyActivity,
  ResourceID,
  ResourceStatus,
} from './entities';

/**
 * Time clocking and shop-floor activity calls (issue 7 parts 1, 2 and 5). `web/GetFace`, `web/ClockIn`
 * and `web/ClockOut` keep the spec's `web/` naming (GetFace is spec 001 §5; ClockIn/ClockOut follow
 * it); the rest are ours under `shopfloor/`. Row-level rules the server enforces beyond the flags
 * below (server/areas/shopfloor/shopfloor.service.ts):
 *
 * - clocking in or out someone else needs supervisor or approvesTime;
 * - starting or stopping someone else's activity, naming team members, or reporting pieces on someone
 *   else's activity needs supervisor (team members are started by their lead's call).
 */

const EmployeeID = Id;
const Code = Text(20).trim().min(1);
const JobNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'JobNumber may contain only letters, digits and dashes');
const Pieces = z.number().finite().min(-1_000_000).max(1_000_000);

/** Any logged-in employee (row rules in the service). */
const user: Access = 'user';
/** The floor: operators and their supervisors. */
const floor: Access = { anyOf: ['accessManufacturing', 'supervisor'] };

export const GetFace = defineCall({
  method: 'GET',
  path: 'web/GetFace',
  summary: 'The face record of spec 001 §3 of one employee: clocked in, activity, idle since, team.',
  access: user,
  payload: z.object({ EmployeeID }),
  result: Face,
});

export const ClockIn = defineCall({
  method: 'POST',
  path: 'web/ClockIn',
  summary:
    'Clock an employee in at their plant (oneself, or another with supervisor or approvesTime); refused when already clocked in.',
  access: user,
  payload: z.object({ EmployeeID }),
  result: Face,
});

export const ClockOut = defineCall({
  method: 'POST',
  path: 'web/ClockOut',
  summary:
    'Clock an employee out, ending their open activity too (oneself, or another with supervisor or approvesTime).',
  access: user,
  payload: z.object({ EmployeeID }),
  result: Face,
});

export const GetFaces = defineCall({
  method: 'GET',
  path: 'shopfloor/GetFaces',
  summary: "The face of every employee of a plant who is clocked in or has worked today (plant's day).",
  access: user,
  payload: z.object({ PlantID }),
  result: z.array(Face),
});

export const StartDirectActivity = defineCall({
  method: 'POST',
  path: 'shopfloor/StartDirectActivity',
  summary:
    "Start work on a machine, job and plan operation (ending the employee's open activity); TeamMemberIDs (supervisor) start the same work for clocked-in members on the lead's activity.",
  access: floor,
  payload: z.object({
    EmployeeID,
    ResourceID,
    JobNumber,
    ProductionPlanOperationID: Id,
    TeamMemberIDs: z.array(EmployeeID).max(20).optional(),
  }),
  result: LaborActivity,
});

export const StartIndirectActivity = defineCall({
  method: 'POST',
  path: 'shopfloor/StartIndirectActivity',
  summary: "Start indirect work (cleaning, training, …) by code, ending the employee's open activity.",
  access: floor,
  payload: z.object({ EmployeeID, IndirectCode: Code }),
  result: LaborActivity,
});

export const StopActivity = defineCall({
  method: 'POST',
  path: 'shopfloor/StopActivity',
  summary: "End the employee's open activity (and their team's): the employee is idle.",
  access: floor,
  payload: z.object({ EmployeeID }),
  result: Face,
});

export const RecordCompletions = defineCall({
  method: 'POST',
  path: 'shopfloor/RecordCompletions',
  summary: 'Report good and scrapped pieces on an open direct activity (a reason for scrap; not both zero).',
  access: floor,
  payload: z.object({
    LaborActivityID: Id,
    Quantity: Pieces,
    ScrapQuantity: Pieces.default(0),
    ScrapReason: Text(200).trim().nullable().optional(),
  }),
  result: Completion,
});

export const StartDowntime = defineCall({
  method: 'POST',
  path: 'shopfloor/StartDowntime',
  summary: 'A machine goes down for a reason; refused when it is down already.',
  access: floor,
  payload: z.object({ ResourceID, ReasonCode: Code }),
  result: DowntimeEvent,
});

export const EndDowntime = defineCall({
  method: 'POST',
  path: 'shopfloor/EndDowntime',
  summary: "End a machine's open downtime.",
  access: floor,
  payload: z.object({ ResourceID }),
  result: DowntimeEvent,
});

export const GetMyActivity = defineCall({
  method: 'GET',
  path: 'shopfloor/GetMyActivity',
  summary: "The caller's face, open activity and today's completions (plant's day).",
  access: user,
  payload: z.object({}),
  result: MyActivity,
});

export const GetResourceStatus = defineCall({
  method: 'GET',
  path: 'shopfloor/GetResourceStatus',
  summary:
    "A machine's production-monitor document: current job and operation, operators, target vs actual, rate, downtime. Public: what topic resource:{ResourceID} carries.",
  access: 'public',
  payload: z.object({ ResourceID }),
  result: ResourceStatus,
});

export const GetIndirectCodes = defineCall({
  method: 'GET',
  path: 'shopfloor/GetIndirectCodes',
  summary: 'The active indirect codes, in order.',
  access: user,
  payload: z.object({}),
  result: z.array(IndirectCode),
});

export const GetDowntimeReasons = defineCall({
  method: 'GET',
  path: 'shopfloor/GetDowntimeReasons',
  summary: 'The active downtime reasons, in order.',
  access: user,
  payload: z.object({}),
  result: z.array(DowntimeReason),
});

export const GetFloorMachines = defineCall({
  method: 'GET',
  path: 'shopfloor/GetFloorMachines',
  summary:
    "A plant's active machines for the floor's pickers (start work, downtime), each with whether it is down now.",
  access: user,
  payload: z.object({ PlantID }),
  result: z.array(FloorMachine),
});

export const GetJobOperations = defineCall({
  method: 'GET',
  path: 'shopfloor/GetJobOperations',
  summary: "A job's plan operations that are not invalidated, by sequence, for the floor's operation picker.",
  access: user,
  payload: z.object({ JobNumber }),
  result: z.array(JobOperation),
});

export const GetFacePhoto = defineCall({
  method: 'GET',
  path: 'shopfloor/GetFacePhoto',
  summary:
    'The photo of an active employee, {EmployeeID}.bmp, as image bytes (404 with a message when there is none). Public: the faceboard shows the faces of topic faces:{PlantID} on TVs with no login, and that topic already names who has a photo.',
  access: 'public',
  response: 'file',
  payload: z.object({ photo: z.string().regex(/^\d{1,9}\.bmp$/, 'must be an employee id followed by .bmp') }),
  result: z.never(),
});

export const shopfloorCalls = [
  GetFace,
  ClockIn,
  ClockOut,
  GetFaces,
  StartDirectActivity,
  StartIndirectActivity,
  StopActivity,
  RecordCompletions,
  StartDowntime,
  EndDowntime,
  GetMyActivity,
  GetResourceStatus,
  GetIndirectCodes,
  GetDowntimeReasons,
  GetFloorMachines,
  GetJobOperations,
  GetFacePhoto,
] as const;
