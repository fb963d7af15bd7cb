import { describe, expect, it } from 'vitest';
import type { EmployeeRow } from './employees.repository';
import { type CachedSession, SessionCache } from './session-cache';

const session = (sessionId: string, employeeId: number): CachedSession => ({
  session_id: sessionId,
  employee_id: employeeId,
  last_seen_at: new Date(0),
  expires_at: new Date(0),
  revoked_at: null,
  employee: {} as EmployeeRow,
});

describe('SessionCache', () => {
  it('answers an entry until its time is up, then reads again', () => {
    const cache = new SessionCache(5000);
    cache.set('h1', session('s1', 1), 1000);
    expect(cache.get('h1', 5999)?.session_id).toBe('s1');
    expect(cache.get('h1', 6000)).toBeUndefined();
  });

  it('forgets by session and by employee (what the backplane messages do)', () => {
    const cache = new SessionCache(5000);
    cache.set('h1', session('s1', 1), 0);
    cache.set('h2', session('s2', 1), 0);
    cache.set('h3', session('s3', 2), 0);
    cache.forgetSession('s3');
    expect(cache.get('h3', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.forgetEmployee(1);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a time of 0 (SESSION_CACHE_MS=0)', () => {
    const cache = new SessionCache(0);
    cache.set('h1', session('s1', 1), 0);
    expect(cache.get('h1', 0)).toBeUndefined();
  });
});
