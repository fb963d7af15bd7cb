import { topicOf } from '../../../domain/live/topics';
import { currentWeekStart, weekStartOf } from '../../../domain/payroll/rules';
import { formatLocalDate } from '../../../domain/platform/dates';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays, localDateOf } from '../../../domain/scheduling/calendar';
import { formatPlantDateTime, plantDay } from '../../../domain/shopfloor/rules';
import type { FaceHistory, MyTime, Punch, Timecard } from '../../../domain/timeclock/entities';
import {
  dateRange,
  minutesByDate,
  paidMinutes,
  punchEditProblem,
  punchFlags,
  rangeInstants,
  round2,
  type Span,
  timecardWeek,
} from '../../../domain/timeclock/rules';
import type { Sql } from '../../db/database';
import { forbidden, invalid, sorry } from '../../rpc/errors';
import { findEmployee } from '../platform/employees.repository';
import { employeeDoc } from '../platform/employees.service';
import { faceChange, faces, resourceChange, resourceStatus } from '../shopfloor/shopfloor.documents';
import * as shopRepo from '../shopfloor/shopfloor.repository';
import type { WriteContext } from '../shopfloor/shopfloor.service';
import * as repo from './timeclock.repository';

const now = () => new Date().toISOString();

export interface ReadContext {
  db: Sql;
  employeeId: number;
  flags: ReadonlySet<string>;
}

/**
 * The time clock's reads and the punch correction (issue 7 part 1). Reads compute hours and flags with
 * the pure rules of domain/timeclock/rules.ts in the plant's time zone. SavePunch locks the employee
 * row (as ClockIn and ClockOut do), checks the correction against every other punch of the employee,
 * records who changed it, keeps the employee record's clocked_in in step and republishes the face.
 */
export class TimeclockService {
  constructor(private readonly clock: () => string = now) {}

  private toPunch(r: repo.PunchRow, at: string): Punch {
    return { ...r, ...punchFlags(r, plantTimeZone(r.PlantID), at) };
  }

  async myTime(db: Sql, employeeId: number): Promise<MyTime> {
    const [face] = await faces(db, [employeeId]);
    if (!face) throw invalid(`There is no employee ${employeeId}.`);
    const at = this.clock();
    const tz = plantTimeZone(face.PlantID);
    const day = plantDay(at, tz);
    const weekStart = currentWeekStart(Date.parse(at), tz);
    const week = rangeInstants(weekStart, addDays(weekStart, 6), tz);
    const who = { employeeIds: [employeeId] };
    const [weekPunches, todayActs] = await Promise.all([
      repo.punches(db, who, week.From, week.To),
      repo.activities(db, who, day.From, day.To),
    ]);
    const spans = (list: { ClockedInAt: string; ClockedOutAt: string | null }[]): Span[] =>
      list.map((p) => ({ Start: p.ClockedInAt, End: p.ClockedOutAt }));
    const byDate = minutesByDate(spans(weekPunches), tz, at);
    let weekMinutes = 0;
    for (const [date, m] of byDate)
      if (date >= weekStart && date <= addDays(weekStart, 6)) weekMinutes += paidMinutes(m);
    const actMinutes = (direct: boolean) =>
      minutesByDate(
        todayActs.filter((a) => a.Direct === direct).map((a) => ({ Start: a.StartedAt, End: a.EndedAt })),
        tz,
        at,
      ).get(day.Date) ?? 0;
    const todayPunches = weekPunches.filter(
      (p) => p.ClockedInAt < day.To && (p.ClockedOutAt === null || p.ClockedOutAt > day.From),
    );
    return {
      Face: face,
      Date: day.Date,
      WeekStart: weekStart,
      Punches: todayPunches.map((p) => this.toPunch(p, at)),
      Activities: todayActs,
      HoursToday: round2(paidMinutes(byDate.get(day.Date) ?? 0) / 60),
      HoursThisWeek: round2(weekMinutes / 60),
      DirectHoursToday: round2(actMinutes(true) / 60),
      IndirectHoursToday: round2(actMinutes(false) / 60),
    };
  }

  async faceHistory(
    r: ReadContext,
    p: { PlantID: number; From: string; To: string; EmployeeID?: number | null },
  ): Promise<FaceHistory> {
    const someoneElse = p.EmployeeID === undefined || p.EmployeeID === null || p.EmployeeID !== r.employeeId;
    if (someoneElse && !r.flags.has('supervisor') && !r.flags.has('approvesTime')) {
      throw forbidden(
        'You can see only your own face history (for someone else or a whole plant you need: supervisor or approves time).',
      );
    }
    if (!dateRange(p.From, p.To)) throw invalid('From must not be after To, and the range at most 62 days.');
    if (p.EmployeeID && (await repo.employeePlant(r.db, p.EmployeeID)) === null) {
      throw invalid(`There is no employee ${p.EmployeeID}.`);
    }
    const range = rangeInstants(p.From, p.To, plantTimeZone(p.PlantID));
    const where = p.EmployeeID ? { employeeIds: [p.EmployeeID] } : { plantId: p.PlantID };
    const at = this.clock();
    const [punches, activities] = await Promise.all([
      repo.punches(r.db, where, range.From, range.To),
      repo.activities(r.db, where, range.From, range.To),
    ]);
    return { Punches: punches.map((x) => this.toPunch(x, at)), Activities: activities };
  }

  async clockPunches(db: Sql, p: { PlantID: number; From: string; To: string }): Promise<Punch[]> {
    if (!dateRange(p.From, p.To)) throw invalid('From must not be after To, and the range at most 62 days.');
    const range = rangeInstants(p.From, p.To, plantTimeZone(p.PlantID));
    const at = this.clock();
    return (await repo.punches(db, { plantId: p.PlantID }, range.From, range.To)).map((x) =>
      this.toPunch(x, at),
    );
  }

  plantPeople(db: Sql, plantId: number) {
    return repo.plantPeople(db, plantId);
  }

  async timecards(db: Sql, p: { PlantID: number; WeekStart: string }): Promise<Timecard[]> {
    const weekStart = weekStartOf(p.WeekStart);
    const tz = plantTimeZone(p.PlantID);
    const range = rangeInstants(weekStart, addDays(weekStart, 6), tz);
    const at = this.clock();
    const [punches, activities] = await Promise.all([
      repo.punches(db, { plantId: p.PlantID }, range.From, range.To),
      repo.activities(db, { plantId: p.PlantID }, range.From, range.To),
    ]);
    const people = new Map<number, string>();
    for (const x of punches) people.set(x.EmployeeID, x.Name);
    const locked = await repo.lockedWeeks(db, [...people.keys()], weekStart);
    const out: Timecard[] = [];
    for (const [id, name] of people) {
      const mine = punches.filter((x) => x.EmployeeID === id);
      // A missing punch-out is flagged and not paid until corrected (else it would count until now).
      const payable = mine.filter((x) => x.ClockedOutAt !== null || !punchFlags(x, tz, at).MissingOut);
      const acts = activities.filter((a) => a.EmployeeID === id);
      const week = timecardWeek(
        weekStart,
        payable.map((x) => ({ Start: x.ClockedInAt, End: x.ClockedOutAt })),
        acts.filter((a) => a.Direct).map((a) => ({ Start: a.StartedAt, End: a.EndedAt })),
        acts.filter((a) => !a.Direct).map((a) => ({ Start: a.StartedAt, End: a.EndedAt })),
        tz,
        at,
      );
      out.push({
        EmployeeID: id,
        Name: name,
        WeekStart: weekStart,
        ...week,
        MissingOut: mine.some((x) => punchFlags(x, tz, at).MissingOut),
        Locked: locked.has(id),
      });
    }
    return out;
  }

  async savePunch(
    w: WriteContext,
    p: { ClockPunchID: number; ClockedInAt: string; ClockedOutAt: string | null },
  ): Promise<Punch> {
    const found = await repo.punch(w.db, p.ClockPunchID);
    if (!found) throw invalid(`There is no clock punch ${p.ClockPunchID}.`);
    // The employee's row lock: one writer of their punches at a time (ClockIn/ClockOut take it too).
    await shopRepo.employees(w.db, [found.EmployeeID], true);
    const before = (await repo.punch(w.db, p.ClockPunchID, true))!;
    const tz = plantTimeZone(before.PlantID);
    const at = this.clock();
    const next = {
      ClockPunchID: before.ClockPunchID,
      ClockedInAt: new Date(p.ClockedInAt).toISOString(),
      ClockedOutAt: p.ClockedOutAt === null ? null : new Date(p.ClockedOutAt).toISOString(),
    };
    const problem = punchEditProblem(
      next,
      await repo.punchesOf(w.db, before.EmployeeID),
      at,
      tz,
      formatPlantDateTime,
    );
    if (problem) throw invalid(problem);
    // A locked payroll week is never changed (domain/payroll: the lock refuses every edit).
    const weeks = new Set([before.ClockedInAt, next.ClockedInAt].map((x) => weekStartOf(localDateOf(x, tz))));
    for (const week of weeks) {
      if ((await repo.lockedWeeks(w.db, [before.EmployeeID], week)).size) {
        throw sorry(
          `The payroll week of ${formatLocalDate(week)} of ${before.Name} is locked: unlock it to correct its punches.`,
        );
      }
    }
    await repo.correctPunch(w.db, before, next, w.employeeId, at);
    const employees = new Set<number>([before.EmployeeID]);
    const resources = new Set<string>();
    // Closing the open punch ends the open activity too (as ClockOut does), at the punch-out or at the
    // activity's start when that is later.
    if (before.ClockedOutAt === null && next.ClockedOutAt !== null) {
      const open = (await shopRepo.openActivities(w.db, [before.EmployeeID])).get(before.EmployeeID);
      if (open) {
        const end = open.StartedAt > next.ClockedOutAt ? open.StartedAt : next.ClockedOutAt;
        const touched = await shopRepo.endActivity(w.db, open.LaborActivityID, end);
        for (const e of touched.employees) employees.add(e);
        for (const m of touched.resources) resources.add(m);
      }
    }
    await publishClockState(w, [...employees]);
    for (const f of await faces(
      w.db,
      [...employees].sort((a, b) => a - b),
    ))
      w.publish(faceChange(f));
    for (const m of [...resources].sort()) {
      const s = await resourceStatus(w.db, m, at);
      if (s) w.publish(resourceChange(s));
    }
    return this.toPunch((await repo.punch(w.db, p.ClockPunchID))!, at);
  }
}

/**
 * Keeps each employee record's clocked_in equal to "has an open punch" and republishes the record on
 * `employee:{id}` when it changed (the employee's own tabs see their clockedIn flag). Called by
 * ClockIn, ClockOut and SavePunch in their transaction.
 */
export async function publishClockState(
  w: Pick<WriteContext, 'db' | 'publish'>,
  employeeIds: readonly number[],
): Promise<void> {
  for (const id of employeeIds) {
    if (!(await repo.syncClockedIn(w.db, id))) continue;
    const row = await findEmployee(w.db, id);
    if (!row) continue;
    w.publish({
      topic: topicOf.employee(id),
      collection: 'employees',
      id: String(id),
      doc: await employeeDoc(w.db, row),
    });
  }
}
