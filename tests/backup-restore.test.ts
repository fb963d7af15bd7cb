import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../server/db/database';
import { dbAvailable, dbKind, freshDatabase } from './support/server';

const root = new URL('..', import.meta.url).pathname;

/** `npm run backup` / `npm run restore` exactly as an operator runs them: the CLI in its own process. */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, `server/cli/${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Issue 14 §5: back up, change something, restore, the change is gone; a non-empty target needs --force. */
describe.skipIf(!dbAvailable)(`backup and restore (${dbKind})`, () => {
  const work = mkdtempSync(join(tmpdir(), 'sw-backup-'));
  const file = join(work, 'steelworks.backup');
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (dbKind === 'postgres') {
      const fresh = await freshDatabase();
      await fresh.db.close();
      env = { DATABASE_URL: fresh.url! };
      drop = fresh.drop;
    } else {
      env = { DATA_DIR: join(work, 'data') };
      mkdirSync(join(work, 'data', 'pglite'), { recursive: true });
    }
    // The database itself, as the CLI finds it (a plain PGlite folder needs no migrations to be backed
    // up, and skipping them keeps this test fast).
    open = () =>
      env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : openPglite(join(env.DATA_DIR!, 'pglite'));
    // The database as it is at backup time: a marker row.
    const db = await open();
    await db.query('CREATE TABLE backup_marker (topic text PRIMARY KEY, seq int NOT NULL)');
    await db.query("INSERT INTO backup_marker (topic, seq) VALUES ('backup-test', 1)");
    await db.close();
  }, 120_000);
  afterAll(async () => {
    // freshDatabase's drop closes its pool (already closed) then drops the database.
    await drop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  const markers = async () => {
    const db = await open();
    try {
      return await db.query<{ topic: string; seq: number }>(
        "SELECT topic, seq FROM backup_marker WHERE topic LIKE 'backup-test%' ORDER BY topic",
      );
    } finally {
      await db.close();
    }
  };

  it('restores the backed-up state: later changes are gone', async () => {
    const b = cli('backup', [file], env);
    expect(b.out).toContain('Backed up');
    expect(b.code).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(1000);

    // Changes after the backup.
    const db = await open();
    await db.query("UPDATE backup_marker SET seq = 2 WHERE topic = 'backup-test'");
    await db.query("INSERT INTO backup_marker (topic, seq) VALUES ('backup-test-later', 7)");
    await db.close();
    expect(await markers()).toEqual([
      { topic: 'backup-test', seq: 2 },
      { topic: 'backup-test-later', seq: 7 },
    ]);

    // A target holding data is refused without --force, and left as it was.
    const refused = cli('restore', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is not empty.*--force/);
    expect(await markers()).toHaveLength(2);

    const r = cli('restore', [file, '--force'], env);
    expect(r.out).toContain('Restored');
    expect(r.code).toBe(0);
    expect(await markers()).toEqual([{ topic: 'backup-test', seq: 1 }]);
  }, 240_000);

  it('a missing file or argument is refused with a sentence', () => {
    const missing = cli('restore', [join(work, 'nope')], env);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('There is no backup file');
    expect(cli('backup', [], env)).toMatchObject({ code: 2 });
  }, 60_000);
});
