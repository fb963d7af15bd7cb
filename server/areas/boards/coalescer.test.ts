import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer';

/** Lets pending promise callbacks run (a run's `await work()`), without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('Coalescer (the KPI rebuild after commit, per plant)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A work function that records each run's key and what the "database" held when it started. */
  function recorder(state: { value: number }, runMs = 0) {
    const runs: Array<{ key: number; saw: number; at: number }> = [];
    const work = async (key: number) => {
      runs.push({ key, saw: state.value, at: Date.now() });
      if (runMs) await new Promise((r) => setTimeout(r, runMs));
    };
    return { runs, work };
  }

  it('runs a lone request at once, not after the window', async () => {
    const state = { value: 1 };
    const { runs, work } = recorder(state);
    const c = new Coalescer(work, { intervalMs: 1000 });
    const t0 = Date.now();
    c.request(7);
    await settle();
    expect(runs).toEqual([{ key: 7, saw: 1, at: t0 }]);
  });

  it('a burst costs one run per window, and the last run sees the last write', async () => {
    const state = { value: 0 };
    const { runs, work } = recorder(state);
    const c = new Coalescer(work, { intervalMs: 1000 });
    // 100 writes over 2.5 s, one every 25 ms, each asking after it "committed".
    for (let i = 1; i <= 100; i++) {
      state.value = i;
      c.request(1);
      await vi.advanceTimersByTimeAsync(25);
    }
    await vi.advanceTimersByTimeAsync(2000);
    // Leading run at 0, then one per second, then the owed one after the last write.
    expect(runs.length).toBeLessThanOrEqual(4);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.at(-1)!.saw).toBe(100);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    expect(c.busy()).toBe(false);
  });

  it('keys are independent: one plant’s burst does not delay another plant', async () => {
    const state = { value: 0 };
    const { runs, work } = recorder(state);
    const c = new Coalescer(work, { intervalMs: 1000 });
    c.request(1);
    await settle();
    c.request(1); // owed, in plant 1's window
    c.request(2); // plant 2 was quiet: runs now
    await settle();
    expect(runs.map((r) => r.key)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs.map((r) => r.key)).toEqual([1, 2, 1]);
  });

  it('never runs one key twice at once; a request during a slow run is owed, not lost', async () => {
    const state = { value: 0 };
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const c = new Coalescer(
      async () => {
        running++;
        most = Math.max(most, running);
        seen.push(state.value);
        await new Promise((r) => setTimeout(r, 3000)); // slower than the window
        running--;
      },
      { intervalMs: 1000 },
    );
    c.request(1);
    await settle();
    state.value = 5;
    c.request(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual([0]); // still running the first
    await vi.advanceTimersByTimeAsync(4000);
    expect(seen).toEqual([0, 5]);
    expect(most).toBe(1);
  });

  it('a failed run is retried at the next window (the final state is not lost)', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const c = new Coalescer(
      async () => {
        calls++;
        if (calls === 1) throw new Error('database blip');
      },
      { intervalMs: 1000, log: { error: (o) => errors.push(o) } },
    );
    c.request(3);
    await settle();
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(c.busy()).toBe(false);
  });

  it('flush runs what is owed now, waits for it, then takes no more requests', async () => {
    const state = { value: 0 };
    const { runs, work } = recorder(state);
    const c = new Coalescer(work, { intervalMs: 1000 });
    c.request(1);
    await settle();
    state.value = 9;
    c.request(1); // owed for t = 1000
    const flushed = c.flush();
    await settle();
    await flushed;
    expect(runs.map((r) => r.saw)).toEqual([0, 9]);
    expect(runs[1]!.at).toBe(runs[0]!.at); // not after the window
    c.request(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(2);
  });

  it('idle() resolves once nothing runs or is owed', async () => {
    const { work } = recorder({ value: 0 }, 500);
    const c = new Coalescer(work, { intervalMs: 1000 });
    let done = false;
    c.request(1);
    await settle(); // the first run starts
    c.request(1); // owed after the window
    void c.idle().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(600);
    expect(done).toBe(false); // the owed second run is still to come
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(true);
  });
});
