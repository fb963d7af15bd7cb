import type { AuthUser } from '../rpc/registry';
import { HubError, hubMethods } from './methods';
import {
  closeRecord,
  errorRecord,
  HANDSHAKE_OK_RECORD,
  handshakeErrorRecord,
  type InvocationMessage,
  PING_RECORD,
  ProtocolError,
  parseHandshake,
  parseMessage,
  RecordReader,
  resultRecord,
} from './protocol';
import type { HubConnectionInfo, ResolvedHubOptions, Sink, TransportName } from './types';

/** What a connection needs from its hub. */
export interface ConnectionHost {
  readonly options: ResolvedHubOptions;
  /** The handshake succeeded. */
  opened(conn: Connection): void;
  /** The connection ended (it no longer receives or delivers anything). */
  ended(conn: Connection): void;
  /** Its transport is finished too: forget it. */
  removed(conn: Connection): void;
  follow(conn: Connection, topics: string[]): void;
  unfollow(conn: Connection, topics: string[]): void;
  /** A Subscribe read these latest sequence numbers (where the followers' own catch-up ends). */
  subscribed(latest: Record<string, number>): void;
}

/**
 * negotiated: no transport yet · handshake: transport attached, waiting for the handshake ·
 * open: handshaken · closed: ended (a long-polling transport may still be draining the Close message).
 */
export type Phase = 'negotiated' | 'handshake' | 'open' | 'closed';

/** Records received and not yet processed, past which a client is flooding. */
const MAX_QUEUED_RECORDS = 256;

export interface ConnectionInit {
  id: string;
  token: string;
  user: AuthUser | null;
  employeeId: number | null;
  sessionId: string | null;
  iface: string | null;
  /** When the token stops creating connections (remembered to refuse it once this one has ended). */
  tokenExpiresAt: number;
}

/** One SignalR connection: the JSON hub protocol over whichever transport is attached. */
export class Connection {
  readonly id: string;
  readonly token: string;
  readonly employeeId: number | null;
  readonly sessionId: string | null;
  readonly iface: string | null;
  readonly tokenExpiresAt: number;
  user: AuthUser | null;
  phase: Phase = 'negotiated';
  sink: Sink | null = null;
  /** A transport is being attached (authentication in progress): a second one is a 409. */
  attaching = false;
  /** Created by a transport request (from a token negotiated elsewhere, or skipNegotiation), not by negotiate. */
  adopted = false;
  /** A POST (Server-Sent Events, long polling) is being read: another one is a 409. */
  posting = false;
  readonly topics = new Set<string>();
  readonly createdAt = Date.now();
  attachedAt = 0;
  connectedAt: Date | null = null;
  lastSentAt = 0;
  lastHeardAt = 0;
  private readonly reader: RecordReader;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    readonly host: ConnectionHost,
    init: ConnectionInit,
  ) {
    this.id = init.id;
    this.token = init.token;
    this.user = init.user;
    this.employeeId = init.employeeId;
    this.sessionId = init.sessionId;
    this.iface = init.iface;
    this.tokenExpiresAt = init.tokenExpiresAt;
    this.reader = new RecordReader(host.options.maxMessageBytes);
  }

  get transport(): TransportName | null {
    return this.sink?.name ?? null;
  }

  info(): HubConnectionInfo {
    return {
      connectionId: this.id,
      employeeId: this.user?.employeeId ?? null,
      name: this.user?.name ?? null,
      plantId: this.user?.plantId ?? null,
      interface: this.iface,
      transport: this.sink!.name,
      connectedAt: (this.connectedAt ?? new Date(this.createdAt)).toISOString(),
      nodeId: this.host.options.nodeId,
    };
  }

  /** The transport is connected: the handshake clock starts. */
  attach(sink: Sink): void {
    this.sink = sink;
    this.attaching = false;
    this.phase = 'handshake';
    this.attachedAt = Date.now();
    this.lastHeardAt = this.attachedAt;
  }

  /** Bytes from the client: split into records and processed in order. */
  receive(chunk: Buffer): void {
    if (this.phase !== 'handshake' && this.phase !== 'open') return;
    this.lastHeardAt = Date.now();
    let records: string[];
    try {
      records = this.reader.push(chunk);
    } catch (error) {
      this.fail(error);
      return;
    }
    for (const text of records) {
      if (this.phase === 'handshake') {
        this.handshake(text);
        continue;
      }
      if (this.phase !== 'open') return;
      let message: ReturnType<typeof parseMessage>;
      try {
        message = parseMessage(text);
      } catch (error) {
        this.fail(error);
        return;
      }
      switch (message.type) {
        case 1:
        case 4:
          if (++this.queued > MAX_QUEUED_RECORDS) {
            this.close('Too many invocations are waiting: slow down.', false);
            return;
          }
          // One invocation in flight per connection: the next waits for the previous one.
          this.queue = this.queue.then(() => this.invoke(message)).catch((error) => this.fail(error));
          break;
        case 7:
          // The client's stop(): it expects no answer, so end without a Close of our own.
          this.end();
          this.sink?.end();
          return;
        default:
          // Ping (the receive itself is the keep-alive), Cancel (nothing streams), Completion, Ack...
          break;
      }
    }
  }

  private handshake(text: string): void {
    let request: { protocol: string; version: number };
    try {
      request = parseHandshake(text);
    } catch (error) {
      this.refuseHandshake(
        error instanceof ProtocolError ? error.message : 'The handshake request is not valid.',
      );
      return;
    }
    if (request.protocol !== 'json') {
      this.refuseHandshake(`The protocol '${request.protocol}' is not supported: this server speaks 'json'.`);
      return;
    }
    if (request.version !== 1) {
      this.refuseHandshake(`The server does not support version ${request.version} of the 'json' protocol.`);
      return;
    }
    this.phase = 'open';
    this.connectedAt = new Date();
    this.send(HANDSHAKE_OK_RECORD);
    this.host.opened(this);
  }

  private refuseHandshake(error: string): void {
    this.send(handshakeErrorRecord(error));
    this.end();
    this.sink?.end();
  }

  private async invoke(message: InvocationMessage): Promise<void> {
    this.queued--;
    if (this.phase !== 'open') return;
    const id = message.invocationId;
    const method = hubMethods.get(message.target.toLowerCase());
    let outcome: { result: unknown } | { error: string };
    if (message.type === 4 || (message.streamIds && message.streamIds.length > 0)) {
      outcome = { error: `Streaming is not supported (invocation of '${message.target}').` };
    } else if (!method) {
      outcome = { error: `There is no hub method named '${message.target}'.` };
    } else if (message.arguments.length !== method.arity) {
      outcome = {
        error: `'${method.name}' takes ${method.arity} argument(s); the invocation gave ${message.arguments.length}.`,
      };
    } else {
      try {
        outcome = { result: await method.run(this, message.arguments) };
      } catch (error) {
        if (error instanceof HubError) {
          outcome = { error: error.message };
        } else {
          this.host.options.log.error(
            { err: error, connectionId: this.id, method: method.name },
            'hub method failed',
          );
          outcome = { error: `An unexpected error occurred invoking '${method.name}' on the server.` };
        }
      }
    }
    // Without an invocationId the client expects no answer, success or not.
    if (id === undefined || this.phase !== 'open') return;
    this.send('error' in outcome ? errorRecord(id, outcome.error) : resultRecord(id, outcome.result));
  }

  /** Writes records (complete, 0x1E-terminated) to the transport; `utf8` is the same text pre-encoded (broadcasts). */
  send(text: string, utf8?: Buffer, frame?: readonly Buffer[] | null): void {
    if (!this.sink) return;
    this.lastSentAt = Date.now();
    this.sink.write(text, utf8, frame);
  }

  /** Server ping and client timeout; called by the hub's sweep. */
  keepAlive(now: number): void {
    if (this.phase !== 'open' || !this.sink || this.sink.name === 'LongPolling') return;
    const { keepAliveMs, clientTimeoutMs } = this.host.options;
    if (now - this.lastHeardAt >= clientTimeoutMs) {
      this.close(
        `The server heard nothing from this client for ${Math.round(clientTimeoutMs / 1000)} seconds.`,
        true,
      );
      return;
    }
    if (now - this.lastSentAt >= keepAliveMs) this.send(PING_RECORD);
  }

  /**
   * Close message (after the handshake), then a clean end of the transport. `allowReconnect` invites the
   * client to connect again (shutdown, timeouts); without it the client stops (logout, a disabled user).
   */
  close(error: string | undefined, allowReconnect: boolean): void {
    if (this.phase === 'closed') return;
    if (this.phase === 'open') this.send(closeRecord(error, allowReconnect));
    this.end();
    if (this.sink) this.sink.end();
    else this.host.removed(this);
  }

  /** Drops the transport without a word, as a network failure would. */
  abort(): void {
    this.end();
    if (this.sink) this.sink.abort();
    else this.host.removed(this);
  }

  /** Called by the sink once its transport is finished for good. */
  transportClosed(): void {
    this.end();
    this.host.removed(this);
  }

  private fail(error: unknown): void {
    if (error instanceof ProtocolError) {
      if (this.phase === 'handshake') this.refuseHandshake(error.message);
      else this.close(error.message, false);
      return;
    }
    this.host.options.log.error({ err: error, connectionId: this.id }, 'hub connection failed');
    this.close('The server failed to process a message.', false);
  }

  private end(): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    this.host.ended(this);
  }
}
