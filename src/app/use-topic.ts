import { useEffect, useRef } from 'react';
import type { ChangeItem } from '../../domain/live/changes';
import { useServices } from './context';

/**
 * Follows `topic` on the hub while mounted, for screens that keep no projection of their own (small
 * lists read whole, reports the server computes): `onItems` gets each batch of the topic's changes
 * (another user's, or this tab's own echo), `onResync` runs after the hub subscribed the topic again
 * following a reconnect, when changes may have been missed. `topic` null follows nothing.
 */
export function useTopic(
  topic: string | null,
  onItems: (items: ChangeItem[]) => void,
  onResync: () => void,
): void {
  useTopics(topic ? [topic] : [], onItems, onResync);
}

/**
 * The same for several topics at once (a kit list of every plant follows each plant's topic): one
 * subscription, and `onResync` when any of them was subscribed again. Their identity is their names.
 */
export function useTopics(
  topics: readonly string[],
  onItems: (items: ChangeItem[]) => void,
  onResync: () => void,
): void {
  const { hub } = useServices();
  const latest = useRef({ onItems, onResync });
  latest.current = { onItems, onResync };
  const names = topics.join('\n');
  useEffect(() => {
    const list = names ? names.split('\n') : [];
    if (!list.length) return;
    const followed = new Set(list);
    hub.send({ type: 'hub.subscribe', topics: list });
    const changes = hub.on('hub.changes', (event) => {
      const mine = event.items.filter((i) => followed.has(i.topic));
      if (mine.length) latest.current.onItems(mine);
    });
    const resynced = hub.on('hub.resynced', (event) => {
      if (event.topics.some((t) => followed.has(t))) latest.current.onResync();
    });
    return () => {
      changes.unsubscribe();
      resynced.unsubscribe();
      hub.send({ type: 'hub.unsubscribe', topics: list });
    };
  }, [hub, names]);
}

/** Default quiet time after a burst of changes before a screen reads again (a drag publishes lanes). */
export const REFRESH_DEBOUNCE_MS = 300;

/**
 * Calls `onChange` (debounced by `debounceMs`) whenever `topic` carries a change or was subscribed
 * again after a reconnect: for screens that read again rather than apply the changes.
 */
export function useTopicRefresh(
  topic: string | null,
  onChange: () => void,
  debounceMs: number = REFRESH_DEBOUNCE_MS,
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = useRef(() => {});
  later.current = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), debounceMs);
  };
  // A pending read is dropped when the topic changes or the screen closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cleanup must run when the topic changes.
  useEffect(() => () => clearTimeout(timer.current), [topic]);
  useTopic(
    topic,
    () => later.current(),
    () => later.current(),
  );
}
