import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { GetSchedules } from '../../../../domain/scheduling/calls';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { schedulesTopic } from '../../../../domain/scheduling/live';
import { useServices, useUser } from '../../../app/context';
import { usePlants } from '../../../app/plants';
import { useT } from '../../../i18n';
import { Select } from '../../../ui/Select';
import { defaultScheduleId, scheduleLabel } from './format';
import { useTopicRefresh } from './use-topic-refresh';

/**
 * The plant picker of the scheduling report screens (default: the user's plant). A local copy of the
 * production-plan one, so this area imports nothing of another area's internals.
 */
export function PlantPicker(props: { value: number; onChange(plantId: number): void }) {
  const { api } = useServices();
  const plants = usePlants(api);
  const t = useT();
  const id = useId();
  if (!plants) return <span className="muted">{t('Loading…')}</span>;
  return (
    <span className="ss-field">
      <label htmlFor={id}>{t('Plant')}</label>
      <Select
        id={id}
        options={plants.map((p) => ({ value: p.PlantID, text: p.PlantName }))}
        value={props.value}
        onChange={(v) => v !== null && v !== props.value && props.onChange(v)}
        storage={null}
      />
    </span>
  );
}

/** The plant a scheduling screen shows, starting on the user's plant, and that plant's time zone. */
export function usePlant(): { plantId: number; setPlantId(id: number): void; tz: string } {
  const user = useUser();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  return { plantId, setPlantId, tz: plantTimeZone(plantId) };
}

/**
 * The plant's schedules (official and what-if), read again when `schedules:{PlantID}` changes (a what-if
 * made, committed or discarded), and the one chosen: the official one unless the person picked another.
 */
export function useSchedules(plantId: number) {
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

export function SchedulePicker(props: {
  list: readonly ScheduleHeader[] | null;
  value: number | null;
  onChange(scheduleId: number): void;
}) {
  const t = useT();
  const id = useId();
  if (!props.list) return <span className="muted">{t('Loading…')}</span>;
  if (props.list.length === 0) return <span className="muted">{t('This plant has no schedule yet.')}</span>;
  return (
    <span className="ss-field">
      <label htmlFor={id}>{t('Schedule')}</label>
      <Select
        id={id}
        options={props.list.map((s) => ({ value: s.ScheduleID, text: scheduleLabel(s) }))}
        value={props.value}
        onChange={(v) => v !== null && v !== props.value && props.onChange(v)}
        storage={null}
      />
    </span>
  );
}

/** A `YYYY-MM-DD` date input with its label. */
export function DateField(props: { label: string; value: string; onChange(date: string): void }) {
  const id = useId();
  const t = useT();
  return (
    <span className="ss-field">
      <label htmlFor={id}>{t(props.label)}</label>
      <input
        id={id}
        type="date"
        className="ss-input"
        value={props.value}
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
    </span>
  );
}
