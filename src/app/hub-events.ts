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
