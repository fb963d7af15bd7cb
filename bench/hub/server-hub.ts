// Peer: our hub as the product runs it (buildApp: Fastify, the hub at /hub, the in-process backplane,
// embedded PGlite in this process). A message is either a real write — a transaction appends its changes
// to the change log (per-topic sequence) and commits, then the backplane hands the sequenced items to the
// hub, as the call pipeline does after commit — or, for the fan-out-only rate, items that are already
// sequenced published on the backplane. The latency reference is the moment the transaction committed.
//
//   server-hub.ts <dataDir> prepare   migrate + seed the demo data into dataDir, then exit
//   server-hub.ts <dataDir>           serve a prepared dataDir (the run gives each round a fresh copy)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPglite } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { appendChanges } from '../../server/feed/feed.service';
import { runCommands } from './commands';
import { changeItem, doc, now, TOPIC } from './protocol';

process.env.SCRYPT_LOG_N ??= '10';
const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: server-hub.ts <dataDir> [prepare]');

const db = await openPglite(dataDir);
if (mode === 'prepare') {
  await migrate(db);
  await seedDemo(db);
  await db.close();
  writeFileSync(join(dataDir, 'bench-prepared'), '');
  console.log(JSON.stringify({ prepared: true }));
  process.exit(0);
}

const app = await buildApp(
  db,
  { ...loadConfig(), dataDir, clientDir: '/nonexistent', logLevel: 'warn' },
  { logger: false },
);
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const login = await fetch(`http://127.0.0.1:${port}/api/web/Login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ UserName: 'admin', Password: 'admin' }),
});
const token = JSON.parse((await login.json()).ResultJSON).TokenID as string;
console.log(JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}/hub`, token, topic: TOPIC }));

// Every hub connection is a presence write (hub_connections and the `connections` topic, one PGlite
// transaction each, one after another). 500 of them are still being written for a while after the
// clients are connected; measuring then would time that backlog, not the hub. The bench waits for them.
const settle = async (connections: number) => {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hub_connections');
    if ((row?.n ?? 0) >= connections) return;
    await new Promise((r) => setTimeout(r, 200));
  }
};

runCommands(async (first, count, commit) => {
  if (!commit) {
    const items = Array.from({ length: count }, (_, k) => changeItem(first + k));
    const emittedAt = now();
    await app.backplane.publish({ kind: 'changes', changes: items });
    return emittedAt;
  }
  const changes = await db.transaction((tx) =>
    appendChanges(
      tx,
      Array.from({ length: count }, (_, k) => ({
        topic: TOPIC,
        collection: 'employees',
        id: '1001',
        doc: doc(first + k),
      })),
      null,
    ),
  );
  const committedAt = now();
  await app.backplane.publish({ kind: 'changes', changes });
  return committedAt;
}, settle);
