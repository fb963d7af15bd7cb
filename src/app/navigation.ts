import type { InterfaceName } from '../../domain/contract/wire';
import { isManufacturingPath, isTvPath, isUnder } from '../../domain/platform/interfaces';
import {
  isPublicPath,
  matchRoute,
  namedRoutes,
  resolvePath,
  type ScreenRoute,
} from '../../domain/platform/routes';

/**
 * The navigation rules of spec 000 §2.3 as one pure function, so that every rule has a unit test and
 * the router (./router.tsx) only carries out what it decides.
 */
export interface NavRequest {
  /** The path the user is on, or null on the first load of the page. */
  from: string | null;
  /** The path asked for (pathname only). */
  to: string;
  /** The query string asked for, kept across redirects that continue to the target ('' or '?a=b'). */
  search: string;
  loggedIn: boolean;
  /** The user holds the installer security flag (spec 000 §6). */
  installer: boolean;
  /** The user may use the shop-floor app (menus.ts `mayUseShopApp`). */
  mayUseShopApp: boolean;
  /** The shop-floor app is the only interface the user works in (menus.ts `worksOnlyInShopApp`). */
  shopAppOnly: boolean;
  /** The stored interface preference (spec 000 §3.1), or null. */
  interfacePref: InterfaceName | null;
  /** The first TV path, remembered (spec 000 §2.3), or null. */
  tvPath: string | null;
  /** The /pm/order/{orderNum} order that is loaded, or null. */
  loadedOrder: number | null;
}

export interface NavDecision {
  /** Where to go instead (with its query), or null to show `to`. */
  redirect: string | null;
  /** Log the user out first (a logged-in user opening Login from a /manufacturing/ path). */
  logout: boolean;
  /** The interface preference to store, when the path sets one. */
  setInterface: InterfaceName | null;
  /** Remember this as the first TV path. */
  rememberTvPath: string | null;
}

const LOGIN = namedRoutes.Login;
const isInstallersPath = (path: string) => isUnder(path, '/installers');
/** A real TV screen (not the chooser, not an unknown /tv/ address) is worth remembering. */
const isTvScreen = (path: string) =>
  isTvPath(path) &&
  !/^\/tv\/?$/i.test(path) &&
  !/^\/tv\/start\/?$/i.test(path) &&
  matchRoute(path)?.entry.kind === 'screen';

/** `/pm/order/{orderNum}` and its tabs: the order number, or null. */
export function pmOrderNumber(path: string): number | null {
  const m = path.match(/^\/pm\/order\/(\d{1,9})(?:\/|$)/i);
  return m ? Number(m[1]) : null;
}

const allow = (over: Partial<NavDecision> = {}): NavDecision => ({
  redirect: null,
  logout: false,
  setInterface: null,
  rememberTvPath: null,
  ...over,
});

/**
 * Decides one navigation. Table redirects (`/` → `/intro`, area defaults, `/config` → `/pages/` →
 * `/pages/404`) are followed first, so every rule sees the screen the user would land on.
 */
export function decideNavigation(req: NavRequest): NavDecision {
  const known = matchRoute(req.to) !== null;
  // Unknown addresses stay where they are and show Not Found.
  const to = known ? resolvePath(req.to).path : req.to;
  /** Show `to`: no redirect when it is what was asked, else the landed path with the query kept. */
  const stay = to === req.to ? null : to + req.search;

  // A logged-in user opening Login goes Home, unless coming from the shop-floor app: then logged out.
  if (to === LOGIN) {
    if (!req.loggedIn) return allow({ redirect: stay });
    if (req.from && isManufacturingPath(req.from)) return allow({ logout: true, redirect: stay });
    return allow({ redirect: resolvePath(namedRoutes.Home).path });
  }

  // Home on a TV is its remembered screen (TVs are unattended and never log in).
  if (req.interfacePref === 'tv' && req.tvPath && req.to === namedRoutes.Home) {
    return allow({ redirect: req.tvPath });
  }

  // Unauthenticated users are sent to Login, except for the public screens and anything under /tv/.
  if (!req.loggedIn && !isTvPath(to) && !isPublicPath(to)) return allow({ redirect: LOGIN });

  // Entering /tv/ sets the TV interface; the first TV screen is remembered and restored.
  if (isTvPath(to)) {
    if (/^\/tv\/?$/.test(req.to) && req.tvPath) return allow({ redirect: req.tvPath, setInterface: 'tv' });
    return allow({
      redirect: stay,
      setInterface: 'tv',
      rememberTvPath: !req.tvPath && isTvScreen(to) ? to : null,
    });
  }
  // Entering /manufacturing sets the shop-floor app interface, for someone who may use it: a user who may
  // not (their screen says so) keeps their own interface, so nothing sends them back there (issue 15).
  if (isManufacturingPath(to)) {
    const sets = !req.loggedIn || req.mayUseShopApp;
    return allow({ redirect: stay, setInterface: sets ? 'manufacturingApp' : null });
  }

  // The shop-floor app keeps its users in /manufacturing (a stored preference, or leaving it), and its
  // only-users always. Never someone who may not use it, whatever the preference says. The way out is
  // the interface switcher (canChangeInterface) or the shell's "Back to the office", which change the
  // preference first.
  if (
    req.loggedIn &&
    req.mayUseShopApp &&
    (req.shopAppOnly ||
      req.interfacePref === 'manufacturingApp' ||
      (req.interfacePref === null && req.from && isManufacturingPath(req.from)))
  ) {
    return allow({ redirect: resolvePath(namedRoutes.Manufacturing).path });
  }

  // Leaving /installers sends an installer back to Installers.
  if (req.loggedIn && req.installer && req.from && isInstallersPath(req.from) && !isInstallersPath(to)) {
    return allow({ redirect: resolvePath(namedRoutes.Installers).path });
  }

  // /pm/order/{orderNum}: load the order first (PM Order Loading shows meanwhile), then continue.
  const orderNum = pmOrderNumber(to);
  if (req.loggedIn && orderNum !== null && req.loadedOrder !== orderNum) {
    const target = to + req.search;
    return allow({
      redirect: `${namedRoutes['PM Order Loading']}?orderNum=${orderNum}&target=${encodeURIComponent(target)}`,
    });
  }

  return allow({ redirect: stay });
}

/** The target PM Order Loading continues to, only ever a /pm/order/ path of the same order. */
export function orderLoadingTarget(search: string): { orderNum: number; target: string } | null {
  const q = new URLSearchParams(search);
  const orderNum = Number(q.get('orderNum'));
  if (!Number.isInteger(orderNum) || orderNum <= 0) return null;
  const target = q.get('target') ?? `/pm/order/${orderNum}`;
  // Never continue off-site or to another order: the target comes from the address bar.
  if (pmOrderNumber(target.split('?')[0] as string) !== orderNum)
    return { orderNum, target: `/pm/order/${orderNum}` };
  return { orderNum, target };
}

/**
 * The page title (spec 000 §2.3): the screen name; on configurator paths, the description of the
 * project open in the configurator, when one is.
 */
export function pageTitle(
  screen: ScreenRoute | null,
  path: string,
  projectDescription: string | null,
): string {
  if (isUnder(path, '/configurator') && projectDescription) return projectDescription;
  return screen?.title ?? 'Not Found';
}
