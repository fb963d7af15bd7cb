/**
 * Counts pending requests for the loading indicator: it shows with the first pending request and hides
 * when none remain. The shape fits React's `useSyncExternalStore(store.subscribe, store.getSnapshot)`.
 */
export interface LoadingStore {
  /** A request started. */
  start(): void;
  /** A request ended (success or failure). Extra calls never take the count below zero. */
  end(): void;
  /** True while at least one request is pending. */
  getSnapshot(): boolean;
  /** Calls `listener` whenever the snapshot changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createLoadingStore(): LoadingStore {
  let pending = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    start() {
      pending += 1;
      if (pending === 1) notify();
    },
    end() {
      if (pending === 0) return;
      pending -= 1;
      if (pending === 0) notify();
    },
    getSnapshot: () => pending > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
