import { describe, expect, it } from 'vitest';
import { GetMachinesForPlan, LoadProductionPlan2 } from '../../domain/production-plan/calls';
import { planRequests } from '../areas/production-plan/plan/use-plan';
import { planHead } from './prefetch-calls';
import { screenPrefetch } from './screens';
import { sharedGet } from './shared-requests';

function countingApi() {
  const asked: string[] = [];
  const api = {
    get: (call: { path: string }, payload: unknown) => {
      asked.push(`${call.path} ${JSON.stringify(payload)}`);
      return Promise.resolve(asked.length);
    },
  };
  return { api: api as never, asked };
}

describe('sharedGet', () => {
  it('answers the same request for the same path and payload within 3 s, and asks again after', async () => {
    const { api, asked } = countingApi();
    const a = sharedGet(api, LoadProductionPlan2, { JobNumber: 'J1' }, 10_000);
    const b = sharedGet(api, LoadProductionPlan2, { JobNumber: 'J1' }, 12_000);
    const c = sharedGet(api, LoadProductionPlan2, { JobNumber: 'J2' }, 12_000);
    const d = sharedGet(api, LoadProductionPlan2, { JobNumber: 'J1' }, 13_500);
    expect([a.fresh, b.fresh, c.fresh, d.fresh]).toEqual([true, false, true, true]);
    expect(b.promise).toBe(a.promise);
    expect(await d.promise).toBe(3);
    expect(asked).toHaveLength(3);
  });
});

describe('the plan screen prefetch', () => {
  it("declares the same calls as the area (path, method, payload), so the screen picks the loader's requests up", () => {
    expect(planHead.load.path).toBe(LoadProductionPlan2.path);
    expect(planHead.load.method).toBe(LoadProductionPlan2.method);
    expect(planHead.machines.path).toBe(GetMachinesForPlan.path);
    expect(planHead.machines.method).toBe(GetMachinesForPlan.method);
    expect(Object.keys(planHead.load.payload.shape)).toEqual(['JobNumber']);
  });

  it('a route prefetch followed by the screen sends each call once', () => {
    const { api, asked } = countingApi();
    screenPrefetch.productionPlan?.(api, { jobNumToLoad: 'J777001' });
    const screen = planRequests(api, 'J777001');
    expect(asked).toEqual([
      'web/LoadProductionPlan2 {"JobNumber":"J777001"}',
      'web/GetMachinesForPlan {"JobNumber":"J777001"}',
    ]);
    expect(screen.state).toBeInstanceOf(Promise);
  });
});
