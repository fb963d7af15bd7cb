// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useCallback, useReducer } from 'react';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type ProjectionDatabase } from '../../../projections/database';
import type { TopicFollow } from '../../app/live';
import { TvFeedProvider, type TvFeedSource, useTvTopic } from './feed';
import { type FeedEvent, feedReducer, feedStatus, initialFeedState } from './feed-status';

/** A stand-in for `live.follow`: records what is followed and lets the test drive its sync state. */
function fakeLive() {
  const follows: {
    topic: string;
    scope: unknown;
    inSync$: BehaviorSubject<boolean>;
    received$: Subject<unknown>;
    stopped: boolean;
  }[] = [];
  const live: TvFeedSource['live'] = {
    follow<T>(topic: string, _collection: unknown, scope?: unknown): TopicFollow<T> {
      const entry = {
        topic,
        scope,
        inSync$: new BehaviorSubject(false),
        received$: new Subject<unknown>(),
        stopped: false,
      };
      follows.push(entry);
      return {
        replication: { inSync$: entry.inSync$, received$: entry.received$ },
        stop: async () => {
          entry.stopped = true;
        },
      } as unknown as TopicFollow<T>;
    },
  };
  return { live, follows };
}

function Texts({ topic }: { topic: string | null }) {
  const { docs, loading, synced, lastChanged } = useTvTopic(topic, 'translations', { Language: 'es' });
  return (
    <div>
      <p data-testid="texts">{loading ? 'loading' : docs.map((d) => d.Text).join(',')}</p>
      <p data-testid="synced">{String(synced)}</p>
      <p data-testid="last">{lastChanged?.Text ?? '-'}</p>
    </div>
  );
}

/** A board without the hub part: the provider and the reducer, connected. */
function Board({ source, topic }: { source: TvFeedSource | null; topic: string | null }) {
  const [state, dispatch] = useReducer(feedReducer, undefined, () => ({
    ...initialFeedState(0),
    connected: true,
  }));
  const report = useCallback((e: FeedEvent) => dispatch(e), []);
  return (
    <TvFeedProvider source={source} report={report}>
      <p data-testid="status">{feedStatus(state, 0).kind}</p>
      <p data-testid="topics">{Object.keys(state.topics).join(',')}</p>
      <Texts topic={topic} />
    </TvFeedProvider>
  );
}

let db: ProjectionDatabase;
beforeEach(async () => {
  db = await openDatabase({ name: `tvfeed${Math.random().toString(36).slice(2)}`, storage: 'memory' });
});
afterEach(async () => {
  cleanup();
  await db.close();
});

const text = (id: string, English: string, Text: string | null) => ({
  id,
  TranslationID: Number(id),
  Language: 'es' as const,
  English,
  Text,
});

describe('useTvTopic', () => {
  it('follows the topic while mounted, shows its documents live and reports its sync state', async () => {
    const { live, follows } = fakeLive();
    const source = { db, live } as unknown as TvFeedSource;
    const view = render(<Board source={source} topic="translations:es" />);
    expect(follows.map((f) => [f.topic, f.scope])).toEqual([['translations:es', { Language: 'es' }]]);
    expect(screen.getByTestId('status').textContent).toBe('reconnecting');
    expect(screen.getByTestId('topics').textContent).toBe('translations:es');

    await act(async () => {
      await db.translations.insert(text('1', 'Weather', 'Clima'));
    });
    await vi.waitFor(() => expect(screen.getByTestId('texts').textContent).toBe('Clima'));
    const follow = follows[0];
    if (!follow) throw new Error('not followed');
    // The first catch-up: documents it brings are not "changes".
    act(() => follow.received$.next(text('1', 'Weather', 'Clima')));
    expect(screen.getByTestId('last').textContent).toBe('-');
    act(() => follow.inSync$.next(true));
    expect(screen.getByTestId('synced').textContent).toBe('true');
    expect(screen.getByTestId('status').textContent).toBe('live');

    // A change after it is.
    await act(async () => {
      await db.translations.upsert(text('1', 'Weather', 'Clima y pronóstico'));
      follow.received$.next(text('1', 'Weather', 'Clima y pronóstico'));
    });
    await vi.waitFor(() => expect(screen.getByTestId('texts').textContent).toBe('Clima y pronóstico'));
    expect(screen.getByTestId('last').textContent).toBe('Clima y pronóstico');

    // A resync makes the board not live until it is done.
    act(() => follow.inSync$.next(false));
    expect(screen.getByTestId('status').textContent).toBe('reconnecting');
    act(() => follow.inSync$.next(true));
    expect(screen.getByTestId('status').textContent).toBe('live');

    view.unmount();
    expect(follow.stopped).toBe(true);
    expect(follow.inSync$.observed).toBe(false);
    expect(follow.received$.observed).toBe(false);
  });

  it('a new topic stops the old follow first: one topic held at a time', () => {
    const { live, follows } = fakeLive();
    const source = { db, live } as unknown as TvFeedSource;
    const view = render(<Board source={source} topic="translations:es" />);
    view.rerender(<Board source={source} topic="translations:en" />);
    expect(follows.map((f) => [f.topic, f.stopped])).toEqual([
      ['translations:es', true],
      ['translations:en', false],
    ]);
    expect(screen.getByTestId('topics').textContent).toBe('translations:en');
    view.rerender(<Board source={source} topic={null} />);
    expect(follows.every((f) => f.stopped)).toBe(true);
    expect(screen.getByTestId('topics').textContent).toBe('');
    expect(screen.getByTestId('status').textContent).toBe('live');
  });

  it('follows nothing until the store is attached, then follows', () => {
    const { live, follows } = fakeLive();
    const view = render(<Board source={null} topic="translations:es" />);
    expect(follows).toHaveLength(0);
    expect(screen.getByTestId('texts').textContent).toBe('loading');
    view.rerender(<Board source={{ db, live } as unknown as TvFeedSource} topic="translations:es" />);
    expect(follows).toHaveLength(1);
  });
});
