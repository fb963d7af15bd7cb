import { useId } from 'react';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { useT } from '../../../i18n';
import { Select } from '../../../ui/Select';
import { scheduleLabel } from './schedules';
import './pickers.css';

/**
 * The schedule a screen shows: the plant's official schedule and its what-ifs (from useSchedules or
 * useScheduleList). `schedules` null (the list is still being read) shows "Loading…"; an empty list says
 * the plant has no schedule yet.
 */
export function SchedulePicker(props: {
  schedules: readonly ScheduleHeader[] | null;
  value: number | null;
  onChange(scheduleId: number): void;
}) {
  const t = useT();
  const id = useId();
  if (!props.schedules) return <span className="muted">{t('Loading…')}</span>;
  if (props.schedules.length === 0)
    return <span className="muted">{t('This plant has no schedule yet.')}</span>;
  return (
    <span className="sched-picker">
      <label htmlFor={id}>{t('Schedule')}</label>
      <Select
        id={id}
        options={props.schedules.map((s) => ({ value: s.ScheduleID, text: scheduleLabel(s, t) }))}
        value={props.value}
        onChange={(v) => v !== null && v !== props.value && props.onChange(v)}
        aria-label={t('Schedule')}
        storage={null}
      />
    </span>
  );
}
