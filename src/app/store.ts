import { createActor, fromPromise } from 'xstate';
import type { CallDef, PayloadOf } from '../../domain/contract/call';
import { PULL_LIMIT_MAX, SyncPull } from '../../domain/live/changes';
import { isTvPath } from '../../domain/platform/interfaces';
import { GetSession } from '../../domain/platform/session';
import { HUB_BACKOFF, TV_HUB_BACKOFF } from '../../machines/backoff';
import {
  type HubConnectionFactory,
  hubConnectionActor,
  hubConnectionMachine,
} from '../../machines/hub-connection.machine';
import type { FailedPost, QueuedPost } from '../../machines/post-queue.machine';
import { postQueueMachine } from '../../machines/post-queue.machine';
import { openDatabase, type ProjectionDatabase } from '../../projections/database';
import { createPostQueueStore } from '../../projections/post-queue.collection';
import { createHelpServices } from '../areas/platform/help/services';
import type { Core } from './core';
import { signalRConnectionFactory } from './hub';
import { droppedTopicsMessage } from './hub-events';
import { newId } from './ids';
import { startLive } from './live';
import { currentInterface } from './menus';
import { shellState } from './shell-state';
import { storage } from './storage';
import { joinTabs, type TabPresence } from './tabs';

export interface StoreOptions {
  /** Default: the official SignalR client on `/hub`. */
  hubConnectionFactory?: HubConnectionFactory;
  /** Default: the `steelworks` database (IndexedDB), or memory storage if IndexedDB cannot be opened. */
  database?: ProjectionDatabase;
  /** Default: {@link joinTabs}. */
  tabs?: TabPresence;
}

/** The database, or, when IndexedDB refuses (private windows of some browsers, a full disk), memory. */
async function openProjectionDatabase(warn: (message: string) => void): Promise<ProjectionDatabase> {
  try {
    return await openDatabase();
  } catch (error) {
    console.error('[app] the local database could not be opened; using memory', error);
    warn(
      'This browser would not let the app store data. Unsaved changes will be lost if you close this tab.',
    );
    return openDatabase({ name: `steelworks-memory-${newId()}`, storage: 'memory' });
  }
}

function withoutKnown<T extends { postId: string }>(posts: T[], known: ReadonlySet<string>): T[] {
  return posts.filter((p) => !known.has(p.postId));
}

/**
 * The projection database (RxDB), the post queue restored from it, and the live feed into it, attached
 * to the core services. Loaded as its own chunk when the first screen that needs it opens (the shell
 * after login; Login itself never loads RxDB).
 *
 * Asynchronous because the post queue's restore input comes from IndexedDB: the queue machine starts
 * with what the last page left (pending posts and failed saves, in order), so nothing is lost to a
 * reload or a crash.
 */
export async function attachStore(core: Core, opts: StoreOptions = {}) {
  const { api, backgroundApi, alerts, session } = core;
  // An unattended TV page retries with a 5 s cap instead of 30 s: back within seconds of a restart.
  const backoff = isTvPath(window.location.pathname) ? TV_HUB_BACKOFF : HUB_BACKOFF;
  const hub = createActor(
    hubConnectionMachine.provide({
      actors: {
        connection: hubConnectionActor(
          opts.hubConnectionFactory ??
            signalRConnectionFactory({
              getInterface: () =>
                currentInterface(
                  session.getSnapshot().context.user,
                  window.location.pathname,
                  shellState.getSnapshot().interfacePref,
                ),
              backoff,
              onDropped: (items) =>
                alerts.show('warning', droppedTopicsMessage(items), { key: 'hub-dropped' }),
            }),
        ),
      },
      actions: {
        // The hub refused the token: if the session ended (logout in another tab, expiry), this 401 is what
        // tells the session, which then logs out and sends hub.tokenChanged.
        checkSession: () => void backgroundApi.get(GetSession, {}).catch(() => undefined),
      },
    }),
    { input: { token: session.getSnapshot().context.user?.TokenID ?? null, backoff } },
  );

  hub.start();
  core.attachHub(hub);
  // The network is back: retry now rather than after the rest of the backoff (an unattended TV).
  // (Tests run this with a bare window stub: only where there are events.)
  if (typeof window.addEventListener === 'function')
    window.addEventListener('online', () => hub.send({ type: 'hub.networkBack' }));

  const [db, tabs] = await Promise.all([
    (opts.database
      ? Promise.resolve(opts.database)
      : openProjectionDatabase((m) => alerts.show('warning', m))
    ).finally(() => performance.mark('store:db')),
    (opts.tabs ? Promise.resolve(opts.tabs) : joinTabs()).finally(() => performance.mark('store:tabs')),
  ]);

  const queueStore = createPostQueueStore(db.postQueue, { owner: tabs.id, isOrphan: tabs.isGone });
  const restored = await queueStore.restore();
  performance.mark('store:queue');
  // A queue an earlier version kept in localStorage is older than anything in RxDB: it goes first.
  const legacy = storage.takeLegacyQueue();
  const known = new Set([...restored.items, ...restored.failed].map((p) => p.postId));
  const items: QueuedPost[] = [...withoutKnown(legacy.items, known), ...restored.items];
  const failed: FailedPost[] = [...withoutKnown(legacy.failed, known), ...restored.failed];
  const carriedOver = legacy.items.length + legacy.failed.length > 0;

  const queue = createActor(
    postQueueMachine.provide({
      actors: {
        send: fromPromise(async ({ input }) => {
          await api.sendQueuedPosts(input.posts, input.postQueueEmpty);
        }),
      },
      actions: {
        persist: ({ context }) => queueStore.save(context.items, context.failed),
        notifyFailure: (_, params: { message: string }) =>
          alerts.show(
            'error',
            `${params.message} Your change is kept under "Failed saves" to retry or discard.`,
            {
              key: 'queue-failure',
            },
          ),
      },
    }),
    { input: { items, failed } },
  );

  queue.start();
  if (carriedOver) {
    queueStore.save(items, failed);
    void queueStore.flush().then(() => storage.dropLegacyQueue());
  }

  const live = startLive({
    hub,
    session,
    queue,
    employees: db.employees,
    pull: (topic, since, limit) =>
      backgroundApi.get(SyncPull, { Topic: topic, Since: since, Limit: Math.min(limit, PULL_LIMIT_MAX) }),
  });
  hub.send({ type: 'hub.start' });

  /** Validates a call's payload and puts it on the post queue (spec 000 §7.1 queued POST). */
  function enqueue<C extends CallDef>(call: C, payload: PayloadOf<C>): void {
    const { path, body } = api.queuedPostBody(call, payload);
    queue.send({ type: 'queue.enqueue', post: { postId: newId(), path, body, enqueuedAt: Date.now() } });
  }

  // Help videos, procedure links and dismissed tips; the shell loads the current screen's on each route change.
  const help = createHelpServices({ api: backgroundApi, enqueue });

  /** Stops everything and closes the database (tests; a page simply goes away). */
  async function dispose(): Promise<void> {
    await live.stop();
    hub.stop();
    queue.stop();
    session.stop();
    await queueStore.flush();
    tabs.close();
    if (!opts.database) await db.close();
  }

  return { db, queue, hub, live, enqueue, help, dispose };
}

export type Store = Awaited<ReturnType<typeof attachStore>>;
