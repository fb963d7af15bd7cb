import { useSelector } from '@xstate/react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { type HubStatus, hubStatus } from '../../machines/hub-connection.machine';
import { pendingCount, statusText } from '../../machines/post-queue.machine';
import type { Core } from './core';
import type { Services } from './services';
import { shellState } from './shell-state';

/** The core services (./core.ts): every page has them, Login and the public screens included. */
export const CoreContext = createContext<Core | null>(null);
/** Core plus store (./store.ts): provided by the shell once the projection database is open. */
export const ServicesContext = createContext<Services | null>(null);

export function useCore(): Core {
  const core = useContext(CoreContext);
  const services = useContext(ServicesContext);
  if (services) return services;
  if (!core) throw new Error('useCore outside <CoreContext.Provider>');
  return core;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext.Provider> (the shell provides it)');
  return services;
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
  const { hub } = useServices();
  return useSelector(hub, hubStatus);
}

/**
 * "Saving ({count})" or '' (spec 000 §4), and the failed saves kept for retry and discard. The queue
 * behind it is restored from and stored in RxDB (projections/post-queue.collection.ts).
 */
export function useSaveStatus() {
  const { queue } = useServices();
  const text = useSelector(queue, statusText);
  const pending = useSelector(queue, pendingCount);
  const failed = useSelector(queue, (s) => s.context.failed);
  return { text, pending, failed };
}

export function useLoading(): boolean {
  const { api } = useCore();
  return useSyncExternalStore(api.loading.subscribe, api.loading.getSnapshot);
}

export function useShellState() {
  return useSyncExternalStore(shellState.subscribe, shellState.getSnapshot);
}
