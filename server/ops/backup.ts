import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';

/**
 * `npm run backup` / `npm run restore` (issue 14 §5) for both databases:
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` and `pg_restore` of the machine's PostgreSQL
 *   client tools, so a backup is a standard dump any PostgreSQL tool can read.
 * - Embedded PGlite (DATA_DIR): PGlite's own `dumpDataDir` (a gzipped tarball of the data folder) and
 *   `loadDataDir`. PGlite is one process: stop the server before either (the folder is not shared).
 * Restore refuses a target that holds data unless `force` is given: restoring over a live database by
 * mistake is the one error a backup tool must not make easy.
 */

export class BackupError extends Error {}

const pgliteDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'pglite');

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
    });
    child.once('error', (e) =>
      reject(
        new BackupError(`${cmd} could not be started (${e.message}): install the PostgreSQL client tools.`),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** Writes a backup of the configured database to `file`; answers what was backed up. */
export async function backup(config: Pick<Config, 'databaseUrl' | 'dataDir'>, file: string): Promise<string> {
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${file}`,
      `--dbname=${config.databaseUrl}`,
    ]);
    return 'PostgreSQL (DATABASE_URL)';
  }
  const dir = pgliteDir(config);
  if (!existsSync(dir) || readdirSync(dir).length === 0)
    throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const db = await PGlite.create(dir);
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  return `embedded PGlite in ${dir}`;
}

/** True when the PostgreSQL database has any table of ours (a restore would overwrite it). */
async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Restores `file` into the configured database; answers what was restored. */
export async function restore(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  opts: { force: boolean },
): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  if (config.databaseUrl) {
    if (!opts.force && (await postgresHasData(config.databaseUrl)))
      throw new BackupError(
        'The target PostgreSQL database is not empty. Restore into an empty database, or add --force to replace what it holds.',
      );
    // One transaction: a failed restore leaves the database as it was. --clean drops what the dump
    // recreates, so --force replaces the tables rather than failing on them.
    await run('pg_restore', [
      '--no-owner',
      '--single-transaction',
      ...(opts.force ? ['--clean', '--if-exists'] : []),
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
    return 'PostgreSQL (DATABASE_URL)';
  }
  const dir = pgliteDir(config);
  const occupied = existsSync(dir) && readdirSync(dir).length > 0;
  if (occupied && !opts.force)
    throw new BackupError(
      `The embedded database in ${dir} is not empty. Add --force to replace it (it is kept beside as a copy).`,
    );
  // The current folder is moved aside, not deleted: --force is recoverable.
  const aside = occupied ? `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : null;
  if (aside) renameSync(dir, aside);
  try {
    const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
    await db.query('SELECT 1');
    await db.close();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (aside) renameSync(aside, dir);
    throw error;
  }
  return `embedded PGlite in ${dir}${aside ? ` (the previous one is in ${aside})` : ''}`;
}
