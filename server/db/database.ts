import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The one SQL surface repositories use: PostgreSQL dialect, `$1` parameters, rows as plain objects. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * A database: embedded PGlite (zero-setup default) or PostgreSQL (production). Both run the same
 * migrations and queries (brief §2). Writes go through `transaction`, so a call's rows, its change-log
 * entries and its applied-post record commit together or not at all.
 */
export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (total, idle, clients waiting), for /metrics; absent for PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data folder as one tar, which `openPglite(undefined, { from })` starts from. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * PGlite under `dataDir` (a folder), or in memory when `dataDir` is undefined. `from` starts it from a
 * dump of another PGlite's data folder (the tests' migrated and seeded template).
 */
export async function openPglite(dataDir?: string, options: { from?: Blob } = {}): Promise<Database> {
  // pg_trgm: global search's substring and close-spelling matches (migration 0042), as on PostgreSQL.
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(options.from ? { loadDataDir: options.from } : {}),
  });
  const run: Sql['query'] = async (text, params) =>
    (await db.query(text, params ? [...params] : undefined)).rows as never;
  return {
    kind: 'pglite',
    query: run,
    // PGlite is one connection: its transaction holds the connection until it ends, which also
    // serialises writers the way PostgreSQL's row locks would.
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async (text, params) =>
            (await tx.query(text, params ? [...params] : undefined)).rows as never,
        }),
      ),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('none'),
  };
}

// PostgreSQL int8 and numeric arrive as text by default; our ids and counts fit in a double, and PGlite
// answers numbers, so both backends give repositories the same types.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  let closing = false;
  // An idle pooled connection can die under us (PostgreSQL restarted, a failover, an administrator
  // terminating backends). pg then emits 'error' on the pool; with no listener that would crash the
  // process. The pool replaces the connection on next use, so a warning is all it takes.
  pool.on('error', (error) => {
    if (!closing)
      console.warn(
        `PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); it will be replaced.`,
      );
  });
  // Fail at start-up with a clear message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const run =
    (client: pg.Pool | pg.PoolClient): Sql['query'] =>
    async (text, params) =>
      (await client.query(text, params ? [...params] : undefined)).rows as never;
  return {
    kind: 'postgres',
    query: run(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: run(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
