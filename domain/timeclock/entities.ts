import { z } from 'zod';
import { Face, LaborActivity } from '../shopfloor/entities';

/**
 * Time-clock documents (issue 7 part 1): punches with their flags, activities with the employee's name,
 * the operator's own day, timecards. Instants are ISO UTC; dates plant-local `YYYY-MM-DD`.
 */

const Id = z.number().int();
const Instant = z.string();

export const Punch = z.object({
  ClockPunchID: Id,
  EmployeeID: Id,
  Name: z.string(),
  PlantID: Id,
  ClockedInAt: Instant,
  ClockedOutAt: Instant.nullable(),
  ClockedInBy: Id.nullable(),
  ClockedOutBy: Id.nullable(),
  /** The last correction (timeclock/SavePunch): who and when; null when never corrected. */
  CorrectedBy: Id.nullable(),
  CorrectedByName: z.string().nullable(),
  CorrectedAt: Instant.nullable(),
  /** Minutes from in to out (to now when open). */
  Minutes: z.number(),
  MissingOut: z.boolean(),
  LongShift: z.boolean(),
});
export type Punch = z.infer<typeof Punch>;

export const HistoryActivity = LaborActivity.extend({ Name: z.string() });
export type HistoryActivity = z.infer<typeof HistoryActivity>;

export const MyTime = z.object({
  Face,
  Date: z.string(),
  WeekStart: z.string(),
  Punches: z.array(Punch),
  Activities: z.array(HistoryActivity),
  HoursToday: z.number(),
  HoursThisWeek: z.number(),
  DirectHoursToday: z.number(),
  IndirectHoursToday: z.number(),
});
export type MyTime = z.infer<typeof MyTime>;

export const FaceHistory = z.object({
  Punches: z.array(Punch),
  Activities: z.array(HistoryActivity),
});
export type FaceHistory = z.infer<typeof FaceHistory>;

export const Timecard = z.object({
  EmployeeID: Id,
  Name: z.string(),
  WeekStart: z.string(),
  Days: z.array(
    z.object({ Date: z.string(), PaidHours: z.number(), DirectHours: z.number(), IndirectHours: z.number() }),
  ),
  TotalHours: z.number(),
  RegularHours: z.number(),
  OvertimeHours: z.number(),
  DirectHours: z.number(),
  IndirectHours: z.number(),
  MissingOut: z.boolean(),
  /** The payroll week's lock (domain/payroll, payroll_week_locks). */
  Locked: z.boolean(),
});
export type Timecard = z.infer<typeof Timecard>;

/** An active employee of a plant and whether they have an open punch (timeclock/GetPlantPeople). */
export const PlantPerson = z.object({ EmployeeID: Id, Name: z.string(), ClockedIn: z.boolean() });
export type PlantPerson = z.infer<typeof PlantPerson>;
