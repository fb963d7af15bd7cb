import { z } from 'zod';
import { defineCall } from '../../domain/contract/call';

/**
 * The calls a route's loader sends ahead of a screen, declared light: path and payload only. The
 * areas' own declarations carry the full result schemas, which belong in the area's chunk, not in the
 * first one. A unit test checks each against the area's declaration (same path, method and payload).
 */
const job = z.object({ JobNumber: z.string() });
export const planHead = {
  load: defineCall({
    method: 'GET',
    path: 'web/LoadProductionPlan2',
    summary: 'LoadProductionPlan2, ahead of the plan screen.',
    access: 'user',
    payload: job,
    result: z.unknown(),
  }),
  machines: defineCall({
    method: 'GET',
    path: 'web/GetMachinesForPlan',
    summary: 'GetMachinesForPlan, ahead of the plan screen.',
    access: 'user',
    payload: job,
    result: z.unknown(),
  }),
};
