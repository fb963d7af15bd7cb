// npm run restore -- <file> [--force]: restores a backup made by `npm run backup` into the configured
// database. Refuses a database that holds data unless --force (PGlite: the old folder is kept beside;
// PostgreSQL: one transaction). Stop the server first. server/ops/backup.ts has the rules.
import { loadConfig } from '../config';
import { BackupError, restore } from '../ops/backup';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
try {
  const what = await restore(loadConfig(), file, { force: args.includes('--force') });
  console.log(`Restored ${file} into ${what}.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
