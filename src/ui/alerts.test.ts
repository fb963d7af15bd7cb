import { describe, expect, it, vi } from 'vitest';
import { createAlertStore } from './alerts';

describe('alert store', () => {
  it('suppresses an alert with the same key as an open one (spec 000 §2.4)', () => {
    const store = createAlertStore();
    store.show('error', 'A', { key: 'k' });
    store.show('error', 'B', { key: 'k' });
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['A']);
    store.close(store.getSnapshot()[0]!.id);
    store.show('error', 'B', { key: 'k' });
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['B']);
  });
  it('runs onClose when the alert is closed and notifies subscribers', () => {
    const store = createAlertStore();
    const onClose = vi.fn();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show('info', 'x', { onClose });
    store.close(store.getSnapshot()[0]!.id);
    expect(onClose).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
