import { z } from 'zod';
import { LocalDate } from '../contract/fields';
import { ResourceID } from '../production-plan/entities';

/**
 * The scheduling entities of spec 001 §3 (Schedule, Task, schedule colours) as the calls of §7 carry
 * them, plus what the spec leaves "not shown" and the screens need: the calendar (shifts, holidays,
 * overrides), the per-workcenter settings and the task statuses. A schedule's "workcenter" is one
 * resource (machine) lane: spec 001 §3 gives each workcenter a ResourceID and its ordered Tasks.
 */

/** Spec 001 §3 Schedule colors. `n/a` is "no colour": the task shows its status's colour, if any. */
export const ScheduleColor = z.enum(['n/a', 'Green', 'Yellow', 'Blue', 'Red', 'Pink', 'Purple']);
export type ScheduleColor = z.infer<typeof ScheduleColor>;

/**
 * A task's modification status (spec 001 §4 Schedule task): '' unchanged since the schedule was made or
 * committed, 'A' added (a split, or an operation scheduled), 'U' updated. Any edit sets U unless A.
 */
export const ModStatus = z.enum(['', 'A', 'U']);
export type ModStatus = z.infer<typeof ModStatus>;

/** A plant-local calendar date, `YYYY-MM-DD`: the shared piece, a real date from 1900 to 2199. */
export { LocalDate };
/** A plant-local clock time, `HH:mm` (00:00–24:00). */
export const LocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time must be written HH:mm (00:00 to 24:00)');

export const Task = z.object({
  // Spec 001 §3 Task, every field
  ScheduleTaskID: z.number().int(),
  ScheduleID: z.number().int(),
  ResourceID: z.string(),
  /** The task's index in its workcenter's list (0-based); renumbered on every move. */
  ProductionOrder: z.number().int(),
  ScheduledMinutesPerPiece: z.number(),
  ScheduledSetupMinutes: z.number(),
  GoalMinutesPerPiece: z.number(),
  GoalSetupMinutes: z.number(),
  OriginalScheduledMinutesPerPiece: z.number(),
  MachineRateID: z.number().int().nullable(),
  OfficialRate: z.boolean(),
  RateDescription: z.string(),
  SetupSuppressed: z.boolean(),
  /** Minutes the task occupies its workcenter: setup (unless suppressed) + pieces × minutes per piece. */
  EstimatedMinutes: z.number(),
  OperationQty: z.number(),
  /** True when the minutes came from RunScheduleTaskAlgorithm and nothing that feeds them changed since. */
  Calculated: z.boolean(),
  ModStatus,
  /** Spec 001 §3 lists Selected on the task; it is the screen's own state and is never stored. */
  Selected: z.boolean(),

  // What the screens need beside it (not shown in the spec)
  /** The production-plan operation the task schedules (spec: "tasks linked to operations"). */
  ProductionPlanOperationID: z.number().int().nullable(),
  JobNumber: z.string(),
  PartNum: z.string(),
  PartDescription: z.string(),
  OperationSequence: z.number().int(),
  DueDate: LocalDate.nullable(),
  Color: ScheduleColor,
  StatusID: z.number().int().nullable(),
  /** Pieces reported done on the shop floor (adherence; a task with pieces done cannot be removed). */
  QtyCompleted: z.number(),
  /** Computed from the minutes, the shifts, holidays and overrides, in the plant's time zone (UTC ISO). */
  StartAt: z.string().nullable(),
  EndAt: z.string().nullable(),
  /** The official task a what-if copy came from; null on official schedules and on tasks added since. */
  SourceTaskID: z.number().int().nullable(),
  /** Grows with every change of the row: of two copies, the screen keeps the higher. */
  RowVersion: z.number().int(),
});
export type Task = z.infer<typeof Task>;

export const Workcenter = z.object({
  ResourceID: z.string(),
  Tasks: z.array(Task),
  /** How many tasks the lane has: more than Tasks holds when GetSchedule was asked for FirstTasks. */
  TaskCount: z.number().int(),
});
export type Workcenter = z.infer<typeof Workcenter>;

/** A schedule's own fields, without its lanes (what the schedule list and the topic's header carry). */
export const ScheduleHeader = z.object({
  ScheduleID: z.number().int(),
  PlantID: z.number().int(),
  Name: z.string(),
  /** The plant's shared schedule; exactly one per plant. */
  Official: z.boolean(),
  /** A what-if schedule, copied from the official one and committed back into it. */
  Planning: z.boolean(),
  BasedOnScheduleID: z.number().int().nullable(),
  /** Where the lanes start: the first working minute on or after this plant-local date. */
  StartDate: LocalDate,
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  /** Set when a what-if schedule was committed; it is read-only from then on. */
  CommittedAt: z.string().nullable(),
  CommittedBy: z.string().nullable(),
  TaskCount: z.number().int(),
  RowVersion: z.number().int(),
});
export type ScheduleHeader = z.infer<typeof ScheduleHeader>;

export const Schedule = ScheduleHeader.extend({ Workcenters: z.array(Workcenter) });
export type Schedule = z.infer<typeof Schedule>;

/** A working window of a weekday: `End` at or before `Start` runs past midnight into the next day. */
export const Shift = z.object({
  ShiftID: z.number().int(),
  PlantID: z.number().int(),
  /** null: the plant's default; a resource's own shifts replace the default for that resource. */
  ResourceID: z.string().nullable(),
  Name: z.string(),
  /** 0 Sunday … 6 Saturday, the day the shift starts on. */
  DayOfWeek: z.number().int().min(0).max(6),
  Start: LocalTime,
  End: LocalTime,
});
export type Shift = z.infer<typeof Shift>;

/** A plant-wide day off: no shift that starts on it runs. */
export const Holiday = z.object({
  HolidayID: z.number().int(),
  PlantID: z.number().int(),
  Date: LocalDate,
  Description: z.string(),
});
export type Holiday = z.infer<typeof Holiday>;

/**
 * A one-day change to the calendar of the plant (ResourceID null) or one resource: `Work` adds a window
 * (overtime, a Saturday), `Off` removes one (a breakdown, training). Overrides win over shifts and
 * holidays.
 */
export const Override = z.object({
  OverrideID: z.number().int(),
  PlantID: z.number().int(),
  ResourceID: z.string().nullable(),
  Date: LocalDate,
  Start: LocalTime,
  End: LocalTime,
  Kind: z.enum(['Work', 'Off']),
  Description: z.string(),
});
export type Override = z.infer<typeof Override>;

/** How a resource takes part in scheduling (the settings' Workcenters tab). */
export const WorkcenterSetting = z.object({
  ResourceID: z.string(),
  PlantID: z.number().int(),
  Description: z.string(),
  /**
   * The kind of machine (Roll forming, Punching, …): a task dropped on a lane of another kind is asked
   * about first, since that machine may not be able to run it.
   */
  Process: z.string().optional(),
  /** Shown as a lane on the plant schedule. */
  Scheduled: z.boolean(),
  /** Minutes of calendar per minute of work: 100 = as planned, 80 = the lane runs slower. */
  EfficiencyPercent: z.number().min(1).max(200),
  Color: ScheduleColor,
  SortOrder: z.number().int(),
});
export type WorkcenterSetting = z.infer<typeof WorkcenterSetting>;

/** A task status a scheduler sets (the settings' Status tab): Released, Material short, On hold, … */
export const SchedulingStatus = z.object({
  StatusID: z.number().int(),
  PlantID: z.number().int(),
  Name: z.string(),
  Color: ScheduleColor,
  SortOrder: z.number().int(),
  Active: z.boolean(),
});
export type SchedulingStatus = z.infer<typeof SchedulingStatus>;

/** The calendar the start and end times are computed from. */
export const SchedulingCalendar = z.object({
  PlantID: z.number().int(),
  TimeZone: z.string(),
  Shifts: z.array(Shift),
  Holidays: z.array(Holiday),
  Overrides: z.array(Override),
});
export type SchedulingCalendar = z.infer<typeof SchedulingCalendar>;

/** A plan operation of the plant not (fully) covered by the official schedule's tasks. */
export const UnscheduledOperation = z.object({
  ProductionPlanOperationID: z.number().int(),
  JobNumber: z.string(),
  PartNum: z.string(),
  PartDescription: z.string(),
  OperationSequence: z.number().int(),
  ResourceID: z.string().nullable(),
  DueDate: LocalDate.nullable(),
  OperationQty: z.number(),
  ScheduledQty: z.number(),
  ScheduledMinutesPerPiece: z.number(),
  SetupMinutes: z.number(),
});
export type UnscheduledOperation = z.infer<typeof UnscheduledOperation>;

export { ResourceID };
