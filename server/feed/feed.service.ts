import type { ResultOf } from '../../domain/contract/call';
import {
  type ChangeItem,
  type PendingChange,
  PULL_LIMIT_MAX,
  type SyncPull,
} from '../../domain/live/changes';
import type { Database, Sql } from '../db/database';
import {
  bumpHead,
  type ChangeLogRow,
  compactionCandidates,
  deleteCompactable,
  insertEntries,
  raiseCompactedThrough,
  readAfter,
  readHeads,
  readSnapshot,
} from './change-log.repository';

/** What sync/Pull answers. */
export type PullResult = ResultOf<typeof SyncPull>;

/** Changes sync/Pull returns when the client names no Limit. */
export const PULL_LIMIT_DEFAULT = 500;

/** Longest topic name: sync/Pull accepts at most this many characters, so a longer one could never be caught up. */
export const TOPIC_MAX_LENGTH = 200;

/**
 * The distinct topics of `changes` in sorted order, each with the indexes of its changes in their
 * original order. Every writer locks topic heads in this one order, so two transactions touching the
 * same topics wait for each other instead of deadlocking.
 */
export function groupByTopic(changes: readonly PendingChange[]): Array<[topic: string, indexes: number[]]> {
  const groups = new Map<string, number[]>();
  changes.forEach((change, i) => {
    const list = groups.get(change.topic);
    if (list) list.push(i);
    else groups.set(change.topic, [i]);
  });
  // Plain code-unit order (not localeCompare): the same on every node whatever its locale.
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The page size sync/Pull uses: the client's Limit within 1..PULL_LIMIT_MAX, else the default. */
export function pullLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return PULL_LIMIT_DEFAULT;
  return Math.min(PULL_LIMIT_MAX, Math.max(1, Math.floor(limit)));
}

/**
 * Whether a client at `since` must be answered with a snapshot: compaction removed changes after its
 * point, or its point is beyond the topic's head (it comes from another database, e.g. an embedded
 * server whose data folder was reset), so changes it would wait for will never come with those numbers.
 */
export function needsSnapshot(since: number, head: number, compactedThrough: number): boolean {
  return since < compactedThrough || since > head;
}

const toItem = (r: ChangeLogRow): ChangeItem => ({
  topic: r.topic,
  seq: r.seq,
  collection: r.collection,
  id: r.doc_id,
  doc: r.doc,
  origin: r.origin,
});

/**
 * Appends `changes` to the change log inside the writer's transaction `tx` and answers them with their
 * sequence numbers, in the order given. Call it after the write's own rows, just before commit.
 *
 * Why not a bigserial: a sequence hands out numbers at INSERT time, but transactions commit in any
 * order. Writer A takes 5, writer B takes 6, B commits first: a reader now sees 6 without 5, moves its
 * checkpoint to 6, and never sees 5 when A commits a moment later — a lost update. Here each topic's
 * next number comes from an upsert of its `topic_heads` row: the upsert takes the row lock, which is
 * held until commit, so B's upsert waits for A to finish and then reads A's committed head. Numbers of
 * one topic are therefore handed out in commit order, a reader never sees N+1 before N, and a rollback
 * returns its numbers (the head update is undone) so there are no gaps either. The lock is per topic, so
 * writers of different topics do not wait for each other.
 *
 * The heads are locked last in the transaction (after the handler's own rows) and in sorted topic
 * order (groupByTopic), so the wait is short and two writers cannot deadlock on heads.
 */
export async function appendChanges(
  tx: Sql,
  changes: readonly PendingChange[],
  origin: string | null,
): Promise<ChangeItem[]> {
  const items: ChangeItem[] = new Array(changes.length);
  for (const [topic, indexes] of groupByTopic(changes)) {
    if (!topic || topic.length > TOPIC_MAX_LENGTH) {
      throw new Error(`Cannot publish to topic "${topic.slice(0, 50)}": a topic has 1 to 200 characters.`);
    }
    const head = await bumpHead(tx, topic, indexes.length);
    const first = head - indexes.length + 1;
    const rows = indexes.map((index, k): ChangeLogRow => {
      const change = changes[index]!;
      return {
        topic,
        seq: first + k,
        collection: change.collection,
        doc_id: change.id,
        doc: change.doc,
        origin,
      };
    });
    await insertEntries(tx, rows);
    rows.forEach((row, k) => {
      items[indexes[k]!] = toItem(row);
    });
  }
  return items;
}

/**
 * sync/Pull: the changes of `topic` after `since`, in sequence order, at most `limit` (default 500,
 * max 1000). `checkpoint.seq` is the last change returned (or `since`), `latestSeq` the topic's head.
 * When changes after `since` were compacted away (or `since` is beyond the head), the answer is a
 * snapshot: the latest state of every document of the topic that is not deleted, in sequence order,
 * `snapshot: true`, with the head as checkpoint. A snapshot is not paged: the client replaces what it
 * holds with it.
 */
export async function pull(db: Sql, topic: string, since: number, limit?: number): Promise<PullResult> {
  const page = await readAfter(db, topic, since, pullLimit(limit));
  const head = page?.head ?? { seq: 0, compactedThrough: 0 };
  if (!needsSnapshot(since, head.seq, head.compactedThrough)) {
    const documents = (page?.rows ?? []).map(toItem);
    return {
      documents,
      checkpoint: { seq: documents.at(-1)?.seq ?? since },
      snapshot: false,
      latestSeq: head.seq,
    };
  }
  // Its own statement: the head may have moved since readAfter, and the snapshot's checkpoint must be
  // the head its rows were read with.
  const snap = await readSnapshot(db, topic);
  const latest = snap?.head ?? 0;
  return {
    documents: (snap?.rows ?? []).map(toItem),
    checkpoint: { seq: latest },
    snapshot: true,
    latestSeq: latest,
  };
}

/**
 * The changes of `topic` after `since`, in sequence order, at most `limit`, as they are in the log (no
 * snapshot): the hub's catch-up after a gap or a backplane outage (issue 14 §5). A change compaction
 * removed is simply not there; a client missing it pulls (and gets its snapshot) on its own gap.
 */
export async function changesAfter(db: Sql, topic: string, since: number, limit: number) {
  return ((await readAfter(db, topic, since, limit))?.rows ?? []).map(toItem);
}

/** The head of each topic (0 for a topic that never had a change). */
export async function latestSeqs(db: Sql, topics: readonly string[]): Promise<Record<string, number>> {
  const heads = topics.length ? await readHeads(db, topics) : new Map<string, number>();
  return Object.fromEntries(topics.map((t) => [t, heads.get(t) ?? 0]));
}

export interface CompactOptions {
  /** Keep at least the last this many changes of every topic. */
  keepPerTopic: number;
  /** Keep every change younger than this. */
  olderThanMs: number;
}

/** The production window (brief: 24 hours or 10 000 changes per topic, whichever keeps more). */
export const DEFAULT_COMPACTION: CompactOptions = { keepPerTopic: 10_000, olderThanMs: 24 * 3_600_000 };

/**
 * Shrinks the change log: for each topic, removes the changes outside the window (older than
 * `olderThanMs` and not among the last `keepPerTopic`) that are not the latest change of their document,
 * and the changes of deleted documents outside the window. The topic's `compacted_through` becomes the
 * highest sequence number removed, so a client behind that point gets a snapshot rather than a history
 * with holes. One short transaction per topic; safe to run on several nodes at once.
 */
export async function compact(
  db: Database,
  options: CompactOptions = DEFAULT_COMPACTION,
): Promise<{ topics: number; removed: number }> {
  const keep = Math.max(0, Math.floor(options.keepPerTopic));
  const olderThanMs = Math.max(0, options.olderThanMs);
  let topics = 0;
  let removed = 0;
  for (const topic of await compactionCandidates(db, keep)) {
    const seqs = await db.transaction(async (tx) => {
      const gone = await deleteCompactable(tx, topic, keep, olderThanMs);
      if (gone.length)
        await raiseCompactedThrough(
          tx,
          topic,
          gone.reduce((a, b) => Math.max(a, b)),
        );
      return gone;
    });
    if (seqs.length) {
      topics++;
      removed += seqs.length;
    }
  }
  return { topics, removed };
}
