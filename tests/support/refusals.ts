import { expect } from 'vitest';

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An answer as the test clients give it: the HTTP status and the envelope of spec 000 §3.3. */
export interface RefusableReply {
  status: number;
  envelope: { Error: boolean; Sorry: boolean; Message: string };
}

/**
 * A digest of every row of `tables` (name order, row text order): equal before and after a call means
 * the call wrote nothing there. List the area's tables and `topic_heads` (or `change_log`), so a
 * refused call that published anything is caught too.
 */
export async function tablesFingerprint(db: Queryable, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const t of tables) {
    const [row] = await db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
    );
    parts.push(`${t}:${row!.h}`);
  }
  return parts.join(' ');
}

/**
 * A call that must be refused (a Sorry sentence, an Error, or `status` such as 403) with `message`, and
 * change nothing at all (`fingerprint` equal before and after). Answers the reply.
 */
export async function expectRefused<R extends RefusableReply>(
  fingerprint: () => Promise<string>,
  send: () => Promise<R>,
  message: string | RegExp,
  status = 200,
): Promise<R> {
  const before = await fingerprint();
  const reply = await send();
  expect(reply.status, reply.envelope.Message).toBe(status);
  expect(reply.envelope.Error || reply.envelope.Sorry).toBe(true);
  if (typeof message === 'string') expect(reply.envelope.Message).toBe(message);
  else expect(reply.envelope.Message).toMatch(message);
  expect(await fingerprint()).toBe(before);
  return reply;
}
