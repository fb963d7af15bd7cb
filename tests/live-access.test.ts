import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { type App, buildApp } from '../server/app';
import { hashToken } from '../server/areas/platform/session.service';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { createEmployee } from '../server/db/seed';
import { InProcessBackplane } from '../server/feed/backplane';
import { type DroppedTopic, HUB_DROPPED_TARGET } from '../src/app/hub-events';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

interface Node {
  app: App;
  api: Wire;
  hubUrl: string;
}

/**
 * Two server processes over one database and one backplane (in-process here: what each process does
 * with a backplane message is the same whichever carries it; tests/redis-catchup.test.ts uses Redis).
 */
async function twoNodes(db: Database, sessionCheckMs: number) {
  const backplane = new InProcessBackplane();
  const nodes: Node[] = [];
  for (let i = 0; i < 2; i++) {
    // One HUB_SECRET, as every process behind one load balancer must share.
    const config = {
      ...loadConfig({ ...process.env, HUB_SECRET: 'live-access-test-secret-0123456789abcdef' }),
      clientDir: '/nonexistent',
    };
    const app = await buildApp(db, config, {
      logger: false,
      backplane,
      compaction: false,
      hub: { sessionCheckMs },
    });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    nodes.push({ app, api: wire(`http://127.0.0.1:${port}/api/`), hubUrl: `http://127.0.0.1:${port}/hub` });
  }
  return {
    a: nodes[0]!,
    b: nodes[1]!,
    async close() {
      for (const n of nodes) await n.app.fastify.close();
      await backplane.close();
    },
  };
}

/** An official client on `node`'s hub, recording what it receives and how it ended. */
async function connect(node: Node, token: string) {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${node.hubUrl}?interface=test`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => token,
    })
    .configureLogging(LogLevel.None)
    .build();
  const changes: ChangeItem[] = [];
  const dropped: DroppedTopic[] = [];
  let closed: { error: string | null } | null = null;
  connection.on('changes', (items: ChangeItem[]) => changes.push(...items));
  // The client's own target name: what the app listens to is what the hub sends.
  connection.on(HUB_DROPPED_TARGET, (items: DroppedTopic[]) => dropped.push(...items));
  connection.onclose((error) => {
    closed = { error: error ? error.message : null };
  });
  await connection.start();
  return {
    connection,
    changes,
    dropped,
    closed: () => closed as { error: string | null } | null,
  };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Issue 14 §2: live access follows the session and the flags, on every node. */
describe.skipIf(!dbAvailable)(`live access follows the session and the flags (${dbKind})`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    // Plant 6 payroll people of our own: a watcher whose flags are taken away, and a writer.
    const people = [
      { employeeId: 9301, userName: 'paywatch6', flags: ['viewPayroll', 'editPayroll'] },
      { employeeId: 9302, userName: 'paywrite6', flags: ['viewPayroll', 'editPayroll'] },
    ];
    for (const p of people) {
      await createEmployee(db, {
        employeeId: p.employeeId,
        userName: p.userName,
        password: p.userName,
        firstName: 'Pay',
        lastName: p.userName,
        title: 'Test',
        plantId: 6,
        flags: p.flags as never,
      });
    }
  }, 180_000);
  afterAll(async () => {
    await drop?.();
  });

  describe('announced over the backplane (no periodic check in time)', () => {
    let nodes: Awaited<ReturnType<typeof twoNodes>>;
    beforeAll(async () => {
      // A minute between checks: what happens here within seconds is the backplane's doing.
      nodes = await twoNodes(db, 60_000);
    }, 60_000);
    afterAll(() => nodes?.close());

    it('flags taken away on node A: node B drops the payroll topic, says why, sends no more of it and refuses it again', async () => {
      const { a, b } = nodes;
      const admin = await a.api.login('admin');
      const watcher = await a.api.login('paywatch6');
      const writer = await a.api.login('paywrite6');
      const client = await connect(b, watcher.token);
      try {
        await client.connection.invoke('Subscribe', ['payroll:6', 'employee:9301']);

        // A payroll record of the watcher's plant to write to.
        const monday = '2026-11-02';
        const list = await a.api.get<
          Array<{
            Employee: { EmployeeID: number };
            PayrollWeeks: Array<{ PayrollDates: Array<{ Payroll: { PayrollID: number } }> }>;
          }>
        >('web/GetPayroll', { PlantID: 6, WeekStart: monday, Weeks: 1 }, writer);
        expect(list.envelope.Error, list.envelope.Message).toBe(false);
        const payrollId = list.result.find((p) => p.Employee.EmployeeID === 9301)!.PayrollWeeks[0]!
          .PayrollDates[0]!.Payroll.PayrollID;
        const note = (Value: string, who: Login = writer) =>
          a.api.post('web/SavePayrollEntry', { PayrollID: payrollId, FieldName: 'Notes', Value }, who);

        expect((await note('before')).envelope.Error).toBe(false);
        const notesSeen = () =>
          client.changes
            .filter((c) => c.topic === 'payroll:6')
            .map((c) => JSON.stringify(c.doc))
            .join(' ');
        await until(() => notesSeen().includes('before'), 'the first payroll change');

        for (const FieldName of ['ViewPayroll', 'EditPayroll']) {
          const reply = await a.api.post(
            'web/UpdateEmployee',
            { EmployeeID: 9301, FieldName, Value: false },
            admin,
          );
          expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
        }
        // At once, not at a periodic check: the next Subscribe is already refused.
        await expect(client.connection.invoke('Subscribe', ['payroll:6'])).rejects.toThrow(/permission/);
        await until(() => client.dropped.length > 0, 'the dropped message');
        expect(client.dropped).toEqual([
          { topic: 'payroll:6', reason: 'You do not have permission to follow payroll.' },
        ]);

        // The next payroll change is not received; a change on a topic still followed (written after
        // it) is, so the payroll one would have arrived by then.
        expect((await note('after, secret')).envelope.Error).toBe(false);
        const title = await a.api.post(
          'web/UpdateEmployee',
          { EmployeeID: 9301, FieldName: 'ShowMyHelp', Value: false },
          admin,
        );
        expect(title.envelope.Error).toBe(false);
        await until(
          () => client.changes.some((c) => c.topic === 'employee:9301' && c.doc?.ShowMyHelp === false),
          'the employee change',
        );
        expect(notesSeen()).not.toContain('secret');
        // The connection itself stays: only the topic went.
        expect(client.closed()).toBeNull();
      } finally {
        await client.connection.stop();
      }
    });

    it('Server-Sent Events and Long Polling negotiated on node A are refused on node B with a message saying why', async () => {
      const { a, b } = nodes;
      const user = await a.api.login('operator');
      const auth = { Authorization: `Bearer ${user.token}` };
      const negotiate = async () => {
        const res = await fetch(`${a.hubUrl}/negotiate?negotiateVersion=1`, {
          method: 'POST',
          headers: auth,
        });
        return ((await res.json()) as { connectionToken: string }).connectionToken;
      };
      const elsewhere = /held by another server node.*sticky sessions.*WebSockets/;

      const sse = await fetch(`${b.hubUrl}?id=${await negotiate()}`, {
        headers: { ...auth, Accept: 'text/event-stream' },
      });
      expect(sse.status).toBe(404);
      expect(sse.statusText).toMatch(elsewhere);

      const poll = await fetch(`${b.hubUrl}?id=${await negotiate()}&_=1`, { headers: auth });
      expect(poll.status).toBe(404);
      expect(poll.statusText).toMatch(elsewhere);

      // A long-polling connection that started on A: its next poll and its sends reaching B.
      const id = await negotiate();
      expect((await fetch(`${a.hubUrl}?id=${id}&_=1`, { headers: auth })).status).toBe(200);
      const send = await fetch(`${b.hubUrl}?id=${id}`, { method: 'POST', headers: auth, body: '{}' });
      expect(send.status).toBe(404);
      expect(send.statusText).toMatch(elsewhere);
      const nextPoll = await fetch(`${b.hubUrl}?id=${id}&_=2`, { headers: auth });
      expect(nextPoll.status).toBe(404);
      expect(nextPoll.statusText).toMatch(elsewhere);
      // A forged or unknown id stays a plain 404.
      const forged = await fetch(`${b.hubUrl}?id=nope.nope&_=1`, { headers: auth });
      expect(forged.statusText).not.toMatch(elsewhere);
      await fetch(`${a.hubUrl}?id=${id}`, { method: 'DELETE', headers: auth });
    });

    it('logout on node A closes the connection on node B at once, and B forgets the cached session', async () => {
      const { a, b } = nodes;
      const user = await a.api.login('operator');
      // B reads the session (and keeps it for a few seconds)...
      expect((await b.api.get('web/GetSession', {}, user)).status).toBe(200);
      const client = await connect(b, user.token);
      expect((await a.api.post('web/Logout', {}, user)).status).toBe(200);
      // ... and refuses the token right after the logout, within the cache's lifetime.
      expect((await b.api.get('web/GetSession', {}, user)).status).toBe(401);
      await until(() => client.closed() !== null, 'the close', 2000);
      expect(client.closed()!.error).toMatch(/logged out/);
    });
  });

  describe('found by the periodic check on every node (no message at all)', () => {
    let nodes: Awaited<ReturnType<typeof twoNodes>>;
    beforeAll(async () => {
      nodes = await twoNodes(db, 250);
    }, 60_000);
    afterAll(() => nodes?.close());

    it('absolute expiry, idle expiry and a revocation whose message was lost close their connections within seconds; others stay', async () => {
      const { a, b } = nodes;
      const logins = await Promise.all([1, 2, 3, 4].map(() => a.api.login('scheduler')));
      const clients = await Promise.all(logins.map((l, i) => connect(i % 2 ? b : a, l.token)));
      try {
        const session = (l: Login) => hashToken(l.token);
        await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
          session(logins[0]!),
        ]);
        await db.query(
          `UPDATE sessions SET last_seen_at = now() - interval '13 hours' WHERE token_hash = $1`,
          [session(logins[1]!)],
        );
        await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1`, [session(logins[2]!)]);

        await until(() => clients.slice(0, 3).every((c) => c.closed() !== null), 'three closes', 3000);
        expect(clients.slice(0, 3).map((c) => c.closed()!.error)).toEqual([
          expect.stringMatching(/expired/),
          expect.stringMatching(/expired/),
          expect.stringMatching(/ended/),
        ]);
        // Their tokens are refused (the client goes to Login, as after any 401).
        for (const l of logins.slice(0, 3))
          expect((await b.api.get('web/GetSession', {}, l)).status).toBe(401);
        // The untouched session keeps its connection.
        await new Promise((r) => setTimeout(r, 600));
        expect(clients[3]!.closed()).toBeNull();
        expect(await clients[3]!.connection.invoke('Echo', 'still here')).toBe('still here');
      } finally {
        await Promise.all(clients.map((c) => c.connection.stop()));
      }
    });

    it('flags changed straight in the database (no message) are applied at the next check', async () => {
      const { a, b } = nodes;
      await db.query(
        'UPDATE employees SET view_payroll = true, edit_payroll = true WHERE employee_id = 9301',
      );
      const watcher = await a.api.login('paywatch6');
      const client = await connect(b, watcher.token);
      try {
        await client.connection.invoke('Subscribe', ['payroll:6']);
        await db.query(
          'UPDATE employees SET view_payroll = false, edit_payroll = false WHERE employee_id = 9301',
        );
        await until(() => client.dropped.length > 0, 'the dropped message', 3000);
        expect(client.dropped.map((d) => d.topic)).toEqual(['payroll:6']);
        await expect(client.connection.invoke('Subscribe', ['payroll:6'])).rejects.toThrow(/permission/);
      } finally {
        await client.connection.stop();
      }
    });
  });
});
