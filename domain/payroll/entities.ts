import { z } from 'zod';
import { LocalDate } from '../scheduling/entities';

/**
 * Payroll entry (spec 001 §3 Payroll, issue 7): a list of people, each with `Employee.EmployeeID` and
 * `PayrollWeeks`; each week holds `PayrollDates`, each with its `Payroll` record (`PayrollID`). Dates
 * are plant-local `YYYY-MM-DD`; weeks start on Monday (domain/payroll/rules.ts).
 */
export { LocalDate };

/** One employee's payroll for one plant-local day. */
export const PayrollRecord = z.object({
  PayrollID: z.number().int().positive(),
  EmployeeID: z.number().int(),
  PlantID: z.number().int(),
  PayrollDate: LocalDate,
  RegularHours: z.number(),
  OvertimeHours: z.number(),
  HolidayHours: z.number(),
  /** Money advanced to the employee that day (2 decimals). */
  PrepayAmount: z.number(),
  Notes: z.string(),
  ModifiedBy: z.string().nullable(),
  ModifiedAt: z.string().nullable(),
  /** The record's week is locked (LockPayrollWeek): no field can change. */
  Locked: z.boolean(),
  /**
   * Where RegularHours and OvertimeHours come from (issue 15): the closed clock punches of an hourly
   * employee, the salaried default of a working day, or a person's entry (which wins: never refilled).
   */
  HoursSource: z.enum(['clock', 'salaried', 'manual']),
  RowVersion: z.number().int(),
});
export type PayrollRecord = z.infer<typeof PayrollRecord>;
export type HoursSource = PayrollRecord['HoursSource'];

export const PayrollDate = z.object({
  PayrollDate: LocalDate,
  Payroll: PayrollRecord,
  /**
   * The day's paid hours of closed clock punches (server/areas/timeclock/clocked-hours.ts). A record
   * nobody edited (ModifiedBy null) takes its Regular and Overtime hours from these (regular up to 40 a
   * week), unless its week is locked.
   */
  ClockedHours: z.number().optional(),
  /** Hours so far on a punch still open this day: not payable until the punch is closed. */
  OpenPunchHours: z.number().optional(),
});
export type PayrollDate = z.infer<typeof PayrollDate>;

export const PayrollTotals = z.object({
  RegularHours: z.number(),
  OvertimeHours: z.number(),
  HolidayHours: z.number(),
  TotalHours: z.number(),
  PrepayAmount: z.number(),
});
export type PayrollTotals = z.infer<typeof PayrollTotals>;

export const PayrollWeek = z.object({
  /** The Monday the week starts on. */
  WeekStart: LocalDate,
  Locked: z.boolean(),
  LockedBy: z.string().nullable(),
  LockedAt: z.string().nullable(),
  /** Seven days, Monday to Sunday. */
  PayrollDates: z.array(PayrollDate),
  Totals: PayrollTotals,
});
export type PayrollWeek = z.infer<typeof PayrollWeek>;

export const PayrollEmployee = z.object({
  EmployeeID: z.number().int(),
  Name: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Title: z.string().nullable(),
  PlantID: z.number().int(),
  /** Salaried staff are paid their default day, not their punches (issue 15). */
  Salaried: z.boolean().optional(),
});
export type PayrollEmployee = z.infer<typeof PayrollEmployee>;

export const PayrollPerson = z.object({ Employee: PayrollEmployee, PayrollWeeks: z.array(PayrollWeek) });
export type PayrollPerson = z.infer<typeof PayrollPerson>;

/** The editable fields of a payroll record (SavePayrollEntry FieldName). */
export const payrollFieldNames = [
  'RegularHours',
  'OvertimeHours',
  'HolidayHours',
  'PrepayAmount',
  'Notes',
] as const;
export type PayrollField = (typeof payrollFieldNames)[number];
export const hourFields = ['RegularHours', 'OvertimeHours', 'HolidayHours'] as const;
