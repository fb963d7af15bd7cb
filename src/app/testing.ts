/**
 * Test support for the app wiring: a hub connection the test drives, standing in for
 * `@microsoft/signalr`'s HubConnection. App code never imports it.
 */
import type { ChangeItem } from '../../domain/live/changes';
import type { HubConnectionFactory, HubConnectionLike } from '../../machines/hub-connection.machine';

export interface FakeInvocation {
  method: string;
  args: unknown[];
}

export class FakeHubConnection implements HubConnectionLike {
  connectionId: string | null = null;
  state = 'Disconnected';
  readonly invocations: FakeInvocation[] = [];
  stopped = false;
  /** What `start()` does: resolve (the default) or reject with the returned error. */
  startResult: () => Error | null = () => null;
  /** What Subscribe answers: the latest seq of each topic (0 by default). */
  latestSeqs: Record<string, number> = {};
  private readonly handlers = new Map<string, (...args: unknown[]) => void>();
  private readonly closed: ((error?: Error) => void)[] = [];

  constructor(
    readonly token: string | null,
    private readonly id: string,
  ) {}

  async start(): Promise<void> {
    const error = this.startResult();
    if (error) throw error;
    this.state = 'Connected';
    this.connectionId = this.id;
  }
  async stop(): Promise<void> {
    this.stopped = true;
    this.state = 'Disconnected';
    this.connectionId = null;
  }
  async invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    this.invocations.push({ method, args });
    if (method === 'Subscribe') {
      const topics = args[0] as string[];
      return Object.fromEntries(topics.map((t) => [t, this.latestSeqs[t] ?? 0])) as T;
    }
    return null as T;
  }
  on(method: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(method.toLowerCase(), handler);
  }
  onclose(cb: (error?: Error) => void): void {
    this.closed.push(cb);
  }
  onreconnecting(): void {}
  onreconnected(): void {}

  /** The server calls `changes(items)`. */
  push(items: ChangeItem[]) {
    this.handlers.get('changes')?.(items);
  }
  /** The subscribed topics, by the Subscribe/Unsubscribe calls made. */
  subscribed(): string[] {
    const topics = new Set<string>();
    for (const { method, args } of this.invocations) {
      for (const t of args[0] as string[]) {
        if (method === 'Subscribe') topics.add(t);
        else if (method === 'Unsubscribe') topics.delete(t);
      }
    }
    return [...topics];
  }
}

/** A factory that records every connection it makes (ids `conn-1`, `conn-2`, ...). */
export function fakeHub(): { factory: HubConnectionFactory; connections: FakeHubConnection[] } {
  const connections: FakeHubConnection[] = [];
  const factory: HubConnectionFactory = ({ token }) => {
    const connection = new FakeHubConnection(token, `conn-${connections.length + 1}`);
    connections.push(connection);
    return connection;
  };
  return { factory, connections };
}
