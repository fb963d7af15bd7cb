import { useSyncExternalStore } from 'react';
import { useServices } from '../../../app/context';
import type { RouteHelpState } from './route-help';
import type { TipState } from './tips';

/** The current screen's help: `{ routeName, status, videos, sops }`, updated as the route changes. */
export function useRouteHelp(): RouteHelpState {
  const { help } = useServices();
  return useSyncExternalStore(help.route.subscribe, help.route.getSnapshot);
}

/** The logged-in employee's dismissed tips. */
export function useTipState(): TipState {
  const { help } = useServices();
  return useSyncExternalStore(help.tips.subscribe, help.tips.getSnapshot);
}
