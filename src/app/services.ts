import { createActor, fromPromise } from 'xstate';
import type { CallDef, PayloadOf } from '../../domain/contract/call';
import { PULL_LIMIT_MAX, SyncPull } from '../../domain/live/changes';
import { defaultInterface } from '../../domain/platform/interfaces';
import { GetSession, Login, Logout, type UserRecord } from '../../domain/platform/session';
import {
  connectionId,
  type HubConnectionFactory,
  hubConnectionActor,
  hubConnectionMachine,
} from '../../machines/hub-connection.machine';
import type { FailedPost, QueuedPost } from '../../machines/post-queue.machine';
import { postQueueMachine } from '../../machines/post-queue.machine';
import { sessionMachine } from '../../machines/session.machine';
import { openDatabase, type ProjectionDatabase } from '../../projections/database';
import { createPostQueueStore } from '../../projections/post-queue.collection';
import { createApiClient } from '../api';
import { createAlertStore } from '../ui/alerts';
import { signalRConnectionFactory } from './hub';
import { newId } from './ids';
import { startLive } from './live';
import { storage } from './storage';
import { joinTabs, type TabPresence } from './tabs';

export interface ServicesOptions {
  navigateToLogin: () => void;
  /** Default: the `steelworks` database (IndexedDB), or memory storage if IndexedDB cannot be opened. */
  database?: ProjectionDatabase;
  /** Default: the official SignalR client on `/hub`. */
  hubConnectionFactory?: HubConnectionFactory;
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
 * The app's long-lived services, created once at start-up: the request layer, the session, the post
 * queue and the hub connection (XState actors), the RxDB projection database, and the alert store.
 * Wiring only: the rules live in the machines, in projections/ and in src/api.
 *
 * Asynchronous because the post queue's restore input comes from IndexedDB: the queue machine starts
 * with what the last page left (pending posts and failed saves, in order), so nothing is lost to a
 * reload or a crash.
 */
export async function createServices(opts: ServicesOptions) {
  const alerts = createAlertStore();
  const restoredUser = storage.loadUser();

  const apiOptions = {
    getSession: () => {
      const user = session.getSnapshot().context.user;
      return user ? { EmployeeID: user.EmployeeID, TokenID: user.TokenID, PlantID: user.PlantID } : null;
    },
    getInterface: () => defaultInterface(session.getSnapshot().context.user, window.location.pathname),
    // Every request names the tab's hub connection, so the server can tell a change's origin.
    getConnectionId: () => connectionId(hub.getSnapshot()),
    onUnauthorized: (statusText: string, otherUser: boolean) =>
      session.send({ type: 'session.unauthorized', statusText, otherUser }),
  };
  const api = createApiClient({
    ...apiOptions,
    ui: {
      showError: (m) => alerts.show('error', m),
      showWarning: (m) => alerts.show('warning', m),
      showSuccess: (m) => alerts.show('success', m),
    },
  });
  // Background calls (catch-up pulls, the hub's session check): no alert, no loading bar. A 401 still
  // goes to the session like any other.
  const quiet = { showError: () => {}, showWarning: () => {}, showSuccess: () => {} };
  const backgroundApi = createApiClient({ ...apiOptions, ui: quiet, log: () => {} });

  const hub = createActor(
    hubConnectionMachine.provide({
      actors: {
        connection: hubConnectionActor(
          opts.hubConnectionFactory ??
            signalRConnectionFactory({
              getInterface: () =>
                defaultInterface(session.getSnapshot().context.user, window.location.pathname),
            }),
        ),
      },
      actions: {
        // The hub refused the token: if the session ended (logout in another tab, expiry), this 401 is what
        // tells the session, which then logs out and sends hub.tokenChanged.
        checkSession: () => void backgroundApi.get(GetSession, {}).catch(() => undefined),
      },
    }),
    { input: { token: restoredUser?.TokenID ?? null } },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<UserRecord, { userName: string; password: string }>(({ input }) =>
          api.post(Login, { UserName: input.userName, Password: input.password }),
        ),
        logout: fromPromise(async () => {
          await api.post(Logout, {}).catch(() => undefined);
        }),
      },
      actions: {
        storeSession: (_, params: { user: UserRecord }) => storage.saveUser(params.user),
        clearStoredSession: (_, params: { keepEmployeeId: boolean }) =>
          storage.clearUser(params.keepEmployeeId),
        goToLogin: () => opts.navigateToLogin(),
      },
    }),
    { input: { user: restoredUser, employeeId: storage.loadEmployeeId() } },
  );

  const [db, tabs] = await Promise.all([
    opts.database ? Promise.resolve(opts.database) : openProjectionDatabase((m) => alerts.show('warning', m)),
    opts.tabs ? Promise.resolve(opts.tabs) : joinTabs(),
  ]);

  const queueStore = createPostQueueStore(db.postQueue, { owner: tabs.id, isOrphan: tabs.isGone });
  const restored = await queueStore.restore();
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

  // A 401 shows its status text as an error; closing it is what sends the user to Login (spec 000 §4).
  let shownError: string | null = null;
  session.subscribe((snapshot) => {
    if (snapshot.matches('unauthorized') && snapshot.context.error && shownError !== snapshot.context.error) {
      shownError = snapshot.context.error;
      alerts.show('error', snapshot.context.error, {
        key: 'unauthorized',
        onClose: () => {
          shownError = null;
          session.send({ type: 'session.acknowledge' });
        },
      });
    }
  });

  session.start();
  queue.start();
  hub.start();
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

  return { api, backgroundApi, alerts, session, queue, hub, db, live, enqueue, dispose };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
