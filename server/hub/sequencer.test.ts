import { describe, expect, it } from 'vitest';
import type { ChangeItem } from '../../domain/live/changes';
import { TopicSequencer } from './sequencer';

const item = (topic: string, seq: number): ChangeItem => ({
  topic,
  seq,
  collection: 'things',
  id: String(seq),
  doc: { seq },
  origin: null,
});

/** A sequencer over an in-memory change log; `emitted` is every item delivered, in delivery order. */
function setup(log: ChangeItem[]) {
  const emitted: ChangeItem[] = [];
  const reads: Array<{ topic: string; since: number }> = [];
  const seq = new TopicSequencer(
    async (topic, since, limit) => {
      reads.push({ topic, since });
      await new Promise((r) => setTimeout(r, 5));
      return log.filter((c) => c.topic === topic && c.seq > since).slice(0, limit);
    },
    (items) => emitted.push(...items),
    () => {},
  );
  const deliver = (...items: ChangeItem[]) => emitted.push(...seq.accept(items));
  const settle = () => new Promise((r) => setTimeout(r, 30));
  const seqs = (topic = 't') => emitted.filter((c) => c.topic === topic).map((c) => c.seq);
  return { seq, emitted, reads, deliver, settle, seqs };
}

describe('TopicSequencer', () => {
  it('passes a followed topic in order without reading the log, and an unfollowed one untouched', () => {
    const { seq, deliver, reads, seqs } = setup([]);
    seq.track('t');
    deliver(item('t', 1), item('other', 9), item('t', 2));
    deliver(item('t', 3));
    expect(seqs()).toEqual([1, 2, 3]);
    expect(seqs('other')).toEqual([9]);
    expect(reads).toEqual([]);
  });

  it('drops a change already delivered', () => {
    const { seq, deliver, seqs } = setup([]);
    seq.track('t');
    deliver(item('t', 1), item('t', 2));
    deliver(item('t', 2), item('t', 1));
    expect(seqs()).toEqual([1, 2]);
  });

  it('fills a gap from the log before the change that revealed it, holding later ones meanwhile', async () => {
    const log = [1, 2, 3, 4, 5, 6].map((n) => item('t', n));
    const { seq, deliver, settle, seqs, reads } = setup(log);
    seq.track('t');
    deliver(item('t', 1));
    deliver(item('t', 4)); // 2 and 3 were lost
    deliver(item('t', 5)); // arrives while the log is read
    deliver(item('t', 3)); // a late copy
    await settle();
    deliver(item('t', 6));
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(reads).toEqual([{ topic: 't', since: 1 }]);
  });

  it('resync reads every followed topic after what was delivered (a lost tail arrives too)', async () => {
    const log = [...[1, 2, 3].map((n) => item('a', n)), ...[1, 2].map((n) => item('b', n))];
    const { seq, deliver, settle, seqs } = setup(log);
    seq.track('a');
    seq.track('b');
    deliver(item('a', 1));
    seq.subscribed('b', 1); // b's followers hold up to 1 (their Subscribe answer): nothing was delivered
    seq.resync();
    deliver(item('a', 3)); // live again: waits for the catch-up
    await settle();
    deliver(item('a', 2), item('a', 3)); // late copies
    expect(seqs('a')).toEqual([1, 2, 3]);
    expect(seqs('b')).toEqual([2]);
  });

  it('a failed log read still delivers what arrived, in order', async () => {
    const emitted: ChangeItem[] = [];
    const errors: unknown[] = [];
    const seq = new TopicSequencer(
      async () => {
        throw new Error('database down');
      },
      (items) => emitted.push(...items),
      (err) => errors.push(err),
    );
    seq.track('t');
    emitted.push(...seq.accept([item('t', 1), item('t', 5), item('t', 4)]));
    await new Promise((r) => setTimeout(r, 10));
    expect(emitted.map((c) => c.seq)).toEqual([1, 4, 5]);
    expect(errors).toHaveLength(1);
    emitted.push(...seq.accept([item('t', 6)]));
    expect(emitted.map((c) => c.seq)).toEqual([1, 4, 5, 6]);
  });

  it('forgets a topic without followers', () => {
    const { seq } = setup([]);
    seq.track('t');
    seq.untrack('t');
    expect(seq.size).toBe(0);
  });
});
