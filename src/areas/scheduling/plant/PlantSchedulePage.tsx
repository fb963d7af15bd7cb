import { useState } from 'react';
import { useUser } from '../../../app/context';
import { useT } from '../../../i18n';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { useSchedules } from '../shared/use-schedules';

/** /scheduling/plant — the plant's schedule: workcenter lanes of ordered tasks (being built). */
export function PlantSchedulePage() {
  const t = useT();
  const user = useUser();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const { schedules } = useSchedules(plantId);
  const [scheduleId, setScheduleId] = useState<number | null>(null);
  const shown = scheduleId ?? schedules?.[0]?.ScheduleID ?? null;
  return (
    <section className="page">
      <div className="card">
        <h1>{t('Plant Schedule')}</h1>
        <PlantPicker value={plantId} onChange={setPlantId} />
        {schedules && <SchedulePicker schedules={schedules} value={shown} onChange={setScheduleId} />}
      </div>
    </section>
  );
}
