import { describe, expect, it } from 'vitest';
import { HashGate } from './passwords';

describe('HashGate', () => {
  it('runs at most `slots` at once and serves urgent callers before the others', async () => {
    const gate = new HashGate(2, 100);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        order.push(name);
        releases.push(() => {
          running--;
          resolve(name);
        });
      });
    const all = [
      gate.run(false, job('a1')),
      gate.run(false, job('a2')),
      gate.run(false, job('a3')),
      gate.run(false, job('a4')),
      gate.run(true, job('good')),
    ];
    expect(gate.waiting).toBe(3);
    // Finish whatever runs, one at a time, until everything has run.
    while (order.length < 5 || releases.length) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()?.();
    }
    await Promise.all(all);
    expect(most).toBe(2);
    expect(order).toEqual(['a1', 'a2', 'good', 'a3', 'a4']);
  });

  it('refuses rather than queue without end', async () => {
    const gate = new HashGate(1, 1);
    let release = () => {};
    const first = gate.run(true, () => new Promise<void>((r) => (release = r)));
    const second = gate.run(false, async () => 'ran');
    expect(await gate.run(true, async () => 'ran')).toBeNull();
    release();
    expect(await first).toEqual({ value: undefined });
    expect(await second).toEqual({ value: 'ran' });
  });
});
