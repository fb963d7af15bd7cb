import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { demoEmployees, seedDemo } from './db/seed';
import { maintenanceDemoPeople } from './db/seed-maintenance';
import { PAINTER } from './db/seed-painting';
import { shopfloorDemoPeople } from './db/seed-shopfloor';

const config = loadConfig();
const db = await openDatabase(config);
// The embedded default is for trying the product: it gets demo data on first start. A PostgreSQL
// database gets none unless `npm run seed:demo` is run.
const seeded = db.kind === 'pglite' ? await seedDemo(db, { production: 'full' }) : false;
const { fastify, ops } = await buildApp(db, config);
await fastify.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}/`;
const where = db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(`\nSteelworks is running at ${url} on ${where}${seeded ? ' (demo data seeded)' : ''}.`);
if (db.kind === 'pglite') {
  console.log('Demo logins (password = user name):');
  for (const e of demoEmployees)
    console.log(`  ${e.userName.padEnd(11)} ${e.firstName} ${e.lastName}, ${e.title}`);
  // The shop floor's own people (issue 15: a newcomer looking for the tablet app finds them here too).
  console.log('Shop-floor people of Long Valley (plant 1), same password rule:');
  for (const e of [...shopfloorDemoPeople, ...maintenanceDemoPeople.filter((m) => (m.plantId ?? 1) === 1)])
    console.log(`  ${e.userName.padEnd(11)} ${e.firstName} ${e.lastName}, ${e.title}`);
  console.log(`  ${PAINTER.userName.padEnd(11)} Julia Reyes, Paint Line Operator`);
}

/**
 * Graceful shutdown (issue 14 §5), on SIGTERM (an orchestrator, a rolling restart) or SIGINT:
 * 1. /readyz answers 503 at once, so a load balancer stops sending new work here;
 * 2. after SHUTDOWN_DELAY_MS (default 0; set it to the load balancer's probe interval) new calls are
 *    refused with 503 and calls in flight finish their transactions and answer (server/ops, at most
 *    SHUTDOWN_TIMEOUT_MS, default 25 s);
 * 3. the hub sends every connection Close with allowReconnect, so clients reconnect to another process
 *    and catch up with sync/Pull; owed KPI documents are published; the backplane closes;
 * 4. the database closes and the process exits 0. Past the timeouts it exits 1 rather than hang.
 */
const delayMs = Number(process.env.SHUTDOWN_DELAY_MS) || 0;
const drainMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down gracefully.`);
    ops.notReady();
    setTimeout(
      () => {
        console.error('Shutdown did not finish in time; exiting.');
        process.exit(1);
      },
      delayMs + drainMs + 15_000,
    ).unref();
    try {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      await fastify.close();
      await db.close();
      console.log('Shut down.');
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  });
}
