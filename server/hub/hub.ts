import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocketServer } from 'ws';
import type { ChangeItem } from '../../domain/live/changes';
import { Unauthorized } from '../rpc/errors';
import type { AuthUser } from '../rpc/registry';
import { Connection, type ConnectionHost } from './connection';
import { type NegotiateHost, negotiate } from './negotiate';
import { isCrossOrigin } from './origins';
import { invocationRecordRaw } from './protocol';
import { interfaceOf, presentedToken, queryOf } from './request';
import { TopicSequencer } from './sequencer';
import { newConnectionId, signToken, verifyToken } from './tokens';
import { LongPollingSink } from './transports/long-polling';
import { EventStreamSink } from './transports/sse';
import { createWebSocketServer, refuseUpgrade, textFrame, WebSocketSink } from './transports/websocket';
import {
  type HubConnectionInfo,
  type HubOptions,
  hubDefaults,
  type ResolvedHubOptions,
  type TransportName,
} from './types';

export const HUB_PATH = '/hub';

/** Bytes waiting for a slow client past which it is dropped (it resyncs on reconnect). */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Largest POST body (several records the client batched). */
const MAX_POST_BYTES = 1024 * 1024;
/** How long shutdown waits for WebSocket close handshakes before cutting the sockets. */
const SHUTDOWN_GRACE_MS = 1000;

type Refusal = { status: number; text: string };
type Listener = (info: HubConnectionInfo) => void;

const refusal = (status: number, text: string): Refusal => ({ status, text });

/**
 * Server-Sent Events and long polling keep a connection's state in the process that negotiated it; a
 * request of such a connection reaching another process (no sticky sessions) is refused with this, as
 * the HTTP status text the client reports. Its restart then begins with WebSockets again, which work on
 * any process (issue 14 §5).
 */
export const HELD_ELSEWHERE_TEXT =
  'This connection is held by another server node: Server-Sent Events and Long Polling need sticky sessions. Connect again; WebSockets work on any node.';

/** A topic a connection no longer follows because its user may no longer follow it, and why. */
export interface DroppedTopic {
  topic: string;
  reason: string;
}

/** The server-to-client target naming the topics dropped by a re-authorisation (issue 14 §2). */
export const DROPPED_TARGET = 'dropped';

/**
 * The ASP.NET Core SignalR protocol (negotiate v1; WebSockets, Server-Sent Events, long polling; the JSON
 * hub protocol) for the official `@microsoft/signalr` client, on `ws` and Fastify. See README.md.
 */
interface ChangesRecord {
  text: string;
  utf8: Buffer;
  frame: readonly Buffer[] | null;
}

/** One `changes` invocation for items already in JSON: its text, its UTF-8 bytes and its WebSocket frame. */
function changesRecord(itemsJson: readonly string[]): ChangesRecord {
  const text = invocationRecordRaw('changes', `[[${itemsJson.join(',')}]]`);
  const utf8 = Buffer.from(text, 'utf8');
  return { text, utf8, frame: textFrame(utf8) };
}

export class Hub {
  private readonly options: ResolvedHubOptions;
  private readonly live = new Map<string, Connection>();
  /** Ids of ended connections until their token expires: their token must not create them again. */
  private readonly ended = new Map<string, number>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly connectListeners = new Set<Listener>();
  private readonly disconnectListeners = new Set<Listener>();
  private readonly wss: WebSocketServer;
  private readonly sweeper: NodeJS.Timeout;
  private server: FastifyInstance['server'] | null = null;
  private closed = false;
  private whenEmpty: (() => void) | null = null;
  private readonly host: ConnectionHost;
  private readonly negotiateHost: NegotiateHost;
  private readonly sequencer: TopicSequencer;
  private readonly sessionTimer: NodeJS.Timeout | null;
  /** Session checks run one after the other, so an older answer never overwrites a newer one. */
  private checks: Promise<void> = Promise.resolve();
  private periodicCheckQueued = false;

  constructor(options: HubOptions) {
    this.options = { ...hubDefaults, ...stripUndefined(options) } as ResolvedHubOptions;
    const o = this.options;
    if (o.keepAliveMs * 2 > o.clientTimeoutMs) {
      o.log.warn(
        'hub keepAliveMs should be well under half of clientTimeoutMs (the client times out at 30 s)',
      );
    }
    this.wss = createWebSocketServer(o.maxMessageBytes);
    const tick = Math.max(
      20,
      Math.min(o.keepAliveMs, o.clientTimeoutMs, o.handshakeTimeoutMs, o.disconnectAfterMs) / 5,
    );
    this.sweeper = setInterval(() => this.sweep(), tick);
    this.sweeper.unref();
    this.sequencer = new TopicSequencer(
      o.changesAfter ?? null,
      (items) => this.deliverInOrder(items),
      (err, topic) => o.log.warn({ err, topic }, 'hub: catching up from the change log failed'),
    );
    // Every process re-checks its own connections' sessions, so an expired or revoked session's
    // connections close within this period wherever they are, even if no message says so.
    this.sessionTimer = o.checkSessions ? setInterval(() => this.periodicCheck(), o.sessionCheckMs) : null;
    this.sessionTimer?.unref();
    this.host = {
      options: this.options,
      opened: (conn) => this.opened(conn),
      ended: (conn) => this.endedConn(conn),
      removed: (conn) => this.removed(conn),
      follow: (conn, topics) => this.follow(conn, topics),
      unfollow: (conn, topics) => this.unfollow(conn, topics),
      subscribed: (latest) => {
        for (const [topic, seq] of Object.entries(latest)) this.sequencer.subscribed(topic, seq);
      },
    };
    this.negotiateHost = {
      options: this.options,
      authenticateRequest: (token) => this.authenticateRequest(token),
      add: (conn) => {
        this.live.set(conn.id, conn);
      },
      asHost: () => this.host,
    };
  }

  /** Mounts POST /hub/negotiate, GET/POST/DELETE /hub and the WebSocket upgrade of /hub. */
  async register(fastify: FastifyInstance): Promise<void> {
    this.server = fastify.server;
    fastify.server.on('upgrade', this.onUpgrade);
    await fastify.register(async (scope) => {
      // Bodies are read by the handlers themselves (POST /hub streams records into the connection).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      scope.addHook('onRequest', async (req, reply) => {
        if (this.closed) return reply.code(503).type('text/plain').send('The server is shutting down.');
        const origin = req.headers.origin;
        if (!this.options.allowedOrigins(origin, req.headers.host)) {
          return reply
            .code(403)
            .send({ error: 'This site may not connect to the live updates of this server.' });
        }
        if (origin !== undefined && isCrossOrigin(origin, req.headers.host)) {
          reply.headers(corsHeaders(origin));
        }
      });
      const preflight = async (req: FastifyRequest, reply: FastifyReply) => {
        const asked = req.headers['access-control-request-headers'];
        return reply
          .code(204)
          .header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
          .header(
            'Access-Control-Allow-Headers',
            typeof asked === 'string'
              ? asked
              : 'Authorization, Content-Type, X-Requested-With, X-SignalR-User-Agent',
          )
          .header('Access-Control-Max-Age', '600')
          .send();
      };
      scope.options(HUB_PATH, preflight);
      scope.options(`${HUB_PATH}/negotiate`, preflight);
      scope.post(`${HUB_PATH}/negotiate`, (req, reply) => negotiate(this.negotiateHost, req, reply));
      scope.get(HUB_PATH, { exposeHeadRoute: false }, (req, reply) => this.onGet(req, reply));
      scope.post(HUB_PATH, (req, reply) => this.onPost(req, reply));
      scope.delete(HUB_PATH, (req, reply) => this.onDelete(req, reply));
    });
  }

  /**
   * Sends each local connection one `changes` invocation with the items of the topics it follows, in the
   * given order; a connection that follows none of them gets nothing.
   */
  deliver(changes: readonly ChangeItem[]): void {
    if (this.closed || changes.length === 0) return;
    this.deliverInOrder(this.sequencer.accept(changes));
  }

  /**
   * The backplane was away (a Redis reconnect): every topic followed here is read from the change log
   * after what this process delivered last, and the followers get what they missed, in order, once.
   */
  resync(): void {
    if (!this.closed) this.sequencer.resync();
  }

  /** Items already in order (the sequencer's output) to the connections that follow their topics. */
  private deliverInOrder(changes: readonly ChangeItem[]): void {
    if (this.closed || changes.length === 0) return;
    // The usual case: every change is on one topic (a write touches one topic), so every follower
    // gets the same record; build it once and write it to each, with no per-connection bookkeeping.
    const topic = changes[0]!.topic;
    if (changes.every((c) => c.topic === topic)) {
      const followers = this.byTopic.get(topic);
      if (!followers?.size) return;
      const record = changesRecord(changes.map((c) => JSON.stringify(c)));
      for (const conn of followers)
        if (conn.phase === 'open') conn.send(record.text, record.utf8, record.frame);
      return;
    }
    const json: (string | undefined)[] = new Array(changes.length);
    const batches = new Map<Connection, number[]>();
    changes.forEach((change, i) => {
      const followers = this.byTopic.get(change.topic);
      if (!followers) return;
      for (const conn of followers) {
        const batch = batches.get(conn);
        if (batch) batch.push(i);
        else batches.set(conn, [i]);
      }
    });
    // Connections that follow the same topics get the same record: build and encode it once, not once
    // per connection (a change to a topic with 500 followers is one JSON and one UTF-8 encoding).
    const records = new Map<string, ChangesRecord>();
    for (const [conn, indexes] of batches) {
      if (conn.phase !== 'open') continue;
      const key = indexes.join(',');
      let record = records.get(key);
      if (!record) {
        record = changesRecord(indexes.map((i) => (json[i] ??= JSON.stringify(changes[i]))));
        records.set(key, record);
      }
      conn.send(record.text, record.utf8, record.frame);
    }
  }

  /** Closes (no reconnect) every connection of a session: logout. Answers how many. */
  closeSession(sessionId: string, reason: string): number {
    return this.closeWhere((c) => c.sessionId === sessionId, reason);
  }

  /** Closes (no reconnect) every connection of an employee: an administrator disabled them. */
  closeEmployee(employeeId: number, reason: string): number {
    return this.closeWhere((c) => c.employeeId === employeeId, reason);
  }

  /**
   * An employee's flags or plant changed (issue 14 §2): their open connections re-check every topic
   * they follow with the new user; the ones no longer allowed are dropped and the client is told why.
   */
  accessChanged(employeeId: number, access: Pick<AuthUser, 'plantId' | 'flags'>): void {
    for (const conn of this.live.values()) {
      if (conn.employeeId !== employeeId || !conn.user || conn.phase === 'closed') continue;
      this.reauthorize(conn, { ...conn.user, ...access });
    }
  }

  /**
   * Checks the sessions of this process's connections now (all, or those `match` picks): closed when
   * expired, revoked or disabled; re-authorised with the current flags otherwise. Resolves when done.
   */
  recheckSessions(match?: (info: { employeeId: number | null; sessionId: string | null }) => boolean) {
    const run = this.checks.then(() => this.checkSessionsNow(match));
    this.checks = run.catch(() => undefined);
    return run;
  }

  private periodicCheck(): void {
    if (this.periodicCheckQueued || this.closed) return;
    this.periodicCheckQueued = true;
    void this.recheckSessions()
      .catch((err: unknown) => this.options.log.warn({ err }, 'hub: session check failed'))
      .finally(() => {
        this.periodicCheckQueued = false;
      });
  }

  private async checkSessionsNow(match?: Parameters<Hub['recheckSessions']>[0]): Promise<void> {
    const check = this.options.checkSessions;
    if (!check || this.closed) return;
    const ids = new Set<string>();
    for (const conn of this.live.values()) {
      if (conn.sessionId && conn.phase !== 'closed' && (!match || match(conn))) ids.add(conn.sessionId);
    }
    if (ids.size === 0) return;
    // A database failure rejects: connections stay as they are until a check succeeds.
    const outcome = await check([...ids]);
    for (const [sessionId, result] of outcome) {
      if (typeof result === 'string') {
        const n = this.closeSession(sessionId, result);
        if (n) this.options.log.info({ connections: n }, 'hub: closed the connections of an ended session');
        continue;
      }
      for (const conn of this.live.values()) {
        if (conn.sessionId === sessionId && conn.user && conn.phase !== 'closed')
          this.reauthorize(conn, result);
      }
    }
  }

  /** The connection's user becomes `user`; topics it may no longer follow are dropped, with the reasons. */
  private reauthorize(conn: Connection, user: AuthUser): void {
    conn.user = user;
    const dropped: DroppedTopic[] = [];
    for (const topic of conn.topics) {
      const reason = this.options.authorizeTopic(user, topic);
      if (reason !== null) dropped.push({ topic, reason });
    }
    if (dropped.length === 0) return;
    this.unfollow(
      conn,
      dropped.map((d) => d.topic),
    );
    this.options.log.info(
      { connectionId: conn.id, employeeId: conn.employeeId, topics: dropped.map((d) => d.topic) },
      'hub: topics dropped after a permission change',
    );
    if (conn.phase === 'open') conn.send(invocationRecordRaw(DROPPED_TARGET, JSON.stringify([dropped])));
  }

  /** Drops a connection's transport without a Close message, as a network failure would (tests, operations). */
  abort(connectionId: string): boolean {
    const conn = this.live.get(connectionId);
    if (!conn) return false;
    conn.abort();
    return true;
  }

  /** The handshaken connections of this process. */
  connections(): HubConnectionInfo[] {
    return [...this.live.values()].filter((c) => c.phase === 'open').map((c) => c.info());
  }

  /** Called after each successful handshake; returns the unsubscribe function. */
  onConnect(fn: Listener): () => void {
    this.connectListeners.add(fn);
    return () => this.connectListeners.delete(fn);
  }

  /** Called when a handshaken connection ends, whatever the reason; returns the unsubscribe function. */
  onDisconnect(fn: Listener): () => void {
    this.disconnectListeners.add(fn);
    return () => this.disconnectListeners.delete(fn);
  }

  /**
   * Shutdown: every client gets Close with allowReconnect (another process, or this one restarted, takes
   * it), held polls and streams end, timers stop. Run it before the HTTP server closes (Fastify preClose):
   * the server waits for open streams and sockets.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    this.server?.off('upgrade', this.onUpgrade);
    for (const conn of [...this.live.values()]) conn.close('The server is shutting down.', true);
    if (this.live.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
        this.whenEmpty = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    for (const conn of [...this.live.values()]) conn.abort();
    this.live.clear();
    this.byTopic.clear();
    this.ended.clear();
    this.wss.close();
  }

  // ── connection bookkeeping ──────────────────────────────────────────────────────────────────────────

  private opened(conn: Connection): void {
    const info = conn.info();
    this.options.log.info(
      { connectionId: conn.id, employeeId: info.employeeId, transport: info.transport },
      'hub connection opened',
    );
    for (const fn of this.connectListeners) this.notify(fn, info);
  }

  private endedConn(conn: Connection): void {
    this.unfollow(conn, [...conn.topics]);
    if (!conn.connectedAt || !conn.sink) return;
    const info = conn.info();
    this.options.log.info(
      { connectionId: conn.id, employeeId: info.employeeId, transport: info.transport },
      'hub connection closed',
    );
    for (const fn of this.disconnectListeners) this.notify(fn, info);
  }

  private removed(conn: Connection): void {
    if (this.live.get(conn.id) === conn) this.live.delete(conn.id);
    this.ended.set(conn.id, conn.tokenExpiresAt);
    if (this.live.size === 0) this.whenEmpty?.();
  }

  private follow(conn: Connection, topics: string[]): void {
    for (const topic of topics) {
      conn.topics.add(topic);
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
        this.sequencer.track(topic);
      }
      set.add(conn);
    }
  }

  private unfollow(conn: Connection, topics: string[]): void {
    for (const topic of topics) {
      conn.topics.delete(topic);
      const set = this.byTopic.get(topic);
      set?.delete(conn);
      if (set?.size === 0) {
        this.byTopic.delete(topic);
        this.sequencer.untrack(topic);
      }
    }
  }

  private notify(fn: Listener, info: HubConnectionInfo): void {
    try {
      fn(info);
    } catch (error) {
      this.options.log.error({ err: error }, 'hub listener failed');
    }
  }

  private closeWhere(match: (c: Connection) => boolean, reason: string): number {
    let n = 0;
    for (const conn of [...this.live.values()]) {
      if (conn.phase === 'closed' || !match(conn)) continue;
      conn.close(reason, false);
      n++;
    }
    return n;
  }

  /** Timers of every connection in one pass: handshake timeout, pings, client timeout, disposal, slow clients. */
  private sweep(): void {
    const now = Date.now();
    const o = this.options;
    for (const conn of [...this.live.values()]) {
      if (conn.attaching) continue;
      if (conn.phase === 'negotiated') {
        if (now - conn.createdAt >= o.disconnectAfterMs) conn.abort();
        continue;
      }
      if (conn.phase === 'handshake' && now - conn.attachedAt >= o.handshakeTimeoutMs) {
        conn.abort();
        continue;
      }
      conn.keepAlive(now);
      const sink = conn.sink;
      if (!sink) continue;
      const detached = sink.detachedSince();
      if (detached !== null && now - detached >= o.disconnectAfterMs) {
        conn.abort();
      } else if (sink.backlog() > MAX_BACKLOG_BYTES) {
        o.log.warn({ connectionId: conn.id }, 'hub client too slow: dropped');
        conn.abort();
      }
    }
    for (const [id, expiresAt] of this.ended) if (expiresAt < now) this.ended.delete(id);
  }

  // ── requests ────────────────────────────────────────────────────────────────────────────────────────

  private async authenticateRequest(
    token: string,
  ): Promise<{ user: AuthUser } | { status: 401 | 503; text: string }> {
    try {
      return { user: await this.options.authenticate(token) };
    } catch (error) {
      // A refused token is the client's problem (401); anything else (the database is down) is ours.
      if (error instanceof Unauthorized) return { status: 401, text: error.statusText };
      this.options.log.error({ err: error }, 'hub authentication failed');
      return { status: 503, text: 'The server cannot check the login right now. Try again shortly.' };
    }
  }

  /** The local connection a token names, or why not (never creates one). */
  private find(rawId: string | null): Connection | Refusal {
    if (!rawId) return refusal(400, 'Connection ID required.');
    const payload = verifyToken(this.options.secret, rawId);
    const conn = payload ? this.live.get(payload.connectionId) : undefined;
    if (payload && !conn && !this.ended.has(payload.connectionId)) return refusal(404, HELD_ELSEWHERE_TEXT);
    if (!conn || conn.token !== rawId) return refusal(404, 'No connection with that ID.');
    return conn;
  }

  /**
   * Reserves a connection for a transport: the token's local connection (negotiated, no transport yet),
   * or for a WebSocket one created from the token (negotiated on another process) or from nothing
   * (skipNegotiation). The request's own access token is checked again and must be the same session.
   * On success the connection is `attaching`: the caller attaches a sink or calls `release`.
   */
  private async claim(
    rawId: string | null,
    presented: string | null,
    transport: TransportName,
    iface: string | null,
  ): Promise<Connection | Refusal> {
    if (!rawId) {
      // skipNegotiation: a new connection for whoever the access token is.
      if (transport !== 'WebSockets') return refusal(400, 'Connection ID required.');
      let user: AuthUser | null = null;
      if (presented !== null) {
        const outcome = await this.authenticateRequest(presented);
        if ('status' in outcome) return refusal(outcome.status, outcome.text);
        user = outcome.user;
      }
      if (this.closed) return refusal(503, 'The server is shutting down.');
      const id = newConnectionId();
      const tokenExpiresAt = Date.now() + this.options.disconnectAfterMs;
      const init = {
        employeeId: user?.employeeId ?? null,
        sessionId: user?.sessionId ?? null,
        iface,
      };
      const conn = new Connection(this.host, {
        ...init,
        id,
        token: signToken(this.options.secret, { ...init, connectionId: id, expiresAt: tokenExpiresAt }),
        user,
        tokenExpiresAt,
      });
      conn.attaching = true;
      conn.adopted = true;
      this.live.set(id, conn);
      return conn;
    }

    const payload = verifyToken(this.options.secret, rawId);
    if (!payload) return refusal(404, 'No connection with that ID.');
    let conn = this.live.get(payload.connectionId);
    let created = false;
    if (conn && conn.token !== rawId) return refusal(404, 'No connection with that ID.');
    if (!conn) {
      // Negotiated on another process (same secret): a WebSocket needs no sticky session.
      if (transport !== 'WebSockets' && !this.ended.has(payload.connectionId)) {
        return refusal(404, HELD_ELSEWHERE_TEXT);
      }
      if (
        transport !== 'WebSockets' ||
        this.ended.has(payload.connectionId) ||
        payload.expiresAt <= Date.now()
      ) {
        return refusal(404, 'No connection with that ID.');
      }
      conn = new Connection(this.host, {
        id: payload.connectionId,
        token: rawId,
        user: null,
        employeeId: payload.employeeId,
        sessionId: payload.sessionId,
        iface: payload.iface,
        tokenExpiresAt: payload.expiresAt,
      });
      created = true;
    }
    if (conn.phase === 'closed') return refusal(404, 'No connection with that ID.');
    if (conn.phase !== 'negotiated' || conn.attaching) {
      return refusal(409, 'This connection already has a transport.');
    }
    conn.attaching = true;
    if (created) {
      conn.adopted = true;
      this.live.set(conn.id, conn);
    }

    let user: AuthUser | null = null;
    if (presented !== null) {
      const outcome = await this.authenticateRequest(presented);
      if ('status' in outcome) {
        this.release(conn);
        return refusal(outcome.status, outcome.text);
      }
      user = outcome.user;
    }
    if (this.closed || this.live.get(conn.id) !== conn || conn.phase !== 'negotiated') {
      this.release(conn);
      return refusal(404, 'No connection with that ID.');
    }
    // The transport must come from the login that negotiated (or none for an anonymous connection).
    if ((user?.sessionId ?? null) !== conn.sessionId) {
      this.release(conn);
      return refusal(403, 'This connection belongs to another login.');
    }
    conn.user = user;
    return conn;
  }

  /** Undoes a claim: a connection the claim itself created is forgotten again. */
  private release(conn: Connection): void {
    conn.attaching = false;
    if (conn.adopted && conn.phase === 'negotiated' && this.live.get(conn.id) === conn)
      this.live.delete(conn.id);
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const { path } = queryOf(req.url);
    if (path !== HUB_PATH) {
      // Someone else's upgrade; if nobody else listens, answer rather than leave the socket hanging.
      if ((this.server?.listenerCount('upgrade') ?? 0) <= 1) {
        refuseUpgrade(socket, 404, 'Not found.', 'Not Found');
      }
      return;
    }
    socket.on('error', () => socket.destroy());
    this.upgrade(req, socket, head).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'hub upgrade failed');
      refuseUpgrade(socket, 500, 'The server failed to accept the connection.', 'Internal Server Error');
    });
  };

  /** GET /hub with Upgrade: websocket. Refusals are plain HTTP answers on the socket. */
  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { query } = queryOf(req.url);
    const refuse = (r: Refusal) => refuseUpgrade(socket, r.status, r.text, STATUS_CODES[r.status] ?? 'Error');
    if (this.closed) {
      refuse(refusal(503, 'The server is shutting down.'));
      return;
    }
    if (!this.options.allowedOrigins(req.headers.origin, req.headers.host)) {
      refuse(refusal(403, 'This site may not connect to the live updates of this server.'));
      return;
    }
    const claimed = await this.claim(
      query.get('id'),
      presentedToken(req.headers, query),
      'WebSockets',
      interfaceOf(query),
    );
    if (!(claimed instanceof Connection)) {
      refuse(claimed);
      return;
    }
    const conn = claimed;
    if (socket.destroyed) {
      this.release(conn);
      return;
    }
    let attached = false;
    // ws answers a malformed upgrade itself and never calls back: the reservation must not stick.
    socket.once('close', () => {
      if (!attached) this.release(conn);
    });
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      attached = true;
      conn.attach(new WebSocketSink(ws, conn));
    });
  }

  private async onGet(req: FastifyRequest, reply: FastifyReply) {
    const { query } = queryOf(req.url);
    const rawId = query.get('id');
    const accept = req.headers.accept ?? '';
    if (accept.includes('text/event-stream')) {
      const claimed = await this.claim(
        rawId,
        presentedToken(req.headers, query),
        'ServerSentEvents',
        interfaceOf(query),
      );
      if (!(claimed instanceof Connection)) return this.answer(reply, claimed);
      if (req.raw.destroyed) return this.release(claimed);
      reply.hijack();
      const origin = req.headers.origin;
      EventStreamSink.open(
        reply.raw,
        origin && isCrossOrigin(origin, req.headers.host) ? corsHeaders(origin) : {},
      );
      claimed.attach(new EventStreamSink(reply.raw, claimed));
      return;
    }
    // Long polling: the first GET attaches and returns at once; later ones are polls.
    const found = this.find(rawId);
    if (found instanceof Connection && found.sink) {
      if (!(found.sink instanceof LongPollingSink))
        return this.answer(reply, refusal(400, 'Cannot change transports mid-connection.'));
      found.sink.take(reply);
      return reply;
    }
    if (!(found instanceof Connection)) return this.answer(reply, found);
    const claimed = await this.claim(rawId, presentedToken(req.headers, query), 'LongPolling', null);
    if (!(claimed instanceof Connection)) return this.answer(reply, claimed);
    claimed.attach(new LongPollingSink(claimed, this.options.longPollMs));
    return reply.code(200).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('');
  }

  /** The client's messages for Server-Sent Events and long polling. */
  private async onPost(req: FastifyRequest, reply: FastifyReply) {
    const found = this.find(queryOf(req.url).query.get('id'));
    if (!(found instanceof Connection)) return this.answer(reply, found);
    const conn = found;
    if (conn.phase === 'closed') return this.answer(reply, refusal(404, 'No connection with that ID.'));
    if (conn.sink?.name === 'WebSockets') {
      return this.answer(reply, refusal(405, 'POST requests are not allowed for WebSocket connections.'));
    }
    if (!conn.sink) return this.answer(reply, refusal(400, 'The connection has no transport yet.'));
    if (conn.posting) return this.answer(reply, refusal(409, 'Another POST is already in progress.'));
    conn.posting = true;
    let total = 0;
    try {
      const body = req.body as AsyncIterable<Buffer> | undefined;
      if (body && typeof body[Symbol.asyncIterator] === 'function') {
        for await (const chunk of body) {
          total += chunk.length;
          if (total > MAX_POST_BYTES) {
            conn.close(`A send is larger than the ${MAX_POST_BYTES}-byte limit.`, false);
            return this.answer(reply, refusal(413, 'The request is too large.'));
          }
          conn.receive(chunk);
        }
      }
    } catch {
      return this.answer(reply, refusal(400, 'The request body was cut off.'));
    } finally {
      conn.posting = false;
    }
    return reply.code(200).type('text/plain; charset=utf-8').send('');
  }

  /** Long polling's clean stop: 202, and a held poll gets 204. */
  private async onDelete(req: FastifyRequest, reply: FastifyReply) {
    const found = this.find(queryOf(req.url).query.get('id'));
    if (!(found instanceof Connection)) return this.answer(reply, found);
    if (!(found.sink instanceof LongPollingSink)) {
      return this.answer(reply, refusal(400, 'Cannot terminate this connection using the DELETE endpoint.'));
    }
    found.sink.terminate();
    return reply.code(202).type('text/plain; charset=utf-8').send('');
  }

  private answer(reply: FastifyReply, r: Refusal) {
    // The client's error carries the status text: for these two it is what the client must act on.
    if (r.status === 401 || r.text === HELD_ELSEWHERE_TEXT) reply.raw.statusMessage = r.text;
    return reply.code(r.status).type('text/plain; charset=utf-8').send(r.text);
  }
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
