import { assign, emit, enqueueActions, fromCallback, type SnapshotFrom, sendTo, setup } from 'xstate';
import type { ChangeItem } from '../domain/live/changes';
import { type BackoffOptions, backoffDelay, HUB_BACKOFF } from './backoff';

/**
 * The part of `@microsoft/signalr`'s `HubConnection` this machine uses. The app passes real ones (built
 * with `HubConnectionBuilder`); tests pass fakes.
 */
export interface HubConnectionLike {
  /** Null until connected; a new id after every reconnect. */
  readonly connectionId: string | null;
  /** `HubConnectionState`: 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting'. */
  readonly state: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(methodName: string, ...args: unknown[]): Promise<T>;
  on(methodName: string, handler: (...args: unknown[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

/** Builds one connection for one token (null: anonymous, public topics only). */
export type HubConnectionFactory = (options: { token: string | null }) => HubConnectionLike;

/**
 * The retry policy for `withAutomaticReconnect`: unlike the client's default (0, 2, 10, 30 s, then give
 * up), it never returns null, so an unattended TV board reconnects forever (brief §4 guarantee 5).
 */
export function reconnectPolicy(backoff: BackoffOptions = HUB_BACKOFF) {
  return {
    nextRetryDelayInMilliseconds: (context: { previousRetryCount: number }): number =>
      backoffDelay(context.previousRetryCount, backoff),
  };
}

/** {@link reconnectPolicy} with the hub's default backoff. */
export const neverGiveUpPolicy = reconnectPolicy(HUB_BACKOFF);

/** Input of {@link hubConnectionMachine}. */
export interface HubConnectionInput {
  /** The session token to connect with; null or absent connects anonymously. */
  token?: string | null;
  /** The retry delays; default HUB_BACKOFF (TV pages: TV_HUB_BACKOFF, a shorter cap). */
  backoff?: BackoffOptions;
}

/** Context of {@link hubConnectionMachine}. */
export interface HubConnectionContext {
  token: string | null;
  /** The current connection id; null whenever not connected (it changes with every reconnect). */
  connectionId: string | null;
  /** Topics held, each with how many holders want it: Unsubscribe goes out when the count reaches 0. */
  topics: Record<string, number>;
  /** Topics the hub refused on the last try, with its sentence. Retried on every (re)connect. */
  refused: Record<string, string>;
  /** Failed starts and closes since the last successful connect; drives the backoff. */
  failures: number;
  /** The last start or connection error, for the status tooltip and logs. */
  lastError: string | null;
  /** `checkSession` ran for this token already (a dead token is checked once, not on every retry). */
  sessionChecked: boolean;
  /** The retry delays. */
  backoff: BackoffOptions;
}

/** Commands the machine sends to the `connection` actor. */
export type HubConnectionCommand =
  | { type: 'start' }
  /** Drop whatever the client is doing (its own reconnect timer included) and start now. */
  | { type: 'restart' }
  | { type: 'subscribe'; topics: string[] }
  | { type: 'unsubscribe'; topics: string[] };

/** What the `connection` actor reports to the machine. */
export type HubConnectionReport =
  | { type: 'hub.connected'; connectionId: string | null }
  | { type: 'hub.startFailed'; error: string; unauthorized: boolean }
  | { type: 'hub.reconnecting'; error: string | null }
  | { type: 'hub.closed'; error: string | null }
  | { type: 'hub.changes'; items: ChangeItem[] }
  | { type: 'hub.subscribed'; topics: string[]; latestSeqs: Record<string, number> }
  | { type: 'hub.refused'; topic: string; message: string };

/** Events the app sends to {@link hubConnectionMachine}. */
export type HubConnectionEvent =
  | { type: 'hub.start' }
  | { type: 'hub.stop' }
  | { type: 'hub.subscribe'; topics: string[] }
  | { type: 'hub.unsubscribe'; topics: string[] }
  | { type: 'hub.tokenChanged'; token: string | null }
  /**
   * The browser says the network is back (window `online`): a connection waiting out its backoff
   * tries now instead of up to 30 s later. A TV whose network returns is live again within about a
   * second, not after its next backoff step. Ignored while connected or stopped.
   */
  | { type: 'hub.networkBack' };

/** Events the machine emits; listen with `actor.on(type, handler)`. */
export type HubConnectionEmitted =
  /**
   * After every connect and reconnect (and after a new topic was subscribed): the hub now sends these
   * topics' changes, so anything held locally must RESYNC (pull from its checkpoint). `latestSeqs` is the
   * hub's head per topic at subscription time.
   */
  | { type: 'hub.resynced'; topics: string[]; latestSeqs: Record<string, number> }
  /** Changes from the hub, in sequence order per topic. */
  | { type: 'hub.changes'; items: ChangeItem[] }
  /** The hub refused a topic, with its sentence. */
  | { type: 'hub.refused'; topic: string; message: string };

/** Input of the `connection` actor. */
export interface HubConnectionActorInput {
  token: string | null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A negotiate or transport refusal with HTTP 401 (the signalr client puts the status into the message). */
export function isUnauthorizedError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 401) {
    return true;
  }
  return /Status code '401'/.test(errorText(error));
}

/**
 * The `connection` actor over any {@link HubConnectionFactory}: one connection object for the whole
 * time the machine is active with one token. It starts the connection at once and again on each
 * `start` command (after a failed start or a close; the machine owns the backoff), forwards the
 * client's callbacks as {@link HubConnectionReport}s, and runs Subscribe/Unsubscribe one at a time
 * (the hub allows one invocation in flight per client). Stopping the actor stops the connection, and
 * nothing it reports after that reaches the machine.
 */
export function hubConnectionActor(factory: HubConnectionFactory) {
  return fromCallback<HubConnectionCommand, HubConnectionActorInput>(({ input, sendBack, receive }) => {
    let stopped = false;
    const report = (event: HubConnectionReport) => {
      if (!stopped) sendBack(event);
    };
    const connection = factory({ token: input.token });

    connection.on('changes', (items: unknown) => {
      if (Array.isArray(items)) report({ type: 'hub.changes', items: items as ChangeItem[] });
    });
    connection.onreconnecting((error) =>
      report({ type: 'hub.reconnecting', error: error ? errorText(error) : null }),
    );
    connection.onreconnected((id) =>
      report({ type: 'hub.connected', connectionId: id ?? connection.connectionId }),
    );
    connection.onclose((error) => {
      if (!restarting) report({ type: 'hub.closed', error: error ? errorText(error) : null });
    });

    let queue: Promise<unknown> = Promise.resolve();
    function serial<T>(work: () => Promise<T>): Promise<T> {
      const result = queue.then(work);
      queue = result.catch(() => undefined);
      return result;
    }

    async function subscribe(topics: string[]): Promise<void> {
      const onConnection = connection.connectionId;
      try {
        const seqs = await serial(() =>
          connection.invoke<Record<string, number> | null>('Subscribe', topics),
        );
        report({ type: 'hub.subscribed', topics, latestSeqs: seqs ?? {} });
      } catch (error) {
        // Lost the connection meanwhile: the reconnect subscribes everything again.
        if (stopped || connection.state !== 'Connected' || connection.connectionId !== onConnection) return;
        const [only] = topics;
        if (topics.length === 1 && only !== undefined) {
          report({ type: 'hub.refused', topic: only, message: errorText(error) });
          return;
        }
        // One refused topic fails the whole call: find it, so the others still get through.
        for (const topic of topics) await subscribe([topic]);
      }
    }

    function start() {
      connection.start().then(
        () => report({ type: 'hub.connected', connectionId: connection.connectionId }),
        (error: unknown) =>
          report({
            type: 'hub.startFailed',
            error: errorText(error),
            unauthorized: isUnauthorizedError(error),
          }),
      );
    }

    // A restart stops the client first; its onclose then is ours, not a loss to report.
    let restarting = false;
    function restart() {
      restarting = true;
      connection
        .stop()
        .catch(() => undefined)
        .then(() => {
          restarting = false;
          if (!stopped) start();
        });
    }

    receive((command) => {
      if (stopped) return;
      if (command.type === 'start') start();
      else if (command.type === 'restart') restart();
      else if (command.type === 'subscribe') void subscribe(command.topics);
      else void serial(() => connection.invoke('Unsubscribe', command.topics)).catch(() => undefined);
    });

    start();
    return () => {
      stopped = true;
      connection.stop().catch(() => undefined);
    };
  });
}

const CONNECTION_NOT_PROVIDED = 'hub connection: the connection actor was not provided';

/** Adds one hold on each topic; `added` are the topics nobody held before. */
function holdTopics(held: Record<string, number>, topics: readonly string[]) {
  const next = { ...held };
  const added: string[] = [];
  for (const topic of new Set(topics)) {
    if (!next[topic]) added.push(topic);
    next[topic] = (next[topic] ?? 0) + 1;
  }
  return { next, added };
}

/** Releases one hold on each topic; `removed` are the topics nobody holds any more. */
function releaseTopics(held: Record<string, number>, topics: readonly string[]) {
  const next = { ...held };
  const removed: string[] = [];
  for (const topic of new Set(topics)) {
    const count = next[topic];
    if (!count) continue;
    if (count > 1) next[topic] = count - 1;
    else {
      delete next[topic];
      removed.push(topic);
    }
  }
  return { next, removed };
}

function without(record: Record<string, string>, keys: readonly string[]): Record<string, string> {
  const next = { ...record };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * The hub connection (brief §5, guarantee 5): connects with the official client through the named actor
 * `connection` and never gives up. A failed first start is retried, a close the client does not recover
 * from by itself is started again, and the client's own reconnects use {@link neverGiveUpPolicy}; all
 * with jittered exponential backoff ({@link backoffDelay}: 0.5 s doubling to 30 s, ±30 %). After every
 * (re)connect the connection has a new id and no subscriptions, so the machine Subscribes again to every
 * topic it holds and emits `hub.resynced`, on which projections RESYNC.
 *
 * States: `disconnected` → (`hub.start`) → `active` { `connecting` {starting, waiting} → `connected` ↔
 * `reconnecting` {automatic, waiting, starting} }. There is no "gave up" state: only `hub.stop` (and
 * `hub.tokenChanged`, which starts over with the new token) ends a retry loop.
 *
 * Provide with `.provide()`:
 * - actor `connection`: {@link hubConnectionActor}(factory), input {@link HubConnectionActorInput};
 * - action `checkSession`: a start failed with 401 while a token was set (the session may have ended in
 *   another tab or by an administrator); runs once per token, not on every retry.
 */
export const hubConnectionMachine = setup({
  types: {
    context: {} as HubConnectionContext,
    events: {} as HubConnectionEvent | HubConnectionReport,
    input: {} as HubConnectionInput,
    emitted: {} as HubConnectionEmitted,
  },
  actors: {
    // Fails every start rather than pretending to connect, so a missing provider shows as offline.
    connection: fromCallback<HubConnectionCommand, HubConnectionActorInput>(({ sendBack, receive }) => {
      const fail = () =>
        sendBack({ type: 'hub.startFailed', error: CONNECTION_NOT_PROVIDED, unauthorized: false });
      receive((command) => {
        if (command.type === 'start') fail();
      });
      fail();
    }),
  },
  actions: {
    checkSession: () => {},
    forgetConnectionId: assign({ connectionId: null }),
    recordFailure: enqueueActions(({ context, event, enqueue }) => {
      const error =
        event.type === 'hub.startFailed' || event.type === 'hub.closed' ? event.error : context.lastError;
      const unauthorized = event.type === 'hub.startFailed' && event.unauthorized;
      const check = unauthorized && context.token !== null && !context.sessionChecked;
      enqueue.assign({
        failures: context.failures + 1,
        lastError: error,
        sessionChecked: context.sessionChecked || check,
      });
      if (check) enqueue('checkSession');
    }),
    startAgain: sendTo('connection', { type: 'start' }),
    restartNow: sendTo('connection', { type: 'restart' }),
    // A brand-new connection holds no subscription (brief §8): subscribe to everything held again.
    subscribeAll: enqueueActions(({ context, enqueue }) => {
      const topics = Object.keys(context.topics);
      if (topics.length) enqueue.sendTo('connection', { type: 'subscribe', topics });
    }),
  },
  delays: {
    // Counted from the failures since the last connect: about 0.5 s, then 1, 2, 4 ... 30 s.
    retry: ({ context }) => backoffDelay(context.failures - 1, context.backoff),
  },
}).createMachine({
  id: 'hubConnection',
  context: ({ input }) => ({
    token: input.token ?? null,
    connectionId: null,
    topics: {},
    refused: {},
    failures: 0,
    lastError: null,
    sessionChecked: false,
    backoff: input.backoff ?? HUB_BACKOFF,
  }),
  initial: 'disconnected',
  on: {
    // Bookkeeping only: whatever is held is subscribed on the next (re)connect. `connected` also sends.
    'hub.subscribe': {
      actions: assign({ topics: ({ context, event }) => holdTopics(context.topics, event.topics).next }),
    },
    'hub.unsubscribe': {
      actions: assign(({ context, event }) => {
        const { next, removed } = releaseTopics(context.topics, event.topics);
        return { topics: next, refused: without(context.refused, removed) };
      }),
    },
    'hub.changes': {
      actions: emit(({ event }) => ({ type: 'hub.changes' as const, items: event.items })),
    },
    'hub.tokenChanged': {
      // Re-entering `active` stops the old connection and starts one with the new token.
      target: '.active',
      reenter: true,
      actions: assign({
        token: ({ event }) => event.token,
        refused: {},
        failures: 0,
        lastError: null,
        sessionChecked: false,
      }),
    },
    'hub.stop': { target: '.disconnected' },
  },
  states: {
    disconnected: {
      entry: 'forgetConnectionId',
      on: {
        'hub.start': { target: 'active', actions: assign({ failures: 0, lastError: null }) },
        // Stopped stays stopped: the new token is used by the next `hub.start`.
        'hub.tokenChanged': {
          actions: assign({ token: ({ event }) => event.token, refused: {}, sessionChecked: false }),
        },
      },
    },
    active: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token }) },
      initial: 'connecting',
      on: {
        'hub.connected': {
          target: '.connected',
          actions: assign({
            connectionId: ({ event }) => event.connectionId,
            failures: 0,
            lastError: null,
          }),
        },
      },
      states: {
        connecting: {
          entry: 'forgetConnectionId',
          initial: 'starting',
          states: {
            starting: {
              on: {
                'hub.startFailed': { target: 'waiting', actions: 'recordFailure' },
                'hub.closed': { target: 'waiting', actions: 'recordFailure' },
              },
            },
            waiting: {
              after: { retry: { target: 'starting', actions: 'startAgain' } },
              on: { 'hub.networkBack': { target: 'starting', actions: 'startAgain' } },
            },
          },
        },
        connected: {
          entry: 'subscribeAll',
          on: {
            'hub.subscribe': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { next, added } = holdTopics(context.topics, event.topics);
                enqueue.assign({ topics: next });
                if (added.length) enqueue.sendTo('connection', { type: 'subscribe', topics: added });
              }),
            },
            'hub.unsubscribe': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { next, removed } = releaseTopics(context.topics, event.topics);
                enqueue.assign({ topics: next, refused: without(context.refused, removed) });
                if (removed.length) enqueue.sendTo('connection', { type: 'unsubscribe', topics: removed });
              }),
            },
            'hub.subscribed': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                // A topic released while its Subscribe was on the way has nobody to resync.
                const topics = event.topics.filter((t) => context.topics[t]);
                enqueue.assign({ refused: without(context.refused, topics) });
                if (topics.length)
                  enqueue.emit({ type: 'hub.resynced', topics, latestSeqs: event.latestSeqs });
              }),
            },
            'hub.refused': {
              guard: ({ context, event }) => Boolean(context.topics[event.topic]),
              actions: [
                assign({
                  refused: ({ context, event }) => ({ ...context.refused, [event.topic]: event.message }),
                }),
                emit(({ event }) => ({
                  type: 'hub.refused' as const,
                  topic: event.topic,
                  message: event.message,
                })),
              ],
            },
            'hub.reconnecting': {
              target: 'reconnecting.automatic',
              actions: assign({ lastError: ({ event }) => event.error }),
            },
            // A close the client does not recover from (the server's Close without allowReconnect, or a
            // policy that gave up): start again ourselves.
            'hub.closed': { target: 'reconnecting.waiting', actions: 'recordFailure' },
          },
        },
        reconnecting: {
          entry: 'forgetConnectionId',
          initial: 'automatic',
          states: {
            // The client retries by itself with neverGiveUpPolicy; a close ends that. When the network
            // comes back, its timer may still have seconds to run: drop it and start at once.
            automatic: {
              on: {
                'hub.closed': { target: 'waiting', actions: 'recordFailure' },
                'hub.networkBack': { target: 'starting', actions: 'restartNow' },
              },
            },
            waiting: {
              after: { retry: { target: 'starting', actions: 'startAgain' } },
              on: { 'hub.networkBack': { target: 'starting', actions: 'startAgain' } },
            },
            starting: {
              on: {
                'hub.startFailed': { target: 'waiting', actions: 'recordFailure' },
                'hub.closed': { target: 'waiting', actions: 'recordFailure' },
              },
            },
          },
        },
      },
    },
  },
});

/** A snapshot of {@link hubConnectionMachine}. */
export type HubConnectionSnapshot = SnapshotFrom<typeof hubConnectionMachine>;

/** What the shell shows: connected, first connecting, reconnecting after a loss, or offline. */
export type HubStatus = 'live' | 'connecting' | 'reconnecting' | 'offline';

/** The current connection id, or null while not connected: the request layer's ConnectionID header. */
export function connectionId(snapshot: HubConnectionSnapshot): string | null {
  return snapshot.context.connectionId;
}

/** The indicator state: `offline` while stopped or while waiting to retry a first connect that failed. */
export function hubStatus(snapshot: HubConnectionSnapshot): HubStatus {
  if (snapshot.matches({ active: 'connected' })) return 'live';
  if (snapshot.matches({ active: 'reconnecting' })) return 'reconnecting';
  if (snapshot.matches({ active: { connecting: 'starting' } })) return 'connecting';
  return 'offline';
}

/** The topics held (subscribed, or to be subscribed on the next connect). */
export function heldTopics(snapshot: HubConnectionSnapshot): string[] {
  return Object.keys(snapshot.context.topics);
}
