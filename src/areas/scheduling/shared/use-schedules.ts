import { useEffect, useMemo, useState } from 'react';
import { GetSchedules } from '../../../../domain/scheduling/calls';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { schedulesTopic } from '../../../../domain/scheduling/live';
import { useRxQuery } from '../../../../projections/hooks';
import type { ScheduleProjection } from '../../../../projections/schedules.collection';
import { useCore, useStore } from '../../../app/context';
import { sharedGet } from '../../../app/shared-requests';
import { mergeSchedules } from './schedules';

/**
 * A plant's schedules, live: the GetSchedules answer first, then topic `schedules:{PlantID}` in the
 * `schedules` collection (a what-if another scheduler makes or discards shows at once). `null` while
 * the answer is out; `put` shows a call's answer (a new what-if) before its echo arrives.
 */
export function useSchedules(plantId: number): {
  schedules: ScheduleHeader[] | null;
  error: string | null;
  put(header: ScheduleHeader): void;
  remove(scheduleId: number): void;
} {
  const { api } = useCore();
  // The plant board renders before the store is attached (src/app/screens.ts rendersBeforeStore): the
  // answer shows first, the topic is followed once the store is here.
  const store = useStore();
  const db = store?.db;
  const live = store?.live;
  const [answer, setAnswer] = useState<{ plantId: number; list: ScheduleHeader[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(() => new Set());
  const [extra, setExtra] = useState<ScheduleHeader[]>([]);

  useEffect(() => {
    let alive = true;
    setError(null);
    // Shared with the route's head start (src/app/screens.ts screenPrefetch).
    sharedGet(api, GetSchedules, { PlantID: plantId }).promise.then(
      (list) => alive && setAnswer({ plantId, list }),
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
  }, [api, plantId]);

  useEffect(() => {
    if (!db || !live) return;
    const deletions = db.schedules.$.subscribe((event) => {
      if (event.operation !== 'DELETE') return;
      const id = Number(event.documentId);
      setDeleted((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
    });
    const follow = live.follow<ScheduleProjection>(schedulesTopic(plantId), db.schedules, {
      PlantID: plantId,
    });
    return () => {
      deletions.unsubscribe();
      void follow.stop();
    };
  }, [db, live, plantId]);

  const { docs } = useRxQuery(() => db?.schedules.find({ selector: { PlantID: plantId } }), [db, plantId]);
  const schedules = useMemo(() => {
    if (!answer || answer.plantId !== plantId) return null;
    const collection = (docs as readonly ScheduleProjection[]).map(
      ({ id: _id, ...h }) => h as ScheduleHeader,
    );
    return mergeSchedules(answer.list, [...collection, ...extra], deleted, plantId);
  }, [answer, docs, extra, deleted, plantId]);

  return {
    schedules,
    error,
    put: (header) => setExtra((prev) => [...prev.filter((s) => s.ScheduleID !== header.ScheduleID), header]),
    remove: (scheduleId) => setDeleted((prev) => new Set(prev).add(scheduleId)),
  };
}
