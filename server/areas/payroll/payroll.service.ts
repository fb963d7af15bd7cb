import type { PendingChange } from '../../../domain/live/changes';
import type { PayrollWeekLock } from '../../../domain/payroll/calls';
import type { PayrollPerson, PayrollRecord } from '../../../domain/payroll/entities';
import { PAYROLL, payrollDocId, payrollTopic, weekDocId } from '../../../domain/payroll/live';
import {
  applyEntryEdit,
  defaultDayHours,
  totalsOf,
  weekDates,
  weekStartOf,
  weekStarts,
} from '../../../domain/payroll/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays, localDateOf } from '../../../domain/scheduling/calendar';
import { payrollWeekHours } from '../../../domain/timeclock/rules';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import { type ClockedHours, clockedHours } from '../timeclock/clocked-hours';
import * as repo from './payroll.repository';

export interface PayrollWrite {
  db: Sql;
  userName: string;
  publish(change: PendingChange): void;
}

/**
 * Payroll entry (issue 7) as the server applies it: GetPayroll makes a plant's missing day records on
 * first read (empty, so every cell has a PayrollID for SavePayrollEntry), SavePayrollEntry locks the
 * record's row, applies domain/payroll/rules.ts `applyEntryEdit` and publishes the record on
 * `payroll:{PlantID}` in the call's transaction, LockPayrollWeek keeps the week's lock row.
 */
export class PayrollService {
  async payroll(db: Sql, plantId: number, anyDate: string, weeks: number): Promise<PayrollPerson[]> {
    if (!(await repo.plantExists(db, plantId))) throw sorry(`Plant ${plantId} does not exist.`);
    const first = weekStartOf(anyDate);
    const last = addDays(first, 7 * weeks - 1);
    const employees = await repo.plantEmployees(db, plantId);
    const ids = employees.map((e) => e.EmployeeID);
    await repo.ensureRecords(db, plantId, ids, first, last);
    // One rule for where the hours come from (README "Where the hours come from").
    const clocked = await clockedHours(db, plantId, ids, first, last);
    const today = localDateOf(Date.now(), plantTimeZone(plantId));
    const salaried = new Set(employees.filter((e) => e.Salaried).map((e) => e.EmployeeID));
    const filled = defaultHours(await repo.records(db, ids, first, last), salaried, clocked, today);
    if (filled.length) await repo.fillHours(db, filled);
    const rows = await repo.records(db, ids, first, last);
    const locks = await repo.weekLocks(db, ids, first, last);
    const byKey = new Map(rows.map((r) => [`${r.EmployeeID}:${r.PayrollDate}`, r]));
    const lockOf = new Map(locks.map((l) => [`${l.EmployeeID}:${l.WeekStart}`, l]));
    return employees.map((Employee) => ({
      Employee,
      PayrollWeeks: weekStarts(first, weeks).map((WeekStart) => {
        const lock = lockOf.get(`${Employee.EmployeeID}:${WeekStart}`);
        const PayrollDates = weekDates(WeekStart).map((PayrollDate) => ({
          PayrollDate,
          Payroll: byKey.get(`${Employee.EmployeeID}:${PayrollDate}`)!,
          ClockedHours: clocked.closed.get(`${Employee.EmployeeID}:${PayrollDate}`) ?? 0,
          OpenPunchHours: clocked.open.get(`${Employee.EmployeeID}:${PayrollDate}`) ?? 0,
        }));
        return {
          WeekStart,
          Locked: lock?.Locked ?? false,
          LockedBy: lock?.LockedBy ?? null,
          LockedAt: lock?.LockedAt ?? null,
          PayrollDates,
          Totals: totalsOf(PayrollDates.map((d) => d.Payroll)),
        };
      }),
    }));
  }

  /**
   * How many of the plant's active employees have `weekStart`'s week not locked yet: the weeks a
   * payroll locker still has to close (Intro's work list). Reads only; makes no day records.
   */
  async weeksToLock(db: Sql, plantId: number, weekStart: string): Promise<number> {
    const ids = (await repo.plantEmployees(db, plantId)).map((e) => e.EmployeeID);
    if (!ids.length) return 0;
    const locked = new Set(
      (await repo.weekLocks(db, ids, weekStart, weekStart)).filter((l) => l.Locked).map((l) => l.EmployeeID),
    );
    return ids.filter((id) => !locked.has(id)).length;
  }

  async saveEntry(w: PayrollWrite, payrollId: number, field: string, value: unknown): Promise<PayrollRecord> {
    const before = await repo.findRecord(w.db, payrollId, true);
    if (!before) throw sorry(`Payroll record ${payrollId} was not found.`);
    const edit = applyEntryEdit(before, field, value);
    if (!edit.ok) throw before.Locked ? sorry(edit.message) : invalid(edit.message);
    await repo.saveField(w.db, payrollId, field as never, edit.value, w.userName);
    const after = (await repo.findRecord(w.db, payrollId))!;
    w.publish({
      topic: payrollTopic(after.PlantID),
      collection: PAYROLL,
      id: payrollDocId(payrollId),
      doc: { Kind: 'payroll', Data: after },
    });
    return after;
  }

  async lockWeek(
    w: PayrollWrite,
    plantId: number,
    employeeId: number,
    weekStart: string,
    locked: boolean,
  ): Promise<PayrollWeekLock> {
    const plant = await repo.employeePlant(w.db, employeeId);
    if (plant === null) throw sorry(`Employee ${employeeId} does not exist.`);
    if (plant !== plantId) throw sorry(`Employee ${employeeId} is not an employee of plant ${plantId}.`);
    const lock = await repo.setWeekLock(w.db, employeeId, weekStart, locked, w.userName);
    w.publish({
      topic: payrollTopic(plantId),
      collection: PAYROLL,
      id: weekDocId(employeeId, weekStart),
      doc: { Kind: 'week', Data: lock },
    });
    return lock;
  }
}

/**
 * The hours of every record no person typed (HoursSource not 'manual') of a week that is not locked:
 * a salaried employee's default day, an hourly employee's closed punches, regular up to 40 a week in
 * date order and the rest overtime (payrollWeekHours, the timecards' rule). Answers only the records
 * whose hours or source differ, and never a day that would pass 24 hours with its holiday hours.
 */
function defaultHours(
  rows: readonly PayrollRecord[],
  salaried: ReadonlySet<number>,
  clocked: ClockedHours,
  today: string,
): repo.FilledHours[] {
  const byWeek = new Map<string, PayrollRecord[]>();
  for (const r of rows) {
    const key = `${r.EmployeeID}:${weekStartOf(r.PayrollDate)}`;
    byWeek.set(key, [...(byWeek.get(key) ?? []), r]);
  }
  const out: repo.FilledHours[] = [];
  for (const week of byWeek.values()) {
    week.sort((a, b) => a.PayrollDate.localeCompare(b.PayrollDate));
    const daily = week.map((r) => {
      const key = `${r.EmployeeID}:${r.PayrollDate}`;
      return defaultDayHours(
        salaried.has(r.EmployeeID),
        r.PayrollDate,
        today,
        clocked.closed.get(key) ?? 0,
        r.HolidayHours,
      );
    });
    const split = payrollWeekHours(daily.map((d) => d.hours));
    for (const [i, r] of week.entries()) {
      if (r.Locked || r.HoursSource === 'manual') continue;
      const next = { ...split[i]!, HoursSource: daily[i]!.source };
      if (r.HolidayHours + next.RegularHours + next.OvertimeHours > 24) continue;
      if (
        next.RegularHours !== r.RegularHours ||
        next.OvertimeHours !== r.OvertimeHours ||
        next.HoursSource !== r.HoursSource
      )
        out.push({ PayrollID: r.PayrollID, ...next });
    }
  }
  return out;
}
