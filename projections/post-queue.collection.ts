import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { FailedPost, QueuedPost } from '../machines/post-queue.machine';

/**
 * `postQueue`: the post queue kept in IndexedDB (brief §4 guarantee 2), so a reload, a crash or a lost
 * network keeps pending edits and failed saves. Local only: never replicated.
 *
 * Several tabs share the database, and each runs its own queue machine, so every post names its
 * `owner` (the tab id, which survives a reload of that tab). A tab restores its own posts, and adopts
 * the posts of tabs that are gone (closed or crashed with posts pending).
 */
export interface PostQueueDoc {
  /** The PostID the server deduplicates on; the same across retries and reloads. */
  postId: string;
  /** Id of the tab whose queue holds the post. */
  owner: string;
  path: string;
  body: Record<string, unknown>;
  enqueuedAt: number;
  state: 'pending' | 'failed';
  /** The refusal's message (failed posts only). */
  error: string | null;
  failedAt: number | null;
  /** Position within the owner's pending list or failed list: restore sorts by it. */
  order: number;
}

export const postQueueSchema: RxJsonSchema<PostQueueDoc> = {
  title: 'postQueue',
  description: 'Pending queued posts and failed saves',
  version: 0,
  primaryKey: 'postId',
  type: 'object',
  properties: {
    postId: { type: 'string', maxLength: 64 },
    owner: { type: 'string', maxLength: 64 },
    path: { type: 'string' },
    body: { type: 'object' },
    enqueuedAt: { type: 'number' },
    state: { type: 'string', enum: ['pending', 'failed'] },
    error: { type: ['string', 'null'] },
    failedAt: { type: ['number', 'null'] },
    order: { type: 'number' },
  },
  required: ['postId', 'owner', 'path', 'body', 'enqueuedAt', 'state', 'error', 'failedAt', 'order'],
};

export type PostQueueCollection = RxCollection<PostQueueDoc>;

/** Collection name. */
export const POST_QUEUE = 'postQueue';

/** What the post-queue machine takes as input after a reload. */
export interface RestoredQueue {
  items: QueuedPost[];
  failed: FailedPost[];
}

/** The post queue's storage for one tab: the machine's restore input and its `persist` action. */
export interface PostQueueStore {
  /**
   * This tab's posts, plus those of gone tabs (rewritten as this tab's): pending and failed, each in
   * `order`. Call once, before the machine starts.
   */
  restore(): Promise<RestoredQueue>;
  /**
   * Makes the stored queue of this tab equal to `items` and `failed` (the machine's `persist`). Writes
   * run one at a time; a save made while one runs replaces any save still waiting (only the latest
   * state matters). Never throws: a failed write is logged and the next save writes the difference.
   */
  save(items: readonly QueuedPost[], failed: readonly FailedPost[]): void;
  /** Resolves when every save made so far is written. */
  flush(): Promise<void>;
}

export interface PostQueueStoreOptions {
  /** This tab's id. */
  owner: string;
  /** True for the id of a tab that is gone, whose posts this tab should adopt. */
  isOrphan: (owner: string) => boolean;
  log?: (...args: unknown[]) => void;
}

type Wanted = Omit<PostQueueDoc, 'order'>;

/**
 * The stored form of a queued post. The state is the caller's (which list the post is in), never read
 * from the post: a retried post keeps its old `error` field while it is pending again.
 */
function toDoc(post: QueuedPost, owner: string, failure: { error: string; failedAt: number } | null): Wanted {
  return {
    postId: post.postId,
    owner,
    path: post.path,
    body: post.body,
    enqueuedAt: post.enqueuedAt,
    state: failure ? 'failed' : 'pending',
    error: failure?.error ?? null,
    failedAt: failure?.failedAt ?? null,
  };
}

const pendingDoc = (post: QueuedPost, owner: string): Wanted => toDoc(post, owner, null);
const failedDoc = (post: FailedPost, owner: string): Wanted => toDoc(post, owner, post);

/** Body and path never change for a PostID, so they are not compared. */
function sameDoc(a: PostQueueDoc, b: PostQueueDoc): boolean {
  return (
    a.owner === b.owner &&
    a.state === b.state &&
    a.error === b.error &&
    a.failedAt === b.failedAt &&
    a.order === b.order
  );
}

/**
 * Gives each post of `list` an order that increases along the list, keeping the stored order where it
 * already does, so removing the head of the queue (the common case) rewrites nothing.
 */
function ordered(list: readonly Wanted[], stored: ReadonlyMap<string, PostQueueDoc>): PostQueueDoc[] {
  let previous = 0;
  return list.map((doc) => {
    const existing = stored.get(doc.postId)?.order;
    const order = existing !== undefined && existing > previous ? existing : previous + 1;
    previous = order;
    return { ...doc, order };
  });
}

function toQueued(doc: PostQueueDoc): QueuedPost {
  return { postId: doc.postId, path: doc.path, body: { ...doc.body }, enqueuedAt: doc.enqueuedAt };
}

function toFailed(doc: PostQueueDoc): FailedPost {
  return { ...toQueued(doc), error: doc.error ?? '', failedAt: doc.failedAt ?? doc.enqueuedAt };
}

/** Creates the {@link PostQueueStore} of the tab `owner` over the `postQueue` collection. */
export function createPostQueueStore(
  collection: PostQueueCollection,
  options: PostQueueStoreOptions,
): PostQueueStore {
  const { owner } = options;
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  /** What is stored for this tab, as last written: the base of the next difference. */
  let stored = new Map<string, PostQueueDoc>();
  let waiting: { items: readonly QueuedPost[]; failed: readonly FailedPost[] } | null = null;
  let running: Promise<void> = Promise.resolve();
  let busy = false;

  async function write(items: readonly Wanted[], failed: readonly Wanted[]): Promise<void> {
    const wanted = [...ordered(items, stored), ...ordered(failed, stored)];
    const ids = new Set(wanted.map((d) => d.postId));
    const upserts = wanted.filter((d) => {
      const before = stored.get(d.postId);
      return !before || !sameDoc(before, d);
    });
    const removals = [...stored.keys()].filter((id) => !ids.has(id));
    if (upserts.length) {
      const result = await collection.bulkUpsert(upserts);
      if (result.error.length)
        throw new Error(`post queue: ${result.error.length} posts could not be stored`);
    }
    if (removals.length) await collection.bulkRemove(removals);
    stored = new Map(wanted.map((d) => [d.postId, d]));
  }

  async function drain(): Promise<void> {
    for (;;) {
      const next = waiting;
      // Checked and cleared in one synchronous step, so a save made now either is seen here or starts
      // a new drain.
      if (!next) {
        busy = false;
        return;
      }
      waiting = null;
      try {
        await write(
          next.items.map((p) => pendingDoc(p, owner)),
          next.failed.map((p) => failedDoc(p, owner)),
        );
      } catch (error) {
        // `stored` still describes what was last written, so the next save retries the difference.
        log('[post queue] could not store the queue', error);
      }
    }
  }

  return {
    async restore() {
      const docs = (await collection.find().exec()).map((d) => d.toMutableJSON() as PostQueueDoc);
      const mine = docs.filter((d) => d.owner === owner);
      const orphans = docs.filter((d) => d.owner !== owner && options.isOrphan(d.owner));
      stored = new Map(mine.map((d) => [d.postId, d]));
      // Own posts first, then each gone tab's posts as a block in that tab's order: order holds within
      // each tab's queue, which is all the user could have seen.
      const byOrder = (a: PostQueueDoc, b: PostQueueDoc) =>
        a.owner === b.owner
          ? a.order - b.order
          : a.owner === owner
            ? -1
            : b.owner === owner
              ? 1
              : a.owner < b.owner
                ? -1
                : 1;
      const all = [...mine, ...orphans].sort(byOrder);
      const items = all.filter((d) => d.state === 'pending');
      const failed = all.filter((d) => d.state === 'failed');
      if (orphans.length) {
        // Adopt: rewrite the orphans as this tab's, so their next owner check finds them alive.
        for (const d of orphans) stored.set(d.postId, d);
        try {
          await write(
            items.map((d) => ({ ...d, owner })),
            failed.map((d) => ({ ...d, owner })),
          );
        } catch (error) {
          log('[post queue] could not adopt the posts of a closed tab', error);
        }
      }
      return { items: items.map(toQueued), failed: failed.map(toFailed) };
    },
    save(items, failed) {
      waiting = { items: [...items], failed: [...failed] };
      if (busy) return;
      busy = true;
      running = drain();
    },
    async flush() {
      while (busy) await running;
    },
  };
}
