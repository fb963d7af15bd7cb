import type { CallDef, PayloadOf } from '../../../../domain/contract/call';
import { DismissTip, GetDismissedTips } from '../../../../domain/platform/help';
import type { ApiClient } from '../../../api';
import { createRouteHelpStore, type RouteHelpStore } from './route-help';
import { createTipStore, type TipStore } from './tips';

export interface HelpServicesOptions {
  /** A quiet client (no alerts, no loading bar): help arrives in the background on every route change. */
  api: Pick<ApiClient, 'get'>;
  /** The post queue's enqueue: a dismissal survives a lost network and a reload. */
  enqueue<C extends CallDef>(call: C, payload: PayloadOf<C>): void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface HelpServices {
  /**
   * The entry point for the router: call on every route change with the screen name (spec 000 §2.3).
   * Skipped (no call) for Login. Never rejects.
   */
  load(routeName: string): Promise<void>;
  /** The current screen's videos and procedure links (read it with `useRouteHelp`). */
  route: RouteHelpStore;
  /** Dismissed help tips of the logged-in employee (read by `HelpTip`). */
  tips: TipStore;
}

/** The help system's services, created once with the app's other services. */
export function createHelpServices(opts: HelpServicesOptions): HelpServices {
  const route = createRouteHelpStore(opts.api);
  const tips = createTipStore({
    fetchDismissed: () => opts.api.get(GetDismissedTips, {}),
    sendDismissal: (tip) => opts.enqueue(DismissTip, tip),
    storage: opts.storage,
  });
  return { load: (routeName) => route.load(routeName), route, tips };
}
