import { type InterfaceName, interfaces } from '../../domain/contract/wire';

/**
 * Small pieces of shell state that outlive a screen: the interface preference and the first TV path
 * (browser storage, spec 000 §2.3 and §3.1), the loaded PM order, and the configurator's open project
 * and its "validations loaded" flag (reset on every route change, spec 000 §2.3). Each is an external
 * store for useSyncExternalStore.
 */
const INTERFACE = 'sw.interface';
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

export interface ShellState {
  interfacePref: InterfaceName | null;
  tvPath: string | null;
  loadedOrder: { orderNum: number; description: string } | null;
  configuratorProject: { id: number; description: string } | null;
  validationsLoaded: boolean;
}

function readInterface(): InterfaceName | null {
  const v = get(local(), INTERFACE);
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
  setInterface(pref: InterfaceName | null): void {
    set(local(), INTERFACE, pref);
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
  /** Where Login continues once the user is in (the address that sent them to Login). */
  setAfterLogin(path: string | null): void {
    set(session(), AFTER_LOGIN, path);
  },
  peekAfterLogin(): string | null {
    return get(session(), AFTER_LOGIN);
  },
  /** Tests: start over from storage. */
  reset(): void {
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
