import { describe, expect, it } from 'vitest';
import { GetMyWork } from '../../domain/platform/my-work';
import { GetMachinesForPlan, LoadProductionPlan2 } from '../../domain/production-plan/calls';
import { GetSchedule, GetSchedules } from '../../domain/scheduling/calls';
import { planRequests } from '../areas/production-plan/plan/use-plan';
import { FIRST_TASKS, myWorkHead, planHead, scheduleHead } from './prefetch-calls';
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
    screenPrefetch.productionPlan?.(api, { jobNumToLoad: 'J777001' }, null);
    const screen = planRequests(api, 'J777001');
    expect(asked).toEqual([
      'web/LoadProductionPlan2 {"JobNumber":"J777001"}',
      'web/GetMachinesForPlan {"JobNumber":"J777001"}',
    ]);
    expect(screen.state).toBeInstanceOf(Promise);
  });
});

describe('the plant schedule prefetch', () => {
  it('declares the same calls as the area', () => {
    expect([scheduleHead.schedules.path, scheduleHead.schedules.method]).toEqual([
      GetSchedules.path,
      GetSchedules.method,
    ]);
    expect([scheduleHead.schedule.path, scheduleHead.schedule.method]).toEqual([
      GetSchedule.path,
      GetSchedule.method,
    ]);
    expect(GetSchedule.payload.safeParse({ ScheduleID: 5, FirstTasks: FIRST_TASKS }).success).toBe(true);
  });

  it("asks for the user's plant's schedules, then the official one's first tasks, with the payloads the screen uses", async () => {
    const asked: string[] = [];
    const api = {
      get: (call: { path: string }, payload: unknown) => {
        asked.push(`${call.path} ${JSON.stringify(payload)}`);
        return Promise.resolve(
          call.path === 'web/GetSchedules'
            ? [
                { ScheduleID: 8, Official: false },
                { ScheduleID: 7, Official: true },
              ]
            : {},
        );
      },
    };
    screenPrefetch.plantSchedule?.(api as never, {}, { PlantID: 96 });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([
      'web/GetSchedules {"PlantID":96}',
      `web/GetSchedule {"ScheduleID":7,"FirstTasks":${FIRST_TASKS}}`,
    ]);
    // The screen's own requests (same path and payload) are the shared ones: nothing more is sent.
    sharedGet(api as never, GetSchedules, { PlantID: 96 });
    sharedGet(api as never, GetSchedule, { ScheduleID: 7, FirstTasks: FIRST_TASKS });
    expect(asked).toHaveLength(2);
  });

  it('asks at once for the first tasks of the official schedule this browser saw last (storage), beside the list', async () => {
    const stored = new Map<string, string>();
    const fake = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    };
    const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: fake, configurable: true });
    try {
      const { storage } = await import('./storage');
      storage.saveOfficialSchedule(95, 17);
      const asked: string[] = [];
      const api = {
        get: (call: { path: string }, payload: unknown) => {
          asked.push(`${call.path} ${JSON.stringify(payload)}`);
          return Promise.resolve(
            call.path === 'web/GetSchedules' ? [{ ScheduleID: 17, Official: true }] : {},
          );
        },
      };
      screenPrefetch.plantSchedule?.(api as never, {}, { PlantID: 95 });
      // Both at once: the remembered schedule's first tasks do not wait for the list.
      expect(asked).toEqual([
        `web/GetSchedule {"ScheduleID":17,"FirstTasks":${FIRST_TASKS}}`,
        'web/GetSchedules {"PlantID":95}',
      ]);
      await new Promise((r) => setTimeout(r, 0));
      // The list confirms it: no second request.
      expect(asked).toHaveLength(2);
    } finally {
      if (had) Object.defineProperty(globalThis, 'localStorage', had);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});

describe('the Intro prefetch', () => {
  it('declares the same call as the platform area and sends it once with the screen', () => {
    expect([myWorkHead.path, myWorkHead.method]).toEqual([GetMyWork.path, GetMyWork.method]);
    const { api, asked } = countingApi();
    screenPrefetch.intro?.(api, {}, null);
    sharedGet(api, GetMyWork, {});
    expect(asked).toEqual(['web/GetMyWork {}']);
  });
});
