import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const messages = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((t) => t.message);

describe('toast store (spec 000 §2.4, §9)', () => {
  it('closes a toast after 3000 ms by default', () => {
    const store = createToastStore();
    store.show('Saved');
    vi.advanceTimersByTime(2999);
    expect(messages(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });
  it('honours a custom timeout, and 0 keeps the toast', () => {
    const store = createToastStore();
    store.show('quick', { timeoutMs: 500 });
    store.show('sticky', { timeoutMs: 0 });
    vi.advanceTimersByTime(60000);
    expect(messages(store)).toEqual(['sticky']);
  });
  it('does not close while paused, and resumes with the time that was left', () => {
    const store = createToastStore();
    const id = store.show('Hover me');
    vi.advanceTimersByTime(2000);
    store.pause(id);
    expect(store.getSnapshot()[0]?.paused).toBe(true);
    vi.advanceTimersByTime(10000);
    expect(messages(store)).toEqual(['Hover me']);
    store.resume(id);
    vi.advanceTimersByTime(999);
    expect(messages(store)).toEqual(['Hover me']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });
  it('closes by hand and notifies subscribers; closing twice is harmless', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show('x', { kind: 'error' });
    expect(store.getSnapshot()[0]?.kind).toBe('error');
    store.close(id);
    store.close(id);
    expect(messages(store)).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
  it('defaults to a success toast', () => {
    const store = createToastStore();
    store.show('Done');
    expect(store.getSnapshot()[0]?.kind).toBe('success');
  });
});
