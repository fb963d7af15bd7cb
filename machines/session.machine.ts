import { assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { UserRecord } from '../domain/platform/session';

/** What the app restores from storage when the tab opens (spec 000 §3.1). */
export interface SessionInput {
  user: UserRecord | null;
  /** Kept apart from `user` because an other-user 401 clears the user but keeps this for the login form. */
  employeeId?: number | null;
}

/** Context of {@link sessionMachine}. */
export interface SessionContext {
  user: UserRecord | null;
  /** Survives an other-user 401 so the login form can offer the same employee again (spec 000 §4). */
  employeeId: number | null;
  /** The login failure or the 401 status text; null when there is nothing to show. */
  error: string | null;
}

/** Input of the `login` actor. */
export interface LoginInput {
  userName: string;
  password: string;
}

/** Input of the `logout` actor: the user whose session ends. */
export interface LogoutInput {
  user: UserRecord | null;
}

/** Params of the `storeSession` action: the user to persist. */
export interface StoreSessionParams {
  user: UserRecord;
}

/** Params of the `clearStoredSession` action. */
export interface ClearStoredSessionParams {
  /** True after an other-user 401: the stored employee id must survive so the login form can offer it. */
  keepEmployeeId: boolean;
  /** The employee id to keep, or null when it is cleared too. */
  employeeId: number | null;
}

/** Events of {@link sessionMachine}. */
export type SessionEvent =
  | { type: 'session.login'; userName: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized'; statusText: string; otherUser: boolean }
  | { type: 'session.acknowledge' }
  | { type: 'session.userUpdated'; user: UserRecord };

// A deliberate logout forgets the employee too: only an other-user 401 keeps it for the login form.
const LOGGED_OUT: ClearStoredSessionParams = { keepEmployeeId: false, employeeId: null };

function errorMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * The user session (spec 000 §3.1 and §4): logged in or out. A 401 clears the user (or everything but
 * the employee id when the session belongs to another user) and shows an error; closing that error
 * (`session.acknowledge`) fires `goToLogin`.
 *
 * Provide with `.provide()`:
 * - actors `login` (input {@link LoginInput}, resolves to a `UserRecord`) and `logout` (input {@link LogoutInput});
 * - actions `storeSession` ({@link StoreSessionParams}), `clearStoredSession` ({@link ClearStoredSessionParams}) and `goToLogin`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    // Rejecting rather than resolving, so that an app that forgot to provide the real call cannot log in.
    login: fromPromise<UserRecord, LoginInput>(async () => {
      throw new Error('session: the login actor was not provided');
    }),
    logout: fromPromise<void, LogoutInput>(async () => {}),
  },
  actions: {
    storeSession: (_, _params: StoreSessionParams) => {},
    clearStoredSession: (_, _params: ClearStoredSessionParams) => {},
    goToLogin: () => {},
    forgetSession: assign({ user: null, employeeId: null, error: null }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.user,
    employeeId: input.user?.EmployeeID ?? input.employeeId ?? null,
    error: null,
  }),
  initial: 'loggedOut',
  on: {
    // Handled at the root so that one declaration covers loggedIn, loggingIn and loggingOut; the states
    // where a 401 means nothing (loggedOut, unauthorized) override it with a no-op below.
    'session.unauthorized': {
      target: '.unauthorized',
      actions: [
        assign(({ context, event }) => ({
          user: null,
          employeeId: event.otherUser ? context.employeeId : null,
          error: event.statusText,
        })),
        {
          type: 'clearStoredSession',
          params: ({ context, event }) => ({
            keepEmployeeId: event.otherUser,
            employeeId: context.employeeId,
          }),
        },
      ],
    },
  },
  states: {
    loggedOut: {
      // A session restored from storage starts here and moves on at once, so there is one entry point.
      always: { guard: 'hasUser', target: 'loggedIn' },
      on: {
        'session.login': { target: 'loggingIn', actions: assign({ error: null }) },
        // Nothing to clear: a late 401 from a request of the previous session must not show an error.
        'session.unauthorized': {},
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        // The password is read from the event, never kept in context (snapshots may be persisted or logged).
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { userName: event.userName, password: event.password };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ user: event.output, employeeId: event.output.EmployeeID, error: null })),
            { type: 'storeSession', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loggedIn: {
      on: {
        'session.logout': 'loggingOut',
        'session.userUpdated': {
          actions: [
            assign(({ event }) => ({ user: event.user, employeeId: event.user.EmployeeID })),
            { type: 'storeSession', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
    loggingOut: {
      on: {
        // The user asked to leave: a call already under way when the server ended the session answers
        // 401 "expired", which must not hold them on an error. Another user's login still says so.
        'session.unauthorized': [
          {
            guard: ({ event }) => event.otherUser,
            target: 'unauthorized',
            actions: [
              assign(({ context, event }) => ({
                user: null,
                employeeId: context.employeeId,
                error: event.statusText,
              })),
              {
                type: 'clearStoredSession',
                params: ({ context }) => ({ keepEmployeeId: true, employeeId: context.employeeId }),
              },
            ],
          },
          // Anything else (an expired session): stay, and let the logout finish.
          {},
        ],
      },
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ user: context.user }),
        // The server may be unreachable or the token already dead: the user asked to leave, so leave.
        onDone: {
          target: 'loggedOut',
          actions: ['forgetSession', { type: 'clearStoredSession', params: LOGGED_OUT }],
        },
        onError: {
          target: 'loggedOut',
          actions: ['forgetSession', { type: 'clearStoredSession', params: LOGGED_OUT }],
        },
      },
    },
    unauthorized: {
      on: {
        'session.acknowledge': { target: 'loggedOut', actions: [assign({ error: null }), 'goToLogin'] },
        // The first 401 already cleared the session; parallel requests failing the same way add nothing.
        'session.unauthorized': {},
      },
    },
  },
});

/** A snapshot of {@link sessionMachine}. */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** True while a user is logged in and not on the way out. */
export function isLoggedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('loggedIn');
}
