import type { EmployeeRow } from './employees.repository';
import type { SessionRow } from './sessions.repository';

export type CachedSession = SessionRow & { employee: EmployeeRow };

interface Entry {
  session: CachedSession;
  /** When it was read from the database (Date.now()). */
  readAt: number;
}

/** Entries past which a lookup sweeps out the stale ones (a busy node keeps far fewer). */
const SWEEP_ABOVE = 2000;

/**
 * The sessions this node looked up in the last few seconds, by token hash (issue 14 §5): every
 * authenticated request read its session from the database; now a burst of requests of one screen reads
 * it once. Nothing here decides validity: the caller still applies expiry (absolute and idle) and
 * revocation to the cached row at each request, so expiry stays exact. What the cache may miss is a
 * change made elsewhere, so the backplane drops entries on logout, disabling and employee changes
 * (`forgetSession`, `forgetEmployee`), on every node, and an entry is re-read after `ttlMs` anyway.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** How long an entry answers without the database; 0 turns the cache off. */
    public ttlMs: number,
  ) {}

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.readAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: CachedSession, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= SWEEP_ABOVE) {
      for (const [key, e] of this.entries) if (now - e.readAt >= this.ttlMs) this.entries.delete(key);
    }
    this.entries.set(tokenHash, { session, readAt: now });
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** A session logged out (here or on another node). */
  forgetSession(sessionId: string): void {
    for (const [key, e] of this.entries) if (e.session.session_id === sessionId) this.entries.delete(key);
  }

  /** An employee was disabled or changed (flags, plant, name): their sessions are read again. */
  forgetEmployee(employeeId: number): void {
    for (const [key, e] of this.entries) if (e.session.employee_id === employeeId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
