import { describe, expect, it } from 'vitest';
import { createLoadingStore } from './loading';

describe('createLoadingStore', () => {
  it('is true from the first start until the last end, and notifies only on changes', () => {
    const store = createLoadingStore();
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    expect(store.getSnapshot()).toBe(false);
    store.start();
    store.start();
    expect(store.getSnapshot()).toBe(true);
    store.end();
    expect(store.getSnapshot()).toBe(true);
    store.end();
    expect(store.getSnapshot()).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('never counts below zero and stops notifying after unsubscribe', () => {
    const store = createLoadingStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.end();
    store.start();
    expect(store.getSnapshot()).toBe(true);
    expect(calls).toBe(1);
    unsubscribe();
    store.end();
    expect(store.getSnapshot()).toBe(false);
    expect(calls).toBe(1);
  });
});
