import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../rpc/registry';
import type { ChangesAfter } from './sequencer';

/** The three transports of the official client, spelled as negotiate and the client spell them. */
export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** One live (handshaken) connection of this process, as `hub.connections()` and the listeners see it. */
export interface HubConnectionInfo {
  /** Public: the client sends it in every API request's connection-id header. */
  connectionId: string;
  employeeId: number | null;
  name: string | null;
  plantId: number | null;
  /** From the `interface` query parameter of the hub URL (`/hub?interface=pm`), or null. */
  interface: string | null;
  transport: TransportName;
  /** ISO time of the successful handshake. */
  connectedAt: string;
  /** The server process that holds the connection. */
  nodeId: string;
}

/** Everything a Hub needs from the rest of the server, plus the protocol's timers. */
export interface HubOptions {
  /** HMAC-SHA256 key of the connection tokens; every process behind one load balancer must share it. */
  secret: Buffer;
  /** Names this process in `HubConnectionInfo.nodeId`. */
  nodeId: string;
  /** True when a request with this Origin (undefined: not a browser) may use the hub; `host` is the Host header. */
  allowedOrigins(origin: string | undefined, host: string | undefined): boolean;
  /** The session of an access token; throws (an `Unauthorized` for a bad, expired or revoked token). */
  authenticate(token: string): Promise<AuthUser>;
  /** Null when `user` (null: not logged in) may follow `topic`, else the sentence to refuse with. */
  authorizeTopic(user: AuthUser | null, topic: string): string | null;
  /** The latest sequence number of each topic (0 for a topic with no change yet). */
  latestSeqs(topics: string[]): Promise<Record<string, number>>;
  /**
   * The sessions of open connections as they are now (issue 14 §2): per session id its user (current
   * flags and plant) or the sentence to close its connections with (expired, revoked, disabled). Run
   * every `sessionCheckMs` for every authenticated connection of this process. Absent: no re-check.
   */
  checkSessions?: (sessionIds: string[]) => Promise<Map<string, AuthUser | string>>;
  /**
   * The change log after a sequence number (issue 14 §5): fills a topic's gap and catches up after a
   * backplane outage, so clients get every change in order and once. Absent: changes pass as they come.
   */
  changesAfter?: ChangesAfter;
  log: FastifyBaseLogger;
  /** Server ping when nothing else was sent for this long (not on long polling). */
  keepAliveMs?: number;
  /** Drop a WebSocket or SSE client heard nothing from for this long. */
  clientTimeoutMs?: number;
  /** The handshake must arrive this soon after the transport connects. */
  handshakeTimeoutMs?: number;
  /** Dispose a connection whose transport has been gone (or never came) for this long. */
  disconnectAfterMs?: number;
  /** Largest record the client may send. */
  maxMessageBytes?: number;
  /** How long a long-polling GET is held when there is nothing to send. */
  longPollMs?: number;
  /** Period of the session re-check of open connections (expiry, revocation, flags). */
  sessionCheckMs?: number;
}

/** The timer and size options, for callers that only tune those (tests, buildApp). */
export type HubTuning = Pick<
  HubOptions,
  | 'keepAliveMs'
  | 'clientTimeoutMs'
  | 'handshakeTimeoutMs'
  | 'disconnectAfterMs'
  | 'maxMessageBytes'
  | 'longPollMs'
  | 'sessionCheckMs'
>;

export type ResolvedHubOptions = Required<Omit<HubOptions, 'checkSessions' | 'changesAfter'>> &
  Pick<HubOptions, 'checkSessions' | 'changesAfter'>;

export const hubDefaults = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  disconnectAfterMs: 15_000,
  maxMessageBytes: 32 * 1024,
  longPollMs: 90_000,
  sessionCheckMs: 5000,
} as const satisfies Required<HubTuning>;

/**
 * The server half of one transport, as a connection drives it. A sink reports the end of its transport
 * through the `closed` callback it was created with (exactly once).
 */
export interface Sink {
  readonly name: TransportName;
  /**
   * Queue complete records (text ending in 0x1E) for the client. `utf8`, when given, is the same text
   * already encoded: a broadcast encodes once and every WebSocket sends those bytes.
   */
  write(text: string, utf8?: Buffer, frame?: readonly Buffer[] | null): void;
  /** Finish after what was written reaches the client (a clean close). */
  end(): void;
  /** Drop the transport now, as a network failure would. */
  abort(): void;
  /** Bytes written and not yet handed to the network. */
  backlog(): number;
  /** Long polling between polls: since when no poll has been waiting; null while attached or for other transports. */
  detachedSince(): number | null;
}

/** buildApp's options for the hub (server/app.ts). */
export interface HubAppOptions {
  /** Timers and limits (tests make them short). */
  hub?: HubTuning;
  /** Each topic's latest sequence number, from the change log; default: 0 for every topic. */
  latestSeqs?: HubOptions['latestSeqs'];
  /** Where the JSON log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
}
