/** Shape of an exponential backoff: the first delay, the cap, and the jitter as a fraction of the delay. */
export interface BackoffOptions {
  /** Delay of attempt 0, in ms. */
  baseMs: number;
  /** No delay is ever longer than this, in ms. */
  capMs: number;
  /** 0.3 spreads each delay over ±30 % of its nominal value (before the cap). */
  jitter: number;
}

/** The hub's reconnect delays: 0.5 s doubling to 30 s, ±30 % (brief §4 guarantee 5). */
export const HUB_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 30_000, jitter: 0.3 };

/**
 * An unattended TV page's reconnect delays: 0.5 s doubling to 5 s, ±30 %. A plant has tens of TVs, not
 * thousands of clients, so the short cap costs the server nothing, and a board is live again within
 * about 5 s of a server restart instead of up to 30 s (brief §4 guarantee 5).
 */
export const TV_HUB_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 5_000, jitter: 0.3 };

/** The post queue's retry delays while the network is down: 1 s doubling to 15 s, ±30 %. */
export const POST_QUEUE_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 15_000, jitter: 0.3 };

/**
 * Jittered exponential backoff: the nominal delay of `attempt` (0, 1, 2, ...) is
 * `min(capMs, baseMs · 2^attempt)`; the result is that times a random factor in
 * `[1 − jitter, 1 + jitter]`, never above `capMs`. The jitter keeps a room full of TV boards from
 * reconnecting in the same instant after a server restart. Never returns null or a non-finite number,
 * whatever the attempt: the callers retry forever.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = HUB_BACKOFF,
  random: () => number = Math.random,
): number {
  // Past 2^30 the nominal delay is the cap anyway; clamping keeps 2^attempt finite and NaN out.
  const n = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 30;
  const nominal = Math.min(options.capMs, options.baseMs * 2 ** n);
  const r = Math.min(1, Math.max(0, random()));
  const factor = 1 + options.jitter * (2 * r - 1);
  return Math.round(Math.min(options.capMs, nominal * factor));
}
