import {
  GetPaintLine,
  GetPaintLines,
  GetPaints,
  GetViscosityReport,
  RecordViscosity,
  StartPaintLoad,
} from '../../../domain/painting/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { PaintingService, PaintingWrite } from './painting.service';

/** The paint-line calls (domain/painting/calls.ts declares each with its access); rules in the service. */
export function registerPaintingCalls(registry: CallRegistry, painting: PaintingService): void {
  const write = (ctx: CallContext<unknown>): PaintingWrite => ({
    db: ctx.db,
    employeeId: ctx.user!.employeeId,
    flags: ctx.user!.flags,
    publish: (change) => ctx.publish(change),
  });
  registry.handle(GetPaintLines, ({ db, payload }) => painting.paintLines(db, payload.PlantID));
  registry.handle(GetPaints, ({ db }) => painting.paints(db));
  registry.handle(GetPaintLine, ({ db, payload }) => painting.paintLine(db, payload.ResourceID));
  registry.handle(RecordViscosity, (ctx) => painting.recordViscosity(write(ctx), ctx.payload));
  registry.handle(StartPaintLoad, (ctx) => painting.startLoad(write(ctx), ctx.payload));
  registry.handle(GetViscosityReport, ({ db, user, payload }) =>
    painting.viscosityReport(db, user!, payload),
  );
}
