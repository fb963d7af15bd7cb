import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { demoEmployees, seedDemo } from './db/seed';

const config = loadConfig();
const db = await openDatabase(config);
// The embedded default is for trying the product: it gets demo data on first start. A PostgreSQL
// database gets none unless `npm run seed:demo` is run.
const seeded = db.kind === 'pglite' ? await seedDemo(db, { production: 'full' }) : false;
const { fastify } = await buildApp(db, config);
await fastify.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}/`;
const where = db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(`\nSteelworks is running at ${url} on ${where}${seeded ? ' (demo data seeded)' : ''}.`);
if (db.kind === 'pglite') {
  console.log('Demo logins (password = user name):');
  for (const e of demoEmployees)
    console.log(`  ${e.userName.padEnd(11)} ${e.firstName} ${e.lastName}, ${e.title}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await fastify.close();
    await db.close();
    process.exit(0);
  });
}
