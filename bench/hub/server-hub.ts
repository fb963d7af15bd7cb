// Peer: our hub, measured from the write's commit to receipt. Each broadcast is a real write: a
// transaction appends the change to the change log (per-topic sequence), commits, and the backplane
// hands it to the hub, which sends the projected document to every subscriber of the topic.
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPglite } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { appendChanges } from '../../server/feed/feed.service';
import { runCommands } from './commands';
import { payload } from './protocol';

process.env.SCRYPT_LOG_N ??= '10';
const db = await openPglite();
await migrate(db);
await seedDemo(db);
const app = await buildApp(
  db,
  { ...loadConfig(), clientDir: '/nonexistent', logLevel: 'warn' },
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
const topic = 'employee:1001';
console.log(JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}/hub`, token, topic }));

// Each change is a real write (commit, then the backplane) unless the burst says commit: false, which
// hands already-sequenced changes to the backplane: the hub's fan-out alone. BENCH_HUB_FANOUT_ONLY=1
// makes every send fan-out only.
const fanOutOnly = process.env.BENCH_HUB_FANOUT_ONLY === '1';
runCommands(async (i, commit) => {
  const doc = payload(i) as unknown as Record<string, unknown>;
  const changes =
    fanOutOnly || !commit
      ? [{ topic, seq: 1_000_000 + i, collection: 'employees', id: '1001', doc, origin: null }]
      : await db.transaction((tx) =>
          appendChanges(tx, [{ topic, collection: 'employees', id: '1001', doc }], null),
        );
  await app.backplane.publish({ kind: 'changes', changes });
});
