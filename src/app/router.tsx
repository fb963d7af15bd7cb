import { useSelector } from '@xstate/react';
import { Component, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  redirect,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router-dom';
import { isManufacturingPath, isTvPath } from '../../domain/platform/interfaces';
import { RecordPageView } from '../../domain/platform/reference';
import {
  isPublicPath,
  mayOpen,
  namedRoutes,
  type ScreenRoute,
  screenRoutes,
} from '../../domain/platform/routes';
import { NoAccessPage } from '../areas/platform/NoAccessPage';
import { NotBuiltPage } from '../areas/platform/NotBuiltPage';
import { NotFoundPage } from '../areas/platform/NotFoundPage';
import { attachI18nStore, useT } from '../i18n';
import { AppShell } from './AppShell';
import { isChunkError, loadChunk, updateAvailableMessage } from './chunks';
import {
  CoreContext,
  readableByUse,
  ServicesContext,
  StorePromiseContext,
  useCore,
  useLoggedIn,
  useShellState,
  useUser,
} from './context';
import type { Core } from './core';
import { flagSet, mayUseShopApp, worksOnlyInShopApp } from './menus';
import { decideNavigation, pageTitle } from './navigation';
import { preloadScreen, rendersBeforeStore, screenComponent, screenPrefetch } from './screens';
import type { Services } from './services';
import { shellState } from './shell-state';

/** What each route carries for the frame: its table entry. */
interface RouteHandle {
  screen: ScreenRoute | null;
}

export interface RouterHooks {
  /** Errors outside any screen (a failing navigation loader); screens' errors reach the root's onCaughtError. */
  reportError?: (error: unknown) => void;
}

// ---------------------------------------------------------------------------------------------------
// The store (RxDB, post queue, live feed) is attached once, the first time a screen needs it: a
// logged-in screen, or any /tv/ page (anonymous: the hub connects without a token, src/app/store.ts).

let storePromise: Promise<Services> | null = null;
/** The attached store, once it is: the shell then renders it without suspending. */
let storeReady: Services | null = null;
function ensureStore(core: Core): Promise<Services> {
  storePromise ??= readableByUse(
    loadChunk(() => import('./store')).then(async (m) => {
      performance.mark('store:chunk');
      const store = await m.attachStore(core);
      // Translations of the page's language now follow their live topic, and a language change is saved
      // through the post queue (src/i18n).
      attachI18nStore({ db: store.db, live: store.live, enqueue: store.enqueue });
      storeReady = { ...core, ...store };
      performance.mark('store:ready');
      return storeReady;
    }),
  );
  return storePromise;
}

/**
 * Core plus store for the shell and its screens. The root loader waits for the store on a logged-in
 * navigation, so this normally starts with the ready value; a screen that renders before the store
 * (screens.ts `rendersBeforeStore`: the plant schedule, whose first lanes need only the request layer)
 * is shown while IndexedDB opens and the post queue is restored, and gets the store a moment later.
 * Nothing suspends here: React holds a boundary's content for up to 300 ms after its fallback showed
 * (measured: the plan's first row 200 ms later on a full page load).
 */
function StoreProvider({ children }: { children: ReactNode }) {
  const core = useCore();
  const [services, setServices] = useState<Services | null>(storeReady);
  const pending = useMemo(() => ensureStore(core), [core]);
  useEffect(() => {
    if (services) return;
    let alive = true;
    pending.then(
      (s) => alive && setServices(s),
      // The shell's useServices raises it to the route's error boundary.
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pending, services]);
  return (
    <StorePromiseContext.Provider value={pending}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </StorePromiseContext.Provider>
  );
}

function StoreGate({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<p className="page muted">Opening…</p>}>
      <StoreProvider>{children}</StoreProvider>
    </Suspense>
  );
}

// ---------------------------------------------------------------------------------------------------
// Screen loading errors (spec 000 §8): a chunk failure shows the info message whose closing reloads.

function showUpdateAvailable(core: Core) {
  core.alerts.show('info', updateAvailableMessage, {
    key: 'chunk-failure',
    onClose: () => window.location.reload(),
  });
}

/**
 * A screen's own error boundary, so the shell survives a failing screen. Logging and reporting are the
 * root's (src/main.tsx `onCaughtError` sees every boundary's catch); this one only turns a chunk failure
 * into spec 000 §8's message.
 */
class ScreenBoundary extends Component<
  { core: Core; name: string; children: ReactNode },
  { error: unknown }
> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    if (isChunkError(error)) showUpdateAvailable(this.props.core);
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    const chunk = isChunkError(this.state.error);
    return (
      <section className="page" data-testid={chunk ? 'screen-load-failed' : 'screen-failed'}>
        <div className="card">
          <h1>{this.props.name}</h1>
          <p role="alert">
            {chunk
              ? 'This screen could not be loaded. An update to the product may be available: refresh the page.'
              : 'Something went wrong on this screen. It has been reported; refreshing the page may help.'}
          </p>
          <button type="button" onClick={() => window.location.reload()}>
            Refresh
          </button>
        </div>
      </section>
    );
  }
}

/** One screen of the table: no access, not built yet, or the (lazily loaded) screen itself. */
function ScreenHost({ screen }: { screen: ScreenRoute }) {
  const core = useCore();
  const user = useUser();
  if (!screen.public && !mayOpen(screen, flagSet(user))) return <NoAccessPage screen={screen} />;
  if (!screen.screen) return <NotBuiltPage screen={screen} />;
  const Screen = screenComponent(screen.screen);
  return (
    <ScreenBoundary core={core} name={screen.title} key={screen.path}>
      <Suspense fallback={<p className="page muted">Loading {screen.title}…</p>}>
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}

// ---------------------------------------------------------------------------------------------------
// On every route change (spec 000 §2.3): scroll to top, title, page view, validations flag. Help videos
// and procedure links load in the shell (AppShell), where the help services are; Login has none.

export function NavigationEffects({ screen }: { screen: ScreenRoute | null }) {
  const core = useCore();
  const { pathname } = useLocation();
  const loggedIn = useLoggedIn();
  const { configuratorProject } = useShellState();
  const t = useT();

  useEffect(() => {
    window.scrollTo(0, 0);
    shellState.setValidationsLoaded(false);
    if (!screen || !loggedIn) return;
    // A page view is worth recording, not worth an alert if it fails.
    core.backgroundApi
      .post(RecordPageView, { RouteName: screen.name, Path: pathname })
      .catch(() => undefined);
  }, [pathname, screen, loggedIn, core]);

  useEffect(() => {
    document.title = t(pageTitle(screen, pathname, configuratorProject?.description ?? null));
  }, [screen, pathname, configuratorProject, t]);
  return null;
}

function TvLayout() {
  return (
    <div className="tv-layout" data-layout="tv">
      <Outlet />
    </div>
  );
}

function PublicLayout() {
  return (
    <div className="public-layout" data-layout="public">
      <header className="topbar">
        <span className="brand">
          <span className="logo small" aria-hidden="true">
            SW
          </span>
          Steelworks
        </span>
        <span className="spacer" />
        <a href={namedRoutes.Login}>Log in</a>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}

/** The layout for the current address: TV (no chrome), Login, public (logged out), or the shell. */
function Frame() {
  const { session } = useCore();
  const loggedOut = useSelector(session, (s) => s.matches('loggedOut'));
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const screen = (matches.at(-1)?.handle as RouteHandle | undefined)?.screen ?? null;
  const effects = <NavigationEffects screen={screen} />;

  if (isTvPath(pathname)) {
    // TV boards are unattended and not logged in: the same store, with a hub connection that has no
    // token (anonymous, public topics only) unless this browser happens to be logged in.
    return (
      <>
        {effects}
        <StoreGate>
          <TvLayout />
        </StoreGate>
      </>
    );
  }
  if (screen?.name === 'Login') {
    return (
      <>
        {effects}
        <Outlet />
      </>
    );
  }
  if (loggedOut) {
    // Logged out on a screen that needs a login (logout, a 401 acknowledged): Login, then back here.
    if (!isPublicPath(pathname)) {
      // Only the person who was here continues here after the next login (shell-state.ts).
      shellState.setAfterLogin(pathname + search, shellState.user());
      return <Navigate to={namedRoutes.Login} replace />;
    }
    return (
      <>
        {effects}
        <PublicLayout />
      </>
    );
  }
  return (
    <>
      {effects}
      <StoreGate>
        <AppShell layout={isManufacturingPath(pathname) ? 'shop' : 'office'} />
      </StoreGate>
    </>
  );
}

/** Errors outside any screen (a loader, the frame itself). */
function RouteError({ core, hooks }: { core: Core; hooks: RouterHooks }) {
  const error = useRouteError();
  const chunk = isChunkError(error);
  useEffect(() => {
    if (chunk) showUpdateAvailable(core);
    else {
      console.error('[router]', error);
      hooks.reportError?.(error);
    }
  }, [chunk, core, error, hooks]);
  return (
    <section className="page">
      <div className="card">
        <h1>{chunk ? 'Update available' : 'Something went wrong'}</h1>
        <p role="alert">
          {chunk
            ? updateAvailableMessage
            : 'The page could not be shown. It has been reported; refresh to try again.'}
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Refresh
        </button>
      </div>
    </section>
  );
}

/**
 * The router: one route per screen of the table (domain/platform/routes.ts), under a frame that picks
 * the layout, and a root loader that applies the navigation rules (./navigation.ts) before any screen
 * renders. The table's redirects are followed by the same loader, so every rule sees where the user
 * would land.
 */
export function createAppRouter(core: Core, hooks: RouterHooks = {}) {
  let current: string | null = null;

  function guard({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const snapshot = core.session.getSnapshot();
    const loggedIn = snapshot.matches('loggedIn');
    const user = loggedIn ? snapshot.context.user : null;
    // The preference in force is this person's own (issue 15), before any rule reads it.
    shellState.setUser(user?.EmployeeID ?? null);
    const state = shellState.getSnapshot();
    const decision = decideNavigation({
      from: current,
      to: url.pathname,
      search: url.search,
      loggedIn,
      installer: flagSet(user).has('installer'),
      mayUseShopApp: mayUseShopApp(user),
      shopAppOnly: worksOnlyInShopApp(user),
      interfacePref: state.interfacePref,
      tvPath: state.tvPath,
      loadedOrder: state.loadedOrder?.orderNum ?? null,
    });
    if (decision.setInterface) shellState.setInterface(decision.setInterface);
    if (decision.rememberTvPath) shellState.rememberTvPath(decision.rememberTvPath);
    if (decision.logout) core.session.send({ type: 'session.logout' });
    if (decision.redirect) {
      if (decision.redirect === namedRoutes.Login && !loggedIn)
        shellState.setAfterLogin(url.pathname + url.search);
      throw redirect(decision.redirect);
    }
    current = url.pathname;
    // A TV page follows public topics live: attach the store, without waiting for it (the board shows its
    // frame and "Reconnecting…" until it is there).
    if (isTvPath(url.pathname) && !storeReady) {
      void ensureStore(core).catch((error: unknown) =>
        console.error('[tv] the store could not be attached', error),
      );
    }
    // The shell of a logged-in screen needs the store: attach it before the first render (see
    // StoreProvider), unless the screen renders before it. A failure is the shell's to show, so it is
    // not raised here.
    if (loggedIn && !isTvPath(url.pathname) && !isPublicPath(url.pathname) && !storeReady) {
      const opening = ensureStore(core).then(
        () => null,
        () => null,
      );
      const target = matchRoutes(children, url.pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
      const key = target?.screen?.screen;
      return key && rendersBeforeStore.has(key) ? null : opening;
    }
    return null;
  }

  const children: RouteObject[] = [
    ...screenRoutes.map(
      (screen): RouteObject => ({
        path: screen.path.slice(1),
        handle: { screen } satisfies RouteHandle,
        // The screen's chunk before the screen renders, so it never suspends (see preloadScreen).
        loader: (() => {
          const key = screen.screen;
          if (!key) return undefined;
          const prefetch = screenPrefetch[key];
          return ({ params }: LoaderFunctionArgs) => {
            // The screen's first data rides along with its chunk, for a user who may open it.
            const snapshot = core.session.getSnapshot();
            if (prefetch && snapshot.matches('loggedIn') && mayOpen(screen, flagSet(snapshot.context.user))) {
              prefetch(core.api, params, snapshot.context.user);
            }
            return preloadScreen(key).then(() => null);
          };
        })(),
        element: <ScreenHost screen={screen} />,
      }),
    ),
    { path: '*', handle: { screen: null } satisfies RouteHandle, element: <NotFoundPage /> },
  ];

  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      loader: guard,
      // Every navigation passes the rules, not only those that change a parameter.
      shouldRevalidate: () => true,
      element: <Frame />,
      errorElement: <RouteError core={core} hooks={hooks} />,
      hydrateFallbackElement: <p className="page muted">Loading…</p>,
      children,
    },
  ]);
}

export function RouterRoot({
  core,
  router,
  children,
}: {
  core: Core;
  router: ReturnType<typeof createAppRouter>;
  children?: ReactNode;
}) {
  return (
    <CoreContext.Provider value={core}>
      <RouterProvider router={router} />
      {children}
    </CoreContext.Provider>
  );
}
