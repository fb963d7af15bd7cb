import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EXPIRED_401_TEXT, OTHER_USER_401_TEXT } from '../domain/contract/wire';
import { flagServerName, permissionFlags } from '../domain/platform/permissions';
import { UserRecord } from '../domain/platform/session';
import { deferred } from '../tests/support/fixtures';
import {
  type ClearStoredSessionParams,
  isLoggedIn,
  type LoginInput,
  type LogoutInput,
  type SessionInput,
  type StoreSessionParams,
  sessionMachine,
} from './session.machine';

function makeUser(overrides: Partial<UserRecord> = {}): UserRecord {
  // Parsed through the real schema so the fixture cannot drift from the wire shape.
  return UserRecord.parse({
    EmployeeID: 42,
    Name: 'Ada Welder',
    TokenID: 'token-42',
    PlantID: 1,
    PhotoFile: null,
    Language: 'en',
    Email: null,
    DomainID: null,
    ShowMyHelp: false,
    ViewableSecureReports: [],
    ...Object.fromEntries(permissionFlags.map((f) => [flagServerName(f), false])),
    ...overrides,
  });
}

function start(
  input: SessionInput = { user: null },
  impl: {
    login?: (input: LoginInput) => Promise<UserRecord>;
    logout?: (input: LogoutInput) => Promise<void>;
  } = {},
) {
  const storeSession = vi.fn<(params: StoreSessionParams) => void>();
  const clearStoredSession = vi.fn<(params: ClearStoredSessionParams) => void>();
  const goToLogin = vi.fn<() => void>();
  const login = vi.fn(impl.login ?? (async () => makeUser()));
  const logout = vi.fn(impl.logout ?? (async () => {}));
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<UserRecord, LoginInput>(({ input }) => login(input)),
      logout: fromPromise<void, LogoutInput>(({ input }) => logout(input)),
    },
    actions: {
      storeSession: (_, params) => storeSession(params),
      clearStoredSession: (_, params) => clearStoredSession(params),
      goToLogin: () => goToLogin(),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, storeSession, clearStoredSession, goToLogin, login, logout };
}

async function loggedIn(user = makeUser()) {
  const s = start({ user: null }, { login: async () => user });
  s.actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
  await waitFor(s.actor, isLoggedIn);
  s.storeSession.mockClear();
  return s;
}

describe('sessionMachine', () => {
  it('starts logged out without a restored user', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(isLoggedIn(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: null, error: null });
  });

  it('restores a stored session as logged in, taking the employee id from the user', () => {
    const user = makeUser({ EmployeeID: 7 });
    const { actor } = start({ user, employeeId: 99 });
    expect(isLoggedIn(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(actor.getSnapshot().context.employeeId).toBe(7);
  });

  it('restores only the employee id after an other-user 401 in a previous tab', () => {
    const { actor } = start({ user: null, employeeId: 13 });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.employeeId).toBe(13);
  });

  it('logs in through the login actor and stores the session', async () => {
    const user = makeUser({ EmployeeID: 5 });
    const gate = deferred<UserRecord>();
    const { actor, login, storeSession } = start({ user: null }, { login: () => gate.promise });

    actor.send({ type: 'session.login', userName: 'ada', password: 'secret' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(login).toHaveBeenCalledWith({ userName: 'ada', password: 'secret' });
    // The password is only ever handed to the actor, never held where snapshots could persist it.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('secret');
    expect(storeSession).not.toHaveBeenCalled();

    gate.resolve(user);
    await waitFor(actor, isLoggedIn);
    expect(actor.getSnapshot().context).toEqual({ user, employeeId: 5, error: null });
    expect(storeSession).toHaveBeenCalledExactlyOnceWith({ user });
  });

  it('returns to loggedOut with the rejection message when login fails', async () => {
    const { actor, storeSession } = start(
      { user: null },
      {
        login: async () => {
          throw new Error('Wrong user name or password');
        },
      },
    );
    actor.send({ type: 'session.login', userName: 'ada', password: 'bad' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(actor.getSnapshot().context.error).toBe('Wrong user name or password');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(storeSession).not.toHaveBeenCalled();
  });

  it('uses String(reason) when login rejects with a non-Error, and clears the error on the next try', async () => {
    let attempt = 0;
    const { actor } = start(
      { user: null },
      {
        login: () => {
          attempt += 1;
          return attempt === 1 ? Promise.reject('offline') : new Promise<UserRecord>(() => {});
        },
      },
    );
    actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(actor.getSnapshot().context.error).toBe('offline');

    actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores session.logout and session.userUpdated while logged out', () => {
    const { actor, storeSession, logout } = start();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.userUpdated', user: makeUser() });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(storeSession).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
  });

  it('ignores session.login while already logged in', async () => {
    const { actor, login } = await loggedIn();
    login.mockClear();
    actor.send({ type: 'session.login', userName: 'other', password: 'pw' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(login).not.toHaveBeenCalled();
  });

  it('replaces and stores the user on session.userUpdated', async () => {
    const { actor, storeSession } = await loggedIn(makeUser({ Language: 'en' }));
    const updated = makeUser({ Language: 'es' });
    actor.send({ type: 'session.userUpdated', user: updated });
    expect(actor.getSnapshot().context.user?.Language).toBe('es');
    expect(storeSession).toHaveBeenCalledExactlyOnceWith({ user: updated });
  });

  it('logs out through the logout actor, then clears user, employee id and storage', async () => {
    const gate = deferred<void>();
    const user = makeUser();
    const s = start({ user }, { logout: () => gate.promise });
    s.actor.send({ type: 'session.logout' });
    expect(s.actor.getSnapshot().value).toBe('loggingOut');
    expect(isLoggedIn(s.actor.getSnapshot())).toBe(false);
    expect(s.logout).toHaveBeenCalledWith({ user });
    expect(s.clearStoredSession).not.toHaveBeenCalled();

    gate.resolve();
    await waitFor(s.actor, (snap) => snap.matches('loggedOut'));
    expect(s.actor.getSnapshot().context).toEqual({ user: null, employeeId: null, error: null });
    expect(s.clearStoredSession).toHaveBeenCalledExactlyOnceWith({ keepEmployeeId: false, employeeId: null });
  });

  it('still ends in loggedOut with the user cleared when the logout call fails', async () => {
    const s = start(
      { user: makeUser() },
      {
        logout: async () => {
          throw new Error('Network down');
        },
      },
    );
    s.actor.send({ type: 'session.logout' });
    await waitFor(s.actor, (snap) => snap.matches('loggedOut'));
    expect(s.actor.getSnapshot().context.user).toBeNull();
    expect(s.actor.getSnapshot().context.error).toBeNull();
    expect(s.clearStoredSession).toHaveBeenCalledOnce();
  });

  it('clears everything on an expired-session 401 and shows the status text', async () => {
    const { actor, clearStoredSession, goToLogin } = await loggedIn(makeUser({ EmployeeID: 42 }));
    actor.send({ type: 'session.unauthorized', statusText: EXPIRED_401_TEXT, otherUser: false });
    expect(actor.getSnapshot().value).toBe('unauthorized');
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: null, error: EXPIRED_401_TEXT });
    expect(clearStoredSession).toHaveBeenCalledExactlyOnceWith({ keepEmployeeId: false, employeeId: null });
    // Navigation waits for the user to close the error.
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('keeps the employee id on an other-user 401', async () => {
    const { actor, clearStoredSession } = await loggedIn(makeUser({ EmployeeID: 42 }));
    actor.send({ type: 'session.unauthorized', statusText: OTHER_USER_401_TEXT, otherUser: true });
    expect(actor.getSnapshot().value).toBe('unauthorized');
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: 42, error: OTHER_USER_401_TEXT });
    expect(clearStoredSession).toHaveBeenCalledExactlyOnceWith({ keepEmployeeId: true, employeeId: 42 });
  });

  it('goes to Login only when the 401 error is acknowledged, keeping the employee id for the form', async () => {
    const { actor, goToLogin } = await loggedIn(makeUser({ EmployeeID: 42 }));
    actor.send({ type: 'session.unauthorized', statusText: OTHER_USER_401_TEXT, otherUser: true });
    actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
    expect(actor.getSnapshot().value).toBe('unauthorized');

    actor.send({ type: 'session.acknowledge' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: 42, error: null });
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('ignores a second 401 while the first is shown', async () => {
    const { actor, clearStoredSession } = await loggedIn(makeUser({ EmployeeID: 42 }));
    actor.send({ type: 'session.unauthorized', statusText: OTHER_USER_401_TEXT, otherUser: true });
    actor.send({ type: 'session.unauthorized', statusText: EXPIRED_401_TEXT, otherUser: false });
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: 42, error: OTHER_USER_401_TEXT });
    expect(clearStoredSession).toHaveBeenCalledOnce();
  });

  it('ignores a 401 while logged out', () => {
    const { actor, clearStoredSession } = start({ user: null, employeeId: 42 });
    actor.send({ type: 'session.unauthorized', statusText: EXPIRED_401_TEXT, otherUser: false });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, employeeId: 42, error: null });
    expect(clearStoredSession).not.toHaveBeenCalled();
  });

  it('handles a 401 during logging in: the login result is dropped', async () => {
    const gate = deferred<UserRecord>();
    const { actor, storeSession } = start({ user: null }, { login: () => gate.promise });
    actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
    actor.send({ type: 'session.unauthorized', statusText: EXPIRED_401_TEXT, otherUser: false });
    expect(actor.getSnapshot().value).toBe('unauthorized');

    gate.resolve(makeUser());
    await gate.promise;
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('unauthorized');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(storeSession).not.toHaveBeenCalled();
  });

  it('handles a 401 during logging out', async () => {
    const gate = deferred<void>();
    const s = start({ user: makeUser({ EmployeeID: 42 }) }, { logout: () => gate.promise });
    s.actor.send({ type: 'session.logout' });
    s.actor.send({ type: 'session.unauthorized', statusText: OTHER_USER_401_TEXT, otherUser: true });
    expect(s.actor.getSnapshot().value).toBe('unauthorized');
    expect(s.actor.getSnapshot().context).toEqual({ user: null, employeeId: 42, error: OTHER_USER_401_TEXT });

    gate.resolve();
    await new Promise((r) => setTimeout(r, 0));
    // The stopped logout actor must not drag the machine out of the error the user has not closed.
    expect(s.actor.getSnapshot().value).toBe('unauthorized');
  });

  it('ignores an expired-session 401 during logging out: the user asked to leave, and leaves', async () => {
    const gate = deferred<void>();
    const s = start({ user: makeUser({ EmployeeID: 42 }) }, { logout: () => gate.promise });
    s.actor.send({ type: 'session.logout' });
    s.actor.send({ type: 'session.unauthorized', statusText: EXPIRED_401_TEXT, otherUser: false });
    expect(s.actor.getSnapshot().value).toBe('loggingOut');
    gate.resolve();
    await waitFor(s.actor, (snap) => snap.matches('loggedOut'));
    expect(s.actor.getSnapshot().context.error).toBeNull();
  });

  it('rejects by default when the app did not provide the login actor', async () => {
    const actor = createActor(sessionMachine, { input: { user: null } }).start();
    actor.send({ type: 'session.login', userName: 'ada', password: 'pw' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(isLoggedIn(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.error).toMatch(/not provided/);
  });
});
