import type { Sql } from '../../db/database';
import type { EmployeeRow } from './employees.repository';

export interface SessionRow {
  session_id: string;
  employee_id: number;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  db: Sql,
  s: {
    sessionId: string;
    tokenHash: string;
    employeeId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (session_id, token_hash, employee_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.sessionId, s.tokenHash, s.employeeId, s.expiresAt.toISOString(), s.ip, s.userAgent.slice(0, 500)],
  );
}

/** The session of a token hash with its employee row, if the session exists at all (expiry is the service's rule). */
export async function findSessionByHash(
  db: Sql,
  tokenHash: string,
): Promise<(SessionRow & { employee: EmployeeRow }) | undefined> {
  const rows = await db.query<SessionRow & { employee: EmployeeRow }>(
    `SELECT s.session_id, s.employee_id, s.last_seen_at, s.expires_at, s.revoked_at, to_jsonb(e) AS employee
       FROM sessions s JOIN employees e USING (employee_id)
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  // to_jsonb gives ISO text for timestamps on both backends; only the session's own dates are used as dates.
  return { ...row, last_seen_at: new Date(row.last_seen_at), expires_at: new Date(row.expires_at) };
}

/**
 * The sessions of these ids with their employee rows (the hub's periodic re-check of its open
 * connections: one statement for every connection of a node). Ids that are not sessions are left out.
 */
export async function findSessionsById(
  db: Sql,
  sessionIds: readonly string[],
): Promise<Array<SessionRow & { employee: EmployeeRow }>> {
  if (sessionIds.length === 0) return [];
  const rows = await db.query<SessionRow & { employee: EmployeeRow }>(
    `SELECT s.session_id, s.employee_id, s.last_seen_at, s.expires_at, s.revoked_at, to_jsonb(e) AS employee
       FROM sessions s JOIN employees e USING (employee_id)
      WHERE s.session_id = ANY($1::uuid[])`,
    [sessionIds],
  );
  return rows.map((row) => ({
    ...row,
    last_seen_at: new Date(row.last_seen_at),
    expires_at: new Date(row.expires_at),
  }));
}

export async function touchSession(db: Sql, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE session_id = $1', [sessionId]);
}

export async function revokeSession(db: Sql, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL', [
    sessionId,
  ]);
}

export async function revokeEmployeeSessions(db: Sql, employeeId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE employee_id = $1 AND revoked_at IS NULL', [
    employeeId,
  ]);
}
