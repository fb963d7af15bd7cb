import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/context';

/** Quiet time after a burst of changes before a report is read again (a drag publishes whole lanes). */
export const REFRESH_DEBOUNCE_MS = 300;

/**
 * Calls `onChange` (debounced) whenever `topic` carries a change, or the hub subscribed it again after a
 * reconnect (changes may have been missed meanwhile). The report screens show aggregates the server
 * computes (loads, adherence, minutes per day), so they read again rather than keep a projection; the
 * topic is held on the hub while the screen is open. `topic` null follows nothing (no schedule yet).
 */
export function useTopicRefresh(topic: string | null, onChange: () => void): void {
  const { hub } = useServices();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!topic) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), REFRESH_DEBOUNCE_MS);
    };
    hub.send({ type: 'hub.subscribe', topics: [topic] });
    const changes = hub.on('hub.changes', (event) => {
      if (event.items.some((i) => i.topic === topic)) later();
    });
    const resynced = hub.on('hub.resynced', (event) => {
      if (event.topics.includes(topic)) later();
    });
    return () => {
      clearTimeout(timer);
      changes.unsubscribe();
      resynced.unsubscribe();
      hub.send({ type: 'hub.unsubscribe', topics: [topic] });
    };
  }, [hub, topic]);
}
