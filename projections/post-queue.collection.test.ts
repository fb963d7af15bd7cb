import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FailedPost, QueuedPost } from '../machines/post-queue.machine';
import { openDatabase, type ProjectionDatabase } from './database';
import { createPostQueueStore, type PostQueueDoc } from './post-queue.collection';

let db: ProjectionDatabase;
let name: string;

beforeEach(async () => {
  name = `queue${Math.random().toString(36).slice(2)}`;
  db = await openDatabase({ name, storage: 'memory' });
});

afterEach(async () => {
  await db.close();
});

function post(postId: string, enqueuedAt = 1): QueuedPost {
  return { postId, path: 'web/UpdateEmployee', body: { FieldName: 'Language', Value: postId }, enqueuedAt };
}

function failed(postId: string, error = 'Refused'): FailedPost {
  return { ...post(postId), error, failedAt: 2 };
}

const alive = () => false;

async function stored(): Promise<PostQueueDoc[]> {
  const docs = await db.postQueue.find().exec();
  return docs.map((d) => d.toMutableJSON() as PostQueueDoc).sort((a, b) => a.postId.localeCompare(b.postId));
}

describe('createPostQueueStore', () => {
  it('stores pending and failed posts and restores them in order after a reload', async () => {
    const store = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    expect(await store.restore()).toEqual({ items: [], failed: [] });
    store.save([post('c'), post('a'), post('b')], [failed('z'), failed('y')]);
    await store.flush();

    // A reload: a new store over the same collection, same tab id.
    const reloaded = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    const restored = await reloaded.restore();
    expect(restored.items).toEqual([post('c'), post('a'), post('b')]);
    expect(restored.failed).toEqual([failed('z'), failed('y')]);
  });

  it('keeps the order through removals from the head, appends and retries', async () => {
    const store = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    await store.restore();
    store.save([post('a'), post('b'), post('c')], []);
    store.save([post('b'), post('c')], []);
    store.save([post('b'), post('c'), post('d')], []);
    // A failure moves everything to failed; a retry of 'c' puts it back at the end of the queue.
    store.save([], [failed('b'), failed('c'), failed('d')]);
    store.save([post('e'), post('c')], [failed('b'), failed('d')]);
    await store.flush();
    const restored = await createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive }).restore();
    expect(restored.items.map((p) => p.postId)).toEqual(['e', 'c']);
    expect(restored.failed.map((p) => p.postId)).toEqual(['b', 'd']);
  });

  it('removes what the queue no longer holds, and writes only what changed', async () => {
    const store = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    await store.restore();
    store.save([post('a'), post('b')], []);
    await store.flush();
    const writes: string[] = [];
    const sub = db.postQueue.$.subscribe((e) => writes.push(`${e.operation}:${e.documentId}`));
    store.save([post('b')], []);
    await store.flush();
    sub.unsubscribe();
    expect(writes).toEqual(['DELETE:a']);
    expect((await stored()).map((d) => [d.postId, d.state])).toEqual([['b', 'pending']]);
  });

  it('writes only the latest of saves made while a write runs', async () => {
    const store = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    await store.restore();
    for (let i = 0; i < 50; i++) store.save([post(`p${i}`)], []);
    await store.flush();
    expect((await stored()).map((d) => d.postId)).toEqual(['p49']);
  });

  it('leaves the posts of other live tabs alone, and adopts those of tabs that are gone', async () => {
    const one = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    await one.restore();
    one.save([post('a1'), post('a2')], [failed('af')]);
    await one.flush();
    const two = createPostQueueStore(db.postQueue, { owner: 'tab-2', isOrphan: alive });
    await two.restore();
    two.save([post('b1')], []);
    await two.flush();
    // Tab 2's saves never touch tab 1's posts.
    expect((await stored()).map((d) => [d.postId, d.owner])).toEqual([
      ['a1', 'tab-1'],
      ['a2', 'tab-1'],
      ['af', 'tab-1'],
      ['b1', 'tab-2'],
    ]);

    // Tab 1 crashed; a new tab 3 starts and finds it gone (tab 2 still answers).
    const three = createPostQueueStore(db.postQueue, { owner: 'tab-3', isOrphan: (o) => o === 'tab-1' });
    const restored = await three.restore();
    expect(restored.items.map((p) => p.postId)).toEqual(['a1', 'a2']);
    expect(restored.failed.map((p) => p.postId)).toEqual(['af']);
    expect((await stored()).map((d) => [d.postId, d.owner])).toEqual([
      ['a1', 'tab-3'],
      ['a2', 'tab-3'],
      ['af', 'tab-3'],
      ['b1', 'tab-2'],
    ]);
    // From now on tab 3 owns them: sending a1 removes it.
    three.save([post('a2')], [failed('af')]);
    await three.flush();
    expect((await stored()).map((d) => d.postId)).toEqual(['a2', 'af', 'b1']);
  });

  it('puts its own posts before adopted ones', async () => {
    const gone = createPostQueueStore(db.postQueue, { owner: 'old', isOrphan: alive });
    await gone.restore();
    gone.save([post('o1'), post('o2')], []);
    await gone.flush();
    const mine = createPostQueueStore(db.postQueue, { owner: 'me', isOrphan: alive });
    await mine.restore();
    mine.save([post('m1')], []);
    await mine.flush();
    const reloaded = createPostQueueStore(db.postQueue, { owner: 'me', isOrphan: (o) => o === 'old' });
    expect((await reloaded.restore()).items.map((p) => p.postId)).toEqual(['m1', 'o1', 'o2']);
  });

  it('survives the database being closed and opened again (a crash)', async () => {
    const store = createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive });
    await store.restore();
    store.save([post('a')], [failed('f')]);
    await store.flush();
    // Memory storage keeps data per name for the process, like IndexedDB across a reload.
    await db.close();
    db = await openDatabase({ name, storage: 'memory' });
    const restored = await createPostQueueStore(db.postQueue, { owner: 'tab-1', isOrphan: alive }).restore();
    expect(restored.items).toEqual([post('a')]);
    expect(restored.failed).toEqual([failed('f')]);
  });
});
