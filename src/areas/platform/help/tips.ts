import type { DismissedTip } from '../../../../domain/platform/help';

export type TipStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface TipState {
  employeeId: number | null;
  /** 'ready' once the server's list arrived; 'failed' when it could not (the local copy is used). */
  status: TipStatus;
  /** Keys made by {@link tipId}. */
  dismissed: ReadonlySet<string>;
}

/** One tip on one route. */
export const tipId = (tipKey: string, routeName: string) => JSON.stringify([tipKey, routeName]);

export interface TipStoreOptions {
  /** GET web/GetDismissedTips. */
  fetchDismissed(): Promise<DismissedTip[]>;
  /** Sends POST web/DismissTip, through the post queue so an offline dismissal is kept and sent later. */
  sendDismissal(tip: DismissedTip): void;
  /** Where the local copy lives (per employee); default localStorage, null for none. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface TipStore {
  /** Loads the employee's dismissed tips once (again after a failure, or for another employee). */
  forEmployee(employeeId: number): void;
  isDismissed(tipKey: string, routeName: string): boolean;
  dismiss(tipKey: string, routeName: string): void;
  getSnapshot(): TipState;
  subscribe(listener: () => void): () => void;
}

const storageKey = (employeeId: number) => `sw.dismissedTips.${employeeId}`;

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Dismissed help tips (spec 000 §1, §4): remembered per tip key and route, on the server (so they
 * follow the employee to every device) and in a local copy (so a reload, or a dismissal still waiting
 * in the post queue, does not bring a tip back). Dismissals are never undone, so the server's list and
 * the local copy are simply merged.
 */
export function createTipStore(opts: TipStoreOptions): TipStore {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  let state: TipState = { employeeId: null, status: 'idle', dismissed: new Set() };
  const listeners = new Set<() => void>();
  const set = (next: TipState) => {
    state = next;
    for (const l of listeners) l();
  };

  const readLocal = (employeeId: number): string[] => {
    try {
      const list = JSON.parse(storage?.getItem(storageKey(employeeId)) ?? '[]');
      return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
    } catch {
      return [];
    }
  };
  const writeLocal = (employeeId: number, dismissed: ReadonlySet<string>) => {
    try {
      storage?.setItem(storageKey(employeeId), JSON.stringify([...dismissed]));
    } catch {
      // A full or refused storage only costs the local copy; the server keeps the dismissal.
    }
  };

  return {
    forEmployee(employeeId) {
      const same = state.employeeId === employeeId;
      if (same && (state.status === 'loading' || state.status === 'ready')) return;
      const local = same ? state.dismissed : new Set(readLocal(employeeId));
      set({ employeeId, status: 'loading', dismissed: local });
      opts.fetchDismissed().then(
        (tips) => {
          if (state.employeeId !== employeeId) return;
          const merged = new Set([...state.dismissed, ...tips.map((t) => tipId(t.TipKey, t.RouteName))]);
          writeLocal(employeeId, merged);
          set({ employeeId, status: 'ready', dismissed: merged });
        },
        () => {
          if (state.employeeId === employeeId) set({ ...state, status: 'failed' });
        },
      );
    },
    isDismissed: (tipKey, routeName) => state.dismissed.has(tipId(tipKey, routeName)),
    dismiss(tipKey, routeName) {
      const id = tipId(tipKey, routeName);
      if (state.dismissed.has(id)) return;
      const dismissed = new Set([...state.dismissed, id]);
      set({ ...state, dismissed });
      if (state.employeeId !== null) writeLocal(state.employeeId, dismissed);
      opts.sendDismissal({ TipKey: tipKey, RouteName: routeName });
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
