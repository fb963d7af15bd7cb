import { describe, expect, it } from 'vitest';
import { backoffDelay, HUB_BACKOFF, POST_QUEUE_BACKOFF } from './backoff';

const lowest = () => 0;
const highest = () => 1;
const middle = () => 0.5;

describe('backoffDelay', () => {
  it('doubles from 0.5 s to the 30 s cap for the hub', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, HUB_BACKOFF, middle))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('doubles from 1 s to the 15 s cap for the post queue', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, POST_QUEUE_BACKOFF, middle))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000,
    ]);
  });

  it('spreads each delay over ±30 % of its nominal value and never above the cap', () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const nominal = Math.min(30_000, 500 * 2 ** attempt);
      expect(backoffDelay(attempt, HUB_BACKOFF, lowest)).toBe(Math.round(nominal * 0.7));
      expect(backoffDelay(attempt, HUB_BACKOFF, highest)).toBe(Math.round(Math.min(30_000, nominal * 1.3)));
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(attempt, HUB_BACKOFF);
        expect(d).toBeGreaterThanOrEqual(Math.floor(nominal * 0.7));
        expect(d).toBeLessThanOrEqual(Math.min(30_000, Math.ceil(nominal * 1.3)));
      }
    }
  });

  it('is jittered: the same attempt gives different delays', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3, HUB_BACKOFF)));
    expect(delays.size).toBeGreaterThan(10);
  });

  it('stays a finite number for absurd attempts (retries go on forever)', () => {
    for (const attempt of [1000, 1e9, Number.POSITIVE_INFINITY, Number.NaN, -5]) {
      const d = backoffDelay(attempt, HUB_BACKOFF);
      expect(Number.isFinite(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(350);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });
});
