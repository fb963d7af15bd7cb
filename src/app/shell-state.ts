import { type InterfaceName, interfaces } from '../../domain/contract/wire';

/**
 * Small pieces of shell state that outlive a screen: the interface preference and the first TV path
 * (browser storage, spec 000 §2.3 and §3.1), the loaded PM order, and the configurator's open project
 * and its "validations loaded" flag (reset on every route change, spec 000 §2.3). Each is an external
 * store for useSyncExternalStore.
 *
 * The interface preference belongs to the person, not the browser (issue 15): an office user who once
 * opened a tablet link must not hand the shop-floor app to the next person who logs in on that browser.
 * Each employee's preference has its own key; the browser's own (no one logged in) is what a TV keeps.
 */
const INTERFACE = 'sw.interface';
const interfaceKey = (employeeId: number | null) =>
  employeeId === null ? INTERFACE : `${INTERFACE}.${employeeId}`;
const TV_PATH = 'sw.tvPath';
const AFTER_LOGIN = 'sw.afterLogin';

function get(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function set(store: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the preference lasts for this page only.
  }
}
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export interface AfterLogin {
  path: string;
  /** Who was there when the session ended; null: opened while logged out. */
  employeeId: number | null;
}

/** Where Login continues for the employee who just logged in: their own address, or one left by no one. */
export function afterLoginPath(entry: AfterLogin | null, employeeId: number): string | null {
  if (!entry) return null;
  return entry.employeeId === null || entry.employeeId === employeeId ? entry.path : null;
}

export interface ShellState {
  interfacePref: InterfaceName | null;
  tvPath: string | null;
  loadedOrder: { orderNum: number; description: string } | null;
  configuratorProject: { id: number; description: string } | null;
  validationsLoaded: boolean;
}

/** Whose preference is read and written: the logged-in employee, or null (the browser's own). */
let owner: number | null = null;

function readInterface(): InterfaceName | null {
  const v = get(local(), interfaceKey(owner));
  return v && (interfaces as readonly string[]).includes(v) ? (v as InterfaceName) : null;
}

let state: ShellState = {
  interfacePref: readInterface(),
  tvPath: get(local(), TV_PATH),
  loadedOrder: null,
  configuratorProject: null,
  validationsLoaded: false,
};
const listeners = new Set<() => void>();

function update(next: Partial<ShellState>): void {
  const changed = (Object.keys(next) as (keyof ShellState)[]).some((k) => next[k] !== state[k]);
  if (!changed) return;
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const shellState = {
  getSnapshot: (): ShellState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The employee now logged in (null: no one); their own preference becomes the one in force. */
  setUser(employeeId: number | null): void {
    if (employeeId === owner) return;
    owner = employeeId;
    update({ interfacePref: readInterface() });
  },
  setInterface(pref: InterfaceName | null): void {
    set(local(), interfaceKey(owner), pref);
    update({ interfacePref: pref });
  },
  rememberTvPath(path: string | null): void {
    set(local(), TV_PATH, path);
    update({ tvPath: path });
  },
  setLoadedOrder(order: ShellState['loadedOrder']): void {
    update({ loadedOrder: order });
  },
  setConfiguratorProject(project: ShellState['configuratorProject']): void {
    update({ configuratorProject: project });
  },
  setValidationsLoaded(loaded: boolean): void {
    update({ validationsLoaded: loaded });
  },
  /**
   * Where Login continues once the user is in (the address that sent them to Login). `employeeId`: the
   * person who was there when the session ended (logout, expiry); only they continue to it, so the next
   * person on a shared browser starts at their own Home. Null: an address opened while logged out, which
   * anyone who logs in continues to.
   */
  setAfterLogin(path: string | null, employeeId: number | null = null): void {
    set(session(), AFTER_LOGIN, path === null ? null : JSON.stringify({ path, employeeId }));
  },
  /** What Login was asked to continue to, and for whom (see {@link afterLoginPath}). */
  peekAfterLogin(): AfterLogin | null {
    try {
      const stored = JSON.parse(get(session(), AFTER_LOGIN) ?? 'null') as Partial<AfterLogin> | null;
      if (typeof stored?.path !== 'string') return null;
      const employeeId = typeof stored.employeeId === 'number' ? stored.employeeId : null;
      return { path: stored.path, employeeId };
    } catch {
      return null;
    }
  },
  /** The employee whose preference is in force (the last one the router saw logged in), or null. */
  user(): number | null {
    return owner;
  },
  /** Tests: start over from storage, no one logged in. */
  reset(): void {
    owner = null;
    state = {
      interfacePref: readInterface(),
      tvPath: get(local(), TV_PATH),
      loadedOrder: null,
      configuratorProject: null,
      validationsLoaded: false,
    };
    for (const l of listeners) l();
  },
};
