import { useSelector } from '@xstate/react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { type HubStatus, hubStatus } from '../../machines/hub-connection.machine';
import { pendingCount, statusText } from '../../machines/post-queue.machine';
import type { Services } from './services';

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext.Provider>');
  return services;
}

export function useUser() {
  const { session } = useServices();
  return useSelector(session, (s) => s.context.user);
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
  const { api } = useServices();
  return useSyncExternalStore(api.loading.subscribe, api.loading.getSnapshot);
}
