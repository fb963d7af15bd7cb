import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, Num, PlantID, Text } from '../contract/fields';
import { LocalDate, PayrollPerson, PayrollRecord } from './entities';
import { isoWeekday, MAX_WEEKS } from './rules';

/**
 * The payroll calls (issue 7): spec 001 §5 `POST web/SavePayrollEntry {PayrollID, FieldName, Value}`,
 * and ours: `GET web/GetPayroll` (the people list of spec 001 §3 Payroll) and `POST
 * web/LockPayrollWeek`. Permissions (spec 000 §6 "payroll (view, edit, lock)"): reading viewPayroll or
 * editPayroll, editing editPayroll, locking lockPayroll.
 */

export const payrollViewAccess: Access = { anyOf: ['viewPayroll', 'editPayroll'] };

export const GetPayroll = defineCall({
  method: 'GET',
  path: 'web/GetPayroll',
  summary:
    "The plant's active employees, each with Weeks payroll weeks from the Monday of WeekStart (plant-local), seven days each with its record (made, empty, on first read).",
  access: payrollViewAccess,
  payload: z.object({
    PlantID,
    /** Any date: the answer starts on the Monday of its week. */
    WeekStart: LocalDate,
    Weeks: z.coerce.number().int().min(1).max(MAX_WEEKS).default(1),
  }),
  result: z.array(PayrollPerson),
});

export const SavePayrollEntry = defineCall({
  method: 'POST',
  path: 'web/SavePayrollEntry',
  summary:
    'Change one field of a payroll record (RegularHours, OvertimeHours, HolidayHours, PrepayAmount, Notes); refused on a locked week.',
  access: { anyOf: ['editPayroll'] },
  payload: z.object({
    PayrollID: Id,
    FieldName: Text(50).min(1),
    Value: z.union([Num(-1_000_000, 1_000_000), Text(1000)]),
  }),
  result: PayrollRecord,
});

export const PayrollWeekLock = z.object({
  EmployeeID: z.number().int(),
  WeekStart: LocalDate,
  Locked: z.boolean(),
  LockedBy: z.string().nullable(),
  LockedAt: z.string().nullable(),
});
export type PayrollWeekLock = z.infer<typeof PayrollWeekLock>;

export const LockPayrollWeek = defineCall({
  method: 'POST',
  path: 'web/LockPayrollWeek',
  summary: "Lock or unlock one employee's payroll week (WeekStart a Monday): a locked week refuses edits.",
  access: { anyOf: ['lockPayroll'] },
  payload: z.object({
    PlantID,
    EmployeeID: Id,
    WeekStart: LocalDate.refine((d) => isoWeekday(d) === 1, 'WeekStart must be a Monday'),
    Locked: z.boolean(),
  }),
  result: PayrollWeekLock,
});
