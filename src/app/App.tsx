import { AlertHost } from '../ui/AlertHost';
import { ToastHost } from '../ui/ToastHost';
import { type CoreOptions, createCore } from './core';
import { createAppRouter, type RouterHooks, RouterRoot } from './router';

/**
 * The app: the core services (request layer, session, hub, alerts) and the router built from the route
 * table. Synchronous: Login renders at once and never waits for the projection database, which the
 * shell attaches when the first logged-in screen opens (./router.tsx StoreGate).
 */
export function createApp(opts: Partial<CoreOptions> = {}, hooks: RouterHooks = {}) {
  let router: ReturnType<typeof createAppRouter> | null = null;
  const core = createCore({
    ...opts,
    navigateToLogin: opts.navigateToLogin ?? (() => void router?.navigate('/pages/login')),
  });
  router = createAppRouter(core, hooks);
  return { core, router };
}

export function App({ app }: { app: ReturnType<typeof createApp> }) {
  return (
    <RouterRoot core={app.core} router={app.router}>
      <AlertHost store={app.core.alerts} />
      <ToastHost store={app.core.toasts} />
    </RouterRoot>
  );
}
