import { GetPayroll, LockPayrollWeek, SavePayrollEntry } from '../../../domain/payroll/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { PayrollService, PayrollWrite } from './payroll.service';

/** The payroll calls (domain/payroll/calls.ts declares each with its access; the pipeline enforces it). */
export function registerPayrollCalls(registry: CallRegistry, payroll: PayrollService): void {
  const write = (ctx: CallContext<unknown>): PayrollWrite => ({
    db: ctx.db,
    // Every write call needs a flag, so there is always a user here.
    userName: ctx.user!.name,
    publish: (change) => ctx.publish(change),
  });
  registry.handle(GetPayroll, ({ db, payload }) =>
    payroll.payroll(db, payload.PlantID, payload.WeekStart, payload.Weeks),
  );
  registry.handle(SavePayrollEntry, (ctx) =>
    payroll.saveEntry(write(ctx), ctx.payload.PayrollID, ctx.payload.FieldName, ctx.payload.Value),
  );
  registry.handle(LockPayrollWeek, (ctx) =>
    payroll.lockWeek(
      write(ctx),
      ctx.payload.PlantID,
      ctx.payload.EmployeeID,
      ctx.payload.WeekStart,
      ctx.payload.Locked,
    ),
  );
}
