// The pure arithmetic of bench:hub: which peer runs when, and how per-round figures become one line.
// Kept apart from the processes so a unit test can pin it down (stats.test.ts).

/**
 * The order of the peers in round `round` (0-based): the list rotated by the round number, so over
 * `peers.length` rounds each peer runs once in every position (A B C, B C A, C A B, A B C, ...). A peer
 * that always ran first (cold machine) or right after the heaviest one would otherwise carry that
 * position's bias in all its figures.
 */
export function roundOrder<T>(peers: readonly T[], round: number): T[] {
  const n = peers.length;
  if (n === 0) return [];
  const shift = ((round % n) + n) % n;
  return [...peers.slice(shift), ...peers.slice(0, shift)];
}

/** Linear-interpolated quantile (q in [0, 1]) of already sorted values, as R's type 7 and numpy's default. */
function sortedQuantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface Spread {
  n: number;
  median: number;
  min: number;
  max: number;
  /** Interquartile range bounds (25th and 75th percentiles). */
  q1: number;
  q3: number;
}

/** Median, min–max and quartiles of one metric's per-round values (NaN values, from failed rounds, are left out). */
export function spread(values: readonly number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: sortedQuantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    q1: sortedQuantile(sorted, 0.25),
    q3: sortedQuantile(sorted, 0.75),
  };
}

/**
 * A latency percentile within one round, nearest-rank (the value at or below which p % of the samples
 * lie): with 10,000 receipts the p99 is the 9,900th smallest, an observed latency, not an interpolation.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Ratio of two medians; NaN when either side is missing or the divisor is 0. */
export function ratioOfMedians(a: Spread, b: Spread): number {
  return Number.isFinite(a.median) && Number.isFinite(b.median) && b.median !== 0
    ? a.median / b.median
    : Number.NaN;
}

/** "1.23 (1.10–1.40)" style cell: the median then min–max, with `digits` decimals. */
export function formatSpread(s: Spread, digits: number): string {
  if (s.n === 0) return '—';
  const f = (v: number) =>
    v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return s.n === 1 ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}
