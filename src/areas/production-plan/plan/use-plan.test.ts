import { describe, expect, it } from 'vitest';
import { planRequests } from './use-plan';

/** A request layer that counts what it is asked. */
function countingApi() {
  const asked: string[] = [];
  const api = {
    get: (call: { path: string }, payload: { JobNumber: string }) => {
      asked.push(`${call.path} ${payload.JobNumber}`);
      return Promise.resolve([payload.JobNumber]);
    },
  };
  return { api: api as unknown as Parameters<typeof planRequests>[0], asked };
}

describe('planRequests', () => {
  it('shares one load of a plan between the renders of the same screen', () => {
    const { api, asked } = countingApi();
    const first = planRequests(api, 'J100001', 1_000);
    const again = planRequests(api, 'J100001', 1_500);
    expect(again.state).toBe(first.state);
    expect(again.machines).toBe(first.machines);
    expect(asked).toEqual(['web/LoadProductionPlan2 J100001', 'web/GetMachinesForPlan J100001']);
  });

  it('asks again for another plan, and for the same plan 3 s later', () => {
    const { api, asked } = countingApi();
    planRequests(api, 'J100002', 1_000);
    planRequests(api, 'J100003', 1_100);
    planRequests(api, 'J100002', 4_000);
    expect(asked.filter((a) => a.startsWith('web/LoadProductionPlan2'))).toEqual([
      'web/LoadProductionPlan2 J100002',
      'web/LoadProductionPlan2 J100003',
      'web/LoadProductionPlan2 J100002',
    ]);
  });
});
