import { useId } from 'react';
import { useT } from '../../../i18n';
import './pickers.css';

/** A `YYYY-MM-DD` date input with its label (the report screens' From/To/Day). */
export function DateField(props: { label: string; value: string; onChange(date: string): void }) {
  const id = useId();
  const t = useT();
  return (
    <span className="sched-picker">
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
