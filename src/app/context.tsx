import { useSelector } from '@xstate/react';
import { createContext, use, useCallback, useContext, useSyncExternalStore } from 'react';
import type { CallDef, PayloadOf } from '../../domain/contract/call';
import { type HubStatus, hubStatus } from '../../machines/hub-connection.machine';
import { pendingCount, statusText } from '../../machines/post-queue.machine';
import type { Core } from './core';
import type { Services } from './services';
import { shellState } from './shell-state';

/** The core services (./core.ts): every page has them, Login and the public screens included. */
export const CoreContext = createContext<Core | null>(null);
/** Core plus store (./store.ts): provided by the shell once the projection database is open. */
export const ServicesContext = createContext<Services | null>(null);
/**
 * The store on its way (router.tsx StoreProvider): while it is, ServicesContext is null. Most screens
 * never see that, because the route's loader waits for the store; a screen that renders before it
 * (screens.ts `rendersBeforeStore`) reads the store with {@link useStore} and copes with null.
 */
export const StorePromiseContext = createContext<Promise<Services> | null>(null);

export function useCore(): Core {
  const core = useContext(CoreContext);
  const services = useContext(ServicesContext);
  if (services) return services;
  if (!core) throw new Error('useCore outside <CoreContext.Provider>');
  return core;
}

/**
 * Marks a promise with its outcome the way React's `use` reads it (`status`, `value`, `reason`), so
 * `use` returns a settled one at once instead of suspending for a microtask on its first sight of it.
 */
export function readableByUse<T>(promise: Promise<T>): Promise<T> {
  const p = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  promise.then(
    (value) => {
      p.status = 'fulfilled';
      p.value = value;
    },
    (reason: unknown) => {
      p.status = 'rejected';
      p.reason = reason;
    },
  );
  return promise;
}

/**
 * Core plus store; suspends while the store is still being attached (see StorePromiseContext). The
 * promise is always read when there is one (it is {@link readableByUse}, so a ready store costs
 * nothing): a component that suspended on it must call `use` again when it resumes.
 */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  const pending = useContext(StorePromiseContext);
  if (pending) return use(pending);
  if (services) return services;
  throw new Error('useServices outside <ServicesContext.Provider> (the shell provides it)');
}

/** Core plus store once the store is attached, else null (never suspends: screens that render first). */
export function useStore(): Services | null {
  return useContext(ServicesContext);
}

/**
 * Puts a call on the post queue, also before the store is attached: the post then waits for the queue
 * (restored from IndexedDB first, so it goes after what an earlier page left), in the order enqueued.
 */
export function useEnqueue(): <C extends CallDef>(call: C, payload: PayloadOf<C>) => void {
  const services = useContext(ServicesContext);
  const pending = useContext(StorePromiseContext);
  return useCallback(
    <C extends CallDef>(call: C, payload: PayloadOf<C>) => {
      if (services) services.enqueue(call, payload);
      else if (pending) void pending.then((s) => s.enqueue(call, payload));
      else throw new Error('useEnqueue outside <ServicesContext.Provider> (the shell provides it)');
    },
    [services, pending],
  );
}

export function useUser() {
  const { session } = useCore();
  return useSelector(session, (s) => s.context.user);
}

export function useLoggedIn(): boolean {
  const { session } = useCore();
  return useSelector(session, (s) => s.matches('loggedIn'));
}

/** The hub connection as the shell shows it: live, connecting, reconnecting or offline. */
export function useHubStatus(): HubStatus {
  const hub = useStore()?.hub;
  return useSelector(hub, (s) => (s ? hubStatus(s) : 'connecting'));
}

/**
 * "Saving ({count})" or '' (spec 000 §4), and the failed saves kept for retry and discard. The queue
 * behind it is restored from and stored in RxDB (projections/post-queue.collection.ts).
 */
export function useSaveStatus() {
  // Before the store is attached nothing of this page is saving yet (what an earlier page left is
  // counted once the queue is restored).
  const queue = useStore()?.queue;
  const text = useSelector(queue, (s) => (s ? statusText(s) : ''));
  const pending = useSelector(queue, (s) => (s ? pendingCount(s) : 0));
  const failed = useSelector(queue, (s) => s?.context.failed ?? noFailures);
  return { text, pending, failed };
}
const noFailures: readonly never[] = [];

export function useLoading(): boolean {
  const { api } = useCore();
  return useSyncExternalStore(api.loading.subscribe, api.loading.getSnapshot);
}

export function useShellState() {
  return useSyncExternalStore(shellState.subscribe, shellState.getSnapshot);
}
