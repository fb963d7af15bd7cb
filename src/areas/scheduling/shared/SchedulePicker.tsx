import { useId } from 'react';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { useT } from '../../../i18n';
import { Select } from '../../../ui/Select';
import { scheduleLabel } from './schedules';

/** The schedule a screen shows: the plant's official schedule and its what-ifs (from useSchedules). */
export function SchedulePicker(props: {
  schedules: readonly ScheduleHeader[];
  value: number | null;
  onChange(scheduleId: number): void;
}) {
  const t = useT();
  const id = useId();
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
