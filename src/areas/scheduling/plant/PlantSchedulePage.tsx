import { useCallback, useEffect, useId, useState } from 'react';
import { CommitSchedule, CreateWhatIfSchedule, DeleteSchedule } from '../../../../domain/scheduling/calls';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { useCore, useSaveStatus, useUser } from '../../../app/context';
import { flagSet } from '../../../app/menus';
import { storage } from '../../../app/storage';
import { useT } from '../../../i18n';
import { Modal } from '../../../ui/Modal';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { useSchedules } from '../shared/use-schedules';
import { ScheduleBoard } from './ScheduleBoard';
import { mark } from './use-schedule';
import './plant.css';

/**
 * The edit flag a schedule needs (spec 000 §6): the official schedule editProductionSchedules, a
 * what-if editPlanningSchedules; a committed what-if is read-only for everyone.
 */
export function canEditSchedule(
  flags: ReadonlySet<string>,
  schedule: Pick<ScheduleHeader, 'Official' | 'CommittedAt'> | null,
): boolean {
  if (!schedule || schedule.CommittedAt) return false;
  return flags.has(schedule.Official ? 'editProductionSchedules' : 'editPlanningSchedules');
}

/** /scheduling/plant — the plant's schedules, one at a time, as workcenter lanes of ordered tasks. */
export function PlantSchedulePage() {
  const first = useState(() => {
    mark('schedule:first-render');
    return true;
  });
  void first;
  const t = useT();
  const user = useUser();
  const flags = flagSet(user);
  const { api, alerts, toasts } = useCore();
  const { text: saveText } = useSaveStatus();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const { schedules, error, put, remove } = useSchedules(plantId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<{ CommittedAt: string | null; TaskCount: number } | null>(null);

  const official = schedules?.find((s) => s.Official) ?? null;
  // Remembered for the next full load's head start (src/app/screens.ts screenPrefetch).
  // Keyed on the ids, not the header object: the list is rebuilt on every change of the plant's topic.
  const officialPlant = official?.PlantID;
  const officialId = official?.ScheduleID;
  useEffect(() => {
    if (officialPlant !== undefined && officialId !== undefined)
      storage.saveOfficialSchedule(officialPlant, officialId);
  }, [officialPlant, officialId]);
  const current = schedules?.find((s) => s.ScheduleID === chosen) ?? official ?? schedules?.[0] ?? null;
  const committed = Boolean(live?.CommittedAt ?? current?.CommittedAt);
  const canEdit = canEditSchedule(
    flags,
    current && { Official: current.Official, CommittedAt: committed ? 'yes' : null },
  );
  const whatIf = current !== null && !current.Official;
  const onHeader = useCallback(setLive, []);

  const changePlant = (id: number) => {
    setPlantId(id);
    setChosen(null);
  };

  const createWhatIf = async (name: string) => {
    if (!official) return;
    setBusy(true);
    try {
      const header = await api.post(CreateWhatIfSchedule, { ScheduleID: official.ScheduleID, Name: name });
      put(header);
      setChosen(header.ScheduleID);
      setNaming(false);
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!current || current.Official) return;
    const yes = await alerts.question(
      t(
        'Make "{{name}}" the official schedule of this plant? Its order, workcenters and quantities replace the official ones.',
        {
          name: current.Name,
        },
      ),
    );
    if (!yes) return;
    setBusy(true);
    try {
      put(await api.post(CommitSchedule, { ScheduleID: current.ScheduleID }));
      // The committed copy is read-only: the scheduler's work goes on in the official schedule, so the
      // board moves there and a toast (spec 000 §2.4) confirms without blocking it.
      setLive(null);
      setChosen(official?.ScheduleID ?? null);
      toasts.show(t('"{{name}}" is now the official schedule.', { name: current.Name }), { kind: 'success' });
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    if (!current || current.Official) return;
    const yes = await alerts.question(t('Discard the what-if schedule "{{name}}"?', { name: current.Name }));
    if (!yes) return;
    setBusy(true);
    try {
      await api.post(DeleteSchedule, { ScheduleID: current.ScheduleID });
      remove(current.ScheduleID);
      setChosen(null);
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page sp-page" data-testid="plant-schedule">
      <div className="sp-top">
        <h1>{t('Plant Schedule')}</h1>
        <PlantPicker value={plantId} onChange={changePlant} />
        {schedules && schedules.length > 0 && (
          <SchedulePicker schedules={schedules} value={current?.ScheduleID ?? null} onChange={setChosen} />
        )}
        {official && flags.has('createWhatIfSchedules') && (
          <button type="button" disabled={busy} onClick={() => setNaming(true)}>
            {t('New what-if')}
          </button>
        )}
        {whatIf && !committed && flags.has('commitSchedules') && (
          <button type="button" className="primary" disabled={busy} onClick={() => void commit()}>
            {t('Commit')}
          </button>
        )}
        {whatIf && flags.has('createWhatIfSchedules') && (
          <button type="button" className="danger" disabled={busy} onClick={() => void discard()}>
            {t('Discard')}
          </button>
        )}
        <span className="sp-mode muted" data-testid="schedule-mode">
          {current
            ? committed
              ? t('Committed: read only')
              : canEdit
                ? t('Changes save as you make them')
                : t('Read only')
            : ''}
          {saveText ? ` · ${saveText}` : ''}
        </span>
      </div>
      {error && <p className="sp-error">{error}</p>}
      {schedules && schedules.length === 0 && (
        <p className="muted" data-testid="no-schedule">
          {t('This plant has no schedule yet.')}
        </p>
      )}
      {!schedules && !error && <p className="muted">{t('Loading…')}</p>}
      {current && (
        <ScheduleBoard
          key={current.ScheduleID}
          scheduleId={current.ScheduleID}
          plantId={plantId}
          canEdit={canEdit}
          canViewDetails={flags.has('viewScheduleDetails')}
          onHeader={onHeader}
        />
      )}
      {naming && (
        <WhatIfDialog busy={busy} onClose={() => setNaming(false)} onCreate={(n) => void createWhatIf(n)} />
      )}
    </section>
  );
}

function WhatIfDialog(props: { busy: boolean; onClose(): void; onCreate(name: string): void }) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const valid = name.trim().length > 0;
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('New what-if schedule')}
      closeButton
      footer={
        <button
          type="button"
          className="primary"
          disabled={!valid || props.busy}
          onClick={() => props.onCreate(name.trim())}
        >
          {t('Create')}
        </button>
      }
    >
      <form
        className="sp-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) props.onCreate(name.trim());
        }}
      >
        <label htmlFor={id}>{t('Name')}</label>
        <input
          id={id}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to type this name.
          autoFocus
        />
        <p className="muted">
          {t('A copy of the official schedule you can change freely, then commit or discard.')}
        </p>
      </form>
    </Modal>
  );
}
