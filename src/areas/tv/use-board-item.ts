import type { DeepReadonly } from 'rxdb';
import { useTvTopic } from './feed';

/**
 * One boardItems document of a public topic (domain/live/board-items.ts), live: the `Data` of the item
 * of `kind` and `key`, null until it arrives. Used by the painting, scoreboard and KPI boards; must be
 * called inside TvBoard (it reports to the board's indicator).
 */
export function useBoardItem<T>(
  topic: string | null,
  kind: string,
  key: string,
): { data: DeepReadonly<T> | null; loading: boolean } {
  const { docs, loading, synced } = useTvTopic(topic, 'boardItems', { Kind: kind, Key: key });
  const doc = docs[0];
  // Loading until the topic has caught up once: an empty local result is not "no document" yet.
  return {
    data: doc ? (doc.Data as unknown as DeepReadonly<T>) : null,
    loading: loading || (topic !== null && !synced),
  };
}
