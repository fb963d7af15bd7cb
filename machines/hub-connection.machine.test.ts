import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ChangeItem } from '../domain/live/changes';
import { type Deferred, deferred } from '../tests/support/fixtures';
import { HUB_BACKOFF, TV_HUB_BACKOFF } from './backoff';
import {
  connectionId,
  type HubConnectionEmitted,
  type HubConnectionLike,
  heldTopics,
  hubConnectionActor,
  hubConnectionMachine,
  hubStatus,
  isUnauthorizedError,
  neverGiveUpPolicy,
  reconnectPolicy,
} from './hub-connection.machine';

interface Invocation {
  method: string;
  args: unknown[];
  reply: Deferred<unknown>;
}

/** A stand-in for @microsoft/signalr's HubConnection, driven by the test. */
class FakeConnection implements HubConnectionLike {
  connectionId: string | null = null;
  state = 'Disconnected';
  readonly starts: Deferred<void>[] = [];
  readonly invocations: Invocation[] = [];
  stopped = 0;
  private readonly handlers = new Map<string, (...args: unknown[]) => void>();
  private readonly closed: ((error?: Error) => void)[] = [];
  private readonly reconnectingCbs: ((error?: Error) => void)[] = [];
  private readonly reconnectedCbs: ((id?: string) => void)[] = [];

  constructor(readonly token: string | null) {}

  start(): Promise<void> {
    const d = deferred<void>();
    this.state = 'Connecting';
    this.starts.push(d);
    return d.promise;
  }
  stop(): Promise<void> {
    this.stopped++;
    const wasStarted = this.state !== 'Disconnected';
    this.state = 'Disconnected';
    this.connectionId = null;
    // Like the real client: stopping a started connection calls onclose.
    if (wasStarted) for (const cb of this.closed) cb();
    return Promise.resolve();
  }
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    const reply = deferred<unknown>();
    this.invocations.push({ method, args, reply });
    return reply.promise as Promise<T>;
  }
  on(method: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(method.toLowerCase(), handler);
  }
  onclose(cb: (error?: Error) => void): void {
    this.closed.push(cb);
  }
  onreconnecting(cb: (error?: Error) => void): void {
    this.reconnectingCbs.push(cb);
  }
  onreconnected(cb: (id?: string) => void): void {
    this.reconnectedCbs.push(cb);
  }

  // Test drivers.
  async succeedStart(id: string) {
    this.connectionId = id;
    this.state = 'Connected';
    this.starts.at(-1)!.resolve();
    await flush();
  }
  async failStart(message = 'Failed to complete negotiation with the server: Error: Status code 502') {
    this.state = 'Disconnected';
    this.starts.at(-1)!.reject(new Error(message));
    await flush();
  }
  lose(error = new Error('WebSocket closed with status code: 1006')) {
    this.state = 'Reconnecting';
    this.connectionId = null;
    for (const cb of this.reconnectingCbs) cb(error);
  }
  async regain(id: string) {
    this.state = 'Connected';
    this.connectionId = id;
    for (const cb of this.reconnectedCbs) cb(id);
    await flush();
  }
  close(error?: Error) {
    this.state = 'Disconnected';
    this.connectionId = null;
    for (const cb of this.closed) cb(error);
  }
  push(items: ChangeItem[]) {
    this.handlers.get('changes')?.(items);
  }
  pending(method: string): Invocation[] {
    return this.invocations.filter((i) => i.method === method);
  }
}

/** Lets settled promises reach the machine without moving the clock. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

function start(token: string | null = 'tok-1') {
  const connections: FakeConnection[] = [];
  const checkSession = vi.fn();
  const machine = hubConnectionMachine.provide({
    actors: {
      connection: hubConnectionActor(({ token: t }) => {
        const c = new FakeConnection(t);
        connections.push(c);
        return c;
      }),
    },
    actions: { checkSession: () => checkSession() },
  });
  const actor = createActor(machine, { input: { token } });
  const emitted: HubConnectionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const current = () => connections.at(-1)!;
  return { actor, connections, current, emitted, checkSession };
}

const MAX_DELAY = HUB_BACKOFF.capMs;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hubConnectionMachine: connecting', () => {
  it('stays disconnected until hub.start, then connects with the token and exposes the id', async () => {
    const { actor, connections, current } = start('tok-1');
    expect(actor.getSnapshot().value).toBe('disconnected');
    expect(connections).toHaveLength(0);
    actor.send({ type: 'hub.start' });
    expect(hubStatus(actor.getSnapshot())).toBe('connecting');
    expect(current().token).toBe('tok-1');
    expect(current().starts).toHaveLength(1);
    expect(connectionId(actor.getSnapshot())).toBeNull();
    await current().succeedStart('conn-A');
    expect(actor.getSnapshot().matches({ active: 'connected' })).toBe(true);
    expect(hubStatus(actor.getSnapshot())).toBe('live');
    expect(connectionId(actor.getSnapshot())).toBe('conn-A');
  });

  it('retries a failed FIRST start with backoff (the client itself never does)', async () => {
    const { actor, current } = start();
    actor.send({ type: 'hub.start' });
    await current().failStart();
    expect(actor.getSnapshot().matches({ active: { connecting: 'waiting' } })).toBe(true);
    expect(hubStatus(actor.getSnapshot())).toBe('offline');
    expect(actor.getSnapshot().context.lastError).toContain('negotiation');
    // The first retry comes within 0.5 s ± 30 %.
    await vi.advanceTimersByTimeAsync(349);
    expect(current().starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(651 - 349);
    expect(current().starts).toHaveLength(2);
    await current().succeedStart('conn-A');
    expect(connectionId(actor.getSnapshot())).toBe('conn-A');
  });

  it('keeps retrying a first start that fails 20 times, waiting longer each time up to 30 s', async () => {
    const { actor, current } = start();
    actor.send({ type: 'hub.start' });
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      await current().failStart();
      const before = current().starts.length;
      let waited = 0;
      while (current().starts.length === before) {
        await vi.advanceTimersByTimeAsync(50);
        waited += 50;
        expect(waited).toBeLessThanOrEqual(MAX_DELAY + 50);
      }
      waits.push(waited);
    }
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.failures).toBe(20);
    // Exponential at first, then flat at the cap (jitter aside).
    expect(waits[0]).toBeLessThanOrEqual(700);
    expect(waits.slice(10).every((w) => w >= 21_000 && w <= 30_050)).toBe(true);
    await current().succeedStart('conn-Z');
    expect(hubStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('reuses one connection object for the retries of one token', async () => {
    const { actor, connections, current } = start();
    actor.send({ type: 'hub.start' });
    await current().failStart();
    await vi.advanceTimersByTimeAsync(MAX_DELAY);
    expect(connections).toHaveLength(1);
    expect(current().starts).toHaveLength(2);
  });
});

describe('hubConnectionMachine: reconnecting', () => {
  async function connected(topics: string[] = []) {
    const s = start();
    if (topics.length) s.actor.send({ type: 'hub.subscribe', topics });
    s.actor.send({ type: 'hub.start' });
    await s.current().succeedStart('conn-A');
    return s;
  }

  it("follows the client's automatic reconnect: no id while reconnecting, the new id after", async () => {
    const { actor, current } = await connected();
    current().lose();
    expect(hubStatus(actor.getSnapshot())).toBe('reconnecting');
    expect(connectionId(actor.getSnapshot())).toBeNull();
    await current().regain('conn-B');
    expect(hubStatus(actor.getSnapshot())).toBe('live');
    expect(connectionId(actor.getSnapshot())).toBe('conn-B');
  });

  it('subscribes to every held topic again after a reconnect, then emits hub.resynced', async () => {
    const { current, emitted } = await connected(['employee:7', 'connections']);
    const first = current().pending('Subscribe');
    expect(first.map((i) => i.args)).toEqual([[['employee:7', 'connections']]]);
    first[0]!.reply.resolve({ 'employee:7': 3, connections: 10 });
    await flush();
    expect(emitted.filter((e) => e.type === 'hub.resynced')).toEqual([
      {
        type: 'hub.resynced',
        topics: ['employee:7', 'connections'],
        latestSeqs: { 'employee:7': 3, connections: 10 },
      },
    ]);

    current().lose();
    await current().regain('conn-B');
    const again = current().pending('Subscribe');
    expect(again).toHaveLength(2);
    expect(again[1]!.args).toEqual([['employee:7', 'connections']]);
    // Not before the hub confirmed: a resync pulled before Subscribe could miss a change in between.
    expect(emitted.filter((e) => e.type === 'hub.resynced')).toHaveLength(1);
    again[1]!.reply.resolve({ 'employee:7': 5, connections: 12 });
    await flush();
    expect(emitted.filter((e) => e.type === 'hub.resynced').at(-1)).toEqual({
      type: 'hub.resynced',
      topics: ['employee:7', 'connections'],
      latestSeqs: { 'employee:7': 5, connections: 12 },
    });
  });

  it('starts again after a close the client does not recover from, forever (20 failed restarts)', async () => {
    const { actor, current, emitted } = await connected(['connections']);
    current().pending('Subscribe')[0]!.reply.resolve({ connections: 1 });
    await flush();
    // The server's Close without allowReconnect: the client stops and calls onclose.
    current().close(new Error('Server returned an error on close: Connection closed with an error.'));
    expect(actor.getSnapshot().matches({ active: { reconnecting: 'waiting' } })).toBe(true);
    expect(hubStatus(actor.getSnapshot())).toBe('reconnecting');
    for (let i = 0; i < 20; i++) {
      const before = current().starts.length;
      await vi.advanceTimersByTimeAsync(MAX_DELAY);
      expect(current().starts.length).toBe(before + 1);
      await current().failStart('Failed to fetch');
      expect(hubStatus(actor.getSnapshot())).toBe('reconnecting');
    }
    await vi.advanceTimersByTimeAsync(MAX_DELAY);
    await current().succeedStart('conn-C');
    expect(connectionId(actor.getSnapshot())).toBe('conn-C');
    const subscribes = current().pending('Subscribe');
    expect(subscribes.at(-1)!.args).toEqual([['connections']]);
    subscribes.at(-1)!.reply.resolve({ connections: 4 });
    await flush();
    expect(emitted.filter((e) => e.type === 'hub.resynced')).toHaveLength(2);
  });

  it('starts again when the automatic reconnect ends in a close', async () => {
    const { actor, current } = await connected();
    current().lose();
    current().close(new Error('gave up'));
    expect(actor.getSnapshot().matches({ active: { reconnecting: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(MAX_DELAY);
    await current().succeedStart('conn-D');
    expect(connectionId(actor.getSnapshot())).toBe('conn-D');
  });

  it('the network is back: a waiting retry starts at once, not after the rest of its backoff', async () => {
    const { actor, current } = await connected();
    current().close(new Error('WebSocket closed with status code: 1006'));
    // Ten failures: the next retry would be up to 30 s away.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(MAX_DELAY);
      await current().failStart('Failed to fetch');
    }
    const before = current().starts.length;
    await vi.advanceTimersByTimeAsync(100);
    expect(current().starts.length).toBe(before);
    actor.send({ type: 'hub.networkBack' });
    expect(current().starts.length).toBe(before + 1);
    await current().succeedStart('conn-N');
    expect(connectionId(actor.getSnapshot())).toBe('conn-N');
  });

  it("the network is back during the client's own reconnect: stopped and started at once, no loss reported", async () => {
    const { actor, current } = await connected();
    current().lose();
    const before = current().starts.length;
    actor.send({ type: 'hub.networkBack' });
    await flush();
    expect(current().stopped).toBe(1);
    expect(current().starts.length).toBe(before + 1);
    // The stop's onclose was the restart's own: the machine waits for this start, it does not back off.
    expect(actor.getSnapshot().matches({ active: { reconnecting: 'starting' } })).toBe(true);
    await current().succeedStart('conn-R');
    expect(hubStatus(actor.getSnapshot())).toBe('live');
  });

  it('a shorter backoff (TV pages): retries never wait more than its cap', async () => {
    const connections: FakeConnection[] = [];
    const machine = hubConnectionMachine.provide({
      actors: {
        connection: hubConnectionActor(({ token: t }) => {
          const c = new FakeConnection(t);
          connections.push(c);
          return c;
        }),
      },
    });
    const actor = createActor(machine, { input: { token: null, backoff: TV_HUB_BACKOFF } });
    actor.start();
    actor.send({ type: 'hub.start' });
    const c = connections[0]!;
    for (let i = 0; i < 12; i++) {
      const before = c.starts.length;
      await c.failStart('Failed to fetch');
      await vi.advanceTimersByTimeAsync(TV_HUB_BACKOFF.capMs);
      expect(c.starts.length).toBe(before + 1);
    }
    expect(
      reconnectPolicy(TV_HUB_BACKOFF).nextRetryDelayInMilliseconds({ previousRetryCount: 50 }),
    ).toBeLessThanOrEqual(TV_HUB_BACKOFF.capMs);
    actor.stop();
  });

  it('network back while connected changes nothing', async () => {
    const { actor, current } = await connected();
    actor.send({ type: 'hub.networkBack' });
    await flush();
    expect(current().stopped).toBe(0);
    expect(hubStatus(actor.getSnapshot())).toBe('live');
  });

  it('ignores a Subscribe that failed because the connection dropped: the reconnect subscribes again', async () => {
    const { current, emitted } = await connected(['connections']);
    const sub = current().pending('Subscribe')[0]!;
    current().lose();
    sub.reply.reject(new Error('Invocation canceled due to the underlying connection being closed.'));
    await flush();
    expect(emitted.filter((e) => e.type === 'hub.refused')).toEqual([]);
    await current().regain('conn-B');
    expect(current().pending('Subscribe')).toHaveLength(2);
  });
});

describe('hubConnectionMachine: topics', () => {
  async function connected() {
    const s = start();
    s.actor.send({ type: 'hub.start' });
    await s.current().succeedStart('conn-A');
    return s;
  }

  it('subscribes a new topic at once while connected, and resyncs it once confirmed', async () => {
    const { actor, current, emitted } = await connected();
    expect(current().pending('Subscribe')).toHaveLength(0);
    actor.send({ type: 'hub.subscribe', topics: ['employee:7'] });
    await flush();
    expect(
      current()
        .pending('Subscribe')
        .map((i) => i.args),
    ).toEqual([[['employee:7']]]);
    current().pending('Subscribe')[0]!.reply.resolve({ 'employee:7': 2 });
    await flush();
    expect(emitted).toContainEqual({
      type: 'hub.resynced',
      topics: ['employee:7'],
      latestSeqs: { 'employee:7': 2 },
    });
  });

  it('counts holders: Unsubscribe goes out only when the last one lets go', async () => {
    const { actor, current } = await connected();
    actor.send({ type: 'hub.subscribe', topics: ['connections'] });
    actor.send({ type: 'hub.subscribe', topics: ['connections'] });
    await flush();
    expect(current().pending('Subscribe')).toHaveLength(1);
    current().pending('Subscribe')[0]!.reply.resolve({ connections: 1 });
    await flush();
    actor.send({ type: 'hub.unsubscribe', topics: ['connections'] });
    await flush();
    expect(current().pending('Unsubscribe')).toHaveLength(0);
    expect(heldTopics(actor.getSnapshot())).toEqual(['connections']);
    actor.send({ type: 'hub.unsubscribe', topics: ['connections'] });
    await flush();
    expect(
      current()
        .pending('Unsubscribe')
        .map((i) => i.args),
    ).toEqual([[['connections']]]);
    expect(heldTopics(actor.getSnapshot())).toEqual([]);
    // An extra release is harmless.
    actor.send({ type: 'hub.unsubscribe', topics: ['connections'] });
    await flush();
    expect(current().pending('Unsubscribe')).toHaveLength(1);
  });

  it('holds topics while disconnected and subscribes them all on connect', async () => {
    const { actor, current } = start();
    actor.send({ type: 'hub.subscribe', topics: ['a:1', 'b:2'] });
    actor.send({ type: 'hub.unsubscribe', topics: ['b:2'] });
    actor.send({ type: 'hub.start' });
    await current().succeedStart('conn-A');
    expect(
      current()
        .pending('Subscribe')
        .map((i) => i.args),
    ).toEqual([[['a:1']]]);
  });

  it('runs one invocation at a time (the hub allows one in flight per client)', async () => {
    const { actor, current } = await connected();
    actor.send({ type: 'hub.subscribe', topics: ['a:1'] });
    actor.send({ type: 'hub.subscribe', topics: ['b:2'] });
    await flush();
    expect(current().invocations).toHaveLength(1);
    current().invocations[0]!.reply.resolve({ 'a:1': 0 });
    await flush();
    expect(current().invocations).toHaveLength(2);
  });

  it('finds the refused topic of a batch so the others still get through, and reports it', async () => {
    const { actor, current, emitted } = start();
    actor.send({ type: 'hub.subscribe', topics: ['employee:7', 'employee:8'] });
    actor.send({ type: 'hub.start' });
    await current().succeedStart('conn-A');
    const batch = current().pending('Subscribe')[0]!;
    batch.reply.reject(new Error('You can follow only your own employee record.'));
    await flush();
    const one = current().pending('Subscribe')[1]!;
    expect(one.args).toEqual([['employee:7']]);
    one.reply.resolve({ 'employee:7': 4 });
    await flush();
    const two = current().pending('Subscribe')[2];
    expect(two!.args).toEqual([['employee:8']]);
    two!.reply.reject(new Error('You can follow only your own employee record.'));
    await flush();
    expect(emitted.filter((e) => e.type !== 'hub.changes')).toEqual([
      { type: 'hub.resynced', topics: ['employee:7'], latestSeqs: { 'employee:7': 4 } },
      { type: 'hub.refused', topic: 'employee:8', message: 'You can follow only your own employee record.' },
    ]);
    expect(actor.getSnapshot().context.refused).toEqual({
      'employee:8': 'You can follow only your own employee record.',
    });
  });

  it('emits the hub changes as they come', async () => {
    const { current, emitted } = await connected();
    const items: ChangeItem[] = [
      { topic: 'employee:7', seq: 1, collection: 'employees', id: '7', doc: { Name: 'A' }, origin: null },
    ];
    current().push(items);
    expect(emitted).toContainEqual({ type: 'hub.changes', items });
  });
});

describe('hubConnectionMachine: token and stop', () => {
  it('starts over with the new token on hub.tokenChanged; the old connection is stopped and silenced', async () => {
    const { actor, connections, current } = start('tok-1');
    actor.send({ type: 'hub.subscribe', topics: ['connections'] });
    actor.send({ type: 'hub.start' });
    await current().succeedStart('conn-A');
    const old = current();
    actor.send({ type: 'hub.tokenChanged', token: null });
    expect(old.stopped).toBe(1);
    expect(connections).toHaveLength(2);
    expect(current().token).toBeNull();
    expect(hubStatus(actor.getSnapshot())).toBe('connecting');
    expect(connectionId(actor.getSnapshot())).toBeNull();
    // A late callback of the old connection changes nothing.
    old.close(new Error('late'));
    await old.regain('conn-OLD');
    expect(hubStatus(actor.getSnapshot())).toBe('connecting');
    await current().succeedStart('conn-B');
    expect(connectionId(actor.getSnapshot())).toBe('conn-B');
    expect(
      current()
        .pending('Subscribe')
        .map((i) => i.args),
    ).toEqual([[['connections']]]);
  });

  it('ends a retry loop with a dead token when the token changes (logout)', async () => {
    const { actor, current, connections } = start('dead');
    actor.send({ type: 'hub.start' });
    await current().failStart(
      "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
    );
    actor.send({ type: 'hub.tokenChanged', token: null });
    await current().succeedStart('anon');
    const deadStarts = connections[0]!.starts.length;
    await vi.advanceTimersByTimeAsync(5 * MAX_DELAY);
    expect(connections[0]!.starts.length).toBe(deadStarts);
    expect(hubStatus(actor.getSnapshot())).toBe('live');
  });

  it('asks the app to check the session once when a start with a token fails with 401', async () => {
    const { actor, current, checkSession } = start('maybe-dead');
    actor.send({ type: 'hub.start' });
    await current().failStart(
      "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
    );
    expect(checkSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MAX_DELAY);
    await current().failStart(
      "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
    );
    expect(checkSession).toHaveBeenCalledTimes(1);
    // Other failures and anonymous connections never ask.
    actor.send({ type: 'hub.tokenChanged', token: null });
    await current().failStart("Error: Status code '401'");
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('hub.stop stops the connection and retries nothing', async () => {
    const { actor, current } = start();
    actor.send({ type: 'hub.start' });
    await current().failStart();
    actor.send({ type: 'hub.stop' });
    expect(actor.getSnapshot().value).toBe('disconnected');
    expect(current().stopped).toBe(1);
    const starts = current().starts.length;
    await vi.advanceTimersByTimeAsync(10 * MAX_DELAY);
    expect(current().starts.length).toBe(starts);
    expect(hubStatus(actor.getSnapshot())).toBe('offline');
  });

  it('a token changed while stopped is used by the next start', async () => {
    const { actor, current } = start('tok-1');
    actor.send({ type: 'hub.tokenChanged', token: 'tok-2' });
    expect(actor.getSnapshot().value).toBe('disconnected');
    actor.send({ type: 'hub.start' });
    expect(current().token).toBe('tok-2');
  });

  it('without a provided connection actor it stays offline-and-retrying, never connected', async () => {
    const actor = createActor(hubConnectionMachine, { input: {} }).start();
    actor.send({ type: 'hub.start' });
    expect(hubStatus(actor.getSnapshot())).toBe('offline');
    await vi.advanceTimersByTimeAsync(MAX_DELAY);
    // 0.5, 1, 2, 4, 8 and 16 s (± jitter) fit in 30 s: it keeps trying.
    expect(actor.getSnapshot().context.failures).toBeGreaterThanOrEqual(5);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    actor.stop();
  });
});

describe('neverGiveUpPolicy and isUnauthorizedError', () => {
  it('always returns a delay, within the backoff bounds', () => {
    for (let n = 0; n < 1000; n++) {
      const d = neverGiveUpPolicy.nextRetryDelayInMilliseconds({ previousRetryCount: n });
      expect(d).not.toBeNull();
      expect(d).toBeGreaterThanOrEqual(350);
      expect(d).toBeLessThanOrEqual(MAX_DELAY);
    }
  });

  it("recognises a 401 from the client's error or its status code", () => {
    expect(isUnauthorizedError(new Error("Error: Unauthorized: Status code '401'"))).toBe(true);
    expect(isUnauthorizedError({ statusCode: 401, message: 'x' })).toBe(true);
    expect(isUnauthorizedError(new Error("Status code '403'"))).toBe(false);
    expect(isUnauthorizedError('Failed to fetch')).toBe(false);
  });
});
