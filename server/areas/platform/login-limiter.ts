import type { Sql } from '../../db/database';

/**
 * Failed logins per user name and address (brief §8: keyed by address alone, every test client on
 * 127.0.0.1 would trip it). After `limit` failures within `windowMs`, further attempts are refused
 * without checking the password until the oldest failure leaves the window.
 *
 * Kept in memory per server process: with several processes an attacker gets `limit` tries per process
 * per minute from one address; NameThrottle below is the limit across addresses and processes.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(userName: string, address: string) {
    return `${userName.trim().toLowerCase()}|${address}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  retryAfterSeconds(userName: string, address: string): number {
    const list = this.recent(this.key(userName, address));
    if (list.length < this.limit) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.windowMs - this.now()) / 1000));
  }

  fail(userName: string, address: string): void {
    const key = this.key(userName, address);
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  /** Failures of this user name from this address still in the window. */
  count(userName: string, address: string): number {
    return this.recent(this.key(userName, address)).length;
  }

  succeed(userName: string, address: string): void {
    this.failures.delete(this.key(userName, address));
  }
}

/**
 * The per-user-name limit, which no choice of address escapes: the first FREE_FAILURES failed logins
 * of a name are free, then each further attempt must wait a delay that doubles with every failure
 * (1 s, 2 s, 4 s ... at most MAX_DELAY_SECONDS) after the last failure. A growing delay, not a
 * lockout: an attacker hammering a name gets one guess a minute at most, and the real user waits at
 * most that minute, or not at all from an address they logged in from before (SessionService.login).
 * The count is forgotten FORGET_AFTER_MINUTES after the last failure.
 *
 * Kept in the database (login_throttle), not in memory: every server process on one database shares
 * it, so spreading attempts over processes gains nothing. Two guesses racing past the same check
 * cost one extra guess, not a bypass.
 */
export const NameThrottle = {
  FREE_FAILURES: 10,
  MAX_DELAY_SECONDS: 60,
  FORGET_AFTER_MINUTES: 15,

  /** Seconds the delay asks for after `failures` failures (0: free). */
  delaySeconds(failures: number): number {
    if (failures < this.FREE_FAILURES) return 0;
    return Math.min(2 ** (failures - this.FREE_FAILURES), this.MAX_DELAY_SECONDS);
  },

  /** Seconds to wait before this name may try again, or 0. */
  async retryAfterSeconds(db: Sql, userName: string, now = Date.now()): Promise<number> {
    const [row] = await db.query<{ failures: number; last_failure_at: Date | string }>(
      'SELECT failures, last_failure_at FROM login_throttle WHERE user_name = $1',
      [nameKey(userName)],
    );
    if (!row) return 0;
    const last = new Date(row.last_failure_at).getTime();
    if (now - last > this.FORGET_AFTER_MINUTES * 60_000) return 0;
    const until = last + this.delaySeconds(row.failures) * 1000;
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  },

  async fail(db: Sql, userName: string): Promise<void> {
    await db.query(
      `INSERT INTO login_throttle (user_name, failures, last_failure_at) VALUES ($1, 1, now())
       ON CONFLICT (user_name) DO UPDATE SET
         failures = CASE WHEN login_throttle.last_failure_at < now() - make_interval(mins => $2::int)
                         THEN 1 ELSE login_throttle.failures + 1 END,
         last_failure_at = now()`,
      [nameKey(userName), this.FORGET_AFTER_MINUTES],
    );
  },
};

const nameKey = (userName: string) => userName.trim().toLowerCase();

/** Did this employee log in from this address in the last 30 days? (NameThrottle's exemption.) */
export async function knownAddress(db: Sql, employeeId: number, ip: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM sessions
      WHERE employee_id = $1 AND ip = $2 AND created_at > now() - interval '30 days' LIMIT 1`,
    [employeeId, ip],
  );
  return rows.length > 0;
}
