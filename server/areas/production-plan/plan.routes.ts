import {
  AddProductionBackflush,
  AddProductionOperation,
  DeleteProductionBackflush,
  DeleteProductionOperation,
  LoadProductionPlan2,
  LockProductionOperation2,
  MarkPlanReviewed,
  type OperationField,
  PrintTravelers,
  RemoveProductionPlanOperationAsFinal,
  RunOperationAlgorithm,
  RunOperationEngine,
  SetProductionPlanOperationAsFinal,
  UnlockProductionOperation,
  UpdateProductionBackflush,
  UpdateProductionBOM,
  UpdateProductionOperation,
  UpdateProductionPlan,
} from '../../../domain/production-plan/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import { registerJobSearch } from './plan.search';
import { PlanService, type WriteContext } from './plan.service';
import { noPlanListeners, type PlanListeners } from './plan-listeners';
import type { RateSources } from './rate-sources';

/**
 * The production-plan calls of spec 001 §7 (and PrintTravelers beyond it). Access is declared on each
 * call in domain/production-plan/calls.ts and enforced by the pipeline; the rules are in plan.service.ts.
 * The machine, rate, workcenter, printer and plan-list calls are registered by the machines area.
 */
export function registerProductionPlanCalls(
  registry: CallRegistry,
  sources: RateSources,
  listeners: PlanListeners = noPlanListeners,
): void {
  // Jobs and their plans in global search (server/kit/search.ts).
  registerJobSearch();
  const plans = new PlanService(sources, listeners);
  const write = (ctx: CallContext<unknown>): WriteContext => ({
    db: ctx.db,
    // Every edit call needs editProductionPlans, so there is always a user here.
    userName: ctx.user!.name,
    publish: (change) => ctx.publish(change),
  });

  registry.handle(LoadProductionPlan2, ({ db, payload }) => plans.load(db, payload.JobNumber));

  registry.handle(RunOperationAlgorithm, ({ db, payload }) =>
    plans.previewAlgorithm(db, payload.ProductionPlanOperationID),
  );

  registry.handle(UpdateProductionOperation, (ctx) =>
    plans.updateOperation(
      write(ctx),
      ctx.payload.ProductionPlanOperationID,
      ctx.payload.FieldName as OperationField,
      ctx.payload.Value,
    ),
  );

  registry.handle(AddProductionOperation, (ctx) =>
    plans.addOperation(write(ctx), ctx.payload.ProductionPlanID, ctx.payload.ProductionPlanBOMID),
  );

  registry.handle(DeleteProductionOperation, (ctx) =>
    plans.deleteOperation(write(ctx), ctx.payload.ProductionPlanOperationID),
  );

  registry.handle(RunOperationEngine, (ctx) =>
    plans.runEngine(write(ctx), ctx.payload.ProductionPlanOperationID),
  );

  registry.handle(LockProductionOperation2, (ctx) =>
    plans.lock(write(ctx), ctx.payload.ProductionPlanOperationID),
  );

  registry.handle(UnlockProductionOperation, (ctx) =>
    plans.unlock(write(ctx), ctx.payload.ProductionPlanOperationID),
  );

  registry.handle(SetProductionPlanOperationAsFinal, (ctx) =>
    plans.setFinal(write(ctx), ctx.payload.ProductionPlanOperationID, true),
  );

  registry.handle(RemoveProductionPlanOperationAsFinal, (ctx) =>
    plans.setFinal(write(ctx), ctx.payload.ProductionPlanOperationID, false),
  );

  registry.handle(AddProductionBackflush, (ctx) =>
    plans.addBackflush(write(ctx), ctx.payload.ProductionPlanBOMID, ctx.payload.ProductionPlanOperationID),
  );

  registry.handle(UpdateProductionBackflush, (ctx) =>
    plans.updateBackflush(write(ctx), ctx.payload.ProductionPlanBackflushID, ctx.payload.Value as number),
  );

  registry.handle(DeleteProductionBackflush, (ctx) =>
    plans.deleteBackflush(write(ctx), ctx.payload.ProductionPlanBackflushID),
  );

  registry.handle(UpdateProductionBOM, (ctx) =>
    plans.updateBom(write(ctx), ctx.payload.ProductionPlanBOMID, ctx.payload.FieldName, ctx.payload.Value),
  );

  registry.handle(UpdateProductionPlan, (ctx) =>
    plans.updatePlan(write(ctx), ctx.payload.ProductionPlanID, ctx.payload.FieldName, ctx.payload.Value),
  );

  registry.handle(MarkPlanReviewed, (ctx) =>
    plans.markReviewed(write(ctx), ctx.payload.ProductionPlanID, new Date()),
  );

  registry.handle(PrintTravelers, (ctx) =>
    plans.printTravelers(write(ctx), ctx.payload.ProductionPlanID, ctx.payload.PrinterID),
  );
}
