/**
 * Failed logins per user name and address (brief §8: keyed by address alone, every test client on
 * 127.0.0.1 would trip it). After `limit` failures within `windowMs`, further attempts are refused
 * without checking the password until the oldest failure leaves the window.
 *
 * Kept in memory per server process: with several processes an attacker gets `limit` tries per process
 * per minute, still far too few to guess a password.
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

  succeed(userName: string, address: string): void {
    this.failures.delete(this.key(userName, address));
  }
}
