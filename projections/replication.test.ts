import { firstValueFrom, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { openDatabase, type ProjectionDatabase } from './database';
import {
  type PullResult,
  replicateTopic,
  type TopicReplication,
  topicReplicationIdentifier,
} from './replication';

const TOPIC = 'employee:7';

/** A stand-in for the server's change log and sync/Pull (server/feed/feed.service.ts semantics). */
class FakeFeed {
  readonly log: ChangeItem[] = [];
  compactedThrough = 0;
  readonly calls: { since: number; limit: number }[] = [];
  failures = 0;
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;

  head(topic = TOPIC): number {
    return this.log.filter((i) => i.topic === topic).at(-1)?.seq ?? 0;
  }

  /** Commits a change and answers the item the hub would send. */
  add(id: string, doc: Record<string, unknown> | null, opts: { topic?: string; collection?: string } = {}) {
    const topic = opts.topic ?? TOPIC;
    const item: ChangeItem = {
      topic,
      seq: this.head(topic) + 1,
      collection: opts.collection ?? 'employees',
      id,
      doc,
      origin: null,
    };
    this.log.push(item);
    return item;
  }

  hold() {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release() {
    this.openGate?.();
    this.gate = null;
  }

  pull = async (since: number, limit: number): Promise<PullResult> => {
    this.calls.push({ since, limit });
    if (this.gate) await this.gate;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('Cannot reach the server. Check the connection and try again.');
    }
    const mine = this.log.filter((i) => i.topic === TOPIC);
    const head = this.head();
    if (since < this.compactedThrough || since > head) {
      const latest = new Map<string, ChangeItem>();
      for (const item of mine) {
        latest.delete(`${item.collection}/${item.id}`);
        latest.set(`${item.collection}/${item.id}`, item);
      }
      const documents = [...latest.values()].filter((i) => i.doc !== null);
      return { documents, checkpoint: { seq: head }, snapshot: true, latestSeq: head };
    }
    const documents = mine.filter((i) => i.seq > since).slice(0, limit);
    return {
      documents,
      checkpoint: { seq: documents.at(-1)?.seq ?? since },
      snapshot: false,
      latestSeq: head,
    };
  };
}

const employee = (id: number, Name: string) => ({
  EmployeeID: id,
  Name,
  PlantID: 1,
  Language: 'en',
  ShowMyHelp: true,
  Email: null,
  Active: true,
});

let db: ProjectionDatabase;
let feed: FakeFeed;
let changes$: Subject<readonly ChangeItem[]>;
let resync$: Subject<number | undefined>;
let replication: TopicReplication<unknown> | null;
let logged: unknown[][];

beforeEach(async () => {
  db = await openDatabase({ name: `replication${Math.random().toString(36).slice(2)}`, storage: 'memory' });
  feed = new FakeFeed();
  changes$ = new Subject();
  resync$ = new Subject();
  replication = null;
  logged = [];
});

afterEach(async () => {
  await replication?.cancel();
  // The free build allows 13 open collections per page, across databases: close every one.
  await db.close();
});

function start(opts: { batchSize?: number; scope?: Record<string, unknown> } = {}) {
  const r = replicateTopic({
    collection: db.employees,
    topic: TOPIC,
    pull: feed.pull,
    changes$,
    resync$,
    retryTime: 20,
    log: (...args) => logged.push(args),
    ...opts,
  });
  replication = r as TopicReplication<unknown>;
  return r;
}

async function names(): Promise<Record<string, string>> {
  const docs = await db.employees.find().exec();
  return Object.fromEntries(docs.map((d) => [d.id, d.Name]));
}

async function eventually(check: () => Promise<void> | void) {
  await vi.waitFor(check, { timeout: 3000, interval: 10 });
}

describe('replicateTopic', () => {
  it('pulls from 0 at start, then applies hub changes in order, deletions included', async () => {
    feed.add('7', employee(7, 'Ann'));
    feed.add('8', employee(8, 'Bob'));
    const r = start();
    await r.awaitInSync();
    expect(await names()).toEqual({ 7: 'Ann', 8: 'Bob' });
    expect(feed.calls[0]).toEqual({ since: 0, limit: 500 });
    expect(r.lastSeq()).toBe(2);

    const third = feed.add('7', employee(7, 'Ann B'));
    const fourth = feed.add('8', null);
    const fifth = feed.add('9', employee(9, 'Cy'));
    // Out of order within a batch is still applied in seq order.
    changes$.next([fourth, third]);
    changes$.next([fifth]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann B', 9: 'Cy' }));
    expect(r.lastSeq()).toBe(5);
    // No pull was needed.
    expect(feed.calls).toHaveLength(1);
    expect(await db.employees.findOne('8').exec()).toBeNull();
  });

  it('skips duplicates and items of other topics and collections', async () => {
    const first = feed.add('7', employee(7, 'Ann'));
    const r = start();
    await r.awaitInSync();
    const other = feed.add('1', employee(1, 'Other'), { topic: 'employee:1' });
    const second = feed.add('x', { Anything: true }, { collection: 'somethingElse' });
    const third = feed.add('7', employee(7, 'Ann C'));
    changes$.next([first, other, second, third]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann C' }));
    // Seq 2 (another collection of the topic) counts: no gap, no pull.
    expect(r.lastSeq()).toBe(3);
    expect(feed.calls).toHaveLength(1);
  });

  it('treats a sequence gap as missed changes: RESYNC, pulling from the last applied seq', async () => {
    feed.add('7', employee(7, 'Ann'));
    const r = start();
    await r.awaitInSync();
    feed.add('8', employee(8, 'Bob')); // seq 2: the hub's message for it was lost
    const third = feed.add('7', employee(7, 'Ann D'));
    changes$.next([third]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann D', 8: 'Bob' }));
    expect(feed.calls.map((c) => c.since)).toEqual([0, 1]);
    expect(r.lastSeq()).toBe(3);
  });

  it('pulls the changes missed while disconnected when the hub resyncs after a reconnect', async () => {
    feed.add('7', employee(7, 'Ann'));
    const r = start();
    await r.awaitInSync();
    // Hub down: these never arrive as items.
    feed.add('7', employee(7, 'Ann E'));
    feed.add('8', employee(8, 'Bob'));
    resync$.next(feed.head());
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann E', 8: 'Bob' }));
    expect(feed.calls.map((c) => c.since)).toEqual([0, 1]);
    expect(r.lastSeq()).toBe(3);
  });

  it('pulls on every resync signal, whatever head the hub reported (a wrong head must not hide changes)', async () => {
    feed.add('7', employee(7, 'Ann'));
    const r = start();
    await r.awaitInSync();
    feed.add('7', employee(7, 'Ann Z'));
    // A hub that answered Subscribe with a stale head of 1.
    resync$.next(1);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann Z' }));
    expect(feed.calls.map((c) => c.since)).toEqual([0, 1]);
  });

  it('replaces the local documents with a snapshot answer', async () => {
    feed.add('7', employee(7, 'Ann'));
    feed.add('8', employee(8, 'Bob'));
    feed.add('9', employee(9, 'Cy'));
    const r = start();
    await r.awaitInSync();
    expect(Object.keys(await names()).sort()).toEqual(['7', '8', '9']);
    // While this client was away: Bob renamed, Cy deleted, Di added, and the log compacted past seq 3.
    feed.add('8', employee(8, 'Bob F'));
    feed.add('9', null);
    feed.add('10', employee(10, 'Di'));
    feed.compactedThrough = 5;
    resync$.next(undefined);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann', 8: 'Bob F', 10: 'Di' }));
    expect(r.lastSeq()).toBe(6);
  });

  it('a snapshot removes only the documents in scope', async () => {
    await db.employees.insert({ id: 'elsewhere', EmployeeID: 99, Name: 'Kept', PlantID: 2 } as never);
    await db.employees.insert({ id: 'stale', EmployeeID: 5, Name: 'Gone', PlantID: 2 } as never);
    feed.add('7', employee(7, 'Ann'));
    feed.compactedThrough = 1;
    feed.log.push({ ...feed.log[0]!, seq: 2 });
    const r = start({ scope: { EmployeeID: { $ne: 99 } } });
    await r.awaitInSync();
    expect(await names()).toEqual({ 7: 'Ann', elsewhere: 'Kept' });
  });

  it('a snapshot after the server data was reset moves the checkpoint back', async () => {
    for (let i = 0; i < 5; i++) feed.add('7', employee(7, `Ann ${i}`));
    const r = start();
    await r.awaitInSync();
    expect(r.lastSeq()).toBe(5);
    feed.log.length = 0;
    const fresh = feed.add('8', employee(8, 'New world'));
    resync$.next(fresh.seq);
    await eventually(async () => expect(await names()).toEqual({ 8: 'New world' }));
    expect(r.lastSeq()).toBe(1);
    const next = feed.add('8', employee(8, 'New world 2'));
    changes$.next([next]);
    await eventually(async () => expect(await names()).toEqual({ 8: 'New world 2' }));
  });

  it('holds hub items that arrive during a pull and applies them after it, never an older state', async () => {
    feed.add('7', employee(7, 'Ann'));
    const r = start();
    await r.awaitInSync();
    const seen: string[] = [];
    r.received$.subscribe((d) => seen.push(String((d as { Name?: string }).Name)));
    feed.hold();
    const second = feed.add('7', employee(7, 'Ann 2'));
    resync$.next(undefined);
    await eventually(() => expect(feed.calls).toHaveLength(2));
    // The pull (since 1) is waiting; seq 2 arrives from the hub meanwhile, then 3 is committed.
    changes$.next([second]);
    const third = feed.add('7', employee(7, 'Ann 3'));
    feed.release();
    await r.awaitInSync();
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann 3' }));
    changes$.next([third]);
    const fourth = feed.add('7', employee(7, 'Ann 4'));
    changes$.next([fourth]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann 4' }));
    expect(feed.calls).toHaveLength(2);
    // Never went back to an older state after a newer one was stored.
    expect(seen).toEqual(['Ann 3', 'Ann 4']);
  });

  it('pages through a long catch-up and keeps the latest state of each document', async () => {
    for (let i = 1; i <= 25; i++) feed.add(String(i % 4), employee(i % 4, `v${i}`));
    const r = start({ batchSize: 10 });
    await r.awaitInSync();
    expect(await names()).toEqual({ 0: 'v24', 1: 'v25', 2: 'v22', 3: 'v23' });
    expect(r.lastSeq()).toBe(25);
    expect(feed.calls.map((c) => c.since)).toEqual([0, 10, 20]);
  });

  it('never errors its stream: bad input and failures turn into pulls, and it keeps working', async () => {
    feed.add('7', employee(7, 'Ann'));
    feed.failures = 2;
    const r = start();
    const errors: unknown[] = [];
    r.state.error$.subscribe((e) => errors.push(e));
    await r.awaitInSync();
    expect(await names()).toEqual({ 7: 'Ann' });
    // The failed pulls were retried (RC_PULL reported, nothing else).
    expect(feed.calls.length).toBe(3);
    expect(errors.every((e) => (e as { code?: string }).code === 'RC_PULL')).toBe(true);

    changes$.next(null as never);
    changes$.next([null, 42, 'x', { topic: TOPIC, seq: 'two' }] as never);
    await eventually(() => expect(feed.calls.length).toBe(4));
    const next = feed.add('7', employee(7, 'Ann G'));
    changes$.next([next]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann G' }));

    // Even a hub observable that errors only gets logged; resync keeps working.
    changes$.error(new Error('hub gone'));
    feed.add('7', employee(7, 'Ann H'));
    resync$.next(undefined);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann H' }));
    expect(errors.every((e) => (e as { code?: string }).code === 'RC_PULL')).toBe(true);
    expect(r.state.isStopped()).toBe(false);
  });

  it('reports what it stored on received$', async () => {
    const r = start();
    await r.awaitInSync();
    const got = firstValueFrom(r.received$);
    changes$.next([feed.add('7', employee(7, 'Ann'))]);
    expect(await got).toMatchObject({ id: '7', Name: 'Ann', _deleted: false });
  });

  it('inSync$: false until the first pull is done, false again from a resync until its pull is done', async () => {
    feed.add('7', employee(7, 'Ann'));
    const r = start();
    const seen: boolean[] = [];
    const sub = r.inSync$.subscribe((v) => seen.push(v));
    expect(seen).toEqual([false]);
    await eventually(() => expect(seen).toEqual([false, true]));
    // Hub changes that follow on do not flicker it.
    changes$.next([feed.add('7', employee(7, 'Ann F'))]);
    await eventually(async () => expect(await names()).toEqual({ 7: 'Ann F' }));
    expect(seen).toEqual([false, true]);
    // A reconnect: out of sync until the pull that follows the resync has answered.
    feed.hold();
    resync$.next(feed.head());
    await eventually(() => expect(seen).toEqual([false, true, false]));
    feed.release();
    await eventually(() => expect(seen).toEqual([false, true, false, true]));
    sub.unsubscribe();
  });

  it('names the topic and the schema version in the replication identifier', () => {
    const id = topicReplicationIdentifier(db.employees as never, TOPIC);
    expect(id).toContain(TOPIC);
    expect(id).toContain(`employees@${db.employees.schema.version}`);
  });
});
