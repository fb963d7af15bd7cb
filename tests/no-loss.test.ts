import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/database';
import { TopicFollower } from './support/follower';
import { freePort, type ServerProcess, spawnServer } from './support/process';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { wire } from './support/wire';

/**
 * Brief §4.1, issue 3: four concurrent writers on one topic, twenty subscribers, the server killed with
 * SIGKILL mid-stream and restarted: every subscriber ends with exactly the committed changes, in order,
 * with no gap and no duplicate. PostgreSQL only: the point is a database that outlives the process.
 */
describe.skipIf(!dbAvailable || dbKind !== 'postgres')(
  'no lost or reordered updates across a server crash',
  () => {
    let database: { db: Database; url: string | null; drop(): Promise<void> };
    let server: ServerProcess;
    let port: number;
    const env = () => ({ DATABASE_URL: database.url!, HUB_SECRET: 'no-loss-test-secret-0123456789abcdef' });

    beforeAll(async () => {
      database = await freshDatabase();
      port = await freePort();
      server = await spawnServer(env(), port);
    }, 60_000);
    afterAll(async () => {
      await server?.kill('SIGKILL');
      await database?.drop();
    });

    it('every subscriber sees seq 1..N exactly once, in order', async () => {
      const api = wire(`${server.url}api/`);
      const admin = await api.login('admin');
      const topic = 'employee:1002';
      const followers = Array.from({ length: 20 }, () => new TopicFollower(server.url, admin.token, topic));
      await Promise.all(followers.map((f) => f.start()));

      const WRITERS = 4;
      const PER_WRITER = 40;
      let done = 0;
      // A writer retries a request that got no answer with the SAME PostID: applied once, whatever happened.
      const writer = async (w: number) => {
        for (let i = 0; i < PER_WRITER; i++) {
          const PostID = randomUUID();
          for (;;) {
            try {
              const reply = await api.post(
                'web/UpdateEmployee',
                { EmployeeID: 1002, FieldName: 'Title', Value: `writer ${w} edit ${i}`, PostID },
                { token: admin.token, employeeId: admin.employeeId },
              );
              if (reply.envelope.Error) throw new Error(reply.envelope.Message);
              break;
            } catch (error) {
              if (error instanceof Error && !/fetch failed|ECONNRE|socket|terminated/i.test(error.message))
                throw error;
              await new Promise((r) => setTimeout(r, 100));
            }
          }
          done++;
        }
      };
      const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

      // Kill the server mid-stream, then start it again on the same port.
      while (done < (WRITERS * PER_WRITER) / 3) await new Promise((r) => setTimeout(r, 20));
      await server.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      server = await spawnServer(env(), port);
      await writing;

      const [head] = await database.db.query<{ seq: number }>(
        'SELECT seq FROM topic_heads WHERE topic = $1',
        [topic],
      );
      // Every edit committed exactly once, retries included.
      expect(head?.seq).toBe(WRITERS * PER_WRITER);
      const committed = await database.db.query<{ seq: number; doc: unknown }>(
        'SELECT seq, doc FROM change_log WHERE topic = $1 ORDER BY seq',
        [topic],
      );
      const expected = committed.map((c) => c.seq);
      expect(expected).toEqual(Array.from({ length: WRITERS * PER_WRITER }, (_, i) => i + 1));

      const deadline = Date.now() + 30_000;
      while (followers.some((f) => f.lastSeq < head!.seq) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const f of followers) {
        expect(f.applied).toEqual(expected);
        expect(f.reconnects).toBeGreaterThanOrEqual(1);
        for (const c of committed) expect(f.docs.get(c.seq)).toEqual(c.doc);
      }
      await Promise.all(followers.map((f) => f.stop()));
    }, 120_000);
  },
);
