import { describe, expect, it } from 'vitest';
import {
  type FeedEvent,
  type FeedState,
  feedReducer,
  feedStatus,
  initialFeedState,
  STALE_AFTER_MS,
} from './feed-status';

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const run = (events: FeedEvent[], state: FeedState = initialFeedState(T0)) =>
  events.reduce(feedReducer, state);

describe('TV feed status', () => {
  it('is reconnecting at first, then stale with no time if it never connects', () => {
    const s = initialFeedState(T0);
    expect(feedStatus(s, T0)).toEqual({ kind: 'reconnecting', asOf: null });
    expect(feedStatus(s, T0 + STALE_AFTER_MS - 1).kind).toBe('reconnecting');
    expect(feedStatus(s, T0 + STALE_AFTER_MS)).toEqual({ kind: 'stale', asOf: null });
  });

  it('is live only when the hub is connected and every topic has caught up', () => {
    let s = run([
      { type: 'topic', topic: 'translations:es', synced: false, at: T0 },
      { type: 'hub', connected: true, at: T0 + 500 },
    ]);
    expect(feedStatus(s, T0 + 600).kind).toBe('reconnecting');
    s = feedReducer(s, { type: 'topic', topic: 'translations:es', synced: true, at: T0 + 800 });
    expect(feedStatus(s, T0 + 900)).toEqual({ kind: 'live', asOf: null });
    // A second topic that has not caught up yet holds the board back.
    s = feedReducer(s, { type: 'topic', topic: 'faces:1', synced: false, at: T0 + 1000 });
    expect(feedStatus(s, T0 + 1000).kind).toBe('reconnecting');
    s = feedReducer(s, { type: 'topic', topic: 'faces:1', synced: true, at: T0 + 1200 });
    expect(feedStatus(s, T0 + 1200).kind).toBe('live');
  });

  it('a board with no topics is live when the hub is', () => {
    const s = run([{ type: 'hub', connected: true, at: T0 + 100 }]);
    expect(feedStatus(s, T0 + 100).kind).toBe('live');
  });

  it('a lost connection: reconnecting at once, stale after STALE_AFTER_MS, with the time it was last live', () => {
    const lost = T0 + 60_000;
    const s = run([
      { type: 'hub', connected: true, at: T0 },
      { type: 'topic', topic: 'translations:es', synced: true, at: T0 + 200 },
      { type: 'hub', connected: false, at: lost },
    ]);
    expect(feedStatus(s, lost)).toEqual({ kind: 'reconnecting', asOf: lost });
    expect(feedStatus(s, lost + STALE_AFTER_MS - 1).kind).toBe('reconnecting');
    expect(feedStatus(s, lost + STALE_AFTER_MS)).toEqual({ kind: 'stale', asOf: lost });
    expect(feedStatus(s, lost + 3_600_000)).toEqual({ kind: 'stale', asOf: lost });
  });

  it('after a reconnect it stays not live until the topic has pulled again', () => {
    const lost = T0 + 60_000;
    let s = run([
      { type: 'hub', connected: true, at: T0 },
      { type: 'topic', topic: 'translations:es', synced: true, at: T0 + 200 },
      { type: 'hub', connected: false, at: lost },
      // A replication saying "in sync" while the hub is down (it cannot see the hub) does not count.
      { type: 'topic', topic: 'translations:es', synced: true, at: lost + 100 },
      { type: 'hub', connected: true, at: lost + 20_000 },
    ]);
    expect(feedStatus(s, lost + 20_000)).toEqual({ kind: 'stale', asOf: lost });
    s = feedReducer(s, { type: 'topic', topic: 'translations:es', synced: false, at: lost + 20_050 });
    s = feedReducer(s, { type: 'topic', topic: 'translations:es', synced: true, at: lost + 20_300 });
    expect(feedStatus(s, lost + 20_300)).toEqual({ kind: 'live', asOf: null });
    expect(s.lastLiveAt).toBe(lost + 20_300);
  });

  it('out of sync while connected (a gap, a failing pull) counts towards stale the same way', () => {
    const gap = T0 + 5_000;
    const s = run([
      { type: 'hub', connected: true, at: T0 },
      { type: 'topic', topic: 'resource:CUT01', synced: true, at: T0 + 100 },
      { type: 'topic', topic: 'resource:CUT01', synced: false, at: gap },
    ]);
    expect(feedStatus(s, gap + 9_999)).toEqual({ kind: 'reconnecting', asOf: gap });
    expect(feedStatus(s, gap + 10_000)).toEqual({ kind: 'stale', asOf: gap });
  });

  it('dropping the only topic that held it back makes it live; unrelated events change nothing', () => {
    let s = run([
      { type: 'hub', connected: true, at: T0 },
      { type: 'topic', topic: 'a', synced: true, at: T0 },
      { type: 'topic', topic: 'b', synced: false, at: T0 + 1 },
    ]);
    expect(feedStatus(s, T0 + 2).kind).toBe('reconnecting');
    s = feedReducer(s, { type: 'drop', topic: 'b', at: T0 + 3 });
    expect(feedStatus(s, T0 + 3).kind).toBe('live');
    expect(feedReducer(s, { type: 'drop', topic: 'zzz', at: T0 + 4 })).toBe(s);
    expect(feedReducer(s, { type: 'hub', connected: true, at: T0 + 4 })).toBe(s);
  });
});
