// npm run seed:demo: put the demo people, translations and help links into the configured database
// (DATABASE_URL, or the embedded PGlite under DATA_DIR). Does nothing when the demo employees exist already.
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { demoEmployees, seedDemo } from '../db/seed';

const db = await openDatabase(loadConfig());
const seeded = await seedDemo(db, { production: 'full' });
await db.close();
if (seeded) {
  console.log(`Seeded ${demoEmployees.length} demo employees (password = user name):`);
  for (const e of demoEmployees) console.log(`  ${e.userName}`);
} else {
  console.log('The demo employees exist already: nothing seeded.');
}
