// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { shellState } from './shell-state';

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
    expect(shellState.peekAfterLogin()).toBe('/screenviewer');
    expect(shellState.peekAfterLogin()).toBe('/screenviewer');
    shellState.setAfterLogin(null);
    expect(shellState.peekAfterLogin()).toBeNull();
  });
});
