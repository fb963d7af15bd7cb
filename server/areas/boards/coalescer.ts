/** The part of a Fastify/pino logger the coalescer uses. */
export interface CoalescerLog {
  error(obj: object, msg: string): void;
}

interface KeyState {
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** A request came after the last run started: one more run is owed. */
  dirty: boolean;
  /** When the last run started (ms, the injected clock). */
  lastStart: number;
}

/**
 * Runs `work(key)` after requests for a key, at most once per `intervalMs` per key, and always once
 * more after the last request: a burst of N requests costs about N·(run time)/interval runs, and the
 * last run starts after the last request, so it sees everything the requests stood for.
 *
 * The first request after a quiet moment runs at once (next tick): a lone write is not delayed by the
 * window. A request while a run is going, or inside the window, marks the key dirty; the owed run
 * starts when both the window has passed and the running one has ended (never two at once per key).
 * A failed run is logged and owed again (at the next window), so a database blip does not leave the
 * last state unpublished.
 */
export class Coalescer<K> {
  private readonly states = new Map<K, KeyState>();
  private readonly idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly work: (key: K) => Promise<void>,
    private readonly options: { intervalMs?: number; log?: CoalescerLog; now?: () => number } = {},
  ) {}

  private get interval(): number {
    return this.options.intervalMs ?? 1000;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Asks for a run of `key`; ignored once closed. */
  request(key: K): void {
    if (this.closed) return;
    let s = this.states.get(key);
    if (!s) {
      s = { timer: null, running: false, dirty: false, lastStart: Number.NEGATIVE_INFINITY };
      this.states.set(key, s);
    }
    s.dirty = true;
    this.schedule(key, s);
  }

  /** True while a run is going or owed for any key. */
  busy(): boolean {
    for (const s of this.states.values()) if (s.running || s.dirty) return true;
    return false;
  }

  /** Resolves when no run is going or owed (tests; shutdown). */
  idle(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Shutdown: runs every owed key now (without waiting for its window), waits for the runs, and takes
   * no more requests. The last state of every key is published before the database closes.
   */
  async flush(): Promise<void> {
    this.closed = true;
    const owed: Promise<void>[] = [];
    for (const [key, s] of this.states) {
      if (s.timer) {
        clearTimeout(s.timer);
        s.timer = null;
      }
      if (s.dirty && !s.running) owed.push(this.fire(key, s));
    }
    await Promise.all(owed);
    await this.idle();
  }

  private schedule(key: K, s: KeyState): void {
    if (s.running || s.timer || !s.dirty) return;
    const wait = this.closed ? 0 : Math.max(0, s.lastStart + this.interval - this.now());
    s.timer = setTimeout(() => {
      s.timer = null;
      void this.fire(key, s);
    }, wait);
  }

  private async fire(key: K, s: KeyState): Promise<void> {
    if (!s.dirty || s.running) return;
    s.dirty = false;
    s.running = true;
    s.lastStart = this.now();
    try {
      await this.work(key);
    } catch (err) {
      this.options.log?.error({ err, key: String(key) }, 'coalesced rebuild failed; retrying');
      // Owed again: the failed run published nothing. Not while closing (the database is going away).
      if (!this.closed) s.dirty = true;
    } finally {
      s.running = false;
    }
    if (s.dirty) {
      if (this.closed) await this.fire(key, s);
      else this.schedule(key, s);
    }
    if (!this.busy()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
