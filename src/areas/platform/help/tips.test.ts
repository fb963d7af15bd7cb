import { describe, expect, it } from 'vitest';
import type { DismissedTip } from '../../../../domain/platform/help';
import { deferred } from '../../../api/testing';
import { createTipStore, tipId } from './tips';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('the dismissed-tip store', () => {
  it('merges the server list with the local copy, and keeps the result locally per employee', async () => {
    const storage = memoryStorage({ 'sw.dismissedTips.7': JSON.stringify([tipId('local.only', 'Intro')]) });
    const server = deferred<DismissedTip[]>();
    const store = createTipStore({ fetchDismissed: () => server.promise, sendDismissal: () => {}, storage });
    store.forEmployee(7);
    expect(store.getSnapshot().status).toBe('loading');
    // The local copy counts at once (a dismissal still in the post queue stays dismissed after a reload).
    expect(store.isDismissed('local.only', 'Intro')).toBe(true);
    server.resolve([{ TipKey: 'from.server', RouteName: 'Scheduling' }]);
    await server.promise;
    await Promise.resolve();
    expect(store.getSnapshot().status).toBe('ready');
    expect(store.isDismissed('from.server', 'Scheduling')).toBe(true);
    expect(store.isDismissed('from.server', 'Intro')).toBe(false);
    expect(JSON.parse(storage.data.get('sw.dismissedTips.7')!).sort()).toEqual(
      [tipId('from.server', 'Scheduling'), tipId('local.only', 'Intro')].sort(),
    );
  });

  it('dismiss hides the tip at once, stores it and sends it once', () => {
    const sent: DismissedTip[] = [];
    const storage = memoryStorage();
    const store = createTipStore({
      fetchDismissed: () => new Promise(() => {}),
      sendDismissal: (t) => sent.push(t),
      storage,
    });
    store.forEmployee(9);
    let changes = 0;
    store.subscribe(() => changes++);
    store.dismiss('plan.drag', 'Production Plan');
    store.dismiss('plan.drag', 'Production Plan');
    expect(store.isDismissed('plan.drag', 'Production Plan')).toBe(true);
    expect(sent).toEqual([{ TipKey: 'plan.drag', RouteName: 'Production Plan' }]);
    expect(changes).toBe(1);
    expect(JSON.parse(storage.data.get('sw.dismissedTips.9')!)).toEqual([
      tipId('plan.drag', 'Production Plan'),
    ]);
  });

  it('loads once per employee, again after a failure, and starts over for another employee', async () => {
    let calls = 0;
    let fail = true;
    const store = createTipStore({
      fetchDismissed: async () => {
        calls++;
        if (fail) throw new Error('offline');
        return [{ TipKey: 'a', RouteName: 'Intro' }];
      },
      sendDismissal: () => {},
      storage: null,
    });
    store.forEmployee(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getSnapshot().status).toBe('failed');
    fail = false;
    store.forEmployee(1);
    await new Promise((r) => setTimeout(r, 0));
    store.forEmployee(1);
    expect(calls).toBe(2);
    expect(store.isDismissed('a', 'Intro')).toBe(true);
    store.forEmployee(2);
    expect(store.getSnapshot()).toMatchObject({ employeeId: 2, status: 'loading' });
    expect(store.isDismissed('a', 'Intro')).toBe(false);
  });
});
