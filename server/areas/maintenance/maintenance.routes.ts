import {
  GetFixtureRequests,
  GetPreventiveTasks,
  GetWorkOrders,
  SaveFixtureRequest,
  SavePreventiveTask,
  SaveWorkOrder,
} from '../../../domain/maintenance/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { MaintenanceService, WriteContext } from './maintenance.service';

/**
 * The maintenance calls of the TV boards (domain/maintenance/calls.ts declares each with its access;
 * the pipeline enforces the flags). The rules are in maintenance.service.ts.
 */
export function registerMaintenanceCalls(registry: CallRegistry, maintenance: MaintenanceService): void {
  const write = (ctx: CallContext<unknown>): WriteContext => ({
    db: ctx.db,
    // Every write call needs a flag, so there is always a user here.
    employeeId: ctx.user!.employeeId,
    publish: (change) => ctx.publish(change),
  });

  registry.handle(GetWorkOrders, ({ db, payload }) => maintenance.workOrders(db, payload.PlantID));
  registry.handle(GetFixtureRequests, ({ db, payload }) => maintenance.fixtureRequests(db, payload.PlantID));
  registry.handle(GetPreventiveTasks, ({ db, payload }) =>
    maintenance.preventiveTasks(db, payload.PlantID ?? null),
  );
  registry.handle(SaveWorkOrder, (ctx) => maintenance.saveWorkOrder(write(ctx), ctx.payload));
  registry.handle(SaveFixtureRequest, (ctx) => maintenance.saveFixtureRequest(write(ctx), ctx.payload));
  registry.handle(SavePreventiveTask, (ctx) => maintenance.savePreventiveTask(write(ctx), ctx.payload));
}
