import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Count, EndTime, Id, LocalTime, minutesOfDay, PlantID, Text } from '../contract/fields';
import { RunOperationAlgorithm } from '../production-plan/calls';
import {
  Holiday,
  LocalDate,
  Override,
  ResourceID,
  Schedule,
  ScheduleColor,
  ScheduleHeader,
  SchedulingCalendar,
  SchedulingStatus,
  Shift,
  Task,
  UnscheduledOperation,
  WorkcenterSetting,
} from './entities';

/**
 * Every scheduling call: the four of spec 001 §7 (Scheduling) with the payloads and results it names,
 * and those the screens need beyond it (schedule list and load, moves, what-if create/commit/discard,
 * unscheduled operations, the settings and the reports). Permissions from spec 000 §6:
 *
 * - reading a schedule: viewScheduling (or either edit flag);
 * - changing the official schedule: editProductionSchedules; a what-if (planning) schedule:
 *   editPlanningSchedules. The call admits either flag; the server checks the one the schedule needs;
 * - the algorithm's rate details: viewScheduleDetails; making a what-if: createWhatIfSchedules;
 *   committing one: commitSchedules; the summary: viewScheduleSummary;
 * - the calendar and the workcenter settings: editProductionSchedules.
 */

export const viewAccess: Access = {
  anyOf: ['viewScheduling', 'editProductionSchedules', 'editPlanningSchedules'],
};
export const editAccess: Access = { anyOf: ['editProductionSchedules', 'editPlanningSchedules'] };
const settingsAccess: Access = { allOf: ['editProductionSchedules'] };

const minutes = z.number().min(0).max(1_000_000);

// --------------------------------------------------------------------------- spec 001 §7

/**
 * The task fields a scheduler changes, each with its type (brief §4.3). `Calculated: true` re-runs the
 * task's algorithm and takes its minutes (Calculated false cannot be set: any edit of what feeds the
 * minutes clears it). `ResourceID` moves the task to the end of that workcenter; `ProductionOrder`
 * moves it within its workcenter.
 */
export const taskFields = {
  ScheduledMinutesPerPiece: minutes,
  ScheduledSetupMinutes: minutes,
  GoalMinutesPerPiece: minutes,
  GoalSetupMinutes: minutes,
  MachineRateID: Id.nullable(),
  ProductionOrder: z.number().int().min(0).max(1_000_000),
  ResourceID,
  SetupSuppressed: z.boolean(),
  EstimatedMinutes: minutes,
  OperationQty: z.number().min(0).max(1_000_000),
  Color: ScheduleColor,
  StatusID: Id.nullable(),
  Calculated: z.literal(true),
} as const;
export type TaskField = keyof typeof taskFields;

/** Fields whose edit clears Calculated (spec 001 §4 Schedule task). */
export const clearsCalculated: readonly TaskField[] = [
  'ScheduledMinutesPerPiece',
  'ScheduledSetupMinutes',
  'MachineRateID',
  'ProductionOrder',
  'ResourceID',
  'SetupSuppressed',
  'EstimatedMinutes',
  'OperationQty',
];

export const UpdateScheduleTask = defineCall({
  method: 'POST',
  path: 'web/UpdateScheduleTask',
  summary:
    'Change one field of a schedule task; ModStatus becomes U unless A, edits to what feeds the minutes clear Calculated, times are recomputed.',
  access: editAccess,
  payload: fieldUpdate('a schedule task', 'ScheduleTaskID', Id, taskFields),
  result: Task,
});

export const RunScheduleTaskAlgorithm = defineCall({
  method: 'GET',
  path: 'algorithm/RunScheduleTaskAlgorithm',
  summary:
    "Run the rate algorithm of the task's workcenter for the task's operation (read-only; UpdateScheduleTask Calculated=true applies it).",
  access: { anyOf: ['viewScheduleDetails'] },
  payload: z.object({ ScheduleTaskID: Id }),
  result: RunOperationAlgorithm.result,
});

export const SplitScheduleTask = defineCall({
  method: 'POST',
  path: 'web/SplitScheduleTask',
  summary:
    'Split a task in two: the task keeps the first pieces, a new task (ModStatus A, setup suppressed) takes the rest right after it. Answers the tasks that replace or are appended to the list.',
  access: editAccess,
  // Quantity is ours: the pieces the new task takes (default: half, rounded down).
  payload: z.object({ ScheduleTaskID: Id, Quantity: z.number().positive().max(1_000_000).optional() }),
  result: z.array(Task),
});

export const DeleteScheduleTask = defineCall({
  method: 'POST',
  path: 'web/DeleteScheduleTask',
  summary:
    'Delete a task: removed (null, its operation shows as unscheduled again), or, when pieces were reported on it, cut down to the pieces done and answered to replace it.',
  access: editAccess,
  payload: z.object({ ScheduleTaskID: Id }),
  result: Task.nullable(),
});

// --------------------------------------------------------------------------- schedules

export const GetSchedules = defineCall({
  method: 'GET',
  path: 'web/GetSchedules',
  summary: "The plant's official schedule and its what-if (planning) schedules, newest first.",
  access: viewAccess,
  payload: z.object({ PlantID }),
  result: z.array(ScheduleHeader),
});

export const GetSchedule = defineCall({
  method: 'GET',
  path: 'web/GetSchedule',
  summary:
    'A schedule with its workcenters (one per scheduled resource, in settings order) and their ordered tasks; with FirstTasks, only the first tasks of each lane (the first paint of a large schedule).',
  access: viewAccess,
  payload: z.object({
    ScheduleID: Id,
    /** Ours: at most this many tasks per lane (ProductionOrder < FirstTasks); each lane's TaskCount says how many it has. */
    FirstTasks: z.number().int().min(1).max(10_000).optional(),
  }),
  result: Schedule,
});

export const MoveScheduleTasks = defineCall({
  method: 'POST',
  path: 'web/MoveScheduleTasks',
  summary:
    "Move tasks (one, or a multi-selection in their current order) to a position in a workcenter's list; ResourceID changes and both lists are renumbered so ProductionOrder is the list index.",
  access: editAccess,
  payload: z.object({
    ScheduleTaskIDs: z.array(Id).min(1).max(1000),
    ResourceID,
    /** Index in the target list counted without the moved tasks; past the end appends. */
    ProductionOrder: z.number().int().min(0).max(1_000_000),
  }),
  result: z.array(Task),
});

export const CreateWhatIfSchedule = defineCall({
  method: 'POST',
  path: 'web/CreateWhatIfSchedule',
  summary: "Copy the plant's official schedule into a new what-if (planning) schedule.",
  access: { allOf: ['createWhatIfSchedules'] },
  payload: z.object({ ScheduleID: Id, Name: Text(80).trim().min(1, 'Name is required') }),
  result: ScheduleHeader,
});

export const CommitSchedule = defineCall({
  method: 'POST',
  path: 'web/CommitSchedule',
  summary:
    "Make a what-if schedule official: its tasks' workcenters, order, rates and quantities replace the official ones, its splits are added and its deletions removed; tasks scheduled on the official one since the copy stay at the end. The what-if becomes read-only.",
  access: { allOf: ['commitSchedules'] },
  payload: z.object({ ScheduleID: Id }),
  result: ScheduleHeader,
});

export const DeleteSchedule = defineCall({
  method: 'POST',
  path: 'web/DeleteSchedule',
  summary: 'Discard a what-if schedule (never the official one).',
  access: { allOf: ['createWhatIfSchedules'] },
  payload: z.object({ ScheduleID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const UpdateSchedule = defineCall({
  method: 'POST',
  path: 'web/UpdateSchedule',
  summary: "Rename a schedule or change the date its lanes start on (every task's times are recomputed).",
  access: editAccess,
  payload: fieldUpdate('a schedule', 'ScheduleID', Id, {
    Name: Text(80).trim().min(1, 'Name is required'),
    StartDate: LocalDate,
  }),
  result: ScheduleHeader,
});

// --------------------------------------------------------------------------- unscheduled

export const GetUnscheduledOperations = defineCall({
  method: 'GET',
  path: 'web/GetUnscheduledOperations',
  summary:
    "The plant's plan operations whose pieces the official schedule does not cover, searched in job, part and resource, earliest due first, paged.",
  access: viewAccess,
  payload: z.object({
    PlantID,
    Search: Text(100).optional(),
    Skip: Count().default(0),
    Take: z.number().int().min(1).max(500).default(100),
  }),
  result: z.object({ Rows: z.array(UnscheduledOperation), Total: z.number().int() }),
});

export const ScheduleOperation = defineCall({
  method: 'POST',
  path: 'web/ScheduleOperation',
  summary:
    "Put an operation's unscheduled pieces on a schedule as a new task (ModStatus A), on its own resource or the one given, at the end or at ProductionOrder.",
  access: editAccess,
  payload: z.object({
    ScheduleID: Id,
    ProductionPlanOperationID: Id,
    ResourceID: ResourceID.optional(),
    ProductionOrder: z.number().int().min(0).max(1_000_000).optional(),
  }),
  result: Task,
});

// --------------------------------------------------------------------------- settings

export const GetSchedulingSettings = defineCall({
  method: 'GET',
  path: 'web/GetSchedulingSettings',
  summary: "A plant's calendar (shifts, holidays, overrides), workcenter settings and task statuses.",
  access: viewAccess,
  payload: z.object({ PlantID }),
  result: z.object({
    Calendar: SchedulingCalendar,
    Workcenters: z.array(WorkcenterSetting),
    Statuses: z.array(SchedulingStatus),
  }),
});

/**
 * A shift's or an override's window (issue 14 §1). Start is a time within the day (24:00 is the next
 * day's 00:00); End may be 24:00, "the end of the day". An End before the Start is a night shift that
 * runs past midnight (domain/scheduling/calendar.ts), which the plants use; an End equal to the Start
 * was accepted and read as 24 hours from Start, which nobody can tell from an empty window: refused, with
 * the two ways to say what was meant.
 */
const timeWindow = { Start: LocalTime, End: EndTime };
function windowIssues(v: { Start: string; End: string }, ctx: z.core.$RefinementCtx) {
  if (minutesOfDay(v.Start) === minutesOfDay(v.End)) {
    ctx.addIssue({
      code: 'custom',
      path: ['End'],
      message:
        'End must differ from Start: an End before the Start runs past midnight (a night shift); a whole day is 00:00 to 24:00',
    });
  }
}

/** ID 0 adds; otherwise the row is replaced. Every save recomputes the times of the plant's schedules. */
export const SaveShift = defineCall({
  method: 'POST',
  path: 'web/SaveShift',
  summary: 'Add (ShiftID 0) or change a shift of the plant or of one resource.',
  access: settingsAccess,
  payload: z
    .object({
      ShiftID: Count(),
      PlantID,
      ResourceID: ResourceID.nullable(),
      Name: Text(40).trim().min(1, 'Name is required'),
      DayOfWeek: z.number().int().min(0).max(6),
      ...timeWindow,
    })
    .superRefine(windowIssues),
  result: Shift,
});

export const DeleteShift = defineCall({
  method: 'POST',
  path: 'web/DeleteShift',
  summary: 'Delete a shift.',
  access: settingsAccess,
  payload: z.object({ ShiftID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const SaveHoliday = defineCall({
  method: 'POST',
  path: 'web/SaveHoliday',
  summary: 'Add (HolidayID 0) or change a plant holiday.',
  access: settingsAccess,
  payload: z.object({
    HolidayID: Count(),
    PlantID,
    Date: LocalDate,
    Description: Text(80).trim().min(1, 'Description is required'),
  }),
  result: Holiday,
});

export const DeleteHoliday = defineCall({
  method: 'POST',
  path: 'web/DeleteHoliday',
  summary: 'Delete a holiday.',
  access: settingsAccess,
  payload: z.object({ HolidayID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const SaveOverride = defineCall({
  method: 'POST',
  path: 'web/SaveOverride',
  summary: 'Add (OverrideID 0) or change a one-day calendar override of the plant or a resource.',
  access: settingsAccess,
  payload: z
    .object({
      OverrideID: Count(),
      PlantID,
      ResourceID: ResourceID.nullable(),
      Date: LocalDate,
      ...timeWindow,
      Kind: z.enum(['Work', 'Off']),
      Description: Text(80).trim(),
    })
    .superRefine(windowIssues),
  result: Override,
});

export const DeleteOverride = defineCall({
  method: 'POST',
  path: 'web/DeleteOverride',
  summary: 'Delete an override.',
  access: settingsAccess,
  payload: z.object({ OverrideID: Id }),
  result: z.object({ Deleted: z.boolean() }),
});

export const UpdateWorkcenterSetting = defineCall({
  method: 'POST',
  path: 'web/UpdateWorkcenterSetting',
  summary: 'Change how a resource takes part in scheduling (shown, efficiency, colour, order).',
  access: settingsAccess,
  payload: fieldUpdate('a workcenter setting', 'ResourceID', ResourceID, {
    Scheduled: z.boolean(),
    EfficiencyPercent: z.number().min(1).max(200),
    Color: ScheduleColor,
    SortOrder: z.number().int().min(0).max(10_000),
  }),
  result: WorkcenterSetting,
});

export const SaveSchedulingStatus = defineCall({
  method: 'POST',
  path: 'web/SaveSchedulingStatus',
  summary: 'Add (StatusID 0) or change a task status of the plant.',
  access: settingsAccess,
  payload: z.object({
    StatusID: Count(),
    PlantID,
    Name: Text(40).trim().min(1, 'Name is required'),
    Color: ScheduleColor,
    SortOrder: z.number().int().min(0).max(10_000),
    Active: z.boolean(),
  }),
  result: SchedulingStatus,
});

// --------------------------------------------------------------------------- reports

export const ScheduleSummaryRow = z.object({
  ResourceID: z.string(),
  Description: z.string(),
  Tasks: z.number().int(),
  EstimatedMinutes: z.number(),
  /** Working minutes of the calendar in the next 5 plant-local working days (capacity). */
  CapacityMinutesNextWeek: z.number(),
  /** Task minutes falling in those days. */
  LoadMinutesNextWeek: z.number(),
  LateTasks: z.number().int(),
  LastEndAt: z.string().nullable(),
});

export const GetScheduleSummary = defineCall({
  method: 'GET',
  path: 'web/GetScheduleSummary',
  summary: 'Per workcenter: tasks, minutes, next-week load against capacity, late tasks, when it runs out.',
  access: { allOf: ['viewScheduleSummary'] },
  payload: z.object({ ScheduleID: Id }),
  result: z.array(ScheduleSummaryRow),
});

export const ScheduleDayRow = z.object({
  ResourceID: z.string(),
  ScheduleTaskID: z.number().int(),
  JobNumber: z.string(),
  PartNum: z.string(),
  OperationQty: z.number(),
  StartAt: z.string(),
  EndAt: z.string(),
  /** Minutes of the task that fall on the day. */
  MinutesOnDay: z.number(),
});

export const GetScheduleByDay = defineCall({
  method: 'GET',
  path: 'web/GetScheduleByDay',
  summary: 'The tasks that run on one plant-local day, per workcenter, with their minutes on that day.',
  access: viewAccess,
  payload: z.object({ ScheduleID: Id, Date: LocalDate }),
  result: z.array(ScheduleDayRow),
});

export const AdherenceRow = z.object({
  ResourceID: z.string(),
  Description: z.string(),
  /** Tasks that were due to end in the range. */
  TasksDue: z.number().int(),
  TasksDone: z.number().int(),
  PiecesDue: z.number(),
  PiecesDone: z.number(),
  /** PiecesDone / PiecesDue × 100, rounded to 1 decimal; null when nothing was due. */
  AdherencePercent: z.number().nullable(),
});

export const GetSchedulingAdherence = defineCall({
  method: 'GET',
  path: 'web/GetSchedulingAdherence',
  summary:
    'Per workcenter of the official schedule: tasks and pieces due to end in a date range against those done.',
  access: viewAccess,
  payload: z.object({ PlantID, From: LocalDate, To: LocalDate }),
  result: z.array(AdherenceRow),
});

export const GetSchedulingReport = defineCall({
  method: 'GET',
  path: 'web/GetSchedulingReport',
  summary:
    "A schedule's tasks starting in a date range (optionally one workcenter), in start order, with late flags.",
  access: viewAccess,
  payload: z.object({
    ScheduleID: Id,
    ResourceID: ResourceID.optional(),
    From: LocalDate,
    To: LocalDate,
  }),
  result: z.array(Task.extend({ Late: z.boolean() })),
});
