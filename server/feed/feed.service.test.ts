import { describe, expect, it } from 'vitest';
import type { PendingChange } from '../../domain/live/changes';
import type { Sql } from '../db/database';
import { appendChanges, groupByTopic, needsSnapshot, PULL_LIMIT_DEFAULT, pullLimit } from './feed.service';

const change = (topic: string, id = '1'): PendingChange => ({ topic, collection: 'c', id, doc: { id } });

describe('groupByTopic', () => {
  it('sorts topics by code unit (the lock order every writer shares) and keeps each topic’s changes in order', () => {
    const groups = groupByTopic([
      change('schedule:2', 'a'),
      change('Plan:1', 'b'),
      change('schedule:10', 'c'),
      change('schedule:2', 'd'),
      change('plan:1', 'e'),
    ]);
    expect(groups).toEqual([
      ['Plan:1', [1]],
      ['plan:1', [4]],
      ['schedule:10', [2]],
      ['schedule:2', [0, 3]],
    ]);
  });

  it('is empty for no changes', () => {
    expect(groupByTopic([])).toEqual([]);
  });
});

describe('pullLimit', () => {
  it('defaults to 500 and stays within 1..1000', () => {
    expect(pullLimit(undefined)).toBe(PULL_LIMIT_DEFAULT);
    expect(pullLimit(0)).toBe(1);
    expect(pullLimit(5)).toBe(5);
    expect(pullLimit(5000)).toBe(1000);
    expect(pullLimit(Number.NaN)).toBe(PULL_LIMIT_DEFAULT);
  });
});

describe('needsSnapshot', () => {
  it('when changes after the client’s point were compacted away', () => {
    expect(needsSnapshot(0, 10, 0)).toBe(false);
    expect(needsSnapshot(0, 10, 4)).toBe(true);
    expect(needsSnapshot(3, 10, 4)).toBe(true);
    expect(needsSnapshot(4, 10, 4)).toBe(false);
    expect(needsSnapshot(10, 10, 4)).toBe(false);
  });

  it('when the client’s point is beyond the head (it comes from another database)', () => {
    expect(needsSnapshot(11, 10, 0)).toBe(true);
    expect(needsSnapshot(1, 0, 0)).toBe(true);
  });
});

describe('appendChanges', () => {
  /** A fake transaction that hands out heads and records the statements, in order. */
  function fakeTx() {
    const heads = new Map<string, number>();
    const statements: Array<{ text: string; params: readonly unknown[] }> = [];
    const tx: Sql = {
      async query<T>(text: string, params: readonly unknown[] = []) {
        statements.push({ text, params });
        if (text.includes('INSERT INTO topic_heads')) {
          const [topic, count] = params as [string, number];
          heads.set(topic, (heads.get(topic) ?? 0) + count);
          return [{ seq: heads.get(topic) }] as T[];
        }
        return [] as T[];
      },
    };
    return { tx, heads, statements };
  }

  it('locks heads in sorted topic order and answers the changes in the order given, numbered per topic', async () => {
    const { tx, heads, statements } = fakeTx();
    heads.set('b', 7);
    const items = await appendChanges(tx, [change('b', 'x'), change('a', 'y'), change('b', 'z')], 'conn');
    expect(items.map((i) => [i.topic, i.seq, i.id, i.origin])).toEqual([
      ['b', 8, 'x', 'conn'],
      ['a', 1, 'y', 'conn'],
      ['b', 9, 'z', 'conn'],
    ]);
    const locked = statements.filter((s) => s.text.includes('topic_heads')).map((s) => s.params[0]);
    expect(locked).toEqual(['a', 'b']);
  });

  it('refuses a topic sync/Pull could never name', async () => {
    const { tx } = fakeTx();
    await expect(appendChanges(tx, [change('')], null)).rejects.toThrow(/1 to 200 characters/);
    await expect(appendChanges(tx, [change('x'.repeat(201))], null)).rejects.toThrow(/1 to 200/);
  });
});
