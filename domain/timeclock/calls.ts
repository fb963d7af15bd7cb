import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, LocalDate, PlantID, Timestamp } from '../contract/fields';
import { FaceHistory, MyTime, PlantPerson, Punch, Timecard } from './entities';

/**
 * Time-clock calls (issue 7 part 1): the operator's own time, face history, clock analysis with punch
 * corrections, timecards. Row rules beyond the flags (server/areas/timeclock/timeclock.service.ts):
 * GetFaceHistory of someone else, or of a whole plant, needs supervisor or approvesTime.
 */

const EmployeeID = Id;
const DateText = LocalDate;
const InstantText = Timestamp;

const user: Access = 'user';
const approvers: Access = { anyOf: ['approvesTime', 'supervisor'] };

export const GetMyTime = defineCall({
  method: 'GET',
  path: 'timeclock/GetMyTime',
  summary: "The caller's punches and activities today, hours today and this week (plant time).",
  access: user,
  payload: z.object({}),
  result: MyTime,
});

export const GetFaceHistory = defineCall({
  method: 'GET',
  path: 'timeclock/GetFaceHistory',
  summary:
    'Punches and activities of one employee or a whole plant over plant-local dates (oneself; others: supervisor or approvesTime).',
  access: user,
  payload: z.object({ PlantID, From: DateText, To: DateText, EmployeeID: EmployeeID.nullable().optional() }),
  result: FaceHistory,
});

export const GetClockPunches = defineCall({
  method: 'GET',
  path: 'timeclock/GetClockPunches',
  summary: "A plant's clock punches over plant-local dates, missing punch-outs and long shifts flagged.",
  access: approvers,
  payload: z.object({ PlantID, From: DateText, To: DateText }),
  result: z.array(Punch),
});

export const SavePunch = defineCall({
  method: 'POST',
  path: 'timeclock/SavePunch',
  summary:
    'Correct a clock punch (in and out times; out null keeps it open); recorded with who changed it. approvesTime.',
  access: { anyOf: ['approvesTime'] },
  payload: z.object({
    ClockPunchID: Id,
    ClockedInAt: InstantText,
    ClockedOutAt: InstantText.nullable(),
  }),
  result: Punch,
});

export const GetTimecards = defineCall({
  method: 'GET',
  path: 'timeclock/GetTimecards',
  summary:
    "Per employee of a plant for one week: paid hours per day from punches, direct and indirect hours, overtime over 40, the payroll week's lock.",
  access: { anyOf: ['approvesTime', 'supervisor', 'viewPayroll'] },
  payload: z.object({ PlantID, WeekStart: DateText }),
  result: z.array(Timecard),
});

export const GetPlantPeople = defineCall({
  method: 'GET',
  path: 'timeclock/GetPlantPeople',
  summary:
    "A plant's active employees with whether each is clocked in, by name: whom a supervisor or time approver can clock in from the faces board.",
  access: approvers,
  payload: z.object({ PlantID }),
  result: z.array(PlantPerson),
});

export const timeclockCalls = [
  GetMyTime,
  GetFaceHistory,
  GetClockPunches,
  SavePunch,
  GetTimecards,
  GetPlantPeople,
] as const;
