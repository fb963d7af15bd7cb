/**
 * A cheap fingerprint of EVERY table of the database, for "a refused input wrote nothing" over a whole
 * batch of requests (tests/fuzz.test.ts). Per table: the row count (catches inserts and deletes) and
 * the largest `xmin` (the id of the transaction that wrote each row version: any insert or update
 * makes a row with a newer one). One UNION ALL query, no row contents hashed: about 30-70 ms on PGlite
 * and 5-15 ms on PostgreSQL for the demo data's 61 tables (measured on the 2-core test machine), where
 * `fingerprint` of wire.ts hashes whole tables and covers only the platform ones.
 *
 * Not a content hash: an update that writes the same values still counts as a write, which is what a
 * refused input must not do either.
 */
interface Db {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Tables written by the server on its own, not by the call being tested, and how each is checked:
 * - `sessions`: every authenticated request touches its session's last_seen_at (the idle timeout), so
 *   only logins and revocations count;
 * - `hub_nodes`, `hub_connections`: presence heartbeats on a timer;
 * - `login_throttle`: a refused login is counted there on purpose (the per-user-name delay of issue 14
 *   §3 exists only because failures are written); only web/Login writes it.
 */
const volatile: Record<string, string | null> = {
  sessions: `count(*)::text || '/' || count(revoked_at)::text`,
  hub_nodes: null,
  hub_connections: null,
  login_throttle: null,
};

export async function databaseFingerprinter(db: Db): Promise<() => Promise<Map<string, string>>> {
  const tables = (
    await db.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  )
    .map((r) => r.t)
    .filter((t) => volatile[t] !== null);
  const parts = tables.map((t) => {
    const name = `"${t.replace(/"/g, '""')}"`;
    const value = volatile[t] ?? `count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text`;
    return `SELECT '${t.replace(/'/g, "''")}' AS t, ${value} AS v FROM ${name}`;
  });
  const sql = parts.join(' UNION ALL ');
  return async () => new Map((await db.query<{ t: string; v: string }>(sql)).map((r) => [r.t, r.v]));
}

/** The tables whose fingerprint differs, for the failure message. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, v]) => before.get(t) !== v).map(([t]) => t);
}
