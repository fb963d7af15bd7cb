import type { ChangeItem } from '../../domain/live/changes';

/** The change log's changes of `topic` after `since`, in sequence order, at most `limit`. */
export type ChangesAfter = (topic: string, since: number, limit: number) => Promise<ChangeItem[]>;

interface TopicState {
  /** The highest sequence number this node delivered for the topic; null until the first one. */
  last: number | null;
  /**
   * While `last` is null: the highest latest-seq a Subscribe answered for the topic. Its followers pull
   * up to it themselves, so a catch-up starts after it.
   */
  floor: number;
  /** A catch-up from the change log is running: the topic's live items wait in `queue`. */
  filling: boolean;
  /** Another catch-up was asked for while one ran (the backplane reconnected again). */
  again: boolean;
  queue: ChangeItem[];
  /** The topic still has followers here (a state whose catch-up runs outlives its last follower). */
  tracked: boolean;
}

/** Rows per change-log read of a catch-up. */
const FILL_PAGE = 1000;

/**
 * Puts each followed topic's changes in sequence order, once, for this node's hub (issue 14 §5).
 *
 * The backplane is best effort: a change published while this node's Redis subscriber reconnects never
 * arrives, and changes of one topic written on two nodes may arrive in either order. The change log is
 * the outbox, so the node fills from it: a change that skips numbers is held until the missing ones
 * are read from the log, a change already delivered is dropped, and when the backplane comes back
 * (`resync`) every followed topic is read from what this node delivered last. Clients then get every
 * change in order and once, without waiting for their next gap.
 *
 * Only topics with followers on this node have a state (`track`/`untrack`), so the cost is one map
 * lookup per change for the rest.
 */
export class TopicSequencer {
  private readonly states = new Map<string, TopicState>();

  constructor(
    private readonly changesAfter: ChangesAfter | null,
    /** Delivers items, in order, to the topic's followers. */
    private readonly emit: (items: ChangeItem[]) => void,
    private readonly onError: (err: unknown, topic: string) => void,
  ) {}

  /** The topic has its first follower on this node. */
  track(topic: string): void {
    const state = this.states.get(topic);
    if (state) state.tracked = true;
    else
      this.states.set(topic, {
        last: null,
        floor: 0,
        filling: false,
        again: false,
        queue: [],
        tracked: true,
      });
  }

  /** The topic has no follower left on this node. */
  untrack(topic: string): void {
    const state = this.states.get(topic);
    if (!state) return;
    state.tracked = false;
    // A running catch-up still delivers what it read (to nobody, or to a new follower) and then goes.
    if (!state.filling) this.states.delete(topic);
  }

  /** A Subscribe answered `latest` for the topic. */
  subscribed(topic: string, latest: number): void {
    const state = this.states.get(topic);
    if (state && state.last === null && latest > state.floor) state.floor = latest;
  }

  /** The items to deliver now, in order; gaps start a catch-up whose items are emitted later. */
  accept(changes: readonly ChangeItem[]): readonly ChangeItem[] {
    let out: ChangeItem[] | null = null;
    for (let i = 0; i < changes.length; i++) {
      const change = changes[i]!;
      const state = this.states.get(change.topic);
      let pass = true;
      if (state) {
        if (state.filling) {
          state.queue.push(change);
          pass = false;
        } else if (state.last === null || change.seq === state.last + 1 || !this.changesAfter) {
          state.last = Math.max(state.last ?? 0, change.seq);
        } else if (change.seq <= state.last) {
          pass = false; // already delivered (a catch-up read it from the log first)
        } else {
          state.queue.push(change);
          pass = false;
          this.fill(change.topic, state);
        }
      }
      // Copy only once something is held back: the usual batch passes as it is.
      if (!pass && out === null) out = changes.slice(0, i);
      else if (pass && out !== null) out.push(change);
    }
    return out ?? changes;
  }

  /** The backplane was away: read every followed topic's changes since what this node delivered. */
  resync(): void {
    if (!this.changesAfter) return;
    for (const [topic, state] of this.states) {
      if (state.filling) state.again = true;
      else this.fill(topic, state);
    }
  }

  /** Topics with a state (tests). */
  get size(): number {
    return this.states.size;
  }

  private fill(topic: string, state: TopicState): void {
    state.filling = true;
    void this.read(topic, state);
  }

  private async read(topic: string, state: TopicState): Promise<void> {
    try {
      do {
        state.again = false;
        const fromLog = await this.readLog(topic, state.last ?? state.floor);
        const after = state.last ?? state.floor;
        const bySeq = new Map<number, ChangeItem>();
        for (const item of [...fromLog, ...state.queue]) if (item.seq > after) bySeq.set(item.seq, item);
        state.queue = [];
        const items = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
        if (items.length) {
          state.last = items.at(-1)!.seq;
          this.emit(items);
        }
      } while (state.again);
    } finally {
      state.filling = false;
      if (!state.tracked && this.states.get(topic) === state) this.states.delete(topic);
    }
  }

  /** Every change after `since`; on a failure what was read (clients pull on the gap themselves). */
  private async readLog(topic: string, since: number): Promise<ChangeItem[]> {
    const out: ChangeItem[] = [];
    try {
      for (;;) {
        const page = await this.changesAfter!(topic, since, FILL_PAGE);
        out.push(...page);
        if (page.length < FILL_PAGE) break;
        since = page.at(-1)!.seq;
      }
    } catch (err) {
      this.onError(err, topic);
    }
    return out;
  }
}
