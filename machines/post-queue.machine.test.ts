import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { WireConstants } from '../domain/contract/wire';
import {
  DEFAULT_MAX_BATCH,
  type FailedPost,
  isNetworkFailure,
  isSaving,
  isWaitingForNetwork,
  type NotifyFailureParams,
  PostFailure,
  type PostQueueInput,
  type PostQueueSendInput,
  pendingCount,
  postQueueMachine,
  type QueuedPost,
  statusText,
} from './post-queue.machine';

const TICK = WireConstants.postQueueTickMs;

interface SendCall {
  ids: string[];
  input: PostQueueSendInput;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

function post(postId: string, enqueuedAt = 0): QueuedPost {
  return { postId, path: `web/Save${postId}`, body: { Field: postId }, enqueuedAt };
}

function ids(posts: { postId: string }[]): string[] {
  return posts.map((p) => p.postId);
}

/** Lets settled promises reach the machine without moving the clock. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

function start(input: PostQueueInput = {}) {
  const calls: SendCall[] = [];
  const persisted: { items: string[]; failed: string[] }[] = [];
  const notifyFailure = vi.fn<(params: NotifyFailureParams) => void>();
  const machine = postQueueMachine.provide({
    actors: {
      send: fromPromise<void, PostQueueSendInput>(
        ({ input: sendInput }) =>
          new Promise<void>((resolve, reject) => {
            calls.push({ ids: ids(sendInput.posts), input: sendInput, resolve, reject });
          }),
      ),
    },
    actions: {
      persist: ({ context }) => persisted.push({ items: ids(context.items), failed: ids(context.failed) }),
      notifyFailure: (_, params) => notifyFailure(params),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const enqueue = (...posts: QueuedPost[]) => {
    for (const p of posts) actor.send({ type: 'queue.enqueue', post: p });
  };
  /** Settles the request in flight and lets the next tick send the next one. */
  const completeAndTick = async (index: number) => {
    calls[index]!.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(TICK);
  };
  return { actor, calls, persisted, notifyFailure, enqueue, completeAndTick };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('postQueueMachine: sending', () => {
  it('sends nothing before the first 50 ms tick, then exactly the first post', async () => {
    const { calls, enqueue } = start();
    enqueue(post('a'));
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TICK - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.ids)).toEqual([['a']]);
  });

  it('sends a post enqueued while idle within one tick, not instantly', async () => {
    const { calls, enqueue } = start();
    // Idle for a while with nothing to send: the tick keeps re-arming at 50, 100, 150 ms.
    await vi.advanceTimersByTimeAsync(120);
    enqueue(post('a'));
    await flush();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(29);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
  });

  it('sends one post at a time, in order, never starting the next before the previous resolves', async () => {
    const { calls, enqueue, actor } = start();
    enqueue(post('a'), post('b'), post('c'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a']]);

    // A slow server: many ticks pass, still only the one request.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('sending');

    calls[0]!.resolve();
    await flush();
    // After a completion the loop waits for the next tick again.
    await vi.advanceTimersByTimeAsync(TICK - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b'], ['c']]);
    expect(calls.map((c) => c.input.posts[0])).toEqual([post('a'), post('b'), post('c')]);
  });

  it('sets PostQueueEmpty only on the last pending post', async () => {
    const { calls, enqueue, completeAndTick } = start();
    enqueue(post('a'), post('b'), post('c'));
    await vi.advanceTimersByTimeAsync(TICK);
    await completeAndTick(0);
    await completeAndTick(1);
    expect(calls.map((c) => c.input.postQueueEmpty)).toEqual([false, false, true]);
  });

  it('computes PostQueueEmpty when the request starts: a post enqueued during it does not change it', async () => {
    const { calls, enqueue, completeAndTick } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[0]!.input.postQueueEmpty).toBe(true);
    enqueue(post('b'));
    await completeAndTick(0);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    expect(calls[1]!.input.postQueueEmpty).toBe(true);
  });

  it('shows "Saving (n)" counting the post in flight, and "" once all complete', async () => {
    const { actor, enqueue, completeAndTick, calls } = start();
    expect(statusText(actor.getSnapshot())).toBe('');
    expect(isSaving(actor.getSnapshot())).toBe(false);

    enqueue(post('a'), post('b'), post('c'));
    expect(statusText(actor.getSnapshot())).toBe('Saving (3)');
    await vi.advanceTimersByTimeAsync(TICK);
    // In flight still counts: the server has not confirmed it.
    expect(actor.getSnapshot().value).toBe('sending');
    expect(statusText(actor.getSnapshot())).toBe('Saving (3)');

    await completeAndTick(0);
    expect(statusText(actor.getSnapshot())).toBe('Saving (2)');
    await completeAndTick(1);
    expect(statusText(actor.getSnapshot())).toBe('Saving (1)');
    expect(isSaving(actor.getSnapshot())).toBe(true);
    calls[2]!.resolve();
    await flush();
    expect(statusText(actor.getSnapshot())).toBe('');
    expect(pendingCount(actor.getSnapshot())).toBe(0);
    expect(isSaving(actor.getSnapshot())).toBe(false);
  });

  it('persists the queue after every change', async () => {
    const { persisted, enqueue, completeAndTick } = start();
    enqueue(post('a'), post('b'));
    expect(persisted).toEqual([
      { items: ['a'], failed: [] },
      { items: ['a', 'b'], failed: [] },
    ]);
    await vi.advanceTimersByTimeAsync(TICK);
    // Starting a request changes nothing stored: the post stays until the server confirms it.
    expect(persisted).toHaveLength(2);
    await completeAndTick(0);
    expect(persisted.at(-1)).toEqual({ items: ['b'], failed: [] });
  });
});

describe('postQueueMachine: failures', () => {
  it('moves the failed post and everything after it to failed, in order, and notifies', async () => {
    const { actor, calls, enqueue, notifyFailure, persisted, completeAndTick } = start();
    enqueue(post('a'), post('b'), post('c'));
    await vi.advanceTimersByTimeAsync(TICK);
    await completeAndTick(0);
    expect(calls[1]!.ids).toEqual(['b']);
    // Enqueued while the failing request is in flight: it must not be sent on top of the gap.
    enqueue(post('d'));

    calls[1]!.reject(new Error('Record locked by another user'));
    await flush();

    const snap = actor.getSnapshot();
    expect(snap.value).toBe('idle');
    expect(snap.context.items).toEqual([]);
    const failedAt = Date.now();
    const expected: FailedPost[] = ['b', 'c', 'd'].map((id) => ({
      ...post(id),
      error: 'Record locked by another user',
      failedAt,
    }));
    expect(snap.context.failed).toEqual(expected);
    expect(notifyFailure).toHaveBeenCalledExactlyOnceWith({
      message: 'Record locked by another user',
      failed: expected,
    });
    expect(persisted.at(-1)).toEqual({ items: [], failed: ['b', 'c', 'd'] });
    expect(statusText(snap)).toBe('');

    // Nothing more is sent: the queue was emptied.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
  });

  it('uses String(reason) for a non-Error rejection', async () => {
    const { actor, calls, enqueue, notifyFailure } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject('timeout');
    await flush();
    expect(actor.getSnapshot().context.failed.map((p) => p.error)).toEqual(['timeout']);
    expect(notifyFailure.mock.calls[0]![0].message).toBe('timeout');
  });

  it('drops the posts a PostFailure reports as applied and fails the rest', async () => {
    const { actor, calls, enqueue } = start({ batch: true });
    enqueue(post('a'), post('b'), post('c'), post('d'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[0]!.ids).toEqual(['a', 'b', 'c', 'd']);
    enqueue(post('e'));

    calls[0]!.reject(new PostFailure('Quantity must be positive', ['a', 'b']));
    await flush();
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['c', 'd', 'e']);
    expect(actor.getSnapshot().context.failed.every((p) => p.error === 'Quantity must be positive')).toBe(
      true,
    );
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('ignores applied ids of a PostFailure that were not in the failed request', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'), post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    // 'b' was never sent, so the server cannot have applied it: it must not vanish.
    calls[0]!.reject(new PostFailure('failed', ['b']));
    await flush();
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a', 'b']);
  });

  it('adds to failed posts already there, keeping the older ones first', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new Error('first'));
    await flush();
    enqueue(post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[1]!.reject(new Error('second'));
    await flush();
    expect(actor.getSnapshot().context.failed.map((p) => [p.postId, p.error])).toEqual([
      ['a', 'first'],
      ['b', 'second'],
    ]);
  });

  it('sends posts enqueued after a failure normally', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new Error('boom'));
    await flush();
    enqueue(post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    expect(calls[1]!.input.postQueueEmpty).toBe(true);
    calls[1]!.resolve();
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a']);
  });

  it('fails (rather than silently drops) the posts when the app did not provide send', async () => {
    const actor = createActor(postQueueMachine, { input: { items: [post('a')] } }).start();
    await vi.advanceTimersByTimeAsync(TICK);
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a']);
  });
});

describe('postQueueMachine: retry and discard', () => {
  async function withFailed(names: string[]) {
    const s = start();
    s.enqueue(...names.map((n) => post(n)));
    await vi.advanceTimersByTimeAsync(TICK);
    s.calls[0]!.reject(new Error('boom'));
    await flush();
    expect(ids(s.actor.getSnapshot().context.failed)).toEqual(names);
    s.persisted.length = 0;
    return s;
  }

  it('retries one failed post at the end of the queue, as a plain queued post', async () => {
    const { actor, calls, enqueue, persisted } = await withFailed(['a', 'b', 'c']);
    enqueue(post('x'));
    actor.send({ type: 'queue.retry', postId: 'b' });
    expect(ids(actor.getSnapshot().context.items)).toEqual(['x', 'b']);
    expect(actor.getSnapshot().context.items[1]).toEqual(post('b'));
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a', 'c']);
    expect(persisted.at(-1)).toEqual({ items: ['x', 'b'], failed: ['a', 'c'] });

    await vi.advanceTimersByTimeAsync(TICK);
    calls[1]!.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.slice(1).map((c) => c.ids)).toEqual([['x'], ['b']]);
  });

  it('retries all failed posts in their original order', async () => {
    const { actor, calls } = await withFailed(['a', 'b', 'c']);
    actor.send({ type: 'queue.retry' });
    expect(ids(actor.getSnapshot().context.items)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.failed).toEqual([]);
    expect(statusText(actor.getSnapshot())).toBe('Saving (3)');
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[1]!.ids).toEqual(['a']);
  });

  it('retries while a request is in flight without disturbing it', async () => {
    const { actor, calls, enqueue, completeAndTick } = await withFailed(['a']);
    enqueue(post('x'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[1]!.ids).toEqual(['x']);
    actor.send({ type: 'queue.retry' });
    await completeAndTick(1);
    expect(calls[2]!.ids).toEqual(['a']);
    expect(ids(actor.getSnapshot().context.items)).toEqual(['a']);
  });

  it('discards one failed post', async () => {
    const { actor, persisted, calls } = await withFailed(['a', 'b', 'c']);
    actor.send({ type: 'queue.discard', postId: 'b' });
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a', 'c']);
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(persisted).toEqual([{ items: [], failed: ['a', 'c'] }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });

  it('discards all failed posts', async () => {
    const { actor, persisted } = await withFailed(['a', 'b']);
    actor.send({ type: 'queue.discard' });
    expect(actor.getSnapshot().context.failed).toEqual([]);
    expect(persisted).toEqual([{ items: [], failed: [] }]);
  });

  it('does nothing (and persists nothing) for an unknown post id or an empty failed list', async () => {
    const { actor, persisted } = await withFailed(['a']);
    actor.send({ type: 'queue.retry', postId: 'nope' });
    actor.send({ type: 'queue.discard', postId: 'nope' });
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a']);
    actor.send({ type: 'queue.discard' });
    persisted.length = 0;
    actor.send({ type: 'queue.retry' });
    actor.send({ type: 'queue.discard' });
    expect(persisted).toEqual([]);
  });
});

describe('postQueueMachine: batch mode', () => {
  it('sends all pending posts in one request with PostQueueEmpty true', async () => {
    const { actor, calls, enqueue } = start({ batch: true });
    enqueue(post('a'), post('b'), post('c'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a', 'b', 'c']]);
    expect(calls[0]!.input.postQueueEmpty).toBe(true);
    expect(statusText(actor.getSnapshot())).toBe('Saving (3)');
    calls[0]!.resolve();
    await flush();
    expect(statusText(actor.getSnapshot())).toBe('');
  });

  it('caps a batch at maxBatch and still sends one request at a time', async () => {
    const { calls, enqueue, completeAndTick } = start({ batch: true, maxBatch: 2 });
    enqueue(post('a'), post('b'), post('c'));
    await vi.advanceTimersByTimeAsync(TICK);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.ids)).toEqual([['a', 'b']]);
    await completeAndTick(0);
    expect(calls.map((c) => c.ids)).toEqual([['a', 'b'], ['c']]);
    expect(calls.map((c) => c.input.postQueueEmpty)).toEqual([false, true]);
  });

  it('removes only the sent posts when a batch completes, keeping those enqueued meanwhile', async () => {
    const { actor, calls, enqueue } = start({ batch: true });
    enqueue(post('a'), post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    enqueue(post('c'));
    expect(statusText(actor.getSnapshot())).toBe('Saving (3)');
    calls[0]!.resolve();
    await flush();
    expect(ids(actor.getSnapshot().context.items)).toEqual(['c']);
  });

  it('defaults maxBatch to 50', async () => {
    const { actor, calls, enqueue } = start({ batch: true });
    expect(actor.getSnapshot().context.maxBatch).toBe(DEFAULT_MAX_BATCH);
    expect(DEFAULT_MAX_BATCH).toBe(50);
    enqueue(...Array.from({ length: 51 }, (_, i) => post(`p${i}`)));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[0]!.ids).toHaveLength(50);
    expect(calls[0]!.input.postQueueEmpty).toBe(false);
  });
});

describe('postQueueMachine: restore', () => {
  it('restores pending and failed posts from input and sends the pending ones on the first tick', async () => {
    const failed: FailedPost = { ...post('old'), error: 'earlier failure', failedAt: 1 };
    const { actor, calls } = start({ items: [post('a', 5), post('b', 6)], failed: [failed] });
    expect(statusText(actor.getSnapshot())).toBe('Saving (2)');
    expect(actor.getSnapshot().context.failed).toEqual([failed]);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a']]);
    expect(calls[0]!.input.posts[0]).toEqual(post('a', 5));
    expect(calls[0]!.input.postQueueEmpty).toBe(false);
  });
});

/** What the request layer rejects with when fetch got no answer (src/api/errors.ts ApiError 'network'). */
class NetworkError extends Error {
  readonly kind = 'network';
}

describe('postQueueMachine: network failures', () => {
  it('keeps the posts pending with "Saving (n)" and sends the same ones again after a backoff', async () => {
    const { actor, calls, enqueue, notifyFailure, persisted } = start();
    enqueue(post('a'), post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    const stored = persisted.length;
    calls[0]!.reject(new NetworkError('Cannot reach the server. Check the connection and try again.'));
    await flush();
    const snap = actor.getSnapshot();
    expect(isWaitingForNetwork(snap)).toBe(true);
    expect(ids(snap.context.items)).toEqual(['a', 'b']);
    expect(snap.context.failed).toEqual([]);
    expect(statusText(snap)).toBe('Saving (2)');
    expect(isSaving(snap)).toBe(true);
    expect(notifyFailure).not.toHaveBeenCalled();
    // Nothing changed, so nothing to store.
    expect(persisted).toHaveLength(stored);

    // First retry after 1 s ± 30 %.
    await vi.advanceTimersByTimeAsync(699);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1301 - 699);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['a']]);
    // Same post, same PostID: the server applies it once whichever copy arrived.
    expect(calls[1]!.input.posts[0]).toEqual(post('a'));
    calls[1]!.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['a'], ['b']]);
  });

  it('treats a TypeError from fetch as a network failure', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(isWaitingForNetwork(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.failed).toEqual([]);
  });

  it('retries for as long as the network is down, backing off from 1 s to 15 s, never failing', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    const waits: number[] = [];
    for (let i = 0; i < 30; i++) {
      calls.at(-1)!.reject(new NetworkError('offline'));
      await flush();
      const before = calls.length;
      let waited = 0;
      while (calls.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
        expect(waited).toBeLessThanOrEqual(15_100);
      }
      waits.push(waited);
    }
    expect(waits[0]).toBeLessThanOrEqual(1300);
    expect(waits.slice(6).every((w) => w >= 10_500 && w <= 15_100)).toBe(true);
    expect(statusText(actor.getSnapshot())).toBe('Saving (1)');
    expect(actor.getSnapshot().context.failed).toEqual([]);
    calls.at(-1)!.resolve();
    await flush();
    expect(statusText(actor.getSnapshot())).toBe('');
    expect(actor.getSnapshot().context.networkFailures).toBe(0);
  });

  it('keeps order: posts enqueued while waiting go after the waiting ones', async () => {
    const { calls, enqueue, completeAndTick } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new NetworkError('offline'));
    await flush();
    enqueue(post('b'));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['a']]);
    expect(calls[1]!.input.postQueueEmpty).toBe(false);
    await completeAndTick(1);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['a'], ['b']]);
  });

  it('re-sends a whole batch after a network failure, growing it with posts enqueued meanwhile', async () => {
    const { calls, enqueue } = start({ batch: true });
    enqueue(post('a'), post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new NetworkError('offline'));
    await flush();
    enqueue(post('c'));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.map((c) => c.ids)).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('retries at once on queue.online', async () => {
    const { actor, calls, enqueue } = start();
    enqueue(post('a'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new NetworkError('offline'));
    await flush();
    actor.send({ type: 'queue.online' });
    expect(calls).toHaveLength(2);
    // Ignored when not waiting.
    actor.send({ type: 'queue.online' });
    expect(calls).toHaveLength(2);
  });

  it('still moves posts to failed on a server refusal after network retries', async () => {
    const { actor, calls, enqueue, notifyFailure } = start();
    enqueue(post('a'), post('b'));
    await vi.advanceTimersByTimeAsync(TICK);
    calls[0]!.reject(new NetworkError('offline'));
    await flush();
    await vi.advanceTimersByTimeAsync(1300);
    calls[1]!.reject(new PostFailure('Record locked by another user'));
    await flush();
    expect(ids(actor.getSnapshot().context.failed)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.networkFailures).toBe(0);
    expect(notifyFailure).toHaveBeenCalledOnce();
  });

  it('isNetworkFailure: network kind, TypeError, or a gateway answering for our server', () => {
    expect(isNetworkFailure(new NetworkError('x'))).toBe(true);
    expect(isNetworkFailure({ kind: 'network' })).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('refused'), { kind: 'error' }))).toBe(false);
    expect(isNetworkFailure(Object.assign(new Error('500'), { kind: 'http', status: 500 }))).toBe(false);
    expect(isNetworkFailure(Object.assign(new Error('403'), { kind: 'http', status: 403 }))).toBe(false);
    for (const status of [502, 503, 504]) {
      expect(isNetworkFailure(Object.assign(new Error(String(status)), { kind: 'http', status }))).toBe(true);
    }
    expect(isNetworkFailure(new PostFailure('no'))).toBe(false);
    expect(isNetworkFailure('timeout')).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});

describe('postQueueMachine: restore after a reload', () => {
  it('keeps the PostIDs of restored posts, so a post sent before the reload is applied once', async () => {
    const { calls } = start({ items: [post('sent-before-crash'), post('next')] });
    await vi.advanceTimersByTimeAsync(TICK);
    expect(calls[0]!.input.posts[0]!.postId).toBe('sent-before-crash');
  });
});
