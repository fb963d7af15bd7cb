import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { Translate } from '../../domain/platform/reference';
import { type Language, Login, Logout, type UserRecord } from '../../domain/platform/session';
import { connectionId, type hubConnectionMachine } from '../../machines/hub-connection.machine';
import { sessionMachine } from '../../machines/session.machine';
import { createApiClient } from '../api';
import { createAlertStore } from '../ui/alerts';
import { createToastStore } from '../ui/toasts';
import { currentInterface } from './menus';
import { shellState } from './shell-state';
import { storage } from './storage';

export interface CoreOptions {
  navigateToLogin: () => void;
}

type HubActor = ActorRefFrom<typeof hubConnectionMachine>;

/**
 * The services every page needs, Login and the public screens included: the request layer, the session
 * and the hub connection (XState actors), and the alert store. Synchronous and free of RxDB, so the
 * Login page's JavaScript stays small (issue 4: at most 200 KB gzipped); the projection database and
 * the post queue are attached by {@link attachStore} (./store.ts) once a screen needs them.
 */
export function createCore(opts: CoreOptions) {
  const alerts = createAlertStore();
  // Successes are toasts (spec 000 §2.4): they close themselves and block nothing. Errors and warnings
  // stay alerts, which a person acknowledges.
  const toasts = createToastStore();
  const restoredUser = storage.loadUser();
  /** The hub connection, once the store has started it (./store.ts): Login has none. */
  let hub: HubActor | null = null;
  const apiOptions = {
    getSession: () => {
      const user = session.getSnapshot().context.user;
      return user ? { EmployeeID: user.EmployeeID, TokenID: user.TokenID, PlantID: user.PlantID } : null;
    },
    getInterface: () =>
      currentInterface(
        session.getSnapshot().context.user,
        window.location.pathname,
        shellState.getSnapshot().interfacePref,
      ),
    // Every request names the tab's hub connection, so the server can tell a change's origin.
    getConnectionId: () => (hub ? connectionId(hub.getSnapshot()) : null),
    onUnauthorized: (statusText: string, otherUser: boolean) =>
      session.send({ type: 'session.unauthorized', statusText, otherUser }),
  };
  const api = createApiClient({
    ...apiOptions,
    ui: {
      showError: (m) => alerts.show('error', m),
      showWarning: (m) => alerts.show('warning', m),
      showSuccess: (m) => toasts.show(m, { kind: 'success' }),
    },
  });
  // Background calls (catch-up pulls, the hub's session check): no alert, no loading bar. A 401 still
  // goes to the session like any other.
  const quiet = { showError: () => {}, showWarning: () => {}, showSuccess: () => {} };
  const backgroundApi = createApiClient({ ...apiOptions, ui: quiet, log: () => {} });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<UserRecord, { userName: string; password: string }>(({ input }) =>
          // The login form shows a refusal beside the fields (LoginPage): no alert as well.
          api.post(Login, { UserName: input.userName, Password: input.password }, { inline: true }),
        ),
        logout: fromPromise(async () => {
          await api.post(Logout, {}).catch(() => undefined);
        }),
      },
      actions: {
        storeSession: (_, params: { user: UserRecord }) => storage.saveUser(params.user),
        clearStoredSession: (_, params: { keepEmployeeId: boolean }) =>
          storage.clearUser(params.keepEmployeeId),
        goToLogin: () => opts.navigateToLogin(),
      },
    }),
    { input: { user: restoredUser, employeeId: storage.loadEmployeeId() } },
  );

  // A 401 shows its status text as an error; closing it is what sends the user to Login (spec 000 §4).
  let shownError: string | null = null;
  session.subscribe((snapshot) => {
    if (snapshot.matches('unauthorized') && snapshot.context.error && shownError !== snapshot.context.error) {
      shownError = snapshot.context.error;
      alerts.show('error', snapshot.context.error, {
        key: 'unauthorized',
        onClose: () => {
          shownError = null;
          session.send({ type: 'session.acknowledge' });
        },
      });
    }
  });

  // Alert messages are translated through translation/Translate when the user's language is not English
  // (spec 000 §2.4). The quiet client: a failed translation must not raise an alert to translate.
  alerts.setTranslation({
    translate: (text, language) =>
      backgroundApi.get(Translate, { English: text, language: language as Language }),
    getLanguage: () => session.getSnapshot().context.user?.Language ?? 'en',
  });
  session.start();
  return {
    toasts,
    api,
    backgroundApi,
    alerts,
    session,
    /** Called by the store when it starts the hub, so every request carries the connection id. */
    attachHub(actor: HubActor) {
      hub = actor;
    },
  };
}

export type Core = ReturnType<typeof createCore>;
