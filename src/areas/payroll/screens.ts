/** The payroll area's screens, one lazily loaded chunk. */
export { PayrollPage } from './PayrollPage';
