import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router-dom';
import { ConnectionsPage } from '../areas/platform/ConnectionsPage';
import { IntroPage } from '../areas/platform/IntroPage';
import { LoginPage } from '../areas/platform/LoginPage';
import { NotBuiltPage } from '../areas/platform/NotBuiltPage';
import { AlertHost } from '../ui/AlertHost';
import { AppShell } from './AppShell';
import { ServicesContext, useServices } from './context';
import { createServices, type Services } from './services';

function RequireLogin({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const state = useSelector(session, (s) => s.value);
  const location = useLocation();
  // While a 401 error is open the screen stays; closing it sends the user to Login.
  if (state === 'loggedOut' || state === 'loggingIn') {
    return <Navigate to="/pages/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/**
 * The first routes: Login, Intro, and / → /intro. Every other address of the route table is the shell
 * issue's; until then it says plainly that the screen is not built.
 */
export async function createApp(): Promise<{
  router: ReturnType<typeof createBrowserRouter>;
  services: Services;
}> {
  const router = createBrowserRouter([
    { path: '/pages/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireLogin>
          <AppShell />
        </RequireLogin>
      ),
      children: [
        { index: true, element: <Navigate to="/intro" replace /> },
        { path: 'intro', element: <IntroPage /> },
        { path: 'connections', element: <ConnectionsPage /> },
        { path: '*', element: <NotBuiltPage /> },
      ],
    },
  ]);
  // Awaited before the first render: the post queue restores from IndexedDB first (brief §4 guarantee 2).
  const services = await createServices({ navigateToLogin: () => void router.navigate('/pages/login') });
  return { router, services };
}

export function App({ app }: { app: Awaited<ReturnType<typeof createApp>> }) {
  return (
    <ServicesContext.Provider value={app.services}>
      <RouterProvider router={app.router} />
      <AlertHost store={app.services.alerts} />
    </ServicesContext.Provider>
  );
}
