// npm run backup -- <file>: a backup of the configured database (PostgreSQL with DATABASE_URL: a
// pg_dump custom-format file; else the embedded PGlite under DATA_DIR: a gzipped tarball; stop the
// server first). server/ops/backup.ts has the rules.
import { loadConfig } from '../config';
import { BackupError, backup } from '../ops/backup';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
try {
  const what = await backup(loadConfig(), file);
  console.log(`Backed up ${what} to ${file}.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
