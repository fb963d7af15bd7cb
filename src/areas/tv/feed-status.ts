/**
 * The live/stale logic of the TV frame, as a pure reducer with explicit times so every rule has a unit
 * test with concrete clocks (feed-status.test.ts).
 *
 * A board is **live** when the hub is connected and every topic the board follows has caught up since
 * the last (re)connect. From the moment it stops being live it is **reconnecting**, and once that has
 * lasted {@link STALE_AFTER_MS} it is **stale**: the board shows "Data as of h:mm a (stale)", the
 * last moment it was live. A board that was never live is reconnecting, then stale with no time.
 */

/** Not live for this long: the board says its data is stale. */
export const STALE_AFTER_MS = 10_000;

export interface FeedState {
  /** The hub connection is up (hub-connection machine `active.connected`). */
  connected: boolean;
  /** Each followed topic: caught up since the last (re)connect. */
  topics: Readonly<Record<string, boolean>>;
  /** When the board last stopped being live (or the state was made): counts towards stale. */
  notLiveSince: number;
  /** The last moment the board was live; null if it never was. */
  lastLiveAt: number | null;
}

export type FeedEvent =
  /** The hub connected or lost its connection. A lost connection makes every topic out of sync. */
  | { type: 'hub'; connected: boolean; at: number }
  /** A followed topic caught up (true) or asked for a resync (false); also adds the topic. */
  | { type: 'topic'; topic: string; synced: boolean; at: number }
  /** The board stopped following a topic (navigation, unmount). */
  | { type: 'drop'; topic: string; at: number };

export type FeedStatusKind = 'live' | 'reconnecting' | 'stale';

export interface FeedStatus {
  kind: FeedStatusKind;
  /** The last moment the board was live (null: never, or it is live now). */
  asOf: number | null;
}

export function initialFeedState(at: number): FeedState {
  return { connected: false, topics: {}, notLiveSince: at, lastLiveAt: null };
}

export function isLive(state: FeedState): boolean {
  return state.connected && Object.values(state.topics).every(Boolean);
}

export function feedReducer(state: FeedState, event: FeedEvent): FeedState {
  let next: FeedState;
  switch (event.type) {
    case 'hub':
      if (event.connected === state.connected) return state;
      next = {
        ...state,
        connected: event.connected,
        // A reconnect is a new connection: nothing counts as caught up until it has pulled again.
        topics: event.connected
          ? state.topics
          : Object.fromEntries(Object.keys(state.topics).map((t) => [t, false])),
      };
      break;
    case 'topic':
      if (state.topics[event.topic] === event.synced) return state;
      // While disconnected nothing is in sync, whatever a replication last said.
      if (event.synced && !state.connected && event.topic in state.topics) return state;
      next = { ...state, topics: { ...state.topics, [event.topic]: event.synced && state.connected } };
      break;
    case 'drop': {
      if (!(event.topic in state.topics)) return state;
      const { [event.topic]: _dropped, ...rest } = state.topics;
      next = { ...state, topics: rest };
      break;
    }
  }
  const was = isLive(state);
  const now = isLive(next);
  if (was && !now) return { ...next, notLiveSince: event.at, lastLiveAt: event.at };
  if (!was && now) return { ...next, lastLiveAt: event.at };
  return next;
}

/** What the indicator shows at `now`. */
export function feedStatus(state: FeedState, now: number): FeedStatus {
  if (isLive(state)) return { kind: 'live', asOf: null };
  const kind = now - state.notLiveSince >= STALE_AFTER_MS ? 'stale' : 'reconnecting';
  return { kind, asOf: state.lastLiveAt };
}
