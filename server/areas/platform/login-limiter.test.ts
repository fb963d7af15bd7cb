import { describe, expect, it } from 'vitest';
import { LoginLimiter, NameThrottle } from './login-limiter';

describe('LoginLimiter', () => {
  it('allows 10 failures a minute per user name and address, then asks to wait until the oldest expires', () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) {
      expect(limiter.retryAfterSeconds('Pm', '10.0.0.1')).toBe(0);
      limiter.fail('pm', '10.0.0.1');
      now += 1000;
    }
    // First failure at 1_000_000, now 1_010_000: it leaves the window at 1_060_000.
    expect(limiter.retryAfterSeconds('PM ', '10.0.0.1')).toBe(50);
    expect(limiter.retryAfterSeconds('pm', '10.0.0.2')).toBe(0);
    expect(limiter.retryAfterSeconds('other', '10.0.0.1')).toBe(0);
    now = 1_060_001;
    expect(limiter.retryAfterSeconds('pm', '10.0.0.1')).toBe(0);
  });
  it('a success clears the failures', () => {
    const limiter = new LoginLimiter(2, 60_000, () => 0);
    limiter.fail('a', 'x');
    limiter.fail('a', 'x');
    expect(limiter.retryAfterSeconds('a', 'x')).toBeGreaterThan(0);
    limiter.succeed('a', 'x');
    expect(limiter.retryAfterSeconds('a', 'x')).toBe(0);
  });
});

describe('NameThrottle.delaySeconds', () => {
  it('is free for 10 failures, then doubles from 1 s up to a minute (a delay, never a lockout)', () => {
    const delays = Array.from({ length: 20 }, (_, i) => NameThrottle.delaySeconds(i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60]);
  });
});
