import type { AlgorithmRun } from '../../../domain/algorithms/algorithm';
import type { OperationInputs } from '../../../domain/production-plan/inputs';
import type { Sql } from '../../db/database';
import { runForResource } from './algorithms.service';

export { registerAlgorithmCalls } from './algorithms.routes';

/**
 * The seam for the production-plan area (algorithm/RunOperationAlgorithm): runs the algorithm group
 * that rates `resourceId` on the operation's inputs, with the part's PB properties (inputs.PartNum)
 * and the rate tables. Null when no algorithm group covers the resource.
 */
export async function runAlgorithmForResource(
  db: Sql,
  resourceId: string,
  inputs: OperationInputs,
  answers: Record<string, string | number | boolean>,
): Promise<AlgorithmRun | null> {
  return runForResource(db, resourceId, inputs, answers);
}
