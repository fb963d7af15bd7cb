// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { matchRoute, type ScreenRoute } from '../../domain/platform/routes';
import { type LogoutInput, sessionMachine } from '../../machines/session.machine';
import { userRecord } from '../../tests/support/fixtures';
import { CoreContext } from './context';
import type { Core } from './core';
import { NavigationEffects } from './router';
import { shellState } from './shell-state';

function Effects() {
  const { pathname } = useLocation();
  const m = matchRoute(pathname);
  return <NavigationEffects screen={m?.entry.kind === 'screen' ? (m.entry as ScreenRoute) : null} />;
}

/** Spec 000 §2.3: what every route change does, with a logged-in session and a recording request layer. */
describe('on every route change', () => {
  let post: ReturnType<typeof vi.fn>;
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    post = vi.fn(() => Promise.resolve(null));
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    shellState.reset();
  });
  afterEach(cleanup);

  function start(path: string, loggedIn = true) {
    const session = createActor(
      sessionMachine.provide({
        actors: {
          login: fromPromise(async () => userRecord()),
          logout: fromPromise<void, LogoutInput>(async () => {}),
        },
        actions: { storeSession: () => {}, clearStoredSession: () => {}, goToLogin: () => {} },
      }),
      { input: { user: loggedIn ? userRecord() : null, employeeId: null } },
    ).start();
    const core = { session, backgroundApi: { post } } as unknown as Core;
    const router = createMemoryRouter([{ path: '*', element: <Effects /> }], { initialEntries: [path] });
    render(
      <CoreContext.Provider value={core}>
        <RouterProvider router={router} />
      </CoreContext.Provider>,
    );
    return router;
  }

  it('scrolls to the top, sets the title, records a page view and resets the validations-loaded flag', async () => {
    const router = start('/intro');
    shellState.setValidationsLoaded(true);
    post.mockClear();
    scrollTo.mockClear();
    await act(() => router.navigate('/scheduling/plant'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.title).toBe('Plant Schedule');
    expect(shellState.getSnapshot().validationsLoaded).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[1]).toEqual({ RouteName: 'Plant Schedule', Path: '/scheduling/plant' });
  });

  it('titles a configurator screen with the open project’s description', async () => {
    const router = start('/intro');
    act(() =>
      shellState.setConfiguratorProject({ id: 12, description: 'Harbor Cold Storage: freezer bays 4-7' }),
    );
    await act(() => router.navigate('/configurator/c/parts'));
    expect(document.title).toBe('Harbor Cold Storage: freezer bays 4-7');
    await act(() => router.navigate('/scheduling/plant'));
    expect(document.title).toBe('Plant Schedule');
    act(() => shellState.setConfiguratorProject(null));
  });

  it('records no page view without a login (a TV, the login page)', async () => {
    const router = start('/tv/faceboard', false);
    await act(() => router.navigate('/tv/kpimonitor/1'));
    expect(post).not.toHaveBeenCalled();
    expect(document.title).toBe('KPI Monitor');
  });
});
