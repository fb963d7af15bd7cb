import type { Operation } from '../../../domain/production-plan/entities';
import type { WriteContext } from './plan.service';

/**
 * Who hears that plan operations changed, inside the plan call's transaction (issue 6: "a plan change
 * updates its tasks"). Injected like the rate sources, so the plan area does not depend on scheduling:
 * server/app.ts passes the scheduling area's listener; tests and tools may pass none.
 */
export interface OperationChange {
  before: Operation;
  /** Null: the operation is being deleted (called before its row goes). */
  after: Operation | null;
}

export interface PlanListeners {
  operationsChanged(w: WriteContext, changes: readonly OperationChange[]): Promise<void>;
}

export const noPlanListeners: PlanListeners = { operationsChanged: async () => undefined };
