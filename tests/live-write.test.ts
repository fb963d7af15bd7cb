import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A write through the API reaches the hub's subscribers as the projected document (issue 3). */
describe.skipIf(!dbAvailable)(`live: from a committed write to the subscriber (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let hubUrl: string;
  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    hubUrl = server.url.replace(/api\/$/, 'hub');
  });
  afterAll(() => server?.close());

  const connect = (token: string, transport: HttpTransportType) =>
    new HubConnectionBuilder()
      .withUrl(`${hubUrl}?interface=test`, { transport, accessTokenFactory: () => token })
      .configureLogging(LogLevel.None)
      .build();

  for (const [name, transport] of transports) {
    it(`${name}: a language change in one session reaches the user's other session, with its document and origin`, async () => {
      const first = await api.login('installer');
      const second = await api.login('installer');
      const connection = connect(second.token, transport);
      const received: ChangeItem[] = [];
      connection.on('changes', (items: ChangeItem[]) => received.push(...items));
      await connection.start();
      const heads = await connection.invoke('Subscribe', ['employee:1006']);
      const before = (heads as Record<string, number>)['employee:1006']!;

      const reply = await api.post(
        'web/UpdateEmployee',
        { EmployeeID: 1006, FieldName: 'Language', Value: before % 2 ? 'en' : 'es' },
        { token: first.token, employeeId: first.employeeId, headers: { ConnectionID: 'writer-connection' } },
      );
      expect(reply.envelope.Error).toBe(false);
      await until(() => received.length > 0);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        topic: 'employee:1006',
        seq: before + 1,
        collection: 'employees',
        id: '1006',
        origin: 'writer-connection',
        doc: { EmployeeID: 1006, Name: 'Jordan Blake', Language: before % 2 ? 'en' : 'es', Active: true },
      });
      // Never the token in a projected document.
      expect(JSON.stringify(received[0])).not.toContain(first.token);
      await connection.stop();
    });
  }

  it('a user without the flags cannot subscribe to connections; an administrator can', async () => {
    const pm = await api.login('pm');
    const admin = await api.login('admin');
    const pmConnection = connect(pm.token, HttpTransportType.WebSockets);
    await pmConnection.start();
    await expect(pmConnection.invoke('Subscribe', ['connections'])).rejects.toThrow(
      'You do not have permission to follow the live connections.',
    );
    const adminConnection = connect(admin.token, HttpTransportType.WebSockets);
    await adminConnection.start();
    const heads = (await adminConnection.invoke('Subscribe', ['connections'])) as Record<string, number>;
    expect(heads.connections).toBeGreaterThan(0);
    await Promise.all([pmConnection.stop(), adminConnection.stop()]);
  });

  it('an administrator disabling a user closes that user’s connections within seconds', async () => {
    const admin = await api.login('admin');
    const victim = await api.login('customer');
    const connection = connect(victim.token, HttpTransportType.WebSockets);
    const closed = new Promise<void>((resolve) => connection.onclose(() => resolve()));
    await connection.start();
    await api.post(
      'web/UpdateEmployee',
      { EmployeeID: victim.employeeId, FieldName: 'Active', Value: false },
      { token: admin.token, employeeId: admin.employeeId },
    );
    await Promise.race([
      closed,
      new Promise((_, no) => setTimeout(() => no(new Error('still open after 5 s')), 5000)),
    ]);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    // And it cannot come back.
    const again = connect(victim.token, HttpTransportType.WebSockets);
    await expect(again.start()).rejects.toThrow();
    await api.post(
      'web/UpdateEmployee',
      { EmployeeID: victim.employeeId, FieldName: 'Active', Value: true },
      { token: admin.token, employeeId: admin.employeeId },
    );
  });
});
