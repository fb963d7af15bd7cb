import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from './database';
import { migrate } from './migrate';
import { seedReference } from './seed';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR), migrated. */
export async function openDatabase(config: Config): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    db = await openPglite(dir);
  }
  await migrate(db);
  await seedReference(db);
  return db;
}
