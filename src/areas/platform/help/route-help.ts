import type { z } from 'zod';
import { NO_HELP_ROUTE } from '../../../../domain/platform/help';
import { type HelpLink, SOPLinksForRoute, VideoLinksForRoute } from '../../../../domain/platform/reference';
import type { ApiClient } from '../../../api';

export type HelpLinkItem = z.infer<typeof HelpLink>;

/** The help of one screen: its videos and its standard operating procedure links. */
export interface RouteHelp {
  videos: HelpLinkItem[];
  sops: HelpLinkItem[];
}

export type RouteHelpStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RouteHelpState extends RouteHelp {
  /** The screen name last passed to `load`, or null before the first route. */
  routeName: string | null;
  status: RouteHelpStatus;
}

const NONE: RouteHelp = { videos: [], sops: [] };

/** Login shows no help (spec 000 §2.3); so does a route without a name. */
export function routeHasHelp(routeName: string | null | undefined): routeName is string {
  return Boolean(routeName?.trim()) && routeName!.trim().toLowerCase() !== NO_HELP_ROUTE.toLowerCase();
}

/**
 * Spec 000 §2.3 and §7.2: the help videos and procedure links of a screen name, asked with
 * web/VideoLinksForRoute and web/SOPLinksForRoute together. For Login it makes no call and resolves
 * empty.
 */
export async function loadHelpForRoute(api: Pick<ApiClient, 'get'>, routeName: string): Promise<RouteHelp> {
  if (!routeHasHelp(routeName)) return { videos: [], sops: [] };
  const RouteName = routeName.trim();
  const [videos, sops] = await Promise.all([
    api.get(VideoLinksForRoute, { RouteName }),
    api.get(SOPLinksForRoute, { RouteName }),
  ]);
  return { videos, sops };
}

export interface RouteHelpStore {
  /**
   * The router calls this on every route change with the screen name. Never rejects: a failure leaves
   * the help empty with status 'failed'. An answer for a route the user has already left is dropped.
   */
  load(routeName: string): Promise<void>;
  getSnapshot(): RouteHelpState;
  subscribe(listener: () => void): () => void;
}

/** The current screen's help, shaped for useSyncExternalStore (see `useRouteHelp`). */
export function createRouteHelpStore(api: Pick<ApiClient, 'get'>): RouteHelpStore {
  let state: RouteHelpState = { routeName: null, status: 'idle', ...NONE };
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: RouteHelpState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    async load(routeName) {
      const mine = ++generation;
      if (!routeHasHelp(routeName)) {
        set({ routeName, status: 'ready', ...NONE });
        return;
      }
      // Reloading the same screen keeps its links on show meanwhile; another screen starts empty.
      const keep = state.routeName === routeName ? { videos: state.videos, sops: state.sops } : NONE;
      set({ routeName, status: 'loading', ...keep });
      try {
        const help = await loadHelpForRoute(api, routeName);
        if (mine === generation) set({ routeName, status: 'ready', ...help });
      } catch {
        if (mine === generation) set({ routeName, status: 'failed', ...NONE });
      }
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
