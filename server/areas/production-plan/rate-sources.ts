import type { AlgorithmResult } from '../../../domain/production-plan/calls';
import type { OperationInputs } from '../../../domain/production-plan/inputs';
import type { Sql } from '../../db/database';

/**
 * Where an operation's engine and algorithm rates come from. Injected into the plan calls so the plan
 * area does not depend on how engines and algorithms are stored or evaluated (server/areas/costing and
 * server/areas/algorithms implement them), and so tests can build the app with sources of their own.
 */

/** One run of the costing engine of a resource. */
export interface EngineRun {
  results: { stopMessage: string | null; productionMinutes: number | null; setupMinutes: number | null };
  log: string;
  htmlLog: string;
  CostingEngineID: number;
  Version: number;
}

/** One run of the rate algorithm of a resource. */
export interface AlgorithmRun {
  result: AlgorithmResult;
  calculation: { RateLog: string };
  AlgorithmID: number | null;
  AlgorithmGroupID: number | null;
}

export type AlgorithmAnswers = Record<string, string | number | boolean>;

export interface RateSources {
  /** The active engine of the resource run on these inputs; null when the resource has none. */
  engine(db: Sql, resourceId: string, inputs: OperationInputs): Promise<EngineRun | null>;
  /** The active algorithm of the resource run on these inputs and answers; null when it has none. */
  algorithm(
    db: Sql,
    resourceId: string,
    inputs: OperationInputs,
    answers: AlgorithmAnswers,
  ): Promise<AlgorithmRun | null>;
}

/** No engines and no algorithms: every run fails with the generic message (until those areas exist). */
export const noRateSources: RateSources = {
  engine: async () => null,
  algorithm: async () => null,
};
