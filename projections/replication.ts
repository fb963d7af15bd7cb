import type {
  MangoQuerySelector,
  RxCollection,
  RxDocumentData,
  RxReplicationPullStreamItem,
  WithDeleted,
} from 'rxdb';
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { BehaviorSubject, distinctUntilChanged, Observable, Subject } from 'rxjs';
import type { ResultOf } from '../domain/contract/call';
import type { ChangeItem, SyncPull } from '../domain/live/changes';

/** What `sync/Pull` answers (domain/live/changes.ts). */
export type PullResult = ResultOf<typeof SyncPull>;

/** The replication checkpoint: the topic's sequence number the local store has caught up to. */
export interface TopicCheckpoint {
  seq: number;
}

/**
 * Bump when the replication's behaviour (not a collection's schema) changes in a way that needs every
 * client to pull again from 0. The collection's schema version is part of the identifier too.
 */
export const REPLICATION_PROTOCOL_VERSION = 1;

export interface ReplicateTopicOptions<T> {
  collection: RxCollection<T>;
  /** The hub topic, e.g. `employee:7`. */
  topic: string;
  /** `sync/Pull {Topic, Since, Limit}` for this topic. */
  pull: (since: number, limit: number) => Promise<PullResult>;
  /** Every batch of changes the hub delivers (all topics; this replication keeps its own). */
  changes$: Observable<readonly ChangeItem[]>;
  /**
   * Emits after every (re)connect and (re)subscription of the topic: changes may have been missed, so
   * pull from the checkpoint. Every emission pulls, whatever it carries: the hub's latest seq from
   * Subscribe is not trusted to skip one (a wrong head would hide missed changes for good).
   */
  resync$: Observable<unknown>;
  /**
   * The local documents that belong to this topic, as a selector: a snapshot answer removes those it
   * does not name. Default: every document of the collection. A collection fed by several topics must
   * give each its own scope, or a snapshot of one topic would delete the others' documents.
   */
  scope?: MangoQuerySelector<T>;
  /** The `ChangeItem.collection` this replication takes; default the collection's name. */
  itemCollection?: string;
  /** Changes per pull (sync/Pull's Limit); default 500. */
  batchSize?: number;
  /** Wait before retrying a failed pull, in ms; default 5000. */
  retryTime?: number;
  /** Hub items kept while a pull runs before falling back to one more pull; default 5000. */
  maxBuffered?: number;
  log?: (...args: unknown[]) => void;
}

export interface TopicReplication<T> {
  readonly topic: string;
  readonly replicationIdentifier: string;
  readonly state: RxReplicationState<T, TopicCheckpoint>;
  /** Every document this replication stored (from pulls and from the hub), deletions included. */
  readonly received$: Observable<RxDocumentData<T>>;
  /**
   * True once a pull cycle has caught up since the last RESYNC (the initial one, a reconnect, a gap);
   * false from the moment a RESYNC is asked for until its pull is done. Starts false. What a screen
   * shows as "in sync" (together with the hub being connected: this does not see a lost connection).
   */
  readonly inSync$: Observable<boolean>;
  /** The last sequence number handed to RxDB (null before the first pull). */
  lastSeq(): number | null;
  /** Asks for a pull from the checkpoint (the same as a `resync$` emission). */
  resync(): void;
  /** Resolves when the first pull is stored and nothing is running. */
  awaitInSync(): Promise<void>;
  /** Stops replicating; the stored documents and checkpoint stay. */
  cancel(): Promise<void>;
}

/**
 * The replication identifier: RxDB keeps the checkpoint under it. It names the collection, its schema
 * version and the topic, because the stored checkpoint is not migrated with the schema (brief §8): after
 * a schema change the new identifier starts from 0 instead of resuming past changes the old schema kept.
 */
export function topicReplicationIdentifier(collection: RxCollection<unknown>, topic: string): string {
  return `topic/${topic}/${collection.name}@${collection.schema.version}/p${REPLICATION_PROTOCOL_VERSION}`;
}

function isItem(value: unknown): value is ChangeItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.topic === 'string' &&
    typeof v.seq === 'number' &&
    Number.isInteger(v.seq) &&
    typeof v.collection === 'string' &&
    typeof v.id === 'string' &&
    (v.doc === null || (typeof v.doc === 'object' && v.doc !== undefined))
  );
}

/**
 * Replicates one hub topic into a collection with `replicateRxCollection` (pull only):
 *
 * - `pull.handler` calls `sync/Pull` from the checkpoint `{seq}`; a snapshot answer (the checkpoint was
 *   compacted away, or the server's data was reset) deletes the local documents in `scope` that it does
 *   not name.
 * - `pull.stream$` is fed by the hub's items for this topic, strictly in sequence: an item at or below the
 *   last applied seq is a duplicate and skipped; an item above last+1 is a gap, and the stream emits
 *   `'RESYNC'` (a pull from the checkpoint) instead of applying it. `'RESYNC'` also follows every
 *   `resync$` emission (the hub reconnected or subscribed again).
 * - While a pull runs, hub items wait and are applied after it (those the pull already covered are
 *   skipped), so an older change can never overwrite a newer pulled state.
 * - The stream never errors: anything unexpected turns into `'RESYNC'`. A failed pull is retried by RxDB
 *   after `retryTime`.
 * - `doc: null` is stored as a deletion (`_deleted: true`).
 *
 * No leader election (`waitForLeadership: false`): each tab replicates the topics it shows over its own
 * hub connection (see projections/README.md).
 */
export function replicateTopic<T>(options: ReplicateTopicOptions<T>): TopicReplication<T> {
  const { collection, topic } = options;
  const itemCollection = options.itemCollection ?? collection.name;
  const batchSize = options.batchSize ?? 500;
  const maxBuffered = options.maxBuffered ?? 5000;
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  const primaryPath = collection.schema.primaryPath as string;
  const replicationIdentifier = topicReplicationIdentifier(collection as RxCollection<unknown>, topic);

  /** Highest seq handed to RxDB, from a pull or the hub; null until the first pull answered. */
  let last: number | null = null;
  /** A RESYNC is on its way (or the initial one): items until the pull starts are covered by it. */
  let awaitingPull = true;
  /** A pull cycle runs: hub items wait in `buffer`, to be applied after it in order. */
  let pulling = false;
  let buffer: ChangeItem[] = [];
  let overflowed = false;
  const out = new Subject<RxReplicationPullStreamItem<T, TopicCheckpoint>>();
  const inSync = new BehaviorSubject(false);

  function toDoc(item: ChangeItem): WithDeleted<T> {
    if (item.doc === null) return { [primaryPath]: item.id, _deleted: true } as unknown as WithDeleted<T>;
    return { ...item.doc, [primaryPath]: item.id, _deleted: false } as unknown as WithDeleted<T>;
  }

  function requestResync() {
    if (awaitingPull) return;
    awaitingPull = true;
    inSync.next(false);
    out.next('RESYNC');
  }

  /** Hands consecutive items to RxDB; stops at the first gap and asks for a pull instead. */
  function forward(items: readonly ChangeItem[]) {
    if (last === null) {
      requestResync();
      return;
    }
    let seq = last;
    let gap = false;
    const documents: WithDeleted<T>[] = [];
    for (const item of items) {
      if (item.seq <= seq) continue;
      if (item.seq !== seq + 1) {
        gap = true;
        break;
      }
      seq = item.seq;
      if (item.collection === itemCollection) documents.push(toDoc(item));
    }
    if (seq !== last) {
      last = seq;
      out.next({ documents, checkpoint: { seq } });
    }
    if (gap) requestResync();
  }

  function accept(batch: readonly unknown[]) {
    const mine: ChangeItem[] = [];
    for (const item of batch) {
      if (!isItem(item)) {
        // Something for us may have been lost in a malformed item: start again from the checkpoint.
        if ((item as { topic?: unknown } | null)?.topic === topic) requestResync();
        continue;
      }
      if (item.topic === topic) mine.push(item);
    }
    if (!mine.length || awaitingPull) return;
    mine.sort((a, b) => a.seq - b.seq);
    if (pulling) {
      buffer.push(...mine);
      if (buffer.length > maxBuffered) {
        buffer = [];
        overflowed = true;
      }
      return;
    }
    forward(mine);
  }

  /** Never lets an exception reach RxDB's stream subscription: it would end the live stream. */
  function guarded(work: () => void) {
    try {
      work();
    } catch (error) {
      log('[replication]', topic, error);
      awaitingPull = false;
      requestResync();
    }
  }

  const stream$ = new Observable<RxReplicationPullStreamItem<T, TopicCheckpoint>>((subscriber) => {
    const subscriptions = [
      out.subscribe(subscriber),
      options.changes$.subscribe({
        next: (items) => guarded(() => accept(Array.isArray(items) ? items : [])),
        error: (error: unknown) => guarded(() => log('[replication]', topic, 'hub changes ended', error)),
      }),
      options.resync$.subscribe({
        next: () => guarded(requestResync),
        error: (error: unknown) => guarded(() => log('[replication]', topic, 'resync signal ended', error)),
      }),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  });

  async function pullOnce(
    since: number,
  ): Promise<{ documents: WithDeleted<T>[]; checkpoint: TopicCheckpoint }> {
    // Latest state per document: a long catch-up holds each document once, however often it changed.
    const latest = new Map<string, WithDeleted<T>>();
    let cursor = since;
    for (;;) {
      const page = await options.pull(cursor, batchSize);
      for (const item of page.documents) {
        if (item.collection !== itemCollection || item.topic !== topic) continue;
        latest.delete(item.id);
        latest.set(item.id, toDoc(item));
      }
      if (page.snapshot) {
        const named = new Set(page.documents.filter((i) => i.collection === itemCollection).map((i) => i.id));
        const local = await collection.find({ selector: options.scope ?? {} }).exec();
        for (const doc of local) {
          const id = String(doc.primary);
          if (!named.has(id))
            latest.set(id, { [primaryPath]: id, _deleted: true } as unknown as WithDeleted<T>);
        }
        // A snapshot is never paged: it is the whole topic as of its checkpoint.
        return { documents: [...latest.values()], checkpoint: page.checkpoint };
      }
      const full = page.documents.length >= batchSize && page.checkpoint.seq > cursor;
      cursor = page.checkpoint.seq;
      // RxDB decides whether to pull again by the number of documents returned, which filtering and
      // de-duplication change; so page through here until the server's page is not full.
      if (!full) return { documents: [...latest.values()], checkpoint: page.checkpoint };
    }
  }

  const state = replicateRxCollection<T, TopicCheckpoint>({
    replicationIdentifier,
    collection,
    live: true,
    retryTime: options.retryTime ?? 5000,
    waitForLeadership: false,
    // RxDB's default: a hidden tab pauses (the hub's items are dropped meanwhile) and pulls from its
    // checkpoint when visible again; a TV board is always visible. (Turning this off would make RxDB
    // fire a synthetic mousemove every 20 s to keep the tab awake.)
    toggleOnDocumentVisible: true,
    autoStart: true,
    pull: {
      batchSize,
      stream$,
      handler: async (checkpoint, size) => {
        awaitingPull = false;
        pulling = true;
        const result = await pullOnce(checkpoint?.seq ?? 0);
        // The pull is authoritative, even backwards (a snapshot after the server's data was reset).
        last = result.checkpoint.seq;
        // RxDB calls again when it got a full batch; the pull cycle ends otherwise.
        if (result.documents.length === 0 || result.documents.length < size) {
          pulling = false;
          const waiting = buffer;
          buffer = [];
          if (overflowed) {
            overflowed = false;
            requestResync();
          } else if (waiting.length) {
            guarded(() => forward(waiting));
          }
          if (!awaitingPull && !inSync.value) inSync.next(true);
        }
        return result;
      },
    },
  });

  state.error$.subscribe((error) => log('[replication]', topic, error));

  return {
    topic,
    replicationIdentifier,
    state,
    received$: state.received$,
    inSync$: inSync.pipe(distinctUntilChanged()),
    lastSeq: () => last,
    resync: () => guarded(requestResync),
    awaitInSync: async () => {
      await state.awaitInSync();
    },
    cancel: async () => {
      await state.cancel();
      out.complete();
      inSync.next(false);
      inSync.complete();
    },
  };
}
