// npm run migrate: apply pending migrations to the configured database (the server also does this at start).
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';

const db = await openDatabase(loadConfig());
console.log('Database is up to date.');
await db.close();
