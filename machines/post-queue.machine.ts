import { assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { WireConstants } from '../domain/contract/wire';
import { backoffDelay, POST_QUEUE_BACKOFF } from './backoff';

/** A post waiting in the queue (spec 000 §7.1). `postId` is the PostID the server deduplicates on. */
export interface QueuedPost {
  postId: string;
  path: string;
  body: Record<string, unknown>;
  enqueuedAt: number;
}

/** A post the queue gave up on, kept so the user can retry or discard it instead of losing it. */
export type FailedPost = QueuedPost & { error: string; failedAt: number };

/** Input of {@link postQueueMachine}: what the app restored from persistent storage, and the mode. */
export interface PostQueueInput {
  items?: QueuedPost[];
  failed?: FailedPost[];
  /** Combine several pending posts into one request. */
  batch?: boolean;
  /** Most posts in one batched request; default {@link DEFAULT_MAX_BATCH}. */
  maxBatch?: number;
}

/** Context of {@link postQueueMachine}. */
export interface PostQueueContext {
  /** Pending posts in send order; the first `inFlight` of them are being sent right now. */
  items: QueuedPost[];
  failed: FailedPost[];
  batch: boolean;
  maxBatch: number;
  /**
   * How many posts at the front of `items` the current request carries (0 when idle). Kept as a count
   * because only appends happen while sending, so the front cannot shift under the request.
   */
  inFlight: number;
  /** Network failures in a row (no answer at all); drives the retry backoff, 0 after any answer. */
  networkFailures: number;
}

/** Input of the `send` actor. */
export interface PostQueueSendInput {
  /** One post, or in batch mode up to `maxBatch` posts, in queue order. */
  posts: QueuedPost[];
  /** PostQueueEmpty of the body: true when these posts are everything pending (spec 000 §7.1). */
  postQueueEmpty: boolean;
}

/** Params of the `notifyFailure` action. */
export interface NotifyFailureParams {
  message: string;
  /** The posts just moved to the failed list, in order. */
  failed: FailedPost[];
}

/** Events of {@link postQueueMachine}. */
export type PostQueueEvent =
  | { type: 'queue.enqueue'; post: QueuedPost }
  | { type: 'queue.retry'; postId?: string }
  | { type: 'queue.discard'; postId?: string }
  /** The browser says it is online again (or the hub reconnected): retry a waiting request now. */
  | { type: 'queue.online' };

/**
 * Rejection of the `send` actor that tells which of the sent posts the server applied before the
 * failure (a batch can fail part-way), so those are not retried and applied twice.
 */
export class PostFailure extends Error {
  readonly appliedPostIds: string[];

  constructor(message: string, appliedPostIds: string[] = []) {
    super(message);
    this.name = 'PostFailure';
    this.appliedPostIds = appliedPostIds;
  }
}

/** Default most posts per batched request. */
export const DEFAULT_MAX_BATCH = 50;

/**
 * True when the request got no answer from our server: the request layer's `ApiError` of kind `network`,
 * the `TypeError` that `fetch` rejects with, or a gateway's 502/503/504. Such a post was perhaps never
 * received, perhaps applied; either
 * way sending it again with the same PostID is safe, because the server applies a PostID once.
 */
export function isNetworkFailure(reason: unknown): boolean {
  if (reason instanceof TypeError) return true;
  if (typeof reason !== 'object' || reason === null) return false;
  const { kind, status } = reason as { kind?: unknown; status?: unknown };
  if (kind === 'network') return true;
  // A gateway answering for a server that is restarting or being deployed (502, 503, 504) refused
  // nothing: the post never reached our server, and its PostID makes a re-send safe.
  return kind === 'http' && (status === 502 || status === 503 || status === 504);
}

function errorMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function nextRequest(context: PostQueueContext): QueuedPost[] {
  if (context.batch && context.items.length > 1) return context.items.slice(0, Math.max(1, context.maxBatch));
  return context.items.slice(0, 1);
}

function matches(postId: string | undefined) {
  return (post: FailedPost) => postId === undefined || post.postId === postId;
}

function toQueued({ error: _error, failedAt: _failedAt, ...post }: FailedPost): QueuedPost {
  return post;
}

/**
 * The queued-post loop (spec 000 §7.1, §8): every tick, if posts are pending, send ONE request (one
 * post, or a batch), in order, and wait for it before the next. A refusal calls `notifyFailure` and
 * empties the queue; unlike the legacy client, the emptied posts go to `failed` for retry or discard.
 * A network failure (no answer at all, {@link isNetworkFailure}) refuses nothing: the posts stay
 * pending, the status stays "Saving (n)", and the same request is sent again after a backoff (1 s
 * doubling to 15 s, ±30 %) until the network is back (brief §4 guarantee 2).
 *
 * Provide with `.provide()`:
 * - actor `send` (input {@link PostQueueSendInput}; reject with {@link PostFailure} to report applied posts);
 * - actions `persist` (reads `context.items` and `context.failed`) and `notifyFailure` ({@link NotifyFailureParams}).
 */
export const postQueueMachine = setup({
  types: {
    context: {} as PostQueueContext,
    events: {} as PostQueueEvent,
    input: {} as PostQueueInput,
  },
  actors: {
    // Rejecting rather than resolving: an app that forgot to provide the real call must not drop posts
    // as if they were saved; they land in `failed` instead.
    send: fromPromise<void, PostQueueSendInput>(async () => {
      throw new Error('post queue: the send actor was not provided');
    }),
  },
  actions: {
    persist: () => {},
    notifyFailure: (_, _params: NotifyFailureParams) => {},
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    networkFailure: ({ event }) => isNetworkFailure((event as { error?: unknown }).error),
  },
  delays: {
    tick: WireConstants.postQueueTickMs,
    networkRetry: ({ context }) => backoffDelay(context.networkFailures - 1, POST_QUEUE_BACKOFF),
  },
}).createMachine({
  id: 'postQueue',
  context: ({ input }) => ({
    items: input.items ?? [],
    failed: input.failed ?? [],
    batch: input.batch ?? false,
    maxBatch: input.maxBatch ?? DEFAULT_MAX_BATCH,
    inFlight: 0,
    networkFailures: 0,
  }),
  initial: 'idle',
  on: {
    'queue.enqueue': {
      actions: [assign({ items: ({ context, event }) => [...context.items, event.post] }), 'persist'],
    },
    'queue.retry': {
      guard: ({ context, event }) => context.failed.some(matches(event.postId)),
      actions: [
        assign(({ context, event }) => {
          const chosen = matches(event.postId);
          return {
            items: [...context.items, ...context.failed.filter(chosen).map(toQueued)],
            failed: context.failed.filter((p) => !chosen(p)),
          };
        }),
        'persist',
      ],
    },
    'queue.discard': {
      guard: ({ context, event }) => context.failed.some(matches(event.postId)),
      actions: [
        assign({
          failed: ({ context, event }) => {
            const chosen = matches(event.postId);
            return context.failed.filter((p) => !chosen(p));
          },
        }),
        'persist',
      ],
    },
  },
  states: {
    idle: {
      // A timer loop (spec 000 §7.1) rather than sending on enqueue: posts made in the same moment (one
      // user action saving several fields) can then share one request in batch mode.
      after: {
        tick: [
          {
            guard: 'hasItems',
            target: 'sending',
            actions: assign({ inFlight: ({ context }) => nextRequest(context).length }),
          },
          { target: 'idle', reenter: true },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => {
          const posts = context.items.slice(0, context.inFlight);
          return { posts, postQueueEmpty: posts.length === context.items.length };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              items: context.items.slice(context.inFlight),
              inFlight: 0,
              networkFailures: 0,
            })),
            'persist',
          ],
        },
        onError: [
          {
            // No answer: keep everything pending, in order, and try the same posts again later.
            guard: 'networkFailure',
            target: 'waitingForNetwork',
            actions: assign({
              inFlight: 0,
              networkFailures: ({ context }) => context.networkFailures + 1,
            }),
          },
          {
            target: 'idle',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const applied = new Set(event.error instanceof PostFailure ? event.error.appliedPostIds : []);
              const sent = context.items.slice(0, context.inFlight);
              const message = errorMessage(event.error);
              const failedAt = Date.now();
              // Everything after the failed post goes too: sending it would apply later changes on top of
              // a missing earlier one, out of the order the user made them.
              const failed = [
                ...sent.filter((p) => !applied.has(p.postId)),
                ...context.items.slice(context.inFlight),
              ].map((p): FailedPost => ({ ...p, error: message, failedAt }));
              enqueue.assign({
                items: [],
                inFlight: 0,
                networkFailures: 0,
                failed: [...context.failed, ...failed],
              });
              enqueue('persist');
              enqueue({ type: 'notifyFailure', params: { message, failed } });
            }),
          },
        ],
      },
    },
    waitingForNetwork: {
      // Straight back to sending (not to idle's tick): these posts are next in line, and nothing else
      // may be sent before them.
      after: {
        networkRetry: {
          target: 'sending',
          actions: assign({ inFlight: ({ context }) => nextRequest(context).length }),
        },
      },
      on: {
        'queue.online': {
          target: 'sending',
          actions: assign({ inFlight: ({ context }) => nextRequest(context).length }),
        },
      },
    },
  },
});

/** A snapshot of {@link postQueueMachine}. */
export type PostQueueSnapshot = SnapshotFrom<typeof postQueueMachine>;

/** Posts not yet confirmed by the server, counting the ones in flight. */
export function pendingCount(snapshot: PostQueueSnapshot): number {
  return snapshot.context.items.length;
}

/** The status bar text of spec 000 §8: "Saving (n)" while posts are pending, otherwise empty. */
export function statusText(snapshot: PostQueueSnapshot): string {
  const count = pendingCount(snapshot);
  return count > 0 ? `Saving (${count})` : '';
}

/** True while the queue waits for the network to come back (the last request got no answer). */
export function isWaitingForNetwork(snapshot: PostQueueSnapshot): boolean {
  return snapshot.matches('waitingForNetwork');
}

/** True while any post is pending; navigation waits on this (spec 000 §2.3). */
export function isSaving(snapshot: PostQueueSnapshot): boolean {
  return pendingCount(snapshot) > 0;
}
