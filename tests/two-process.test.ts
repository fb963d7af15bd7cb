import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import type { Database } from '../server/db/database';
import { type ServerProcess, spawnServer } from './support/process';
import { redisReachable, redisUrl } from './support/redis';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { wire } from './support/wire';

const redis = await redisReachable();
if (!redis && dbKind === 'postgres')
  console.warn(`Redis is not reachable at ${redisUrl}: the two-process test is SKIPPED.`);

/** Brief §2 and issue 3: several server processes on one PostgreSQL, Redis as the backplane. */
describe.skipIf(!dbAvailable || dbKind !== 'postgres' || !redis)(
  'two server processes on PostgreSQL and Redis',
  () => {
    let database: { db: Database; url: string | null; drop(): Promise<void> };
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      database = await freshDatabase();
      const env = {
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl,
        // Its own channel, so another run on the same Redis cannot deliver into this one.
        REDIS_CHANNEL: `steelworks:test:${process.pid}:${Date.now()}`,
        HUB_SECRET: 'two-process-test-secret-0123456789',
      };
      [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      await database?.drop();
    });

    it('a client connected to process B sees a write made through process A', async () => {
      const viaA = wire(`${a.url}api/`);
      const admin = await viaA.login('admin');
      const connection = new HubConnectionBuilder()
        .withUrl(`${b.url}hub?interface=test`, {
          transport: HttpTransportType.WebSockets,
          accessTokenFactory: () => admin.token,
        })
        .configureLogging(LogLevel.None)
        .build();
      const received: ChangeItem[] = [];
      connection.on('changes', (items: ChangeItem[]) => received.push(...items));
      await connection.start();
      await connection.invoke('Subscribe', ['employee:1002']);

      const reply = await viaA.post(
        'web/UpdateEmployee',
        { EmployeeID: 1002, FieldName: 'Title', Value: 'Senior Project Manager' },
        { token: admin.token, employeeId: admin.employeeId },
      );
      expect(reply.envelope.Error).toBe(false);
      const deadline = Date.now() + 5000;
      while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        topic: 'employee:1002',
        seq: 1,
        collection: 'employees',
        id: '1002',
      });
      await connection.stop();
    });

    it('logging out through process A closes the socket held by process B', async () => {
      const viaA = wire(`${a.url}api/`);
      const pm = await viaA.login('pm');
      const connection = new HubConnectionBuilder()
        .withUrl(`${b.url}hub?interface=test`, {
          transport: HttpTransportType.WebSockets,
          accessTokenFactory: () => pm.token,
        })
        .configureLogging(LogLevel.None)
        .build();
      const closed = new Promise<void>((resolve) => connection.onclose(() => resolve()));
      await connection.start();
      await viaA.post('web/Logout', {}, { token: pm.token, employeeId: pm.employeeId });
      await Promise.race([
        closed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('not closed within 5 s')), 5000)),
      ]);
      expect(connection.state).toBe(HubConnectionState.Disconnected);
    });
  },
);
