import { afterEach, describe, expect, it } from 'vitest';
import { joinTabs, type TabPresence } from './tabs';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** Web Locks as far as joinTabs uses them: exclusive locks, waiting in line, abortable while waiting. */
function fakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const grant = (name: string, callback: () => Promise<void>): Promise<void> => {
    held.add(name);
    return callback().finally(() => {
      held.delete(name);
      waiting.get(name)?.shift()?.();
    });
  };
  const locks = {
    query: async () => ({
      held: [...held].map((name) => ({ name, mode: 'exclusive' as const })),
      pending: [],
    }),
    request: (name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) => {
      if (!held.has(name)) return grant(name, callback);
      return new Promise<void>((resolve, reject) => {
        const turn = () => grant(name, callback).then(resolve, reject);
        const line = waiting.get(name) ?? [];
        line.push(turn);
        waiting.set(name, line);
        options.signal?.addEventListener('abort', () => {
          line.splice(line.indexOf(turn), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
  return { locks: locks as unknown as LockManager, held };
}

const open: TabPresence[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});

async function join(options: Parameters<typeof joinTabs>[0]) {
  const tab = await joinTabs(options);
  open.push(tab);
  return tab;
}

describe('joinTabs with Web Locks', () => {
  it('keeps the id across a reload and knows which tabs are open', async () => {
    const { locks } = fakeLocks();
    const storageA = memory();
    const a = await join({ storage: storageA, locks, channel: null });
    const b = await join({ storage: memory(), locks, channel: null });
    expect(a.id).not.toBe(b.id);
    expect(b.isGone(a.id)).toBe(false);
    expect(b.isGone('closed-tab')).toBe(true);
    expect(b.isGone(b.id)).toBe(false);
    // A reloads: its lock went with the old page, its id stays.
    a.close();
    await new Promise((r) => setTimeout(r, 0));
    const reloaded = await join({ storage: storageA, locks, channel: null });
    expect(reloaded.id).toBe(a.id);
  });

  it('keeps the id when the page before the reload still holds its lock for a moment', async () => {
    const { locks } = fakeLocks();
    const storage = memory();
    const before = await join({ storage, locks, channel: null });
    setTimeout(() => before.close(), 30);
    const after = await join({ storage, locks, channel: null, lockWaitMs: 500 });
    expect(after.id).toBe(before.id);
  });

  it('gives a duplicated tab (copied sessionStorage) a new id', async () => {
    const { locks } = fakeLocks();
    const storage = memory();
    const a = await join({ storage, locks, channel: null });
    const copy = memory();
    copy.setItem('sw.tabId', a.id);
    const b = await join({ storage: copy, locks, channel: null, lockWaitMs: 50 });
    expect(b.id).not.toBe(a.id);
    expect(copy.data.get('sw.tabId')).toBe(b.id);
  });
});

describe('joinTabs over BroadcastChannel (plain http, no Web Locks)', () => {
  it('finds the open tabs by roll call', async () => {
    const a = await join({ storage: memory(), locks: null, waitMs: 20 });
    const b = await join({ storage: memory(), locks: null, waitMs: 50 });
    expect(b.isGone(a.id)).toBe(false);
    expect(b.isGone('closed-tab')).toBe(true);
  });

  it('gives a duplicated tab a new id', async () => {
    const storage = memory();
    const a = await join({ storage, locks: null, waitMs: 20 });
    const copy = memory();
    copy.setItem('sw.tabId', a.id);
    const b = await join({ storage: copy, locks: null, waitMs: 50 });
    expect(b.id).not.toBe(a.id);
  });
});

describe('joinTabs with neither', () => {
  it('counts every other owner as gone (their posts are adopted; PostIDs make a double send harmless)', async () => {
    const t = await join({ storage: null, locks: null, channel: null });
    expect(t.isGone('other')).toBe(true);
    expect(t.isGone(t.id)).toBe(false);
  });
});
