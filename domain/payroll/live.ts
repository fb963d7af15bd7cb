import type { PayrollWeekLock } from './calls';
import type { PayrollRecord } from './entities';

/**
 * `payroll:{PlantID}` (collection `payroll`): every SavePayrollEntry publishes the record after it
 * (id `payroll:{PayrollID}`, doc `{Kind: 'payroll', Data: PayrollRecord}`), every LockPayrollWeek the
 * week's lock (id `week:{EmployeeID}:{WeekStart}`, doc `{Kind: 'week', Data: PayrollWeekLock}`).
 * Private: viewPayroll or editPayroll (domain/live/topics.ts). Empty records GetPayroll makes on first
 * read are not published (every reader makes the same ones).
 */
export const PAYROLL = 'payroll';
export const payrollTopic = (plantId: number) => `payroll:${plantId}`;
export const payrollDocId = (payrollId: number) => `payroll:${payrollId}`;
export const weekDocId = (employeeId: number, weekStart: string) => `week:${employeeId}:${weekStart}`;

export type PayrollTopicDoc =
  | { Kind: 'payroll'; Data: PayrollRecord }
  | { Kind: 'week'; Data: PayrollWeekLock };
