import { useId } from 'react';
import { useT } from '../i18n';
import { Select } from '../ui/Select';
import { useCore } from './context';
import { usePlants } from './plants';

/**
 * The plant a screen shows (machines, workcenters, schedules, …; the screen defaults it to the user's
 * plant). One picker for every area. It needs only the request layer, so a screen that renders before
 * the store (screens.ts rendersBeforeStore) can show it.
 */
export function PlantPicker(props: { value: number; onChange(plantId: number): void; className?: string }) {
  const { api } = useCore();
  const plants = usePlants(api);
  const t = useT();
  const id = useId();
  if (!plants) return <span className="muted">{t('Loading…')}</span>;
  const picker = (
    <>
      <label htmlFor={id}>{t('Plant')}</label>
      <Select
        id={id}
        options={plants.map((p) => ({ value: p.PlantID, text: p.PlantName }))}
        value={props.value}
        onChange={(v) => v !== null && v !== props.value && props.onChange(v)}
        aria-label={t('Plant')}
        storage={null}
      />
    </>
  );
  return props.className ? <span className={props.className}>{picker}</span> : picker;
}
