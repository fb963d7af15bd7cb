import { createActor, fromPromise } from 'xstate';
import type { CallDef, PayloadOf } from '../../domain/contract/call';
import { defaultInterface } from '../../domain/platform/interfaces';
import { Login, Logout, type UserRecord } from '../../domain/platform/session';
import { postQueueMachine } from '../../machines/post-queue.machine';
import { sessionMachine } from '../../machines/session.machine';
import { createApiClient } from '../api';
import { createAlertStore } from '../ui/alerts';
import { newId } from './ids';
import { storage } from './storage';

/**
 * The app's long-lived services, created once at start-up: the request layer, the session and the
 * post queue (XState actors), and the alert store. Wiring only: the rules live in the machines and in
 * src/api.
 */
export function createServices(opts: { navigateToLogin: () => void }) {
  const alerts = createAlertStore();

  const api = createApiClient({
    getSession: () => {
      const user = session.getSnapshot().context.user;
      return user ? { EmployeeID: user.EmployeeID, TokenID: user.TokenID, PlantID: user.PlantID } : null;
    },
    getInterface: () => defaultInterface(session.getSnapshot().context.user, window.location.pathname),
    // The hub connection id arrives with the live-core issue; until then the header is empty.
    getConnectionId: () => null,
    ui: {
      showError: (m) => alerts.show('error', m),
      showWarning: (m) => alerts.show('warning', m),
      showSuccess: (m) => alerts.show('success', m),
    },
    onUnauthorized: (statusText, otherUser) =>
      session.send({ type: 'session.unauthorized', statusText, otherUser }),
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<UserRecord, { userName: string; password: string }>(({ input }) =>
          api.post(Login, { UserName: input.userName, Password: input.password }),
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
    { input: { user: storage.loadUser(), employeeId: storage.loadEmployeeId() } },
  );

  const restored = storage.loadQueue();
  const queue = createActor(
    postQueueMachine.provide({
      actors: {
        send: fromPromise(async ({ input }) => {
          await api.sendQueuedPosts(input.posts, input.postQueueEmpty);
        }),
      },
      actions: {
        persist: ({ context }) => storage.saveQueue(context.items, context.failed),
        notifyFailure: (_, params: { message: string }) =>
          alerts.show(
            'error',
            `${params.message} Your change is kept under "Failed saves" to retry or discard.`,
            {
              key: 'queue-failure',
            },
          ),
      },
    }),
    { input: { items: restored.items, failed: restored.failed } },
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

  session.start();
  queue.start();

  /** Validates a call's payload and puts it on the post queue (spec 000 §7.1 queued POST). */
  function enqueue<C extends CallDef>(call: C, payload: PayloadOf<C>): void {
    const { path, body } = api.queuedPostBody(call, payload);
    queue.send({ type: 'queue.enqueue', post: { postId: newId(), path, body, enqueuedAt: Date.now() } });
  }

  return { api, alerts, session, queue, enqueue };
}

export type Services = ReturnType<typeof createServices>;
