import { newId } from './ids';

/** This tab's identity among the app's open tabs, for the post queue's ownership of stored posts. */
export interface TabPresence {
  /** Survives a reload of this tab (sessionStorage), differs between tabs. */
  readonly id: string;
  /** True when no open tab has this id, as found at start-up: its stored posts are orphans to adopt. */
  isGone(owner: string): boolean;
  /** Stops answering other tabs (tests; the page's end does it anyway). */
  close(): void;
}

export interface JoinTabsOptions {
  /** Where the id is kept across reloads; default `sessionStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Web Locks, when the browser has them (secure contexts only); default `navigator.locks`. */
  locks?: LockManager | null;
  /** BroadcastChannel constructor, the fallback on plain http; default the global one. */
  channel?: typeof BroadcastChannel | null;
  /** How long to wait for other tabs to answer over BroadcastChannel; default 150 ms. */
  waitMs?: number;
  /**
   * How long to wait for this tab's own lock, which the page before a reload may still hold for a
   * moment; default 1000 ms. Still held after that: a duplicated tab has the id.
   */
  lockWaitMs?: number;
}

const ID_KEY = 'sw.tabId';
const LOCK_PREFIX = 'sw.tab.';
const CHANNEL = 'sw.tabs';

type TabMessage = { type: 'who' } | { type: 'here'; id: string };

function readId(storage: JoinTabsOptions['storage']): string | null {
  try {
    return storage?.getItem(ID_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeId(storage: JoinTabsOptions['storage'], id: string) {
  try {
    storage?.setItem(ID_KEY, id);
  } catch {
    // Private mode or storage disabled: the id lasts for this page only, which is still correct.
  }
}

/**
 * Finds which tabs are open and gives this tab an id. With Web Locks (https, localhost) each tab holds
 * the lock `sw.tab.<id>` for its lifetime and the held locks are the open tabs, exactly. Without them
 * (a TV or tablet on plain http) the tabs answer a BroadcastChannel roll call. A duplicated tab copies
 * sessionStorage, so an id already in use gets replaced. With neither API every other owner counts as
 * gone: its posts are adopted and may be sent twice, which the server's PostID check makes harmless.
 */
export async function joinTabs(options: JoinTabsOptions = {}): Promise<TabPresence> {
  const storage = options.storage === undefined ? globalThis.sessionStorage : options.storage;
  const locks =
    options.locks === undefined
      ? ((globalThis.navigator as Navigator | undefined)?.locks ?? null)
      : options.locks;
  const Channel = options.channel === undefined ? (globalThis.BroadcastChannel ?? null) : options.channel;
  let id = readId(storage) ?? newId();
  const alive = new Set<string>();
  const cleanups: (() => void)[] = [];

  if (locks) {
    const release = new AbortController();
    cleanups.push(() => release.abort());
    // Resolves true once the lock is ours (held until the page goes away or close()), false if the
    // wait was given up.
    const hold = (name: string, wait?: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        locks
          .request(name, wait ? { signal: wait } : {}, () => {
            resolve(true);
            return new Promise<void>((done) => release.signal.addEventListener('abort', () => done()));
          })
          .catch(() => resolve(false));
      });
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(), options.lockWaitMs ?? 1000);
    // After a reload the previous page of this same tab may hold the lock for a moment: wait for it,
    // rather than take this tab for a copy and leave its own pending posts behind.
    const mine = await hold(LOCK_PREFIX + id, giveUp.signal);
    clearTimeout(timer);
    if (!mine) {
      id = newId();
      await hold(LOCK_PREFIX + id);
    }
    const held = await locks.query();
    for (const lock of held.held ?? []) {
      if (lock.name?.startsWith(LOCK_PREFIX)) alive.add(lock.name.slice(LOCK_PREFIX.length));
    }
  } else if (Channel) {
    const channel = new Channel(CHANNEL);
    let current = id;
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message?.type === 'who') channel.postMessage({ type: 'here', id: current } satisfies TabMessage);
      else if (message?.type === 'here' && typeof message.id === 'string') alive.add(message.id);
    };
    channel.postMessage({ type: 'who' } satisfies TabMessage);
    await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 150));
    if (alive.has(id)) {
      id = newId();
      current = id;
    }
    cleanups.push(() => channel.close());
  }

  writeId(storage, id);
  const known = locks || Channel;
  return {
    id,
    isGone: (owner) => owner !== id && (!known || !alive.has(owner)),
    close: () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}
