import type { PendingChange } from '../../../domain/live/changes';
import type { PayrollWeekLock } from '../../../domain/payroll/calls';
import type { PayrollPerson, PayrollRecord } from '../../../domain/payroll/entities';
import { PAYROLL, payrollDocId, payrollTopic, weekDocId } from '../../../domain/payroll/live';
import { applyEntryEdit, totalsOf, weekDates, weekStartOf, weekStarts } from '../../../domain/payroll/rules';
import { addDays } from '../../../domain/scheduling/calendar';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import { fillPayrollFromClock } from '../timeclock/clocked-hours';
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
    // Hours from the time clock (README "Clocked hours"): records nobody edited take the clocked hours.
    const clocked = await fillPayrollFromClock(db, plantId, ids, first, weeks);
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
          ClockedHours: clocked.get(`${Employee.EmployeeID}:${PayrollDate}`) ?? 0,
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
