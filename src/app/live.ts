import type { MangoQuerySelector, RxCollection } from 'rxdb';
import type { Observable, Subscription } from 'rxjs';
import type { Actor } from 'xstate';
import { type ChangeItem, SyncPull } from '../../domain/live/changes';
import { topicOf } from '../../domain/live/topics';
import { UserRecord } from '../../domain/platform/session';
import type { hubConnectionMachine } from '../../machines/hub-connection.machine';
import type { postQueueMachine } from '../../machines/post-queue.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { EmployeeProjection, EmployeesCollection } from '../../projections/employees.collection';
import { type PullResult, replicateTopic, type TopicReplication } from '../../projections/replication';
import { hubChanges$, hubResync$ } from './hub-events';

type HubActor = Actor<typeof hubConnectionMachine>;
type SessionActor = Actor<typeof sessionMachine>;
type QueueActor = Actor<typeof postQueueMachine>;

export { hubChanges$, hubResync$ };

/** Fields of the user record a change of the employee document must never overwrite. */
const NOT_FROM_DOC = new Set(['id', 'EmployeeID', 'TokenID', '_deleted', '_meta', '_rev', '_attachments']);

/**
 * The user record with the fields of `doc` that a user record has, each valid by the UserRecord schema,
 * except those in `skip`; null when nothing changes. Fields are checked one by one, so a stored record
 * from an older version (missing a newer flag) still takes a language change.
 */
export function mergeEmployee(
  user: UserRecord,
  doc: Partial<EmployeeProjection>,
  skip: ReadonlySet<string> = new Set(),
): UserRecord | null {
  const shape = UserRecord.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const next: Record<string, unknown> = { ...user };
  let changed = false;
  for (const [key, value] of Object.entries(doc)) {
    if (NOT_FROM_DOC.has(key) || skip.has(key) || !Object.hasOwn(shape, key)) continue;
    if (!shape[key]?.safeParse(value).success || JSON.stringify(value) === JSON.stringify(next[key]))
      continue;
    next[key] = value;
    changed = true;
  }
  return changed ? (next as UserRecord) : null;
}

/** Fields of employee `employeeId` with an UpdateEmployee still in the queue: the local value is newer. */
function pendingEmployeeFields(queue: QueueActor, employeeId: number): Set<string> {
  const fields = new Set<string>();
  for (const post of queue.getSnapshot().context.items) {
    if (post.path.toLowerCase() !== 'web/updateemployee') continue;
    if (Number(post.body.EmployeeID) !== employeeId) continue;
    if (typeof post.body.FieldName === 'string') fields.add(post.body.FieldName);
  }
  return fields;
}

export interface LiveOptions {
  hub: HubActor;
  session: SessionActor;
  queue: QueueActor;
  employees: EmployeesCollection;
  /** `sync/Pull` for one topic (quiet: a background pull shows no alert). */
  pull: (topic: string, since: number, limit: number) => Promise<unknown>;
  log?: (...args: unknown[]) => void;
}

/**
 * The app's live wiring. Follows the session: on login, logout or a new token the hub connection
 * starts over with the new token (`hub.tokenChanged`); while logged in, the user's `employee:{id}`
 * topic is subscribed and replicated into `employees`, and a change of the user's own document (another
 * tab or device changed the language) is merged into the session with `session.userUpdated`, except
 * the fields this tab still has edits queued for. Every tab replicates the topics it shows (no leader
 * election, see projections/README.md); the tabs share the database, so a change stored by one shows
 * in all. Also tells the post queue to retry at once when the
 * browser comes back online or the hub reconnects.
 */
export function startLive(options: LiveOptions): {
  stop(): Promise<void>;
  follow<T>(topic: string, collection: RxCollection<T>, scope?: MangoQuerySelector<T>): TopicFollow<T>;
} {
  const { hub, session, queue, employees } = options;
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  const changes$ = hubChanges$(hub);
  let token = hub.getSnapshot().context.token;
  let following: {
    employeeId: number;
    token: string;
    topic: string;
    handle: TopicFollow<EmployeeProjection>;
    received: Subscription;
  } | null = null;

  async function pull(topic: string, since: number, limit: number): Promise<PullResult> {
    const answer = SyncPull.result.safeParse(await options.pull(topic, since, limit));
    if (!answer.success) throw new Error(`sync/Pull answered ${topic} with something unreadable`);
    return answer.data;
  }

  function unfollow() {
    if (!following) return;
    const { topic, handle, received } = following;
    following = null;
    received.unsubscribe();
    handle.stop().catch((error: unknown) => log('[live] stopping', topic, error));
  }

  /** Follows any topic into a collection until stopped: what a live screen calls on mount. */
  function followInto<T>(
    topic: string,
    collection: RxCollection<T>,
    scope?: MangoQuerySelector<T>,
  ): TopicFollow<T> {
    return followTopic<T>({
      hub,
      topic,
      collection,
      changes$,
      pull: (since, limit) => pull(topic, since, limit),
      scope,
      log,
    });
  }

  function follow(user: UserRecord) {
    const topic = topicOf.employee(user.EmployeeID);
    const handle = followInto<EmployeeProjection>(topic, employees, { EmployeeID: user.EmployeeID });
    const received = employees.$.subscribe((event) => {
      const doc = event.documentData;
      const snapshot = session.getSnapshot();
      const current = snapshot.context.user;
      if (!snapshot.matches('loggedIn') || !current || event.operation === 'DELETE' || doc._deleted) return;
      if (doc.EmployeeID !== current.EmployeeID) return;
      const merged = mergeEmployee(current, doc, pendingEmployeeFields(queue, current.EmployeeID));
      if (merged) session.send({ type: 'session.userUpdated', user: merged });
    });
    following = { employeeId: user.EmployeeID, token: user.TokenID, topic, handle, received };
  }

  function onSession() {
    const snapshot = session.getSnapshot();
    const user = snapshot.matches('loggedIn') ? snapshot.context.user : null;
    if (following && (following.employeeId !== user?.EmployeeID || following.token !== user?.TokenID)) {
      // Unsubscribe before the token changes, so the next connection never asks for a topic it may not have.
      unfollow();
    }
    const nextToken = user?.TokenID ?? null;
    if (nextToken !== token) {
      token = nextToken;
      hub.send({ type: 'hub.tokenChanged', token });
    }
    if (user && !following) follow(user);
  }

  const subscriptions = [session.subscribe(onSession)];
  onSession();

  // Back online: do not wait for the queue's backoff.
  let wasLive = false;
  subscriptions.push(
    hub.subscribe((snapshot) => {
      const live = snapshot.matches({ active: 'connected' });
      if (live && !wasLive) queue.send({ type: 'queue.online' });
      wasLive = live;
    }),
  );
  const online = () => queue.send({ type: 'queue.online' });
  globalThis.addEventListener?.('online', online);

  return {
    async stop() {
      for (const s of subscriptions) s.unsubscribe();
      globalThis.removeEventListener?.('online', online);
      const handle = following?.handle;
      unfollow();
      await handle?.stop();
    },
    follow: followInto,
  };
}

export interface TopicFollow<T> {
  replication: TopicReplication<T>;
  /** Unsubscribes the topic (the hub counts holders) and stops the replication. */
  stop(): Promise<void>;
}

/**
 * Subscribes `topic` on the hub and replicates it into `collection` (pull from sync/Pull by checkpoint,
 * push from the hub, RESYNC after every reconnect), until stopped.
 */
export function followTopic<T>(options: {
  hub: HubActor;
  topic: string;
  collection: RxCollection<T>;
  changes$: Observable<readonly ChangeItem[]>;
  pull: (since: number, limit: number) => Promise<PullResult>;
  scope?: MangoQuerySelector<T>;
  log: (...args: unknown[]) => void;
}): TopicFollow<T> {
  const { hub, topic } = options;
  hub.send({ type: 'hub.subscribe', topics: [topic] });
  const replication = replicateTopic<T>({
    collection: options.collection,
    topic,
    pull: options.pull,
    changes$: options.changes$,
    resync$: hubResync$(hub, topic),
    scope: options.scope,
    log: options.log,
  });
  return {
    replication,
    async stop() {
      hub.send({ type: 'hub.unsubscribe', topics: [topic] });
      await replication.cancel();
    },
  };
}
