import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of a dumped data folder; PostgreSQL: the template database's name. */
    dbTemplate: string | null;
  }
}

/**
 * Vitest global setup of the integration projects: migrates and seeds ONE database per run and hands
 * it to every test as a template, instead of each of the ~100 fresh databases of a run migrating and
 * seeding its own (seconds each on this machine). PostgreSQL copies it with CREATE DATABASE … TEMPLATE;
 * PGlite starts from a dump of its data folder. A test still gets its own database: only the work of
 * building the same starting point is shared.
 */
export default async function setup(project: TestProject) {
  // The same cheap password hashing the tests' own processes use, or the demo people's stored hashes
  // would cost a full-strength scrypt at every login.
  process.env.SCRYPT_LOG_N ??= '10';
  process.env.TZ = 'UTC';
  const [{ openPglite, openPostgres }, { migrate }, { seedDemo }] = await Promise.all([
    import('../../server/db/database'),
    import('../../server/db/migrate'),
    import('../../server/db/seed'),
  ]);

  if (project.name === 'integration-pglite') {
    const db = await openPglite();
    await migrate(db);
    await seedDemo(db);
    const dump = await db.dumpDataDir!();
    await db.close();
    const dir = join(process.cwd(), '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('dbTemplate', file);
    return () => rmSync(file, { force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    // No PostgreSQL: the project's tests skip themselves (tests/support/server.ts says so).
    project.provide('dbTemplate', null);
    return;
  }
  const name = `sw_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openPostgres(adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`), 2);
  await migrate(db);
  await seedDemo(db);
  // A template must have no connections while it is copied.
  await db.close();
  project.provide('dbTemplate', name);
  return async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
}
