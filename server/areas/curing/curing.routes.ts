import { GetLocation, LoadRack, UnloadRack } from '../../../domain/curing/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { CuringService, WriteContext } from './curing.service';

/** The curing calls (domain/curing/calls.ts declares each with its access); rules in curing.service.ts. */
export function registerCuringCalls(registry: CallRegistry, curing: CuringService): void {
  const write = (ctx: CallContext<unknown>): WriteContext => ({
    db: ctx.db,
    employeeId: ctx.user!.employeeId,
    publish: (change) => ctx.publish(change),
  });
  registry.handle(GetLocation, ({ db, payload }) => curing.location(db, payload.LocationID));
  registry.handle(LoadRack, (ctx) => curing.loadRack(write(ctx), ctx.payload));
  registry.handle(UnloadRack, (ctx) =>
    curing.unloadRack(write(ctx), ctx.payload.LocationID, ctx.payload.SlotID),
  );
}
