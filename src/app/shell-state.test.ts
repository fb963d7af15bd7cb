// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { afterLoginPath, shellState } from './shell-state';

describe('shell state', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    shellState.reset();
  });

  it('keeps the interface preference and the first TV path in browser storage across a reload', () => {
    shellState.setInterface('manufacturingApp');
    shellState.rememberTvPath('/tv/kpimonitor/3');
    shellState.reset(); // what a reload reads
    expect(shellState.getSnapshot()).toMatchObject({
      interfacePref: 'manufacturingApp',
      tvPath: '/tv/kpimonitor/3',
    });
  });

  it('ignores an interface preference that is not an interface', () => {
    localStorage.setItem('sw.interface', 'nonsense');
    shellState.reset();
    expect(shellState.getSnapshot().interfacePref).toBeNull();
  });

  it('notifies subscribers only on a real change', () => {
    let calls = 0;
    const stop = shellState.subscribe(() => calls++);
    shellState.setValidationsLoaded(true);
    shellState.setValidationsLoaded(true);
    shellState.setValidationsLoaded(false);
    stop();
    expect(calls).toBe(2);
  });

  it('remembers where Login continues, for this tab, until cleared', () => {
    shellState.setAfterLogin('/screenviewer');
    expect(shellState.peekAfterLogin()).toEqual({ path: '/screenviewer', employeeId: null });
    expect(afterLoginPath(shellState.peekAfterLogin(), 1003)).toBe('/screenviewer');
    shellState.setAfterLogin(null);
    expect(shellState.peekAfterLogin()).toBeNull();
  });

  it('an address left when a session ended is continued to by that person only (issue 15)', () => {
    shellState.setAfterLogin('/manufacturing/menu', 1004);
    expect(afterLoginPath(shellState.peekAfterLogin(), 1004)).toBe('/manufacturing/menu');
    expect(afterLoginPath(shellState.peekAfterLogin(), 1009)).toBeNull();
  });

  describe('the interface preference belongs to the person (issue 15)', () => {
    it('another user logging in on the same browser does not inherit it', () => {
      shellState.setUser(1004);
      shellState.setInterface('manufacturingApp');
      shellState.setUser(null);
      shellState.setUser(1003);
      expect(shellState.getSnapshot().interfacePref).toBeNull();
      shellState.setUser(1009);
      expect(shellState.getSnapshot().interfacePref).toBeNull();
    });

    it('the same user finds their own again, after another user and after a reload', () => {
      shellState.setUser(1004);
      shellState.setInterface('manufacturingApp');
      shellState.setUser(1003);
      shellState.setInterface('manufacturing');
      shellState.setUser(1004);
      expect(shellState.getSnapshot().interfacePref).toBe('manufacturingApp');
      shellState.reset(); // a reload: no one until the router reads the session
      shellState.setUser(1003);
      expect(shellState.getSnapshot().interfacePref).toBe('manufacturing');
    });

    it('what no one set (a TV) is the browser’s own and not any user’s', () => {
      shellState.setInterface('tv');
      shellState.setUser(1004);
      expect(shellState.getSnapshot().interfacePref).toBeNull();
      shellState.setUser(null);
      expect(shellState.getSnapshot().interfacePref).toBe('tv');
    });
  });
});
