import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMissingBatcher, MISSING_DEBOUNCE_MS } from './missing';

describe('createMissingBatcher (spec 001 §9: missing translations in batches, debounce 1000 ms)', () => {
  let calls: Array<{ language: string; texts: string[] }>;
  const send = async (language: string, texts: string[]) => {
    calls.push({ language, texts });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  it('the debounce is the spec’s 1000 ms', () => {
    expect(MISSING_DEBOUNCE_MS).toBe(1000);
  });

  it('three texts within 1000 ms go out in one call, 1000 ms after the last', async () => {
    const batcher = createMissingBatcher({ send });
    batcher.add('es', 'One');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('es', 'Two');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('es', 'Three');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ language: 'es', texts: ['One', 'Two', 'Three'] }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });

  it('a fourth text at 900 ms postpones the batch: the timer restarts on every new text', async () => {
    const batcher = createMissingBatcher({ send });
    batcher.add('es', 'A');
    await vi.advanceTimersByTimeAsync(300);
    batcher.add('es', 'B');
    await vi.advanceTimersByTimeAsync(300);
    batcher.add('es', 'C');
    await vi.advanceTimersByTimeAsync(300);
    batcher.add('es', 'D'); // at 900 ms
    await vi.advanceTimersByTimeAsync(700); // 1600 ms: 1000 ms after C, but only 700 after D
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1); // 1900 ms: 1000 ms of quiet after D
    expect(calls).toEqual([{ language: 'es', texts: ['A', 'B', 'C', 'D'] }]);
  });

  it('a text asked for many times is reported once, in the batch and afterwards', async () => {
    const batcher = createMissingBatcher({ send });
    batcher.add('es', 'Same');
    batcher.add('es', 'Other');
    batcher.add('es', 'Same');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([{ language: 'es', texts: ['Same', 'Other'] }]);
    batcher.add('es', 'Same');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    // A repeat does not restart the timer either.
    batcher.add('es', 'New');
    await vi.advanceTimersByTimeAsync(900);
    batcher.add('es', 'Same');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.at(-1)).toEqual({ language: 'es', texts: ['New'] });
  });

  it('a failed report forgets its texts, so they are reported again the next time', async () => {
    let fail = true;
    const batcher = createMissingBatcher({
      log: () => {},
      send: async (language, texts) => {
        if (fail) throw new Error('offline');
        calls.push({ language, texts });
      },
    });
    batcher.add('es', 'Lost');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    fail = false;
    batcher.add('es', 'Lost');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([{ language: 'es', texts: ['Lost'] }]);
  });

  it('drops what the filter says needs no report, and sends nothing when nothing is left', async () => {
    const batcher = createMissingBatcher({ send, filter: (_l, texts) => texts.filter((t) => t !== 'Known') });
    batcher.add('es', 'Known');
    batcher.add('es', 'Unknown');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([{ language: 'es', texts: ['Unknown'] }]);
    batcher.add('es', 'Known again');
    const only = createMissingBatcher({ send, filter: () => [] });
    only.add('es', 'x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.texts)).toEqual([['Unknown'], ['Known again']]);
  });

  it('keeps languages apart, and splits a batch larger than one call takes (500 texts)', async () => {
    const batcher = createMissingBatcher({ send });
    for (let i = 0; i < 501; i++) batcher.add('es', `t${i}`);
    batcher.add('fr', 'other');
    await vi.advanceTimersByTimeAsync(1000);
    // Languages go out side by side; each language's calls in order.
    expect(calls.filter((c) => c.language === 'es').map((c) => c.texts.length)).toEqual([500, 1]);
    expect(calls.filter((c) => c.language === 'fr').map((c) => c.texts)).toEqual([['other']]);
    expect(calls).toHaveLength(3);
  });
});
