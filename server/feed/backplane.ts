import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { ChangeItem } from '../../domain/live/changes';
import { observeBackplaneLag } from '../ops/metrics';

/**
 * What one server process tells every process (itself included): committed changes to stream to hub
 * clients, a session that logged out, an employee who was disabled (their hub connections close).
 */
export type BackplaneMessage =
  | { kind: 'changes'; changes: ChangeItem[] }
  | { kind: 'closeSession'; sessionId: string }
  | { kind: 'closeEmployee'; employeeId: number }
  | AccessChanged;

/**
 * An employee's record changed (web/UpdateEmployee): their permission flags and plant as they are now.
 * Every node drops the employee's cached sessions and re-authorises their open hub subscriptions with
 * these, at once (issue 14 §2); the hub's periodic session check is the net if this message is lost.
 */
export interface AccessChanged {
  kind: 'accessChanged';
  employeeId: number;
  plantId: number;
  flags: string[];
}

export type BackplaneListener = (message: BackplaneMessage) => void;

/**
 * Fan-out between server processes (brief §2). Delivery is best effort: a message lost while Redis is
 * down is caught up from the change log (sync/Pull), which is the source of truth. A message published
 * by this process reaches this process's own listeners exactly once, whether or not Redis is up.
 */
export interface Backplane {
  /** Never rejects for a transport failure: it logs it (the write it follows has committed). */
  publish(message: BackplaneMessage): Promise<void>;
  /** Answers the function that removes the listener. */
  subscribe(listener: BackplaneListener): () => void;
  /**
   * Called each time the backplane is listening again after an outage (Redis): messages published
   * meanwhile were lost, so the hub catches its clients up from the change log. Never for in-process.
   */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The part of a Fastify/pino logger the backplane uses. */
export interface BackplaneLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLog: BackplaneLog = { info() {}, warn() {}, error() {} };

/** The default Redis channel; tests pass their own so parallel runs do not cross. */
export const DEFAULT_BACKPLANE_CHANNEL = 'steelworks:backplane';

const MessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changes'), changes: z.array(ChangeItem) }),
  z.object({ kind: z.literal('closeSession'), sessionId: z.string() }),
  z.object({ kind: z.literal('closeEmployee'), employeeId: z.number().int() }),
  z.object({
    kind: z.literal('accessChanged'),
    employeeId: z.number().int(),
    plantId: z.number().int(),
    flags: z.array(z.string()),
  }),
]);

/** One message on the wire: the publishing node (so it can skip its own echo) and the message. */
const WireSchema = z.object({ node: z.string(), message: MessageSchema, at: z.number().optional() });

export function encodeBackplaneMessage(node: string, message: BackplaneMessage): string {
  // `at`: the sender's clock, for the delivery-lag metric (server/ops/metrics.ts).
  return JSON.stringify({ node, message, at: Date.now() });
}

/**
 * The message of a wire text, or null when it is this node's own echo (already delivered locally).
 * Throws on text that is not a backplane message (another program on the channel, another version).
 */
export function decodeBackplaneMessage(text: string, ownNode: string): BackplaneMessage | null {
  const parsed = WireSchema.parse(JSON.parse(text));
  if (parsed.node !== ownNode) observeBackplaneLag(parsed.at);
  return parsed.node === ownNode ? null : (parsed.message as BackplaneMessage);
}

/** The listeners of one process; one that throws is logged and does not stop the others. */
class Listeners {
  private readonly set = new Set<BackplaneListener>();
  constructor(private readonly log: BackplaneLog) {}

  add(listener: BackplaneListener): () => void {
    // A wrapper per subscription, so the same function subscribed twice is called twice and each
    // unsubscribe removes only its own.
    const entry: BackplaneListener = (m) => listener(m);
    this.set.add(entry);
    return () => {
      this.set.delete(entry);
    };
  }

  deliver(message: BackplaneMessage): void {
    for (const listener of [...this.set]) {
      try {
        listener(message);
      } catch (err) {
        this.log.error({ err, kind: message.kind }, 'backplane listener failed');
      }
    }
  }

  clear(): void {
    this.set.clear();
  }
}

/** One process (the embedded default): publish calls the listeners at once, in order. */
export class InProcessBackplane implements Backplane {
  private readonly listeners: Listeners;
  private closed = false;

  constructor(opts: { log?: BackplaneLog } = {}) {
    this.listeners = new Listeners(opts.log ?? silentLog);
  }

  async publish(message: BackplaneMessage): Promise<void> {
    if (!this.closed) this.listeners.deliver(message);
  }

  subscribe(listener: BackplaneListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}

export interface RedisBackplaneOptions {
  /** redis://host:port/db (REDIS_URL). */
  url: string;
  /** Pub/sub channel; every process of one deployment must use the same one. */
  channel?: string;
  log?: BackplaneLog;
  /**
   * How long a publish waits for the very first connection (right after start-up). After the first
   * connection a publish while Redis is down fails at once and is logged.
   */
  connectWaitMs?: number;
}

/**
 * Several processes over Redis pub/sub: one channel, a publisher connection and a subscriber
 * connection. A message is delivered to this process's listeners directly when it is published, and
 * its echo from Redis is skipped (by node id), so local delivery does not depend on Redis and happens
 * exactly once.
 */
export class RedisBackplane implements Backplane {
  readonly channel: string;
  /** This process's id on the channel. */
  readonly nodeId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listeners: Listeners;
  private readonly log: BackplaneLog;
  private readonly subscribed: Promise<void>;
  private readonly firstReady: Promise<void>;
  private readonly connectWaitMs: number;
  private everReady = false;
  private closed = false;
  private readonly reconnectListeners = new Set<() => void>();

  constructor(opts: RedisBackplaneOptions) {
    this.channel = opts.channel ?? DEFAULT_BACKPLANE_CHANNEL;
    this.log = opts.log ?? silentLog;
    this.listeners = new Listeners(this.log);
    this.connectWaitMs = opts.connectWaitMs ?? 2000;
    // No offline queue on the publisher: while Redis is down a publish fails at once (and is logged)
    // instead of piling up in memory and holding the request that made it.
    this.pub = new Redis(opts.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // The subscriber waits for Redis as long as it takes; ioredis subscribes again after a reconnect.
    // Named, so operators (and tests/redis-catchup.test.ts) can find this process's subscriber.
    this.sub = new Redis(opts.url, {
      maxRetriesPerRequest: null,
      connectionName: `steelworks-sub-${this.nodeId}`,
    });
    this.watch(this.pub, 'publisher');
    this.watch(this.sub, 'subscriber');
    this.firstReady = new Promise((resolve) => this.pub.once('ready', () => resolve()));
    this.pub.on('ready', () => {
      this.everReady = true;
    });
    this.sub.on('message', (channel: string, text: string) => this.receive(channel, text));
    // After a lost connection ioredis subscribes again by itself, but 'ready' comes before that
    // subscription is in place. Subscribing once more (idempotent) and waiting for Redis to confirm it
    // tells when messages flow again; only then are the listeners told to catch up, so nothing
    // published in between falls into a hole.
    let subscriberReady = 0;
    this.sub.on('ready', () => {
      if (++subscriberReady === 1 || this.closed) return;
      this.sub.subscribe(this.channel).then(
        () => this.reconnected(),
        (err: unknown) => {
          if (!this.closed) this.log.warn({ err: String(err) }, 'backplane resubscribe failed');
        },
      );
    });
    this.subscribed = this.sub.subscribe(this.channel).then(
      () => undefined,
      (err: unknown) => {
        if (!this.closed) this.log.error({ err, channel: this.channel }, 'backplane subscribe failed');
      },
    );
  }

  /** For /readyz: the subscriber connection is up (else other processes' changes do not reach us). */
  get subscriberReady(): boolean {
    return !this.closed && this.sub.status === 'ready';
  }

  /** Resolves once the subscription is active (messages published after that reach this process). */
  ready(): Promise<void> {
    return this.subscribed;
  }

  async publish(message: BackplaneMessage): Promise<void> {
    if (this.closed) return;
    this.listeners.deliver(message);
    try {
      if (!this.everReady) {
        await Promise.race([this.firstReady, new Promise((r) => setTimeout(r, this.connectWaitMs).unref())]);
      }
      await this.pub.publish(this.channel, encodeBackplaneMessage(this.nodeId, message));
    } catch (err) {
      // The write has committed; other processes' clients catch up through sync/Pull on their next
      // change or reconnect.
      this.log.warn(
        { err: String(err), channel: this.channel, kind: message.kind },
        'backplane publish failed: other server processes miss this message',
      );
    }
  }

  subscribe(listener: BackplaneListener): () => void {
    return this.listeners.add(listener);
  }

  onReconnect(listener: () => void): () => void {
    const entry = () => listener();
    this.reconnectListeners.add(entry);
    return () => {
      this.reconnectListeners.delete(entry);
    };
  }

  private reconnected(): void {
    if (this.closed) return;
    this.log.info({ channel: this.channel }, 'backplane: listening again; catching up from the change log');
    for (const fn of [...this.reconnectListeners]) {
      try {
        fn();
      } catch (err) {
        this.log.error({ err }, 'backplane reconnect listener failed');
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.reconnectListeners.clear();
    await Promise.all([this.pub, this.sub].map(end));
  }

  private receive(channel: string, text: string): void {
    if (channel !== this.channel || this.closed) return;
    let message: BackplaneMessage | null;
    try {
      message = decodeBackplaneMessage(text, this.nodeId);
    } catch (err) {
      this.log.warn({ err: String(err), channel }, 'backplane: ignored a message that is not ours');
      return;
    }
    if (message) this.listeners.deliver(message);
  }

  /** Logs a connection going down once (not every retry) and coming back. */
  private watch(client: Redis, role: 'publisher' | 'subscriber'): void {
    let down = false;
    client.on('error', (err: Error) => {
      if (down || this.closed) return;
      down = true;
      this.log.warn({ err: err.message, role }, 'backplane: Redis unreachable, retrying');
    });
    client.on('ready', () => {
      if (down) this.log.info({ role }, 'backplane: Redis reachable again');
      down = false;
    });
  }
}

async function end(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: drop the connection
    }
  }
  client.disconnect();
}
