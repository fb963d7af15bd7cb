import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openPglite, openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export type DbKind = 'pglite' | 'postgres';
export const dbKind: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The PostgreSQL server the postgres run creates its throwaway databases on. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * False when this is the PostgreSQL run and no PostgreSQL answers: the suite is skipped, and says so
 * (npm test also prints it plainly). Always true for PGlite.
 */
export const dbAvailable = dbKind === 'pglite' || (await postgresReachable());
if (!dbAvailable) {
  console.warn(`PostgreSQL is not reachable at ${adminUrl}: the PostgreSQL integration run is SKIPPED.`);
}

/** A fresh, migrated, demo-seeded database of the run's kind: in-memory PGlite, or a uniquely named PostgreSQL database. */
export async function freshDatabase(): Promise<{ db: Database; url: string | null; drop(): Promise<void> }> {
  // The run's migrated and seeded template (tests/support/db-template.ts), when the global setup made one.
  const template = inject('dbTemplate') ?? null;
  if (dbKind === 'pglite') {
    if (template) {
      const db = await openPglite(undefined, { from: new Blob([readFileSync(template)]) });
      // Migrations added since the template was made (none in a normal run) still apply.
      await migrate(db);
      return { db, url: null, drop: () => db.close() };
    }
    const db = await openPglite();
    await migrate(db);
    await seedDemo(db);
    return { db, url: null, drop: () => db.close() };
  }
  // Unique per process and call, so parallel files and parallel runs never share a database.
  const name = `sw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const db = await openPostgres(url, 5);
  await migrate(db);
  if (!template) await seedDemo(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestServer {
  url: string;
  db: Database;
  app: App;
  close(): Promise<void>;
}

/** The real server (every plugin, every area) on a free loopback port over a fresh database. */
export async function startServer(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof buildApp>[2] & object, 'rateSources' | 'jobs'> = {},
): Promise<TestServer> {
  const { db, drop } = await freshDatabase();
  // No session cache by default: many tests change sessions and flags straight in the database and
  // expect the next request to see it (tests/live-access.test.ts tests the cache itself).
  const config = {
    ...loadConfig({ SESSION_CACHE_MS: '0', ...process.env, ...env }),
    clientDir: '/nonexistent',
  };
  const app = await buildApp(db, config, { logger: false, ...options });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    db,
    app,
    async close() {
      await app.fastify.close();
      await drop();
    },
  };
}
