import { z } from 'zod';
import { AlgorithmRunSchema } from '../../../domain/algorithms/algorithm';
import { defineCall } from '../../../domain/contract/call';
import { fieldUpdate } from '../../../domain/contract/field-update';

/**
 * LOCAL STAND-INS, to be replaced at merge by the production-plan area's declarations in
 * domain/production-plan/calls.ts (not in this branch yet): the same paths, payloads and access, so
 * the /algorithms/operation/{ppoid} screen works unchanged against them. Only the fields this screen
 * sends are declared here.
 */
const Id = z.number().int().positive();

export const RunOperationAlgorithm = defineCall({
  method: 'GET',
  path: 'algorithm/RunOperationAlgorithm',
  summary: "Run the operation's rate algorithm with its stored answers and show the result.",
  access: { anyOf: ['viewProductionPlans', 'editProductionPlans'] },
  payload: z.object({ ProductionPlanOperationID: Id }),
  result: z.object({
    result: AlgorithmRunSchema.shape.result,
    calculation: z.object({ RateLog: z.string() }),
  }),
});

export const UpdateProductionOperation = defineCall({
  method: 'POST',
  path: 'web/UpdateProductionOperation',
  summary: 'Change one field of an operation (here: the answer to its algorithm question, which re-runs it).',
  access: { allOf: ['editProductionPlans'] },
  payload: fieldUpdate('an operation', 'ProductionPlanOperationID', Id, {
    AlgorithmAnswer: z.object({
      Key: z.string().min(1).max(60),
      Value: z.union([z.string().max(200), z.number(), z.boolean()]),
    }),
  }),
  result: z.unknown(),
});
