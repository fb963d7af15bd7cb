import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChangeItem } from '../domain/live/changes';
import { hashToken } from '../server/areas/platform/session.service';
import type { HubConnectionInfo } from '../server/hub';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The hub with the official @microsoft/signalr client, unmodified, over each transport (brief §5), and the
 * hub's security rules (brief §4.4). Raw protocol details are in hub-protocol.test.ts.
 */

const waitFor = async (check: () => boolean, what: string, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Rejects when `promise` has not settled within `ms` (a quick failure instead of the test timeout). */
const within = <T>(promise: Promise<T>, what: string, ms = 5000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), ms),
    ),
  ]);

const change = (topic: string, seq: number): ChangeItem => ({
  topic,
  seq,
  collection: 'employees',
  id: topic.split(':')[1] ?? topic,
  doc: { EmployeeID: Number(topic.split(':')[1]), Name: `Name ${seq}` },
  origin: null,
});

const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe.skipIf(!dbAvailable)(`hub with the official client (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let hubUrl: string;
  let origin: string;
  const opened: HubConnectionInfo[] = [];
  const closed: HubConnectionInfo[] = [];
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    hubUrl = server.url.replace(/api\/$/, 'hub');
    origin = new URL(server.url).origin;
    server.app.hub.onConnect((info) => opened.push(info));
    server.app.hub.onDisconnect((info) => closed.push(info));
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.stop()));
    await server?.close();
  });

  function client(transport: HttpTransportType, token: string | null, reconnect = false): HubConnection {
    const builder = new HubConnectionBuilder()
      .withUrl(`${hubUrl}?interface=pm`, {
        transport,
        ...(token ? { accessTokenFactory: () => token } : {}),
      })
      .configureLogging(LogLevel.None);
    // Short delays so the test does not wait 2 s; null never comes here (the test stops it).
    if (reconnect) builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 50 });
    const conn = builder.build();
    clients.push(conn);
    return conn;
  }

  describe.each(transports)('%s', (name, transport) => {
    it('subscribes its own topic, is refused another employee’s, and gets exactly its changes in order', async () => {
      const { token, employeeId } = await api.login('pm');
      const own = `employee:${employeeId}`;
      const conn = client(transport, token);
      const received: ChangeItem[][] = [];
      conn.on('changes', (batch: ChangeItem[]) => received.push(batch));
      await conn.start();
      const id = conn.connectionId!;

      // The hub knows the connection, with the interface from the URL and the transport used.
      const info = server.app.hub.connections().find((c) => c.connectionId === id);
      expect(info).toMatchObject({
        employeeId,
        name: 'Priya Mehta',
        plantId: 1,
        interface: 'pm',
        transport: name,
      });
      expect(new Date(info!.connectedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(opened.map((o) => o.connectionId)).toContain(id);

      // All or nothing: the refusal's sentence, and its own topic in the same call is not followed either.
      await expect(conn.invoke('Subscribe', [own, 'employee:1001'])).rejects.toThrow(
        'You can follow only your own employee record.',
      );
      server.app.hub.deliver([change(own, 99)]);
      expect(await conn.invoke('Echo', 'round trip')).toBe('round trip');
      expect(received).toEqual([]);
      // Targets are matched case-insensitively.
      expect(await conn.invoke('subscribe', [own])).toEqual({ [own]: 0 });

      server.app.hub.deliver([
        change('employee:1001', 7),
        change(own, 1),
        change('employee:1003', 4),
        change(own, 2),
      ]);
      await waitFor(() => received.length >= 1, 'the first batch');
      expect(received).toEqual([[change(own, 1), change(own, 2)]]);

      // A batch with none of its topics sends it nothing: the next batch it gets is its own.
      server.app.hub.deliver([change('employee:1001', 8), change('employee:1003', 5)]);
      server.app.hub.deliver([change(own, 3)]);
      await waitFor(() => received.length >= 2, 'the second batch');
      expect(received).toEqual([[change(own, 1), change(own, 2)], [change(own, 3)]]);

      // Unsubscribed: nothing more arrives (Echo after the delivery proves the delivery was processed).
      expect(await conn.invoke('Unsubscribe', [own])).toBe(true);
      server.app.hub.deliver([change(own, 4)]);
      expect(await conn.invoke('Echo', 'after')).toBe('after');
      expect(received).toHaveLength(2);
      await conn.stop();
    });

    it('answers 0, false, "" and null as results, and a send gets no answer and breaks nothing', async () => {
      const { token } = await api.login('pm');
      const conn = client(transport, token);
      await conn.start();
      for (const value of [0, false, '', null, { a: [1, 'x'] }]) {
        expect(await conn.invoke('Echo', value)).toEqual(value);
      }
      await conn.send('Echo', 'fire and forget');
      await conn.send('NoSuchMethod', 1);
      expect(await conn.invoke('Echo', 1)).toBe(1);
      await expect(conn.invoke('NoSuchMethod')).rejects.toThrow(
        "There is no hub method named 'NoSuchMethod'.",
      );
      expect(conn.state).toBe(HubConnectionState.Connected);
      await conn.stop();
    });

    it('reconnects with a new connection id when the server drops the transport; stop() closes cleanly', async () => {
      const { token, employeeId } = await api.login('pm');
      const own = `employee:${employeeId}`;
      const conn = client(transport, token, true);
      await conn.start();
      const first = conn.connectionId!;
      expect(await conn.invoke('Subscribe', [own])).toEqual({ [own]: 0 });
      const reconnecting = new Promise<void>((r) => conn.onreconnecting(() => r()));
      const reconnected = new Promise<string | undefined>((r) => conn.onreconnected(r));

      expect(server.app.hub.abort(first)).toBe(true);
      await reconnecting;
      const second = await reconnected;
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      expect(conn.connectionId).toBe(second);
      const ids = server.app.hub.connections().map((c) => c.connectionId);
      expect(ids).toContain(second);
      expect(ids).not.toContain(first);
      expect(closed.map((c) => c.connectionId)).toContain(first);

      // A reconnect is a new connection: the subscription is gone until the client subscribes again.
      const received: ChangeItem[][] = [];
      conn.on('changes', (batch: ChangeItem[]) => received.push(batch));
      server.app.hub.deliver([change(own, 1)]);
      expect(await conn.invoke('Subscribe', [own])).toEqual({ [own]: 0 });
      server.app.hub.deliver([change(own, 2)]);
      await waitFor(() => received.length >= 1, 'a change after subscribing again');
      expect(received).toEqual([[change(own, 2)]]);

      const onclose = new Promise<Error | undefined>((r) => conn.onclose(r));
      await conn.stop();
      expect(await onclose).toBeUndefined();
      expect(conn.state).toBe(HubConnectionState.Disconnected);
      await waitFor(
        () => !server.app.hub.connections().some((c) => c.connectionId === second),
        'the server to forget the stopped connection',
      );
      expect(closed.map((c) => c.connectionId)).toContain(second);
    });
  });

  it('lets an anonymous screen connect for public topics only', async () => {
    const conn = client(HttpTransportType.WebSockets, null);
    await conn.start();
    expect(server.app.hub.connections().find((c) => c.connectionId === conn.connectionId)).toMatchObject({
      employeeId: null,
      name: null,
      interface: 'pm',
    });
    await expect(conn.invoke('Subscribe', ['employee:1002'])).rejects.toThrow(
      'Log in to follow employee:1002.',
    );
    await expect(conn.invoke('Subscribe', ['nothing:here'])).rejects.toThrow(
      'There is no topic named nothing:here.',
    );
    await conn.stop();
  });

  it('closes a session’s connections on closeSession: the client stops and does not reconnect', async () => {
    const { token, employeeId } = await api.login('scheduler');
    const [row] = await server.db.query<{ session_id: string }>(
      'SELECT session_id FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    const other = await api.login('scheduler');
    const conn = client(HttpTransportType.WebSockets, token, true);
    const bystander = client(HttpTransportType.LongPolling, other.token, true);
    await conn.start();
    await bystander.start();
    let reconnecting = false;
    conn.onreconnecting(() => {
      reconnecting = true;
    });
    const onclose = new Promise<Error | undefined>((r) => conn.onclose(r));

    expect(server.app.hub.closeSession(row!.session_id, 'You logged out.')).toBe(1);
    const error = await within(onclose, 'the client to close');
    expect(error?.message).toContain('You logged out.');
    expect(conn.state).toBe(HubConnectionState.Disconnected);
    await new Promise((r) => setTimeout(r, 200));
    expect(reconnecting).toBe(false);
    // Another session of the same employee is untouched...
    expect(bystander.state).toBe(HubConnectionState.Connected);
    expect(await bystander.invoke('Echo', 'still here')).toBe('still here');

    // ...until the employee is disabled.
    const bystanderClosed = new Promise<Error | undefined>((r) => bystander.onclose(r));
    expect(server.app.hub.closeEmployee(employeeId, 'Your account was disabled.')).toBe(1);
    expect((await within(bystanderClosed, 'the other session to close'))?.message).toContain(
      'Your account was disabled.',
    );
    expect(bystander.state).toBe(HubConnectionState.Disconnected);
  });

  describe('refusals', () => {
    const negotiate = (headers: Record<string, string> = {}, query = '') =>
      fetch(`${hubUrl}/negotiate?negotiateVersion=1${query}`, { method: 'POST', headers });

    const upgradeStatus = (url: string, options: WebSocket.ClientOptions = {}) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, options);
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => {
          resolve(101);
          ws.close();
        });
        ws.on('error', (e) => {
          if (!String(e.message).includes('Unexpected server response')) reject(e);
        });
      });

    it('answers negotiate version 1 with every transport and no ProtocolVersion', async () => {
      const res = await negotiate({ Origin: origin });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'availableTransports',
        'connectionId',
        'connectionToken',
        'negotiateVersion',
      ]);
      expect(body.negotiateVersion).toBe(1);
      expect((body.availableTransports as { transport: string }[]).map((t) => t.transport)).toEqual([
        'WebSockets',
        'ServerSentEvents',
        'LongPolling',
      ]);
      expect(body.connectionToken).toMatch(/^[A-Za-z0-9_.-]+$/);
      expect(body.connectionToken).not.toBe(body.connectionId);
      // An old client (negotiate version 0) gets an error it shows.
      const old = await fetch(`${hubUrl}/negotiate`, { method: 'POST' });
      expect(((await old.json()) as { error: string }).error).toMatch(/negotiate version 1/);
    });

    it('refuses a foreign Origin on negotiate and on the WebSocket upgrade (403)', async () => {
      expect((await negotiate({ Origin: 'https://evil.example' })).status).toBe(403);
      expect((await negotiate({ Origin: 'null' })).status).toBe(403);
      expect((await negotiate()).status).toBe(200); // no Origin: not a browser

      const ok = (await (await negotiate({ Origin: origin })).json()) as { connectionToken: string };
      const wsUrl = `${hubUrl.replace(/^http/, 'ws')}?id=${ok.connectionToken}`;
      expect(await upgradeStatus(wsUrl, { origin: 'https://evil.example' })).toBe(403);
      // The refusal did not use up the connection: the same token connects from the page's own origin.
      expect(await upgradeStatus(wsUrl, { origin })).toBe(101);
    });

    it('answers 404 for an unknown or forged id and 409 for a second socket on a live id', async () => {
      const ws = hubUrl.replace(/^http/, 'ws');
      expect(await upgradeStatus(`${ws}?id=nonsense`)).toBe(404);
      const { connectionToken } = (await (await negotiate()).json()) as { connectionToken: string };
      const [body, mac] = connectionToken.split('.');
      const forged = `${body}.${Buffer.from(mac!, 'base64url').fill(1).toString('base64url')}`;
      expect(await upgradeStatus(`${ws}?id=${forged}`)).toBe(404);

      const first = new WebSocket(`${ws}?id=${connectionToken}`);
      await new Promise((r) => first.once('open', r));
      expect(await upgradeStatus(`${ws}?id=${connectionToken}`)).toBe(409);
      first.close();
      await new Promise((r) => first.once('close', r));
      // Ended (once the server has seen the close): the token is dead, not reusable.
      let status = 409;
      for (let i = 0; status === 409 && i < 50; i++) {
        status = await upgradeStatus(`${ws}?id=${connectionToken}`);
        if (status === 409) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(404);
    });

    it('refuses a revoked or expired token with 401 (the client fails to start)', async () => {
      const revoked = await api.login('finance');
      await api.post('web/Logout', {}, { token: revoked.token, employeeId: revoked.employeeId });
      const res = await negotiate({ Authorization: `Bearer ${revoked.token}` });
      expect(res.status).toBe(401);
      expect(res.statusText).toMatch(/session|expired|log/i);
      expect((await negotiate({}, `&access_token=${revoked.token}`)).status).toBe(401);
      await expect(client(HttpTransportType.WebSockets, revoked.token).start()).rejects.toThrow(/401/);

      const expired = await api.login('finance');
      await server.db.query(
        "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [hashToken(expired.token)],
      );
      expect((await negotiate({ Authorization: `Bearer ${expired.token}` })).status).toBe(401);
      await expect(client(HttpTransportType.LongPolling, expired.token).start()).rejects.toThrow(/401/);
    });

    it('checks the access token again on the transport: expired after negotiate → 401, logged out → 404, another login → 403', async () => {
      const ws = hubUrl.replace(/^http/, 'ws');
      const a = await api.login('supervisor');
      const b = await api.login('operator');
      const negotiated = async (token: string) =>
        (
          (await (await negotiate({ Authorization: `Bearer ${token}` })).json()) as {
            connectionToken: string;
          }
        ).connectionToken;

      const other = await negotiated(a.token);
      expect(await upgradeStatus(`${ws}?id=${other}&access_token=${b.token}`)).toBe(403);
      // No token at all for a logged-in connection: not the same login either.
      expect(await upgradeStatus(`${ws}?id=${other}`)).toBe(403);

      // A session that expired after negotiate (no logout broadcast): the transport checks again → 401.
      const id = await negotiated(a.token);
      await server.db.query(
        "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [hashToken(a.token)],
      );
      expect(await upgradeStatus(`${ws}?id=${id}`, { headers: { Authorization: `Bearer ${a.token}` } })).toBe(
        401,
      );
      // Logout closes every connection of the session at once, even one not yet on its transport → 404.
      const c = await api.login('supervisor');
      const id2 = await negotiated(c.token);
      await api.post('web/Logout', {}, { token: c.token, employeeId: c.employeeId });
      expect(
        await upgradeStatus(`${ws}?id=${id2}`, { headers: { Authorization: `Bearer ${c.token}` } }),
      ).toBe(404);
    });
  });
});
