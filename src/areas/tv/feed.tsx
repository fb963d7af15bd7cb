import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { DeepReadonly, MangoQuerySelector, RxCollection } from 'rxdb';
import type { ProjectionCollections } from '../../../projections/database';
import { useRxQuery } from '../../../projections/hooks';
import type { TopicFollow } from '../../app/live';
import type { FeedEvent } from './feed-status';

/**
 * What the TV frame needs from the store (src/app/store.ts): the projection database and the live feed
 * (`live.follow`). The router attaches the store on /tv/ pages with an anonymous hub connection; tests
 * pass their own.
 */
export interface TvFeedSource {
  db: { [K in TvCollection]: ProjectionCollections[K] };
  live: {
    follow<T>(topic: string, collection: RxCollection<T>, scope?: MangoQuerySelector<T>): TopicFollow<T>;
  };
}

/** The collections a TV board may follow a topic into. */
export type TvCollection = keyof ProjectionCollections;
/** The document type of a collection. */
export type DocOf<K extends TvCollection> =
  ProjectionCollections[K] extends RxCollection<infer T> ? T : never;

interface TvFeedContextValue {
  /** Null until the store is attached. */
  source: TvFeedSource | null;
  /** The board's feed status reducer (feed-status.ts). */
  report(event: FeedEvent): void;
}

const TvFeedContext = createContext<TvFeedContextValue | null>(null);

export function TvFeedProvider({ source, report, children }: TvFeedContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ source, report }), [source, report]);
  return <TvFeedContext.Provider value={value}>{children}</TvFeedContext.Provider>;
}

export interface TvTopicState<T> {
  /** The topic's documents (of the selector), live; plain read-only data. */
  docs: DeepReadonly<T>[];
  /** The first result is still coming (or the store is not attached yet). */
  loading: boolean;
  /** The topic has caught up since the last (re)connect. */
  synced: boolean;
  /** The last document a change brought after the first catch-up (null before one came). */
  lastChanged: DeepReadonly<T> | null;
}

/**
 * Follows a PUBLIC topic into a collection while the component is mounted, and answers its documents
 * live. Stops following on unmount or when the topic changes, so a TV holds only the topics of the
 * board it shows. Tells the frame (TvBoard) whether the topic is in sync, for the live/stale indicator.
 *
 * ```tsx
 * const { docs, synced } = useTvTopic(`resource:${resourceId}`, 'machines', { ResourceID: resourceId });
 * ```
 *
 * `topic` null follows nothing (a parameter not chosen yet). `selector` picks the topic's documents
 * out of the collection and is the replication's scope (a snapshot removes only those); keep it to
 * plain data (it is compared by its JSON).
 */
export function useTvTopic<K extends TvCollection>(
  topic: string | null,
  collection: K,
  selector?: MangoQuerySelector<DocOf<K>>,
): TvTopicState<DocOf<K>> {
  type T = DocOf<K>;
  const feed = useContext(TvFeedContext);
  if (!feed) throw new Error('useTvTopic outside <TvBoard>');
  const { source, report } = feed;
  const selectorKey = JSON.stringify(selector ?? {});
  const [synced, setSynced] = useState(false);
  const [lastChanged, setLastChanged] = useState<DeepReadonly<T> | null>(null);

  useEffect(() => {
    if (!source || !topic) return;
    const coll = source.db[collection] as unknown as RxCollection<T>;
    const scope = JSON.parse(selectorKey) as MangoQuerySelector<T>;
    const handle = source.live.follow<T>(topic, coll, scope);
    let caughtUp = false;
    setSynced(false);
    setLastChanged(null);
    report({ type: 'topic', topic, synced: false, at: Date.now() });
    const subscriptions = [
      handle.replication.inSync$.subscribe((value) => {
        if (value) caughtUp = true;
        setSynced(value);
        report({ type: 'topic', topic, synced: value, at: Date.now() });
      }),
      // The first catch-up brings everything stored since the checkpoint: not "a change".
      handle.replication.received$.subscribe((doc) => {
        if (caughtUp) setLastChanged(doc as unknown as DeepReadonly<T>);
      }),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
      report({ type: 'drop', topic, at: Date.now() });
      handle.stop().catch((error: unknown) => console.warn('[tv] stopping', topic, error));
    };
  }, [source, topic, collection, selectorKey, report]);

  const { docs, loading } = useRxQuery<T>(
    () =>
      source && topic
        ? (source.db[collection] as unknown as RxCollection<T>).find({
            selector: JSON.parse(selectorKey) as MangoQuerySelector<T>,
          })
        : null,
    [source, topic, collection, selectorKey],
  );
  return { docs, loading: loading || !source, synced, lastChanged };
}
