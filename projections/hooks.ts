import type { DependencyList } from 'react';
import { useMemo, useSyncExternalStore } from 'react';
import type { DeepReadonly, RxDocument, RxQuery } from 'rxdb';
import { map, type Observable, type Subscription } from 'rxjs';

/** What `useSyncExternalStore` needs: subscribe (returning the unsubscribe) and a stable snapshot. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/**
 * A store over an observable that is subscribed to only while someone listens: the first listener
 * subscribes to `source$`, the last one to leave unsubscribes. React's `useSyncExternalStore` calls
 * `subscribe` on mount and the returned function on unmount (twice in StrictMode), so a component that
 * mounts and unmounts any number of times leaves no subscription behind. RxDB's own `useLiveRxQuery`
 * leaked in some 17.x versions (brief §8); this does not depend on it.
 *
 * The snapshot is the last value emitted (or `initial`), the same object until the next emission, as
 * `useSyncExternalStore` requires. An error from the source is logged and the last value kept.
 */
export function observableStore<T>(source$: Observable<T>, initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let subscription: Subscription | null = null;
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!subscription) {
        subscription = source$.subscribe({
          next: (next) => {
            value = next;
            for (const l of [...listeners]) l();
          },
          error: (error: unknown) => console.warn('[projections] live query failed', error),
        });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && subscription) {
          subscription.unsubscribe();
          subscription = null;
        }
      };
    },
    getSnapshot: () => value,
  };
}

/** Result of {@link useRxQuery}: plain read-only documents, and whether the first result is still coming. */
export interface RxQueryState<T> {
  docs: DeepReadonly<T>[];
  loading: boolean;
}

/** Result of {@link useRxDocument}. */
export interface RxDocumentState<T> {
  doc: DeepReadonly<T> | null;
  loading: boolean;
}

type FindQuery<T> = RxQuery<T, RxDocument<T>[]>;
type FindOneQuery<T> = RxQuery<T, RxDocument<T> | null>;

const NO_QUERY: RxQueryState<never> = { docs: [], loading: false };
const NO_DOCUMENT: RxDocumentState<never> = { doc: null, loading: false };
const noStore = <T>(value: T): ExternalStore<T> => ({ subscribe: () => () => {}, getSnapshot: () => value });

/** A store of a find query's results as plain documents (see {@link observableStore}). */
export function rxQueryStore<T>(query: FindQuery<T> | null | undefined): ExternalStore<RxQueryState<T>> {
  if (!query) return noStore(NO_QUERY as RxQueryState<T>);
  return observableStore(
    query.$.pipe(map((docs): RxQueryState<T> => ({ docs: docs.map((d) => d.toJSON()), loading: false }))),
    { docs: [], loading: true },
  );
}

/** A store of a findOne query's document as plain data (see {@link observableStore}). */
export function rxDocumentStore<T>(
  query: FindOneQuery<T> | null | undefined,
): ExternalStore<RxDocumentState<T>> {
  if (!query) return noStore(NO_DOCUMENT as RxDocumentState<T>);
  return observableStore(
    query.$.pipe(map((doc): RxDocumentState<T> => ({ doc: doc ? doc.toJSON() : null, loading: false }))),
    { doc: null, loading: true },
  );
}

/**
 * The live results of a find query, e.g.
 * `useRxQuery(() => db.employees.find({ selector: { PlantID } }), [db, PlantID])`. The query is built
 * again only when `deps` change; return null for "no query yet". Subscribes while mounted, never longer.
 */
export function useRxQuery<T>(
  factory: () => FindQuery<T> | null | undefined,
  deps: DependencyList,
): RxQueryState<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the query changes
  const store = useMemo(() => rxQueryStore(factory()), deps);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * The live state of one document, e.g. `useRxDocument(() => db.employees.findOne(id), [db, id])`;
 * `doc` is null while absent or deleted.
 */
export function useRxDocument<T>(
  factory: () => FindOneQuery<T> | null | undefined,
  deps: DependencyList,
): RxDocumentState<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the query changes
  const store = useMemo(() => rxDocumentStore(factory()), deps);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
