import { request as httpRequest } from 'node:http';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authorizeTopic } from '../domain/live/topics';
import { type App, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { Hub, originPolicy } from '../server/hub';
import { signToken } from '../server/hub/tokens';
import { Unauthorized } from '../server/rpc/errors';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The wire protocol under the official client, checked with raw WebSockets and HTTP: framing, limits,
 * keep-alive, long polling, tokens across processes, origins, and what reaches the log. The app here has
 * short timers so time-based rules are seen in about a second.
 */

const RS = '\u001e';
const SECRET = 'a shared hub secret of more than 32 characters';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const timers = {
  keepAliveMs: 100,
  clientTimeoutMs: 1000,
  handshakeTimeoutMs: 400,
  disconnectAfterMs: 500,
  longPollMs: 400,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Message = Record<string, unknown>;

/** A WebSocket speaking the JSON hub protocol by hand: every record received, in order, with its time. */
class RawSocket {
  readonly ws: WebSocket;
  readonly received: { at: number; message: Message }[] = [];
  readonly closed: Promise<{ code: number; at: number }>;
  readonly status: Promise<number>;
  private taken = 0;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    this.ws.on('message', (data) => {
      for (const text of data.toString().split(RS)) {
        if (text) this.received.push({ at: Date.now(), message: JSON.parse(text) as Message });
      }
    });
    this.ws.on('error', () => {});
    this.closed = new Promise((r) => this.ws.once('close', (code) => r({ code, at: Date.now() })));
    this.status = new Promise((resolve) => {
      this.ws.once('open', () => resolve(101));
      this.ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        this.ws.terminate();
      });
    });
  }

  async open(): Promise<this> {
    const status = await this.status;
    if (status !== 101) throw new Error(`Upgrade answered ${status}`);
    return this;
  }

  send(text: string): void {
    this.ws.send(text);
  }

  /** The next record not yet taken. */
  async next(ms = 2000): Promise<Message> {
    const until = Date.now() + ms;
    while (this.received.length <= this.taken) {
      if (Date.now() > until) throw new Error('No record arrived');
      await sleep(5);
    }
    return this.received[this.taken++]!.message;
  }

  /** The next record that is not a ping. */
  async nextNonPing(ms = 2000): Promise<Message> {
    for (;;) {
      const m = await this.next(ms);
      if (m.type !== 6) return m;
    }
  }
}

describe.skipIf(!dbAvailable)(`hub protocol (${dbKind})`, () => {
  let app: App;
  let drop: () => Promise<void>;
  let base: string;
  let hubUrl: string;
  let wsUrl: string;
  let api: Wire;
  const logLines: string[] = [];
  // A second process sharing the secret: only a Hub on a bare Fastify (no database, no logins).
  let other: { fastify: FastifyInstance; hub: Hub; wsUrl: string };

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const config = {
      ...loadConfig({
        ...process.env,
        HUB_SECRET: SECRET,
        HUB_ALLOWED_ORIGINS: 'https://tv.example.com, https://ops.example.com/',
        LOG_LEVEL: 'debug',
      }),
      clientDir: '/nonexistent',
    };
    app = await buildApp(fresh.db, config, {
      hub: timers,
      compaction: false,
      logStream: { write: (line) => logLines.push(line) },
    });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    hubUrl = `${base}/hub`;
    wsUrl = hubUrl.replace(/^http/, 'ws');
    api = wire(`${base}/api/`);

    const fastify = Fastify({ logger: false });
    const hub = new Hub({
      secret: Buffer.from(SECRET),
      nodeId: 'other',
      allowedOrigins: originPolicy([]),
      authenticate: async () => {
        throw new Unauthorized('Your session has expired. Please log in again.');
      },
      authorizeTopic,
      latestSeqs: async (topics) => Object.fromEntries(topics.map((t) => [t, 0])),
      log: fastify.log,
    });
    await hub.register(fastify);
    fastify.addHook('preClose', () => hub.close());
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const a = fastify.server.address();
    other = { fastify, hub, wsUrl: `ws://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/hub` };
  });

  afterAll(async () => {
    await other?.fastify.close();
    await app?.fastify.close();
    await drop?.();
  });

  const negotiate = async (headers: Record<string, string> = {}, query = '') => {
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1${query}`, { method: 'POST', headers });
    return {
      res,
      body: (await res.json()) as { connectionId: string; connectionToken: string; error?: string },
    };
  };

  const connected = async () => {
    const { body } = await negotiate();
    const raw = await new RawSocket(`${wsUrl}?id=${body.connectionToken}`).open();
    return { raw, ...body };
  };

  describe('JSON hub protocol over a raw WebSocket', () => {
    it('answers the handshake with {} first, and splits records however the frames cut them', async () => {
      const { raw } = await connected();
      // The handshake and an invocation in one frame.
      raw.send(`${HANDSHAKE}{"type":1,"invocationId":"a","target":"Echo","arguments":["one"]}${RS}`);
      expect(await raw.next()).toEqual({});
      expect(await raw.nextNonPing()).toEqual({ type: 3, invocationId: 'a', result: 'one' });

      // Two records in one frame: two answers, in order.
      raw.send(
        `{"type":1,"invocationId":"b","target":"Echo","arguments":[2]}${RS}` +
          `{"type":1,"invocationId":"c","target":"echo","arguments":[false]}${RS}`,
      );
      expect(await raw.nextNonPing()).toEqual({ type: 3, invocationId: 'b', result: 2 });
      expect(await raw.nextNonPing()).toEqual({ type: 3, invocationId: 'c', result: false });

      // One long record cut across three frames (multi-byte characters included), the separator alone last.
      const long = 'é'.repeat(6000) + 'x'.repeat(8000);
      const record = JSON.stringify({ type: 1, invocationId: 'd', target: 'Echo', arguments: [long] });
      raw.send(record.slice(0, 5000));
      raw.send(record.slice(5000));
      await sleep(20);
      raw.send(RS);
      expect(await raw.nextNonPing()).toEqual({ type: 3, invocationId: 'd', result: long });

      // Fire-and-forget is never answered: the next answer is the one for "e". Pings from the client too.
      raw.send(`{"type":1,"target":"Echo","arguments":["nobody asked"]}${RS}{"type":6}${RS}`);
      raw.send(`{"type":1,"invocationId":"e","target":"Echo","arguments":[""]}${RS}`);
      expect(await raw.nextNonPing()).toEqual({ type: 3, invocationId: 'e', result: '' });

      // Argument errors and unknown methods are Completion errors; the connection stays up.
      raw.send(`{"type":1,"invocationId":"f","target":"Subscribe","arguments":["employee:1"]}${RS}`);
      expect(await raw.nextNonPing()).toEqual({
        type: 3,
        invocationId: 'f',
        error: 'Subscribe takes a list of topic names (each 1 to 200 characters).',
      });
      raw.send(`{"type":4,"invocationId":"g","target":"Echo","arguments":[1]}${RS}`);
      expect(await raw.nextNonPing()).toMatchObject({
        type: 3,
        invocationId: 'g',
        error: expect.stringMatching(/Streaming/),
      });
      raw.ws.close();
    });

    it('refuses an unsupported protocol, version or handshake with an error record, then closes', async () => {
      for (const [handshake, error] of [
        [`{"protocol":"messagepack","version":1}${RS}`, /protocol 'messagepack' is not supported/],
        [`{"protocol":"json","version":2}${RS}`, /version 2 of the 'json' protocol/],
        [`not json${RS}`, /not valid JSON/],
      ] as const) {
        const { raw } = await connected();
        raw.send(handshake);
        const reply = await raw.next();
        expect(reply).toEqual({ error: expect.stringMatching(error) });
        expect(reply.type).toBeUndefined();
        expect((await raw.closed).code).toBe(1000);
      }
    });

    it('closes with an error when a message is over 32 KB, whole or cut across frames', async () => {
      for (const cut of [false, true]) {
        const { raw } = await connected();
        raw.send(HANDSHAKE);
        expect(await raw.next()).toEqual({});
        const record = JSON.stringify({
          type: 1,
          invocationId: '1',
          target: 'Echo',
          arguments: ['x'.repeat(40_000)],
        });
        if (cut) {
          raw.send(record.slice(0, 20_000));
          raw.send(record.slice(20_000, 36_000));
        } else {
          raw.send(record + RS);
        }
        expect(await raw.nextNonPing()).toEqual({
          type: 7,
          error: 'The message is larger than the 32768-byte limit.',
        });
        expect((await raw.closed).code).toBe(1000);
      }
      // Just under the limit is fine.
      const { raw } = await connected();
      raw.send(HANDSHAKE);
      await raw.next();
      const fits = JSON.stringify({
        type: 1,
        invocationId: '2',
        target: 'Echo',
        arguments: ['y'.repeat(32_000)],
      });
      expect(Buffer.byteLength(fits)).toBeLessThanOrEqual(32 * 1024);
      raw.send(fits + RS);
      expect(await raw.nextNonPing()).toMatchObject({ invocationId: '2', result: 'y'.repeat(32_000) });
      raw.ws.close();
    });

    it('closes a connection that breaks the protocol, with the reason', async () => {
      const { raw } = await connected();
      raw.send(HANDSHAKE);
      await raw.next();
      raw.send(`{"type":1,"invocationId":"1","target":"Echo"}${RS}`);
      expect(await raw.nextNonPing()).toEqual({ type: 7, error: 'An invocation has no arguments array.' });
      expect((await raw.closed).code).toBe(1000);
    });

    it('a POST on a WebSocket connection is refused (405)', async () => {
      const { raw, connectionToken } = await connected();
      const res = await fetch(`${hubUrl}?id=${connectionToken}`, { method: 'POST', body: HANDSHAKE });
      expect(res.status).toBe(405);
      raw.ws.close();
    });
  });

  describe('keep-alive and timeouts (keepAliveMs 100, clientTimeoutMs 1000)', () => {
    it('pings when it has sent nothing, and drops a client it hears nothing from', async () => {
      const { raw } = await connected();
      raw.send(HANDSHAKE);
      await raw.next();
      const start = Date.now();
      const end = await raw.closed;
      const pings = raw.received.filter((r) => r.message.type === 6);
      const close = raw.received.find((r) => r.message.type === 7);
      // About one ping per 100 ms of silence until the drop (~1 s): not a flood, not missing.
      expect(pings.length).toBeGreaterThanOrEqual(5);
      expect(pings.length).toBeLessThanOrEqual(12);
      expect(close?.message).toEqual({
        type: 7,
        error: 'The server heard nothing from this client for 1 seconds.',
        allowReconnect: true,
      });
      expect(end.at - start).toBeGreaterThanOrEqual(900);
      expect(end.at - start).toBeLessThan(2500);
    });

    it('keeps official clients that ping (WebSockets, Server-Sent Events) past the client timeout', async () => {
      const { token } = await api.login('pm');
      const clients = [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents].map((transport) => {
        const conn = new HubConnectionBuilder()
          .withUrl(`${hubUrl}?interface=tv`, { transport, accessTokenFactory: () => token })
          .withKeepAliveInterval(100)
          .withServerTimeout(600) // without the server's pings the client would give up after 600 ms
          .configureLogging(LogLevel.None)
          .build();
        return conn;
      });
      const closes: (Error | undefined)[] = [];
      for (const c of clients) c.onclose((e) => closes.push(e));
      await Promise.all(clients.map((c) => c.start()));
      await sleep(1600);
      expect(closes).toEqual([]);
      for (const c of clients) expect(c.state).toBe(HubConnectionState.Connected);
      expect(await Promise.all(clients.map((c) => c.invoke('Echo', 0)))).toEqual([0, 0]);
      await Promise.all(clients.map((c) => c.stop()));
    });

    it('closes a transport that sends no handshake (400 ms)', async () => {
      const { raw } = await connected();
      const start = Date.now();
      const end = await raw.closed;
      expect(end.at - start).toBeGreaterThanOrEqual(300);
      expect(end.at - start).toBeLessThan(1500);
      expect(raw.received).toEqual([]);
    });

    it('disposes a negotiated connection no transport came for (500 ms)', async () => {
      const { body } = await negotiate();
      await sleep(700);
      expect(await new RawSocket(`${wsUrl}?id=${body.connectionToken}`).status).toBe(404);
      expect((await fetch(`${hubUrl}?id=${body.connectionToken}`)).status).toBe(404);
    });
  });

  describe('long polling by hand (longPollMs 400)', () => {
    const poll = async (token: string) => {
      const start = Date.now();
      const res = await fetch(`${hubUrl}?id=${token}&_=${start}`);
      return { status: res.status, body: await res.text(), ms: Date.now() - start };
    };
    const post = (token: string, body: string) => fetch(`${hubUrl}?id=${token}`, { method: 'POST', body });

    it('first poll at once, then held polls, answers by poll, no pings, DELETE → 202 and 204', async () => {
      const { token } = await api.login('pm');
      const { body } = await negotiate({ Authorization: `Bearer ${token}` });
      const id = body.connectionToken;
      const first = await fetch(`${hubUrl}?id=${id}&_=1`, { headers: { Authorization: `Bearer ${token}` } });
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('');

      expect((await post(id, HANDSHAKE)).status).toBe(200);
      expect(await poll(id)).toMatchObject({ status: 200, body: `{}${RS}` });

      // Nothing to send: held for longPollMs, then empty. No ping although keepAliveMs is 100.
      const idle = await poll(id);
      expect(idle).toMatchObject({ status: 200, body: '' });
      expect(idle.ms).toBeGreaterThanOrEqual(350);

      // A held poll is answered as soon as there is something.
      const held = poll(id);
      await sleep(50);
      expect(
        (await post(id, `{"type":1,"invocationId":"1","target":"Echo","arguments":[0]}${RS}`)).status,
      ).toBe(200);
      const answered = await held;
      expect(answered.body).toBe(`{"type":3,"invocationId":"1","result":0}${RS}`);
      expect(answered.ms).toBeLessThan(350);

      // DELETE ends it: 202, the held poll gets 204, and the id is gone.
      const last = poll(id);
      await sleep(50);
      expect((await fetch(`${hubUrl}?id=${id}`, { method: 'DELETE' })).status).toBe(202);
      expect((await last).status).toBe(204);
      expect((await poll(id)).status).toBe(404);
      expect((await post(id, HANDSHAKE)).status).toBe(404);
    });

    it('answers 409 to a POST while another is still being received', async () => {
      const { body } = await negotiate();
      const id = body.connectionToken;
      await fetch(`${hubUrl}?id=${id}&_=1`);
      // The first POST sends half a record and waits; the second one is refused meanwhile.
      const slow = httpRequest(`${hubUrl}?id=${id}`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'text/plain' },
      });
      const slowStatus = new Promise<number>((r) =>
        slow.on('response', (res) => {
          res.resume();
          r(res.statusCode ?? 0);
        }),
      );
      slow.write(HANDSHAKE.slice(0, 10));
      await sleep(100);
      expect((await post(id, `{"type":6}${RS}`)).status).toBe(409);
      slow.end(HANDSHAKE.slice(10));
      expect(await slowStatus).toBe(200);
      expect(await poll(id)).toMatchObject({ status: 200, body: `{}${RS}` });
      await fetch(`${hubUrl}?id=${id}`, { method: 'DELETE' });
    });

    it('a message over 32 KB closes the connection: the next poll carries the Close', async () => {
      const { body } = await negotiate();
      const id = body.connectionToken;
      await fetch(`${hubUrl}?id=${id}&_=1`);
      await post(id, HANDSHAKE);
      await poll(id);
      await post(
        id,
        JSON.stringify({ type: 1, invocationId: '1', target: 'Echo', arguments: ['z'.repeat(33_000)] }) + RS,
      );
      expect(await poll(id)).toMatchObject({
        status: 200,
        body: `{"type":7,"error":"The message is larger than the 32768-byte limit."}${RS}`,
      });
      expect((await poll(id)).status).toBe(404);
    });

    it('disposes a connection whose polls stopped coming (500 ms)', async () => {
      const { body } = await negotiate();
      const id = body.connectionToken;
      await fetch(`${hubUrl}?id=${id}&_=1`);
      await post(id, HANDSHAKE);
      expect((await poll(id)).body).toBe(`{}${RS}`);
      await sleep(800);
      expect((await poll(id)).status).toBe(404);
    });
  });

  describe('connection tokens', () => {
    it('a WebSocket reaching another process with the same secret connects from the token alone', async () => {
      const { body } = await negotiate({}, '&interface=tv');
      const raw = await new RawSocket(`${other.wsUrl}?id=${body.connectionToken}&interface=ignored`).open();
      raw.send(HANDSHAKE);
      expect(await raw.next()).toEqual({});
      expect(other.hub.connections()).toEqual([
        expect.objectContaining({
          connectionId: body.connectionId,
          interface: 'tv',
          employeeId: null,
          nodeId: 'other',
        }),
      ]);
      raw.send(`{"type":1,"invocationId":"1","target":"Subscribe","arguments":[["employee:1001"]]}${RS}`);
      expect(await raw.nextNonPing()).toEqual({
        type: 3,
        invocationId: '1',
        error: 'Log in to follow employee:1001.',
      });
      raw.ws.close();
      await raw.closed;
      // Once ended there, the same token does not create it again.
      let status = 409;
      for (let i = 0; status === 409 && i < 50; i++) {
        status = await new RawSocket(`${other.wsUrl}?id=${body.connectionToken}`).status;
        if (status === 409) await sleep(20);
      }
      expect(status).toBe(404);
    });

    it('another process refuses an expired token, a token of another secret, and checks the login again', async () => {
      const { body: late } = await negotiate();
      await sleep(600); // past the token's 500 ms window
      expect(await new RawSocket(`${other.wsUrl}?id=${late.connectionToken}`).status).toBe(404);

      // Signed with another secret: the same payload, not accepted.
      const forged = signToken(Buffer.from('another secret, of more than 32 characters'), {
        connectionId: 'AAAAAAAAAAAAAAAAAAAAAA',
        employeeId: null,
        sessionId: null,
        iface: null,
        expiresAt: Date.now() + 60_000,
      });
      expect(await new RawSocket(`${other.wsUrl}?id=${forged}`).status).toBe(404);
      const valid = signToken(Buffer.from(SECRET), {
        connectionId: 'BBBBBBBBBBBBBBBBBBBBBB',
        employeeId: null,
        sessionId: null,
        iface: null,
        expiresAt: Date.now() + 60_000,
      });
      (await new RawSocket(`${other.wsUrl}?id=${valid}`).open()).ws.close();

      // A logged-in connection: the other process checks the access token itself (here: it says expired).
      const { token } = await api.login('pm');
      const { body: mine } = await negotiate({ Authorization: `Bearer ${token}` });
      expect(
        await new RawSocket(`${other.wsUrl}?id=${mine.connectionToken}`, {
          headers: { Authorization: `Bearer ${token}` },
        }).status,
      ).toBe(401);
    });

    it('skipNegotiation: a WebSocket without id is a new connection of whoever the token is', async () => {
      const { token, employeeId } = await api.login('pm');
      const conn = new HubConnectionBuilder()
        .withUrl(`${hubUrl}?interface=kiosk`, {
          transport: HttpTransportType.WebSockets,
          skipNegotiation: true,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      await conn.start();
      expect(await conn.invoke('Subscribe', [`employee:${employeeId}`])).toEqual({
        [`employee:${employeeId}`]: 0,
      });
      expect(app.hub.connections()).toContainEqual(
        expect.objectContaining({ employeeId, interface: 'kiosk', transport: 'WebSockets' }),
      );
      await conn.stop();
    });
  });

  describe('origins (HUB_ALLOWED_ORIGINS=https://tv.example.com, https://ops.example.com/)', () => {
    it('lets configured origins in with CORS headers, refuses others (403)', async () => {
      const tv = await negotiate({ Origin: 'https://tv.example.com' });
      expect(tv.res.status).toBe(200);
      expect(tv.res.headers.get('access-control-allow-origin')).toBe('https://tv.example.com');
      expect(tv.res.headers.get('access-control-allow-credentials')).toBe('true');
      expect((await negotiate({ Origin: 'https://ops.example.com' })).res.status).toBe(200);
      const evil = await negotiate({ Origin: 'https://tv.example.com.evil.example' });
      expect(evil.res.status).toBe(403);
      expect(evil.res.headers.get('access-control-allow-origin')).toBeNull();
      // The page's own origin needs no CORS.
      const own = await negotiate({ Origin: base });
      expect(own.res.status).toBe(200);
      expect(own.res.headers.get('access-control-allow-origin')).toBeNull();

      const preflight = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://tv.example.com',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,x-requested-with,x-signalr-user-agent',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
      const refused = await fetch(`${hubUrl}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example' },
      });
      expect(refused.status).toBe(403);

      const { connectionToken } = tv.body;
      expect(
        await new RawSocket(`${wsUrl}?id=${connectionToken}`, { origin: 'https://evil.example' }).status,
      ).toBe(403);
      const raw = await new RawSocket(`${wsUrl}?id=${connectionToken}`, {
        origin: 'https://tv.example.com',
      }).open();
      raw.ws.close();
    });
  });

  it('on shutdown tells every client to reconnect elsewhere, ends held polls and closes quickly', async () => {
    const fastify = Fastify({ logger: false });
    const hub = new Hub({
      secret: Buffer.from(SECRET),
      nodeId: 'closing',
      allowedOrigins: () => true,
      authenticate: async () => {
        throw new Unauthorized('unused');
      },
      authorizeTopic,
      latestSeqs: async () => ({}),
      log: fastify.log,
    });
    await hub.register(fastify);
    fastify.addHook('preClose', () => hub.close());
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const a = fastify.server.address();
    const url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/hub`;

    // skipNegotiation (no id): a WebSocket with no negotiate at all.
    const raw = await new RawSocket(url.replace(/^http/, 'ws')).open();
    raw.send(HANDSHAKE);
    expect(await raw.next()).toEqual({});
    const negotiated = (await (
      await fetch(`${url}/negotiate?negotiateVersion=1`, { method: 'POST' })
    ).json()) as {
      connectionToken: string;
    };
    const id = negotiated.connectionToken;
    await fetch(`${url}?id=${id}&_=1`);
    await fetch(`${url}?id=${id}`, { method: 'POST', body: HANDSHAKE });
    expect(await (await fetch(`${url}?id=${id}&_=2`)).text()).toBe(`{}${RS}`);
    const held = fetch(`${url}?id=${id}&_=3`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await sleep(50);
    expect(hub.connections()).toHaveLength(2);

    const start = Date.now();
    await fastify.close();
    expect(Date.now() - start).toBeLessThan(1500);
    const bye = `{"type":7,"error":"The server is shutting down.","allowReconnect":true}`;
    expect(await raw.nextNonPing()).toEqual(JSON.parse(bye));
    expect((await raw.closed).code).toBe(1000);
    expect(await held).toEqual({ status: 200, body: bye + RS });
    expect(hub.connections()).toEqual([]);
  });

  it('never writes a token to the log during a full session', async () => {
    const { token, employeeId } = await api.login('pm');
    const revoked = await api.login('finance');
    await api.post('web/Logout', {}, { token: revoked.token, employeeId: revoked.employeeId });
    const seen = new Set<string>([token, revoked.token]);
    const before = logLines.length;

    // Every transport with the official client: negotiate, connect, subscribe, a delivery, stop.
    for (const transport of [
      HttpTransportType.WebSockets,
      HttpTransportType.ServerSentEvents,
      HttpTransportType.LongPolling,
    ]) {
      const conn = new HubConnectionBuilder()
        .withUrl(`${hubUrl}?interface=pm`, { transport, accessTokenFactory: () => token })
        .withKeepAliveInterval(100)
        .configureLogging(LogLevel.None)
        .build();
      const got = new Promise((r) => conn.on('changes', r));
      await conn.start();
      await conn.invoke('Subscribe', [`employee:${employeeId}`]);
      app.hub.deliver([
        {
          topic: `employee:${employeeId}`,
          seq: 1,
          collection: 'employees',
          id: String(employeeId),
          doc: {},
          origin: null,
        },
      ]);
      await got;
      await conn.stop();
    }
    // By hand: the token in the query (a browser's WebSocket and EventSource), refused tokens, a bad id.
    const { body } = await negotiate({}, `&access_token=${token}`);
    seen.add(body.connectionToken);
    const raw = await new RawSocket(`${wsUrl}?id=${body.connectionToken}&access_token=${token}`).open();
    raw.send(HANDSHAKE);
    await raw.next();
    raw.ws.close();
    const sse = await fetch(`${hubUrl}?id=${body.connectionToken}&access_token=${token}`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(sse.status).toBe(409);
    expect((await negotiate({ Authorization: `Bearer ${revoked.token}` })).res.status).toBe(401);
    expect((await negotiate({}, `&access_token=${revoked.token}`)).res.status).toBe(401);
    expect((await fetch(`${hubUrl}?id=${body.connectionToken}x`, { method: 'POST', body: 'x' })).status).toBe(
      404,
    );
    await raw.closed;

    const lines = logLines.slice(before);
    const text = lines.join('\n');
    // The log did record this session (so the checks below look at something)...
    expect(text).toContain('hub connection opened');
    expect(text).toMatch(/"url":"\/hub\/negotiate\?[^"]*access_token=\[redacted\]/);
    expect(text).toMatch(/"url":"\/hub\?[^"]*id=\[redacted\]/);
    // ...and no token of any kind.
    for (const secret of seen) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[?&]id=(?!\[redacted\])/);
    expect(text).not.toMatch(/access_token=(?!\[redacted\])/);
    expect(text).not.toMatch(/Bearer/i);
  });
});
