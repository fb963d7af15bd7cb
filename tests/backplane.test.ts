import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { type App, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import {
  type Backplane,
  type BackplaneLog,
  type BackplaneMessage,
  InProcessBackplane,
  RedisBackplane,
} from '../server/feed/backplane';
import { redisReachable, redisUrl } from './support/redis';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { wire } from './support/wire';

/** False when no Redis answers: the Redis tests are skipped, and say so. */
const redisAvailable = await redisReachable();
if (!redisAvailable)
  console.warn(`Redis is not reachable at ${redisUrl}: the Redis backplane tests are SKIPPED.`);

/** A channel of its own per run and per test, so parallel runs (pglite and postgres projects) never cross. */
const channel = () => `steelworks:test:${process.pid}:${randomBytes(6).toString('hex')}`;

const change = (seq: number): ChangeItem => ({
  topic: 'test:backplane',
  seq,
  collection: 'things',
  id: String(seq % 7),
  doc: seq % 5 === 0 ? null : { seq, text: 'é ✓' },
  origin: 'conn-1',
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));

function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const log: BackplaneLog = {
    info: (_o, msg) => lines.push({ level: 'info', msg }),
    warn: (_o, msg) => lines.push({ level: 'warn', msg }),
    error: (_o, msg) => lines.push({ level: 'error', msg }),
  };
  return { log, lines };
}

describe('InProcessBackplane', () => {
  it('delivers each message once to every listener, in order, and stops after unsubscribe and close', async () => {
    const bp = new InProcessBackplane();
    const a: BackplaneMessage[] = [];
    const b: BackplaneMessage[] = [];
    const offA = bp.subscribe((m) => a.push(m));
    bp.subscribe((m) => b.push(m));
    const sent: BackplaneMessage[] = [
      { kind: 'changes', changes: [change(1), change(2)] },
      { kind: 'closeSession', sessionId: 's-1' },
      { kind: 'closeEmployee', employeeId: 1005 },
    ];
    for (const m of sent) await bp.publish(m);
    expect(a).toEqual(sent);
    expect(b).toEqual(sent);
    offA();
    await bp.publish({ kind: 'closeSession', sessionId: 's-2' });
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(4);
    await bp.close();
    await bp.publish({ kind: 'closeSession', sessionId: 's-3' });
    expect(b).toHaveLength(4);
  });

  it('a listener that throws is logged and does not stop the others', async () => {
    const { log, lines } = recordingLog();
    const bp = new InProcessBackplane({ log });
    const got: BackplaneMessage[] = [];
    bp.subscribe(() => {
      throw new Error('listener bug');
    });
    bp.subscribe((m) => got.push(m));
    await expect(bp.publish({ kind: 'closeEmployee', employeeId: 1 })).resolves.toBeUndefined();
    expect(got).toHaveLength(1);
    expect(lines).toEqual([{ level: 'error', msg: 'backplane listener failed' }]);
  });
});

describe('RedisBackplane while Redis is down', () => {
  it('a publish does not throw: it is logged, and this process still gets its own message', async () => {
    const { log, lines } = recordingLog();
    // Nothing listens on port 1.
    const bp = new RedisBackplane({ url: 'redis://127.0.0.1:1', channel: channel(), log, connectWaitMs: 50 });
    const got: BackplaneMessage[] = [];
    bp.subscribe((m) => got.push(m));
    try {
      await expect(bp.publish({ kind: 'closeSession', sessionId: 's-down' })).resolves.toBeUndefined();
      expect(got).toEqual([{ kind: 'closeSession', sessionId: 's-down' }]);
      expect(lines.some((l) => l.level === 'warn' && /publish failed/.test(l.msg))).toBe(true);
    } finally {
      await bp.close();
    }
  });
});

describe.skipIf(!redisAvailable)('RedisBackplane', () => {
  const open: Backplane[] = [];
  const make = async (name: string) => {
    const bp = new RedisBackplane({ url: redisUrl, channel: name });
    open.push(bp);
    await bp.ready();
    return bp;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bp) => bp.close()));
  });

  it('100 messages from one instance arrive at the other exactly once and in order, and once at home', async () => {
    const name = channel();
    const a = await make(name);
    const b = await make(name);
    const atA: BackplaneMessage[] = [];
    const atB: BackplaneMessage[] = [];
    a.subscribe((m) => atA.push(m));
    b.subscribe((m) => atB.push(m));

    const sent: BackplaneMessage[] = Array.from({ length: 100 }, (_, i) =>
      i % 10 === 9
        ? { kind: 'closeEmployee', employeeId: i }
        : { kind: 'changes', changes: [change(i + 1), change(i + 1000)] },
    );
    // Not awaited one by one: the publishes overlap, and still arrive in the order they were made.
    await Promise.all(sent.map((m) => a.publish(m)));
    await until(() => atB.length >= sent.length);
    await settle();
    expect(atB).toEqual(sent);
    // Delivered at home directly; the echo from Redis is not delivered a second time.
    expect(atA).toEqual(sent);

    // And the other way.
    await b.publish({ kind: 'closeSession', sessionId: 'from-b' });
    await until(() => atA.length === 101);
    await settle();
    expect(atA.at(-1)).toEqual({ kind: 'closeSession', sessionId: 'from-b' });
    expect(atB).toHaveLength(101);
  });

  it('another channel hears nothing', async () => {
    const a = await make(channel());
    const other = await make(channel());
    const heard: BackplaneMessage[] = [];
    other.subscribe((m) => heard.push(m));
    await a.publish({ kind: 'closeSession', sessionId: 'x' });
    await settle();
    expect(heard).toEqual([]);
  });

  it('ignores a message on the channel that is not a backplane message', async () => {
    const name = channel();
    const { log, lines } = recordingLog();
    const bp = new RedisBackplane({ url: redisUrl, channel: name, log });
    open.push(bp);
    await bp.ready();
    const heard: BackplaneMessage[] = [];
    bp.subscribe((m) => heard.push(m));
    const raw = new Redis(redisUrl);
    try {
      await raw.publish(name, '{"hello":"world"}');
      await raw.publish(name, 'not json');
    } finally {
      raw.disconnect();
    }
    await until(() => lines.length >= 2);
    expect(heard).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual([
      'backplane: ignored a message that is not ours',
      'backplane: ignored a message that is not ours',
    ]);
  });
});

/**
 * Two server processes (two apps over one database, each with its own Redis connection): a write on
 * one reaches the other's backplane listeners, and the other serves it through sync/Pull.
 */
describe.skipIf(!redisAvailable || !dbAvailable)(`two nodes over Redis (${dbKind})`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  const nodes: Array<{ app: App; backplane: RedisBackplane; url: string }> = [];

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    const name = channel();
    for (let i = 0; i < 2; i++) {
      const backplane = new RedisBackplane({ url: redisUrl, channel: name });
      await backplane.ready();
      const config = { ...loadConfig({ ...process.env, REDIS_URL: redisUrl }), clientDir: '/nonexistent' };
      const app = await buildApp(db, config, { logger: false, backplane, compaction: false });
      await app.fastify.listen({ port: 0, host: '127.0.0.1' });
      const address = app.fastify.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      nodes.push({ app, backplane, url: `http://127.0.0.1:${port}/api/` });
    }
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.fastify.close();
      await node.backplane.close();
    }
    await drop?.();
  });

  it('an update on node A is published on node B (once) and B serves it through sync/Pull', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    expect(a.app.backplane).toBe(a.backplane);
    const atA: BackplaneMessage[] = [];
    const atB: BackplaneMessage[] = [];
    a.app.backplane.subscribe((m) => atA.push(m));
    b.app.backplane.subscribe((m) => atB.push(m));

    const apiA = wire(a.url);
    const apiB = wire(b.url);
    const operator = await apiA.login('operator');
    const reply = await apiA.post(
      'web/UpdateEmployee',
      { EmployeeID: 1005, FieldName: 'ShowMyHelp', Value: false },
      { ...operator, headers: { ConnectionID: 'conn-on-a' } },
    );
    expect(reply.envelope.Error).toBe(false);
    await until(() => atB.length >= 2);
    await settle();
    const expected = [
      {
        kind: 'changes',
        changes: [expect.objectContaining({ topic: 'employee:1005', seq: 1, origin: 'conn-on-a' })],
      },
      // Every process drops the employee's cached sessions and re-checks their hub topics (issue 14 §2).
      {
        kind: 'accessChanged',
        employeeId: 1005,
        plantId: 19,
        flags: ['accessManufacturing'],
      },
    ];
    expect(atB).toEqual(expected);
    expect(atA).toEqual(expected);

    // The same token works on B (sessions live in the database), and B answers the change.
    const pulled = await apiB.get<{ documents: ChangeItem[]; latestSeq: number }>(
      'sync/Pull',
      { Topic: 'employee:1005', Since: 0 },
      operator,
    );
    expect(pulled.result.latestSeq).toBe(1);
    expect(pulled.result.documents[0]?.doc).toMatchObject({ ShowMyHelp: false });

    // Logging out on B tells A (which may hold this session's hub connections).
    await apiB.post('web/Logout', {}, operator);
    await until(() => atA.some((m) => m.kind === 'closeSession'));
  });
});
