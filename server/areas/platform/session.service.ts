import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EXPIRED_401_TEXT, OTHER_USER_401_TEXT } from '../../../domain/contract/wire';
import { flagServerName, permissionFlags } from '../../../domain/platform/permissions';
import type { UserRecord } from '../../../domain/platform/session';
import type { Database, Sql } from '../../db/database';
import { invalid, sorry, TooManyRequests, Unauthorized } from '../../rpc/errors';
import type { AuthUser } from '../../rpc/registry';
import type { Authenticator } from '../../rpc/rpc.plugin';
import {
  type EmployeeRow,
  findCredentials,
  findEmployee,
  flagsOf,
  secureReports,
} from './employees.repository';
import { knownAddress, type LoginLimiter, NameThrottle } from './login-limiter';
import { dummyHash, HashGate, verifyPassword } from './passwords';
import { type CachedSession, SessionCache } from './session-cache';
import {
  findSessionByHash,
  findSessionsById,
  insertSession,
  revokeSession,
  touchSession,
} from './sessions.repository';

export interface SessionConfig {
  /** A session unused this long expires. */
  idleMinutes: number;
  /** A session expires this long after login, used or not. */
  absoluteHours: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const fullName = (row: Pick<EmployeeRow, 'first_name' | 'last_name'>) =>
  `${row.first_name} ${row.last_name}`;

/** The user record of spec 000 §3.1 with the server field names. */
export async function userRecord(db: Sql, row: EmployeeRow, token: string): Promise<UserRecord> {
  const flags = flagsOf(row);
  const record: Record<string, unknown> = {
    EmployeeID: row.employee_id,
    Name: fullName(row),
    TokenID: token,
    PlantID: row.plant_id,
    PhotoFile: row.photo_file_id ? `${row.employee_id}.bmp` : null,
    Language: row.language,
    Email: row.email,
    DomainID: row.domain_id,
    ShowMyHelp: row.show_my_help,
    ViewableSecureReports: await secureReports(db, row.employee_id),
  };
  for (const flag of permissionFlags) record[flagServerName(flag)] = flags.has(flag);
  return record as UserRecord;
}

/** How long a node answers a token from memory (see SessionCache). */
export const SESSION_CACHE_MS = 5000;
/** The hub's Close reasons: the client goes to Login (its next connect is a 401). */
export const SESSION_EXPIRED = 'Your session has expired. Log in again.';
export const SESSION_ENDED = 'Your session has ended. Log in again.';

function authUserOf(session: CachedSession): AuthUser {
  return {
    employeeId: session.employee_id,
    plantId: session.employee.plant_id,
    name: fullName(session.employee),
    sessionId: session.session_id,
    flags: flagsOf(session.employee),
  };
}

const LOGIN_FAILED = 'The user name or password is not correct.';

export class SessionService implements Authenticator {
  constructor(
    private readonly db: Database,
    private readonly config: SessionConfig,
    private readonly limiter: LoginLimiter,
  ) {}

  /** Password checks in flight per address: a second one from the same address is not urgent. */
  private readonly inFlight = new Map<string, number>();
  private readonly gate = new HashGate();

  /** Password checks waiting for the hashing gate (tests and metrics). */
  get hashQueue(): number {
    return this.gate.waiting;
  }

  /**
   * Checks the password and opens a session. Runs outside the request transaction (web/Login is
   * declared `transaction: false`): `db` is the pool, so a failed attempt is counted although the call
   * fails, and the password check holds no connection. Three limits:
   * - per user name and address (LoginLimiter, in memory): 10 failures a minute, then 429;
   * - per user name (NameThrottle, in the database, across every address and process): a growing
   *   delay after 10 failures. An address this employee logged in from in the last 30 days is exempt
   *   from this one (it still has the first), so an attacker hammering a name does not lock its owner
   *   out of their usual machine;
   * - the hashing itself goes through a small gate that serves a new address before one already
   *   waiting (HashGate).
   * Past a limit the password is not even checked (429).
   */
  async login(
    db: Sql,
    input: { userName: string; password: string; ip: string; userAgent: string },
  ): Promise<UserRecord> {
    const tooMany = (wait: number) =>
      new TooManyRequests(
        `Too many failed logins for ${input.userName}. Wait ${wait} seconds and try again.`,
        wait,
      );
    const addressWait = this.limiter.retryAfterSeconds(input.userName, input.ip);
    if (addressWait > 0) throw tooMany(addressWait);
    const credentials = await findCredentials(db, input.userName);
    const nameWait = await NameThrottle.retryAfterSeconds(db, input.userName);
    if (nameWait > 0 && !(credentials && (await knownAddress(db, credentials.employee_id, input.ip)))) {
      throw tooMany(nameWait);
    }
    const urgent = !this.inFlight.get(input.ip) && this.limiter.count(input.userName, input.ip) === 0;
    this.inFlight.set(input.ip, (this.inFlight.get(input.ip) ?? 0) + 1);
    let checked: { value: boolean } | null;
    try {
      // Hash even for an unknown name, so response time does not tell which names exist.
      const stored = credentials?.password_hash ?? (await dummyHash());
      checked = await this.gate.run(urgent, () => verifyPassword(input.password, stored));
    } finally {
      const left = (this.inFlight.get(input.ip) ?? 1) - 1;
      if (left) this.inFlight.set(input.ip, left);
      else this.inFlight.delete(input.ip);
    }
    if (!checked) throw new TooManyRequests('Too many logins at once. Wait a few seconds and try again.', 5);
    if (!credentials || !checked.value) {
      this.limiter.fail(input.userName, input.ip);
      await NameThrottle.fail(db, input.userName);
      throw invalid(LOGIN_FAILED);
    }
    // The right password for a disabled account: a business refusal, shown as a warning.
    if (!credentials.active) throw sorry('This account is disabled. Ask an administrator to enable it.');
    // The per-name count is not cleared: a success (perhaps from a known address) must not hand an
    // attacker hammering the same name a fresh set of free guesses. It is forgotten with time.
    this.limiter.succeed(input.userName, input.ip);
    const token = randomBytes(16).toString('base64url');
    await insertSession(db, {
      sessionId: randomUUID(),
      tokenHash: hashToken(token),
      employeeId: credentials.employee_id,
      expiresAt: new Date(Date.now() + this.config.absoluteHours * 3_600_000),
      ip: input.ip,
      userAgent: input.userAgent,
    });
    const row = await findEmployee(db, credentials.employee_id);
    return userRecord(db, row!, token);
  }

  /**
   * The sessions read in the last few seconds (issue 14 §5): the backplane drops entries on logout,
   * disabling and employee changes (server/app.ts), so revocation stays immediate on every node.
   */
  readonly cache = new SessionCache(SESSION_CACHE_MS);

  /**
   * Spec 000 §4: a missing, unknown, expired or revoked token is a 401; a token of another employee
   * than the EmployeeID header is a 401 whose status text says so.
   */
  async authenticate(token: string, employeeIdHeader: number | null): Promise<AuthUser> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    let session = this.cache.get(tokenHash, now);
    // The cached row is checked like a fresh one (expiry is exact); one that fails is read again, since
    // another node may have seen the session since (a newer last-seen).
    if (!session || this.refusal(session, now) !== null) {
      session = await findSessionByHash(this.db, tokenHash);
      if (session) this.cache.set(tokenHash, session, now);
      else this.cache.delete(tokenHash);
    }
    if (!session || this.refusal(session, now) !== null) throw new Unauthorized(EXPIRED_401_TEXT);
    if (employeeIdHeader !== null && employeeIdHeader !== session.employee_id) {
      throw new Unauthorized(OTHER_USER_401_TEXT);
    }
    // Write last-seen at most once a minute: enough for idle expiry, cheap on busy screens. The cached
    // row takes the new time too, so the next requests of the minute do not write it again.
    if (now - session.last_seen_at.getTime() > 60_000) {
      await touchSession(this.db, session.session_id);
      session.last_seen_at = new Date(now);
    }
    return authUserOf(session);
  }

  /**
   * The hub's re-check of its open connections (issue 14 §2), straight from the database (no cache: it is
   * the net under a lost backplane message): for each session id, its user with the current flags and
   * plant, or the sentence its connections close with.
   */
  async checkSessions(sessionIds: readonly string[]): Promise<Map<string, AuthUser | string>> {
    const now = Date.now();
    const found = new Map((await findSessionsById(this.db, sessionIds)).map((s) => [s.session_id, s]));
    const out = new Map<string, AuthUser | string>();
    for (const id of sessionIds) {
      const session = found.get(id);
      const refusal = session ? this.refusal(session, now) : SESSION_ENDED;
      // Found ended here: this process stops answering it from memory too.
      if (refusal !== null) this.cache.forgetSession(id);
      out.set(id, refusal ?? authUserOf(session!));
    }
    return out;
  }

  /** Null for a session that may be used now, else why not (the hub's Close reason). */
  private refusal(session: CachedSession, now: number): string | null {
    if (!session.employee.active) return 'Your account was disabled.';
    if (session.revoked_at) return SESSION_ENDED;
    if (session.expires_at.getTime() <= now) return SESSION_EXPIRED;
    if (session.last_seen_at.getTime() + this.config.idleMinutes * 60_000 <= now) return SESSION_EXPIRED;
    return null;
  }

  async logout(tx: Sql, user: AuthUser): Promise<void> {
    await revokeSession(tx, user.sessionId);
  }
}
