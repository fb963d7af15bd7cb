import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../domain/contract/call';
import type { Envelope } from '../domain/contract/wire';
import { type ChangeItem, SyncPull } from '../domain/live/changes';
import { EmployeeDoc } from '../domain/live/docs';
import { hashToken } from '../server/areas/platform/session.service';
import type { BackplaneMessage } from '../server/feed/backplane';
import { appendChanges, compact, latestSeqs, pull } from '../server/feed/feed.service';
import { invalid } from '../server/rpc/errors';
import { compressPosts, newPostId, transport } from './support/contract';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

type Pulled = z.infer<typeof SyncPull.result>;
interface BatchResult {
  Path: string;
  PostID: string | null;
  Status: 'applied' | 'failed' | 'skipped';
  Envelope: Envelope | null;
}
interface LogRow {
  seq: number;
  collection: string;
  doc_id: string;
  doc: Record<string, unknown> | null;
  origin: string | null;
}

/** Test-only calls, registered on the running app, to reach the pipeline paths no platform call takes. */
const PublishThenFail = defineCall({
  method: 'POST',
  path: 'test/PublishThenFail',
  summary: 'Publishes a change, then refuses.',
  access: 'user',
  payload: z.object({ Topic: z.string() }),
  result: z.null(),
});
const PublishFromGet = defineCall({
  method: 'GET',
  path: 'test/PublishFromGet',
  summary: 'A GET that tries to publish.',
  access: 'user',
  payload: z.object({ Topic: z.string() }),
  result: z.null(),
});

describe.skipIf(!dbAvailable)(`change feed (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  /** admin 1001: employee administrator. */
  let admin: { token: string; employeeId: number };
  /** operator 1005: may change only their own Language, ShowMyHelp. */
  let operator: { token: string; employeeId: number };
  const messages: BackplaneMessage[] = [];

  const log = async (topic: string) =>
    server.db.query<LogRow>(
      'SELECT seq, collection, doc_id, doc, origin FROM change_log WHERE topic = $1 ORDER BY seq',
      [topic],
    );
  const update = (
    who: { token: string; employeeId: number },
    EmployeeID: number,
    FieldName: string,
    Value: unknown,
    extra: { connectionId?: string; PostID?: string } = {},
  ) =>
    api.post(
      'web/UpdateEmployee',
      { EmployeeID, FieldName, Value, ...(extra.PostID ? { PostID: extra.PostID } : {}) },
      { ...who, headers: extra.connectionId ? { ConnectionID: extra.connectionId } : {} },
    );
  const pullHttp = (who: { token: string; employeeId: number }, values: Record<string, unknown>) =>
    api.get<Pulled>('sync/Pull', values, who);

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    operator = await api.login('operator');
    // accessChanged (every employee update, issue 14 §2) is tested in live-access and backplane tests.
    server.app.backplane.subscribe((m) => {
      if (m.kind !== 'accessChanged') messages.push(m);
    });
    // Test-only calls have no entry in the plant-scope table (server/rpc/plant-scope.ts).
    const testOnly = { plant: { none: 'a call only this test registers' } };
    server.app.registry.handle(
      PublishThenFail,
      async ({ publish, payload }) => {
        publish({ topic: payload.Topic, collection: 'things', id: '1', doc: { n: 1 } });
        throw invalid('Refused after publishing.');
      },
      testOnly,
    );
    server.app.registry.handle(
      PublishFromGet,
      async ({ publish, payload }) => {
        publish({ topic: payload.Topic, collection: 'things', id: '1', doc: { n: 1 } });
        return null;
      },
      testOnly,
    );
  });
  afterAll(() => server?.close());

  describe('appending (web/UpdateEmployee on employee:{id})', () => {
    it('numbers the changes of a topic 1, 2, 3 with the ConnectionID as origin and the updated record as doc', async () => {
      expect(await log('employee:1005')).toEqual([]);
      for (const [field, value] of [
        ['Language', 'en'],
        ['ShowMyHelp', false],
        ['Language', 'es'],
      ] as const) {
        const reply = await update(operator, 1005, field, value, { connectionId: 'conn-operator-1' });
        expect(reply.envelope.Error).toBe(false);
      }
      const rows = await log('employee:1005');
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
      expect(rows.every((r) => r.collection === 'employees' && r.doc_id === '1005')).toBe(true);
      expect(rows.map((r) => r.origin)).toEqual(['conn-operator-1', 'conn-operator-1', 'conn-operator-1']);
      // Each doc is the record as that write left it: the user record without the token, plus Active.
      const docs = rows.map((r) => EmployeeDoc.parse(r.doc));
      expect(docs.map((d) => [d.Language, d.ShowMyHelp])).toEqual([
        ['en', true],
        ['en', false],
        ['es', false],
      ]);
      expect(docs[2]).toMatchObject({ EmployeeID: 1005, Name: 'Luis Romero', PlantID: 19, Active: true });
      expect(docs[2]).not.toHaveProperty('TokenID');
      expect(docs[2]).toHaveProperty('AccessManufacturing', true);
      // The head follows the log.
      expect(await latestSeqs(server.db, ['employee:1005', 'employee:424242'])).toEqual({
        'employee:1005': 3,
        'employee:424242': 0,
      });
    });

    it('appends in the transaction of the write (same transaction time as the row) and publishes after commit', async () => {
      messages.length = 0;
      const reply = await update(admin, 1004, 'Title', 'Night Shift Supervisor', {
        connectionId: 'conn-admin',
      });
      expect(reply.envelope.Error).toBe(false);
      const [row] = await server.db.query<{ same: boolean }>(
        `SELECT c.committed_at = e.updated_at AS same FROM change_log c, employees e
          WHERE c.topic = 'employee:1004' AND e.employee_id = 1004 ORDER BY c.seq DESC LIMIT 1`,
      );
      // now() is the transaction's start time: equal only when both were written by one transaction.
      expect(row?.same).toBe(true);
      const [entry] = await log('employee:1004');
      expect(messages).toEqual([
        {
          kind: 'changes',
          changes: [
            {
              topic: 'employee:1004',
              seq: 1,
              collection: 'employees',
              id: '1004',
              doc: entry?.doc,
              origin: 'conn-admin',
            },
          ],
        },
      ]);
      expect(entry?.doc).toMatchObject({ EmployeeID: 1004, Name: 'Dana Whitfield' });
    });

    it('a write without a ConnectionID header has a null origin', async () => {
      await update(admin, 1004, 'PhoneNumber', '6105550199');
      expect((await log('employee:1004')).map((r) => r.origin)).toEqual(['conn-admin', null]);
    });

    it('a write refused by validation or by permission appends and publishes nothing', async () => {
      const before = await log('employee:1005');
      messages.length = 0;
      const bad = await update(operator, 1005, 'Language', 'fr');
      expect(bad.envelope.Error).toBe(true);
      const unknownField = await update(operator, 1005, 'Salary', 1);
      expect(unknownField.envelope.Error).toBe(true);
      const forbidden = await update(operator, 1001, 'Language', 'es');
      expect(forbidden.status).toBe(403);
      const notOwnField = await update(operator, 1005, 'FirstName', 'Lou');
      expect(notOwnField.status).toBe(403);
      expect(await log('employee:1005')).toEqual(before);
      expect(await log('employee:1001')).toEqual([]);
      expect(messages).toEqual([]);
    });

    it('a handler that publishes and then fails rolls its change back', async () => {
      messages.length = 0;
      const reply = await api.post('test/PublishThenFail', { Topic: 'test:rollback' }, admin);
      expect(reply.envelope).toMatchObject({ Error: true, Message: 'Refused after publishing.' });
      expect(await log('test:rollback')).toEqual([]);
      expect(await latestSeqs(server.db, ['test:rollback'])).toEqual({ 'test:rollback': 0 });
      expect(messages).toEqual([]);
    });

    it('a GET handler that publishes is a programming error: a server fault, nothing appended', async () => {
      const reply = await api.get('test/PublishFromGet', { Topic: 'test:get' }, admin);
      expect(reply.status).toBe(500);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toMatch(/^Something went wrong on the server \(reference \w+\)/);
      expect(await log('test:get')).toEqual([]);
    });

    it('a repeated PostID appends once', async () => {
      const PostID = newPostId();
      const first = await update(admin, 1003, 'Title', 'Lead Scheduler', { PostID });
      const again = await update(admin, 1003, 'Title', 'Lead Scheduler', { PostID });
      expect(again.envelope).toEqual(first.envelope);
      // The same post again through the queue's batch: answered from the applied post, not re-run.
      const batch = await api.post<BatchResult[]>(
        'web/PostQueueBatch',
        {
          CompressedPosts: compressPosts([
            {
              Path: 'web/UpdateEmployee',
              Body: {
                EmployeeID: 1003,
                FieldName: 'Title',
                Value: 'Lead Scheduler',
                PostID,
                ...transport(null),
              },
            },
          ]),
        },
        admin,
      );
      expect(batch.result.map((r) => r.Status)).toEqual(['applied']);
      expect((await log('employee:1003')).map((r) => r.seq)).toEqual([1]);
    });

    it('two copies of one post racing: the loser publishes nothing (every published seq is in the log)', async () => {
      messages.length = 0;
      for (let i = 0; i < 10; i++) {
        const PostID = newPostId();
        const copies = await Promise.all(
          [0, 1].map(() => update(admin, 1006, 'FirstName', `Jordan${i}`, { PostID, connectionId: 'race' })),
        );
        expect(copies[0]?.envelope).toEqual(copies[1]?.envelope);
      }
      const rows = await log('employee:1006');
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      const published = messages.flatMap((m) => (m.kind === 'changes' ? m.changes : []));
      // A loser's rolled-back seq would be handed out again: publishing it would make clients skip the real one.
      expect(published.map((c) => [c.seq, c.doc?.Name])).toEqual(rows.map((r) => [r.seq, r.doc?.Name]));
    });

    it('a batch appends each applied item in its own transaction and nothing for the rejected one', async () => {
      messages.length = 0;
      const item = (FieldName: string, Value: unknown) => ({
        Path: 'web/UpdateEmployee',
        Body: { EmployeeID: 1002, FieldName, Value, PostID: newPostId(), ...transport(null) },
      });
      const reply = await api.post<BatchResult[]>(
        'web/PostQueueBatch',
        {
          CompressedPosts: compressPosts([
            item('FirstName', 'Priyanka'),
            item('Language', 'fr'),
            item('FirstName', 'Never'),
          ]),
        },
        { ...admin, headers: { ConnectionID: 'conn-batch' } },
      );
      expect(reply.result.map((r) => r.Status)).toEqual(['applied', 'failed', 'skipped']);
      const rows = await log('employee:1002');
      expect(rows.map((r) => [r.seq, r.origin, r.doc?.Name])).toEqual([[1, 'conn-batch', 'Priyanka Mehta']]);
      expect(messages.map((m) => m.kind === 'changes' && m.changes.map((c) => c.seq))).toEqual([[1]]);
    });
  });

  describe('sync/Pull', () => {
    it('answers the changes after Since in order, with the checkpoint and the latest seq', async () => {
      const reply = await pullHttp(operator, { Topic: 'employee:1005', Since: 0 });
      expect(reply.envelope.Error).toBe(false);
      const result = SyncPull.result.parse(reply.result);
      expect(result.documents.map((d) => d.seq)).toEqual([1, 2, 3]);
      expect(result.documents.map((d) => d.doc?.Language)).toEqual(['en', 'en', 'es']);
      expect(result).toMatchObject({ checkpoint: { seq: 3 }, snapshot: false, latestSeq: 3 });
      expect(result.documents[0]).toMatchObject({
        topic: 'employee:1005',
        collection: 'employees',
        id: '1005',
        origin: 'conn-operator-1',
      });

      const after = await pullHttp(operator, { Topic: 'employee:1005', Since: 2 });
      expect(after.result.documents.map((d) => d.seq)).toEqual([3]);
      const upToDate = await pullHttp(operator, { Topic: 'employee:1005', Since: 3 });
      expect(upToDate.result).toEqual({
        documents: [],
        checkpoint: { seq: 3 },
        snapshot: false,
        latestSeq: 3,
      });
    });

    it('pages with Limit', async () => {
      const pages: number[][] = [];
      let since = 0;
      for (let i = 0; i < 5; i++) {
        const { result } = await pullHttp(operator, { Topic: 'employee:1005', Since: since, Limit: 2 });
        expect(result.latestSeq).toBe(3);
        if (!result.documents.length) break;
        pages.push(result.documents.map((d) => d.seq));
        since = result.checkpoint.seq;
      }
      expect(pages).toEqual([[1, 2], [3]]);
    });

    it('refuses Limit over 1000 and a negative Since', async () => {
      const tooMany = await pullHttp(operator, { Topic: 'employee:1005', Since: 0, Limit: 1001 });
      expect(tooMany.envelope.Error).toBe(true);
      expect(tooMany.envelope.Message).toMatch(/Limit/);
      const negative = await pullHttp(operator, { Topic: 'employee:1005', Since: -1 });
      expect(negative.envelope.Error).toBe(true);
    });

    it("refuses another employee's topic to a non-administrator (403 with the reason) and allows it to an administrator", async () => {
      const refused = await pullHttp(operator, { Topic: 'employee:1004', Since: 0 });
      expect(refused.status).toBe(403);
      expect(refused.envelope).toMatchObject({
        Error: true,
        Message: 'You can follow only your own employee record.',
      });
      const allowed = await pullHttp(admin, { Topic: 'employee:1005', Since: 0 });
      expect(allowed.status).toBe(200);
      expect(allowed.result.documents.map((d) => d.seq)).toEqual([1, 2, 3]);
    });

    it('refuses a topic no rule knows, and answers an empty page for a topic with no change yet', async () => {
      const unknown = await pullHttp(admin, { Topic: 'nosuch:1', Since: 0 });
      expect(unknown.status).toBe(403);
      expect(unknown.envelope.Message).toBe('There is no topic named nosuch:1.');
      const quiet = await pullHttp(admin, { Topic: 'employee:1009', Since: 0 });
      expect(quiet.result).toEqual({ documents: [], checkpoint: { seq: 0 }, snapshot: false, latestSeq: 0 });
    });

    it('answers a snapshot to a client whose checkpoint is beyond the head (another database)', async () => {
      const { result } = await pullHttp(operator, { Topic: 'employee:1005', Since: 99 });
      expect(result.snapshot).toBe(true);
      expect(result.documents.map((d) => d.seq)).toEqual([3]);
      expect(result.checkpoint.seq).toBe(3);
    });
  });

  describe('logout and disabling publish to the backplane after commit', () => {
    it('web/Logout publishes closeSession with the session id', async () => {
      const fis = await api.login('fis');
      const [session] = await server.db.query<{ session_id: string }>(
        'SELECT session_id FROM sessions WHERE token_hash = $1',
        [hashToken(fis.token)],
      );
      messages.length = 0;
      const out = await api.post('web/Logout', {}, fis);
      expect(out.envelope.Error).toBe(false);
      expect(messages).toEqual([{ kind: 'closeSession', sessionId: session?.session_id }]);
    });

    it('setting Active false publishes the change and closeEmployee; setting it true only the change', async () => {
      messages.length = 0;
      expect((await update(admin, 1007, 'Active', false)).envelope.Error).toBe(false);
      expect(messages.map((m) => m.kind)).toEqual(['changes', 'closeEmployee']);
      expect(messages[1]).toEqual({ kind: 'closeEmployee', employeeId: 1007 });
      const change = (messages[0] as { changes: ChangeItem[] }).changes[0];
      expect(change?.doc).toMatchObject({ EmployeeID: 1007, Active: false });
      messages.length = 0;
      expect((await update(admin, 1007, 'Active', true)).envelope.Error).toBe(false);
      expect(messages.map((m) => m.kind)).toEqual(['changes']);
    });
  });

  describe('compaction and snapshots', () => {
    const topic = 'test:snapshot';
    const doc = (id: string, v: number | null) => ({
      topic,
      collection: 'things',
      id,
      doc: v === null ? null : { id, v },
    });

    beforeAll(async () => {
      // a1 b1 a2 c1 c-deleted b2: seqs 1..6.
      await server.db.transaction((tx) =>
        appendChanges(tx, [doc('a', 1), doc('b', 1), doc('a', 2), doc('c', 1), doc('c', null)], 'w1'),
      );
      await server.db.transaction((tx) => appendChanges(tx, [doc('b', 2)], 'w2'));
    });

    it('keeps everything inside the window (time or count)', async () => {
      await compact(server.db, { keepPerTopic: 0, olderThanMs: 3_600_000 });
      await compact(server.db, { keepPerTopic: 1000, olderThanMs: 0 });
      expect((await pull(server.db, topic, 0)).documents.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('a count window keeps the last N and removes only superseded entries before them', async () => {
      await compact(server.db, { keepPerTopic: 2, olderThanMs: 0 });
      // Cutoff 4: a1 (1), b1 (2) and c1 (4) are superseded; a2 (3) is a's latest; 5 and 6 are in the window.
      expect(
        (
          await server.db.query<{ seq: number }>('SELECT seq FROM change_log WHERE topic = $1 ORDER BY seq', [
            topic,
          ])
        ).map((r) => r.seq),
      ).toEqual([3, 5, 6]);
      const behind = await pull(server.db, topic, 4);
      expect(behind).toMatchObject({ snapshot: false, checkpoint: { seq: 6 }, latestSeq: 6 });
      expect(behind.documents.map((d) => d.seq)).toEqual([5, 6]);
    });

    it('a client behind the compaction point gets the latest state per document, without deleted ones', async () => {
      await compact(server.db, { keepPerTopic: 0, olderThanMs: 0 });
      for (const since of [0, 1, 4]) {
        const result = await pull(server.db, topic, since);
        expect(result).toMatchObject({ snapshot: true, checkpoint: { seq: 6 }, latestSeq: 6 });
        expect(result.documents.map((d) => [d.id, d.seq, d.doc])).toEqual([
          ['a', 3, { id: 'a', v: 2 }],
          ['b', 6, { id: 'b', v: 2 }],
        ]);
      }
      // At or after the compaction point (5: the deletion of c) nothing is missing: changes as usual.
      const current = await pull(server.db, topic, 5);
      expect(current).toMatchObject({ snapshot: false, checkpoint: { seq: 6 } });
      expect(current.documents.map((d) => d.seq)).toEqual([6]);
    });

    it('sync/Pull answers the snapshot of a compacted employee topic', async () => {
      await compact(server.db, { keepPerTopic: 0, olderThanMs: 0 });
      const { result } = await pullHttp(operator, { Topic: 'employee:1005', Since: 1 });
      expect(result).toMatchObject({ snapshot: true, checkpoint: { seq: 3 }, latestSeq: 3 });
      expect(result.documents).toHaveLength(1);
      expect(result.documents[0]).toMatchObject({ seq: 3, id: '1005', doc: { Language: 'es' } });
      // New changes after the snapshot continue the same sequence.
      await update(operator, 1005, 'ShowMyHelp', true);
      const next = await pullHttp(operator, { Topic: 'employee:1005', Since: 3 });
      expect(next.result).toMatchObject({ snapshot: false, checkpoint: { seq: 4 }, latestSeq: 4 });
    });
  });
});
