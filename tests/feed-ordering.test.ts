import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/database';
import { appendChanges, pull } from '../server/feed/feed.service';
import { dbAvailable, dbKind, freshDatabase } from './support/server';

const WRITERS = 4;
const APPENDS = 50;
const TOTAL = WRITERS * APPENDS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brief §4, guarantee 1: a topic's sequence follows commit order. Several writers append to one topic
 * in their own transactions and hold them open a random moment before committing, so with a plain
 * bigserial later numbers would often commit before earlier ones. A reader polling like a client (from
 * its checkpoint) must never see a gap, and the numbers must be exactly 1..200.
 */
describe.skipIf(!dbAvailable)(`change log ordering under concurrency (${dbKind})`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop?.());

  it(`${WRITERS} writers x ${APPENDS} appends on one topic: seqs 1..${TOTAL}, no gap ever visible`, async () => {
    const topic = 'test:ordering';
    let writing = true;
    const gaps: string[] = [];
    let polls = 0;

    // A client: pulls from its checkpoint, checks each page continues exactly where it left off.
    const seen: number[] = [];
    const reader = (async () => {
      let since = 0;
      // Poll while the writers run, then drain what is left (bounded: a broken feed must fail, not hang).
      for (let drain = 0; writing || (since < TOTAL && drain < 20); drain += writing ? 0 : 1) {
        const page = await pull(db, topic, since, 1000);
        polls++;
        page.documents.forEach((d, i) => {
          if (d.seq !== since + i + 1) gaps.push(`after ${since + i} came ${d.seq}`);
        });
        // A full read too: whatever is visible must be a prefix 1..n.
        const all = await db.query<{ seq: number }>(
          'SELECT seq FROM change_log WHERE topic = $1 ORDER BY seq',
          [topic],
        );
        all.forEach((r, i) => {
          if (Number(r.seq) !== i + 1) gaps.push(`visible set has ${r.seq} at position ${i + 1}`);
        });
        seen.push(...page.documents.map((d) => d.seq));
        since = page.checkpoint.seq;
        if (!page.documents.length) await sleep(1);
      }
    })();

    const writer = async (w: number) => {
      for (let i = 0; i < APPENDS; i++) {
        await db.transaction(async (tx) => {
          await sleep(Math.random() * 2);
          await appendChanges(
            tx,
            [{ topic, collection: 'things', id: `w${w}`, doc: { w, i } }],
            `writer-${w}`,
          );
          // Hold the transaction open after taking a number: commits would land out of order here.
          await sleep(Math.random() * 3);
        });
      }
    };
    try {
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    } finally {
      writing = false;
    }
    await reader;

    const rows = await db.query<{ seq: number; origin: string; doc: { w: number; i: number } }>(
      'SELECT seq, origin, doc FROM change_log WHERE topic = $1 ORDER BY seq',
      [topic],
    );
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    // Each writer's own appends keep their order within the topic.
    for (let w = 0; w < WRITERS; w++) {
      const mine = rows.filter((r) => r.doc.w === w).map((r) => r.doc.i);
      expect(mine).toEqual(Array.from({ length: APPENDS }, (_, i) => i));
      expect(rows.filter((r) => r.origin === `writer-${w}`)).toHaveLength(APPENDS);
    }
    expect(gaps).toEqual([]);
    expect(seen).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(polls).toBeGreaterThan(1);
  });

  it('two writers touching the same topics in opposite order neither deadlock nor interleave numbers', async () => {
    const changes = (topics: string[], w: number) =>
      topics.map((topic) => ({ topic, collection: 'things', id: `w${w}`, doc: { w } }));
    const run = (topics: string[], w: number) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          db.transaction(async (tx) => {
            const items = await appendChanges(tx, changes(topics, w), null);
            await sleep(Math.random() * 2);
            return items;
          }),
        ),
      );
    const [a, b] = await Promise.all([run(['t:x', 't:y', 't:z'], 1), run(['t:z', 't:y', 't:x'], 2)]);
    // Answers come back in the order the changes were given, each with its topic's number.
    expect(a[0]?.map((c) => c.topic)).toEqual(['t:x', 't:y', 't:z']);
    expect(b[0]?.map((c) => c.topic)).toEqual(['t:z', 't:y', 't:x']);
    for (const topic of ['t:x', 't:y', 't:z']) {
      const { documents } = await pull(db, topic, 0);
      expect(documents.map((d) => d.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    }
  });
});
