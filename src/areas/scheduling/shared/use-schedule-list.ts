import { useCallback, useEffect, useRef, useState } from 'react';
import { GetSchedules } from '../../../../domain/scheduling/calls';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { schedulesTopic } from '../../../../domain/scheduling/live';
import { useServices } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { defaultScheduleId } from './schedules';

/**
 * The report screens' schedule list: the plant's schedules (official and what-if), read again with
 * GetSchedules when `schedules:{PlantID}` changes (a what-if made, committed or discarded), and the one
 * chosen: the official one unless the person picked another. Unlike useSchedules (use-schedules.ts, the
 * plant screen's), it keeps no RxDB collection: the report screens have none and only need the list.
 */
export function useScheduleList(plantId: number) {
  const { backgroundApi } = useServices();
  const [state, setState] = useState<{ plantId: number; list: ScheduleHeader[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const request = useRef(0);
  const load = useCallback(() => {
    const mine = ++request.current;
    backgroundApi.get(GetSchedules, { PlantID: plantId }).then(
      (list) => {
        if (mine !== request.current) return;
        setState({ plantId, list });
        setError(null);
      },
      (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
    );
  }, [backgroundApi, plantId]);
  useEffect(load, [load]);
  useTopicRefresh(schedulesTopic(plantId), load);
  const list = state && state.plantId === plantId ? state.list : null;
  const scheduleId = list ? defaultScheduleId(list, picked) : null;
  return {
    /** null until the plant's list arrived. */
    list,
    scheduleId,
    schedule: list?.find((s) => s.ScheduleID === scheduleId) ?? null,
    setScheduleId: setPicked,
    error,
  };
}
