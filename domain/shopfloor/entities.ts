import { z } from 'zod';
import { ResourceID } from '../production-plan/entities';

/**
 * Time clocking and shop-floor activities (issue 7; spec 001 §3 Face record). Instants are ISO 8601
 * UTC strings; "today" is the plant-local day (spec 000 §9 time zones).
 */

export { ResourceID };

const Instant = z.string();
const Id = z.number().int();

export const TeamMember = z.object({ EmployeeID: Id, Name: z.string() });
export type TeamMember = z.infer<typeof TeamMember>;

/**
 * The face record of spec 001 §3, exactly its fields (EmployeeID … TeamMembers), plus Name, PhotoFile
 * and PlantID for the boards. Derived, never stored:
 * - ClockedIn / ClockedInAt: the open clock punch;
 * - Machine (ResourceID), WONumber (job), Operation (the operation's sequence, e.g. 20), Item (the
 *   operation's part number: its BOM line's, else the job's; null when the plan has none),
 *   StartActivity, Indirect (the indirect code's description): the open activity;
 * - TeamMembers: the members on this employee's activity when they lead a team, else [];
 * - IdleSince: clocked in without an open activity: the later of the punch and the last activity's end.
 */
export const Face = z.object({
  EmployeeID: Id,
  Operation: z.number().int().nullable(),
  Machine: z.string().nullable(),
  ClockedIn: z.boolean(),
  Indirect: z.string().nullable(),
  StartActivity: Instant.nullable(),
  ClockedInAt: Instant.nullable(),
  WONumber: z.string().nullable(),
  IdleSince: Instant.nullable(),
  Item: z.string().nullable(),
  TeamMembers: z.array(TeamMember),
  Name: z.string(),
  PhotoFile: z.string().nullable(),
  PlantID: Id,
});
export type Face = z.infer<typeof Face>;

/**
 * What topic `faces:{PlantID}` carries per employee (public: TV faceboards have no login). Only what a
 * board shows; never ClockedInAt history, pay, punches or anything of the employee record.
 */
export const FaceboardDoc = Face.pick({
  EmployeeID: true,
  Name: true,
  PhotoFile: true,
  ClockedIn: true,
  Machine: true,
  Operation: true,
  WONumber: true,
  Indirect: true,
  StartActivity: true,
  IdleSince: true,
  TeamMembers: true,
  // The board's scope: a TV that changes plant drops the faces of the old one.
  PlantID: true,
});
export type FaceboardDoc = z.infer<typeof FaceboardDoc>;

export const LaborActivity = z.object({
  LaborActivityID: Id,
  EmployeeID: Id,
  PlantID: Id,
  Direct: z.boolean(),
  ResourceID: z.string().nullable(),
  JobNumber: z.string().nullable(),
  ProductionPlanOperationID: Id.nullable(),
  OperationSequence: z.number().int().nullable(),
  Item: z.string().nullable(),
  IndirectCode: z.string().nullable(),
  IndirectDescription: z.string().nullable(),
  StartedAt: Instant,
  EndedAt: Instant.nullable(),
  TeamLeadActivityID: Id.nullable(),
});
export type LaborActivity = z.infer<typeof LaborActivity>;

export const Completion = z.object({
  CompletionID: Id,
  LaborActivityID: Id,
  EmployeeID: Id,
  ResourceID: z.string(),
  JobNumber: z.string(),
  ProductionPlanOperationID: Id.nullable(),
  Quantity: z.number(),
  ScrapQuantity: z.number(),
  ScrapReason: z.string().nullable(),
  RecordedAt: Instant,
});
export type Completion = z.infer<typeof Completion>;

export const ClockPunch = z.object({
  ClockPunchID: Id,
  EmployeeID: Id,
  PlantID: Id,
  ClockedInAt: Instant,
  ClockedOutAt: Instant.nullable(),
  ClockedInBy: Id.nullable(),
  ClockedOutBy: Id.nullable(),
});
export type ClockPunch = z.infer<typeof ClockPunch>;

export const DowntimeEvent = z.object({
  DowntimeEventID: Id,
  ResourceID: z.string(),
  PlantID: Id,
  ReasonCode: z.string(),
  Reason: z.string(),
  StartedAt: Instant,
  EndedAt: Instant.nullable(),
  EmployeeID: Id.nullable(),
});
export type DowntimeEvent = z.infer<typeof DowntimeEvent>;

export const IndirectCode = z.object({ IndirectCode: z.string(), Description: z.string() });
export type IndirectCode = z.infer<typeof IndirectCode>;
export const DowntimeReason = z.object({ ReasonCode: z.string(), Description: z.string() });
export type DowntimeReason = z.infer<typeof DowntimeReason>;

export const Operator = z.object({
  EmployeeID: Id,
  Name: z.string(),
  PhotoFile: z.string().nullable(),
  StartActivity: Instant,
});
export type Operator = z.infer<typeof Operator>;

/**
 * The production-monitor document of one machine: what `shopfloor/GetResourceStatus` answers and topic
 * `resource:{ResourceID}` carries (public: TV production monitors have no login). The run is the
 * machine's current job and operation (its latest open direct activity); figures are as of `AsOf`:
 * a board can advance TargetPieces itself with MinutesPerPiece from RunStartedAt (minus downtime).
 * Never names pay, punches or anything but the operators' names and photos.
 */
export const ResourceStatus = z.object({
  ResourceID: z.string(),
  PlantID: Id,
  Description: z.string(),
  JobNumber: z.string().nullable(),
  ProductionPlanOperationID: Id.nullable(),
  Operation: z.number().int().nullable(),
  Item: z.string().nullable(),
  OperationQuantity: z.number().nullable(),
  Operators: z.array(Operator),
  RunStartedAt: Instant.nullable(),
  MinutesPerPiece: z.number().nullable(),
  ElapsedMinutes: z.number(),
  TargetPieces: z.number().int(),
  ActualPieces: z.number(),
  ScrapPieces: z.number(),
  TargetPiecesPerHour: z.number(),
  PiecesPerHour: z.number(),
  OpenDowntime: z
    .object({ DowntimeEventID: Id, ReasonCode: z.string(), Reason: z.string(), StartedAt: Instant })
    .nullable(),
  DowntimeMinutesToday: z.number(),
  AsOf: Instant,
});
export type ResourceStatus = z.infer<typeof ResourceStatus>;

export const MyActivity = z.object({
  Face,
  Activity: LaborActivity.nullable(),
  CompletionsToday: z.array(Completion),
});
export type MyActivity = z.infer<typeof MyActivity>;

/** A machine of a plant as the floor picks it (shopfloor/GetFloorMachines): active ones, down or not. */
export const FloorMachine = z.object({ ResourceID: z.string(), Description: z.string(), Down: z.boolean() });
export type FloorMachine = z.infer<typeof FloorMachine>;

/** A plan operation of a job as the floor picks it (shopfloor/GetJobOperations): not invalidated. */
export const JobOperation = z.object({
  ProductionPlanOperationID: Id,
  Sequence: z.number().int(),
  ResourceID: z.string().nullable(),
  Item: z.string().nullable(),
});
export type JobOperation = z.infer<typeof JobOperation>;
