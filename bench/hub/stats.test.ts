import { describe, expect, it } from 'vitest';
import { formatSpread, percentile, ratioOfMedians, roundOrder, spread } from './stats';

describe('roundOrder', () => {
  it('rotates the peers so that over n rounds each peer runs once in every position', () => {
    const peers = ['ws', 'socketio', 'hub'];
    const rounds = [0, 1, 2].map((r) => roundOrder(peers, r));
    expect(rounds).toEqual([
      ['ws', 'socketio', 'hub'],
      ['socketio', 'hub', 'ws'],
      ['hub', 'ws', 'socketio'],
    ]);
    for (let position = 0; position < peers.length; position++) {
      expect(new Set(rounds.map((order) => order[position]))).toEqual(new Set(peers));
    }
  });

  it('starts over after n rounds and keeps every peer in every round', () => {
    expect(roundOrder(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(roundOrder([], 2)).toEqual([]);
  });
});

describe('spread', () => {
  it('gives the median of an odd and of an even number of rounds', () => {
    expect(spread([5, 1, 3]).median).toBe(3);
    expect(spread([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('gives min, max and the quartiles, leaving out failed (NaN) rounds', () => {
    const s = spread([10, Number.NaN, 40, 20, 30, 50]);
    expect(s).toEqual({ n: 5, median: 30, min: 10, max: 50, q1: 20, q3: 40 });
  });

  it('is NaN throughout with no values', () => {
    const s = spread([]);
    expect(s.n).toBe(0);
    expect(s.median).toBeNaN();
    expect(formatSpread(s, 1)).toBe('—');
  });
});

describe('percentile', () => {
  it('is nearest-rank: an observed value', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe('ratioOfMedians and formatSpread', () => {
  it('divides the medians, not the best rounds', () => {
    expect(ratioOfMedians(spread([1, 2, 9]), spread([1, 4, 5]))).toBe(0.5);
    expect(ratioOfMedians(spread([1]), spread([0]))).toBeNaN();
  });

  it('prints the median, then min–max', () => {
    expect(formatSpread(spread([1.234, 2, 3.5]), 1)).toBe('2.0 (1.2–3.5)');
    expect(formatSpread(spread([12345]), 0)).toBe('12,345');
  });
});
