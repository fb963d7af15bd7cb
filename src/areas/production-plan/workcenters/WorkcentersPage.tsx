import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { topicOf } from '../../../../domain/live/topics';
import {
  AddWorkcenter,
  GetMachines,
  GetWorkcenters,
  UpdateWorkcenter,
} from '../../../../domain/production-plan/calls';
import type { Machine, Workcenter } from '../../../../domain/production-plan/entities';
import { useServices, useUser } from '../../../app/context';
import { PlantPicker } from '../../../app/PlantPicker';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { useDraft } from '../machines/machines';
import '../machines/machines.css';

/** Quiet time after a burst of workcenter changes before the list is read again. */
const REFETCH_DEBOUNCE_MS = 150;

function WorkcenterRow(props: {
  workcenter: Workcenter;
  machines: ReadonlyMap<string, Machine>;
  canEdit: boolean;
}) {
  const { enqueue } = useServices();
  const t = useT();
  const { workcenter: w, canEdit } = props;
  const name = useDraft(w.Name);
  const description = useDraft(w.Description);
  const color = useDraft(w.Color);
  const active = useDraft(w.Active);
  const update = (FieldName: string, Value: unknown) =>
    enqueue(UpdateWorkcenter, { WorkcenterID: w.WorkcenterID, FieldName, Value } as never);

  return (
    <tr data-workcenter={w.WorkcenterID} className={active.shown ? undefined : 'wc-inactive'}>
      <td>
        <input
          type="text"
          className="mr-text"
          aria-label={t('Name of workcenter {{name}}', { name: w.Name })}
          value={name.shown}
          maxLength={60}
          disabled={!canEdit}
          onChange={(e) => name.set(e.target.value)}
          onBlur={() => {
            const text = name.shown.trim();
            if (!text) name.drop();
            else if (name.dirty) update('Name', text);
          }}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
      </td>
      <td>
        <input
          type="color"
          className="wc-color"
          aria-label={t('Colour of workcenter {{name}}', { name: w.Name })}
          value={color.shown}
          disabled={!canEdit}
          onChange={(e) => color.set(e.target.value)}
          onBlur={() => color.dirty && update('Color', color.shown)}
        />
      </td>
      <td>
        <input
          type="text"
          className="mr-text wc-description"
          aria-label={t('Description of workcenter {{name}}', { name: w.Name })}
          value={description.shown}
          maxLength={500}
          disabled={!canEdit}
          onChange={(e) => description.set(e.target.value)}
          onBlur={() => description.dirty && update('Description', description.shown)}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={t('Workcenter {{name}} active', { name: w.Name })}
          checked={active.shown}
          disabled={!canEdit}
          onChange={(e) => {
            active.set(e.target.checked);
            update('Active', e.target.checked);
          }}
        />
      </td>
      <td>
        <div className="wc-machines">
          {w.Resources.length === 0 && <span className="muted">{t('No machines')}</span>}
          {w.Resources.map((id) => (
            <span key={id} className="wc-chip" title={props.machines.get(id)?.Description ?? id}>
              {id}
            </span>
          ))}
        </div>
      </td>
    </tr>
  );
}

/**
 * /machines/workcenters: the workcenters of a plant with their machines, colour, description and active
 * switch; add a workcenter. Edits go through the post queue; the list is read again whenever
 * `workcenters:{PlantID}` carries a change, so two editors see each other's work. Read-only without
 * editWorkcenters. Machines move between workcenters on /machines/rates.
 */
export function WorkcentersPage() {
  const { backgroundApi, enqueue } = useServices();
  const user = useUser();
  const t = useT();
  const canEdit = Boolean(user?.EditWorkcenters);
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const [list, setList] = useState<{ plantId: number; workcenters: Workcenter[] } | null>(null);
  const [machines, setMachines] = useState<ReadonlyMap<string, Machine>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const request = useRef(0);

  const load = useCallback(() => {
    const mine = ++request.current;
    backgroundApi.get(GetWorkcenters, { PlantID: plantId }).then(
      (workcenters) => {
        if (mine !== request.current) return;
        setList({ plantId, workcenters });
        setError(null);
      },
      (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
    );
  }, [backgroundApi, plantId]);

  useEffect(load, [load]);
  useTopicRefresh(topicOf.workcenters(plantId), load, REFETCH_DEBOUNCE_MS);

  // Machine names for the chips, read again when a machine changes.
  const loadMachines = useCallback(() => {
    backgroundApi.get(GetMachines, { PlantID: plantId }).then(
      (list) => setMachines(new Map(list.map((m) => [m.ResourceID, m]))),
      () => undefined,
    );
  }, [backgroundApi, plantId]);
  useEffect(loadMachines, [loadMachines]);
  useTopicRefresh(topicOf.machines(plantId), loadMachines, REFETCH_DEBOUNCE_MS);

  const workcenters = useMemo(
    () => (list && list.plantId === plantId ? list.workcenters : []),
    [list, plantId],
  );
  const duplicate = workcenters.some((w) => w.Name.toLowerCase() === newName.trim().toLowerCase());

  const add = () => {
    const name = newName.trim();
    if (!name || duplicate) return;
    enqueue(AddWorkcenter, { PlantID: plantId, Name: name });
    setNewName('');
  };

  return (
    <section className="page">
      <div className="card">
        <div className="row spread">
          <h1>{t('Workcenters')}</h1>
          <span className="muted">{canEdit ? t('Changes save as you make them') : t('Read only')}</span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          {canEdit && (
            <>
              <input
                type="text"
                className="mr-text"
                placeholder={t('New workcenter name')}
                aria-label={t('New workcenter name')}
                value={newName}
                maxLength={60}
                onChange={(e) => setNewName(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && add()}
              />
              <button type="button" onClick={add} disabled={!newName.trim() || duplicate}>
                {t('Add workcenter')}
              </button>
              {duplicate && (
                <span className="form-error">{t('This plant already has a workcenter of that name.')}</span>
              )}
            </>
          )}
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        <div className="table-wrap">
          <table className="grid mr-table" aria-label={t('Workcenters')}>
            <thead>
              <tr>
                <th>{t('Name')}</th>
                <th>{t('Colour')}</th>
                <th>{t('Description')}</th>
                <th>{t('Active')}</th>
                <th>{t('Machines')}</th>
              </tr>
            </thead>
            <tbody>
              {workcenters.map((w) => (
                <WorkcenterRow key={w.WorkcenterID} workcenter={w} machines={machines} canEdit={canEdit} />
              ))}
              {list && workcenters.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('This plant has no workcenters.')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
