import {
  ClockIn,
  ClockOut,
  EndDowntime,
  GetDowntimeReasons,
  GetFace,
  GetFacePhoto,
  GetFaces,
  GetFloorMachines,
  GetIndirectCodes,
  GetJobOperations,
  GetMyActivity,
  GetResourceStatus,
  RecordCompletions,
  StartDirectActivity,
  StartDowntime,
  StartIndirectActivity,
  StopActivity,
} from '../../../domain/shopfloor/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { ShopfloorService, WriteContext } from './shopfloor.service';

/**
 * The time-clocking and shop-floor calls (domain/shopfloor/calls.ts declares each with its access; the
 * pipeline enforces it). Row-level rules (clocking or starting work for someone else) and everything
 * else are in shopfloor.service.ts.
 */
export function registerShopfloorCalls(registry: CallRegistry, shopfloor: ShopfloorService): void {
  const write = (ctx: CallContext<unknown>): WriteContext => ({
    db: ctx.db,
    // Every write call needs a login, so there is always a user here.
    employeeId: ctx.user!.employeeId,
    flags: ctx.user!.flags,
    publish: (change) => ctx.publish(change),
    afterCommit: (fn) => ctx.afterCommit(fn),
  });

  registry.handle(GetFace, ({ db, payload }) => shopfloor.face(db, payload.EmployeeID));
  registry.handle(ClockIn, (ctx) => shopfloor.clockIn(write(ctx), ctx.payload.EmployeeID));
  registry.handle(ClockOut, (ctx) => shopfloor.clockOut(write(ctx), ctx.payload.EmployeeID));

  registry.handle(GetFaces, ({ db, payload }) => shopfloor.plantFaces(db, payload.PlantID));
  registry.handle(GetMyActivity, ({ db, user }) => shopfloor.myActivity(db, user!.employeeId));
  registry.handle(GetFacePhoto, ({ db, payload }) => shopfloor.facePhoto(db, payload.photo));
  registry.handle(GetResourceStatus, ({ db, payload }) => shopfloor.resourceStatus(db, payload.ResourceID));
  registry.handle(GetIndirectCodes, ({ db }) => shopfloor.indirectCodes(db));
  registry.handle(GetDowntimeReasons, ({ db }) => shopfloor.downtimeReasons(db));
  registry.handle(GetFloorMachines, ({ db, payload }) => shopfloor.floorMachines(db, payload.PlantID));
  registry.handle(GetJobOperations, ({ db, payload }) => shopfloor.jobOperations(db, payload.JobNumber));

  registry.handle(StartDirectActivity, (ctx) => shopfloor.startDirect(write(ctx), ctx.payload));
  registry.handle(StartIndirectActivity, (ctx) =>
    shopfloor.startIndirect(write(ctx), ctx.payload.EmployeeID, ctx.payload.IndirectCode),
  );
  registry.handle(StopActivity, (ctx) => shopfloor.stopActivity(write(ctx), ctx.payload.EmployeeID));
  registry.handle(RecordCompletions, (ctx) => shopfloor.recordCompletions(write(ctx), ctx.payload));
  registry.handle(StartDowntime, (ctx) =>
    shopfloor.startDowntime(write(ctx), ctx.payload.ResourceID, ctx.payload.ReasonCode),
  );
  registry.handle(EndDowntime, (ctx) => shopfloor.endDowntime(write(ctx), ctx.payload.ResourceID));
}
