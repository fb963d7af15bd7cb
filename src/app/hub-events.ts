import { filter, map, Observable } from 'rxjs';
import type { Actor } from 'xstate';
import type { ChangeItem } from '../../domain/live/changes';
import type { hubConnectionMachine } from '../../machines/hub-connection.machine';

// The hub's events as observables, apart from live.ts: a screen that only listens to the hub (the
// plant board) then does not pull RxDB's replication code into its chunk, which a full page load
// would have to fetch and run before the screen's first render.

type HubActor = Actor<typeof hubConnectionMachine>;

/** Every batch of changes the hub delivers. */
export function hubChanges$(hub: HubActor): Observable<readonly ChangeItem[]> {
  return new Observable<readonly ChangeItem[]>((subscriber) => {
    const subscription = hub.on('hub.changes', (event) => subscriber.next(event.items));
    return () => subscription.unsubscribe();
  });
}

/** Emits the hub's latest seq of `topic` each time the hub (re)subscribed it: time to RESYNC. */
export function hubResync$(hub: HubActor, topic: string): Observable<number | undefined> {
  return new Observable<{ topics: string[]; latestSeqs: Record<string, number> }>((subscriber) => {
    const subscription = hub.on('hub.resynced', (event) => subscriber.next(event));
    return () => subscription.unsubscribe();
  }).pipe(
    filter((event) => event.topics.includes(topic)),
    map((event) => event.latestSeqs[topic]),
  );
}

/** A topic the hub stopped sending because the user may no longer follow it, and why (issue 14 §2). */
export interface DroppedTopic {
  topic: string;
  reason: string;
}

/** The hub's server-to-client target for {@link DroppedTopic} lists (server/hub/hub.ts DROPPED_TARGET). */
export const HUB_DROPPED_TARGET = 'dropped';

/**
 * The warning a user sees when the hub drops topics after their permissions changed: the screens showing
 * them stop updating, so say so, with the server's sentence (each distinct one once).
 */
export function droppedTopicsMessage(items: readonly DroppedTopic[]): string {
  const reasons = [...new Set(items.map((i) => i.reason))];
  return `Live updates stopped: ${reasons.join(' ')} Your permissions changed; reload the page to see what you may use now.`;
}
