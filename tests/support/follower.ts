import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { ChangeItem } from '../../domain/live/changes';
import { wire } from './wire';

/**
 * A subscriber that follows one topic the way every client must (brief §4.1): apply changes in seq
 * order; on a gap, or after any reconnect, pull from the last seq it applied. Records every seq it
 * applied so a test can check there was no gap, no duplicate and no reordering.
 */
export class TopicFollower {
  readonly applied: number[] = [];
  readonly docs = new Map<number, unknown>();
  private connection: HubConnection | null = null;
  private pulling: Promise<void> | null = null;
  private pending: ChangeItem[] = [];
  reconnects = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly topic: string,
    private readonly transport = HttpTransportType.WebSockets,
  ) {}

  get lastSeq(): number {
    return this.applied.at(-1) ?? 0;
  }

  async start(): Promise<void> {
    const connection = new HubConnectionBuilder()
      .withUrl(`${this.baseUrl}hub?interface=test`, {
        transport: this.transport,
        accessTokenFactory: () => this.token,
      })
      // Never give up (the default policy stops after four tries), short delays for the test.
      .withAutomaticReconnect({
        nextRetryDelayInMilliseconds: (ctx) => Math.min(100 * 2 ** ctx.previousRetryCount, 1000),
      })
      .configureLogging(LogLevel.None)
      .build();
    connection.serverTimeoutInMilliseconds = 5000;
    connection.keepAliveIntervalInMilliseconds = 1000;
    connection.on('changes', (items: ChangeItem[]) =>
      this.receive(items.filter((i) => i.topic === this.topic)),
    );
    connection.onreconnected(async () => {
      this.reconnects++;
      // A reconnect is a new connection: subscribe again, then catch up from what we applied.
      await connection.invoke('Subscribe', [this.topic]).catch(() => undefined);
      await this.catchUp();
    });
    this.connection = connection;
    await connection.start();
    await connection.invoke('Subscribe', [this.topic]);
    await this.catchUp();
  }

  private receive(items: ChangeItem[]): void {
    this.pending.push(...items);
    this.drain();
  }

  private drain(): void {
    if (this.pulling) return;
    this.pending.sort((a, b) => a.seq - b.seq);
    while (this.pending.length) {
      const next = this.pending[0]!;
      if (next.seq <= this.lastSeq) {
        this.pending.shift(); // Already applied (pulled meanwhile): never apply twice.
      } else if (next.seq === this.lastSeq + 1) {
        this.pending.shift();
        this.apply(next);
      } else {
        void this.catchUp(); // A gap: fetch what is missing.
        return;
      }
    }
  }

  private apply(item: ChangeItem): void {
    this.applied.push(item.seq);
    this.docs.set(item.seq, item.doc);
  }

  /** Pull from the last applied seq until the server has nothing newer; retried while the server is down. */
  catchUp(): Promise<void> {
    this.pulling ??= (async () => {
      const api = wire(`${this.baseUrl}api/`);
      for (;;) {
        try {
          const reply = await api.get<{ documents: ChangeItem[]; latestSeq: number }>(
            'sync/Pull',
            { Topic: this.topic, Since: this.lastSeq, Limit: 500 },
            { token: this.token },
          );
          for (const item of reply.result.documents) if (item.seq === this.lastSeq + 1) this.apply(item);
          if (this.lastSeq >= reply.result.latestSeq) break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    })().finally(() => {
      this.pulling = null;
      this.drain();
    });
    return this.pulling;
  }

  async stop(): Promise<void> {
    await this.connection?.stop();
  }
}
