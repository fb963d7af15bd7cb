import { useId } from 'react';
import { useCore } from '../../app/context';
import { usePlants } from '../../app/plants';
import { useT } from '../../i18n';
import { Select } from '../../ui/Select';

/**
 * The plant whose payroll /payroll shows (default the user's plant). The scheduling and production-plan
 * areas have their own copies, so no area imports another's internals.
 */
export function PlantPicker(props: { value: number; onChange(plantId: number): void }) {
  const { api } = useCore();
  const plants = usePlants(api);
  const t = useT();
  const id = useId();
  if (!plants) return <span className="muted">{t('Loading…')}</span>;
  return (
    <span className="pay-picker">
      <label htmlFor={id}>{t('Plant')}</label>
      <Select
        id={id}
        options={plants.map((p) => ({ value: p.PlantID, text: p.PlantName }))}
        value={props.value}
        onChange={(v) => v !== null && v !== props.value && props.onChange(v)}
        aria-label={t('Plant')}
        storage={null}
      />
    </span>
  );
}
