import { useEffect, useMemo, useState } from 'react';
import { topicOf } from '../../../../domain/live/topics';
import {
  AddMachineRate,
  DeleteMachineRate,
  GetMachines,
  GetWorkcenters,
  UpdateMachine,
  UpdateMachineRate,
} from '../../../../domain/production-plan/calls';
import type { Machine, MachineRate, Workcenter } from '../../../../domain/production-plan/entities';
import { useRxQuery } from '../../../../projections/hooks';
import { useServices, useUser } from '../../../app/context';
import { PlantPicker } from '../../../app/PlantPicker';
import { useT } from '../../../i18n';
import { NumericInput } from '../../../ui/NumericInput';
import { Select } from '../../../ui/Select';
import { mergeMachines, rateFigure, useDraft } from './machines';
import './machines.css';

type RateNumberField =
  | 'ProductionMinutesPerPiece'
  | 'ProductionMinutesPerBundle'
  | 'ProductionFeetPerMinute'
  | 'SetupMinutes'
  | 'SchedulingMinutesPerPiece';

const rateNumberFields: { field: RateNumberField; label: string }[] = [
  { field: 'ProductionMinutesPerPiece', label: 'Min / piece' },
  { field: 'ProductionMinutesPerBundle', label: 'Min / bundle' },
  { field: 'ProductionFeetPerMinute', label: 'Feet / min' },
  { field: 'SetupMinutes', label: 'Setup min' },
  { field: 'SchedulingMinutesPerPiece', label: 'Scheduling min / piece' },
];

/** A number saved when the field is left (or Enter), through the post queue. */
function NumberCell(props: {
  value: number;
  label: string;
  disabled: boolean;
  decimals?: number;
  min?: number;
  max?: number;
  save(value: number): void;
}) {
  const draft = useDraft<number>(props.value);
  return (
    <NumericInput
      value={draft.shown}
      decimals={props.decimals ?? 3}
      min={props.min ?? 0}
      max={props.max ?? 100_000}
      disabled={props.disabled}
      aria-label={props.label}
      onChange={(v) => draft.set(v ?? 0)}
      onBlur={() => {
        if (draft.dirty) props.save(draft.shown);
      }}
    />
  );
}

/** A text saved when the field is left; an empty text goes back to the saved one. */
function TextCell(props: { value: string; label: string; disabled: boolean; save(value: string): void }) {
  const draft = useDraft<string>(props.value);
  return (
    <input
      type="text"
      className="mr-text"
      value={draft.shown}
      disabled={props.disabled}
      aria-label={props.label}
      maxLength={100}
      onChange={(e) => draft.set(e.target.value)}
      onBlur={() => {
        const text = draft.shown.trim();
        if (!text) draft.drop();
        else if (draft.dirty) props.save(text);
      }}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
    />
  );
}

function RatesEditor(props: { machine: Machine; canEdit: boolean }) {
  const { enqueue, alerts } = useServices();
  const t = useT();
  const { machine, canEdit } = props;
  const [newRate, setNewRate] = useState('');
  const official = useDraft<number | null>(
    machine.MachineRates.find((r) => r.Official)?.MachineRateID ?? null,
  );

  const update = (rate: MachineRate, FieldName: string, Value: unknown) =>
    enqueue(UpdateMachineRate, { MachineRateID: rate.MachineRateID, FieldName, Value } as never);

  const remove = async (rate: MachineRate) => {
    const yes = await alerts.question(
      t('Delete the rate {{name}} of {{machine}}?', { name: rate.Description, machine: machine.ResourceID }),
    );
    if (yes) enqueue(DeleteMachineRate, { MachineRateID: rate.MachineRateID });
  };

  const add = () => {
    const text = newRate.trim();
    if (!text) return;
    enqueue(AddMachineRate, { ResourceID: machine.ResourceID, Description: text });
    setNewRate('');
  };

  return (
    <div className="mr-rates" data-rates={machine.ResourceID}>
      <table
        className="grid mr-rate-table"
        aria-label={t('Rates of {{machine}}', { machine: machine.ResourceID })}
      >
        <thead>
          <tr>
            <th>{t('Rate')}</th>
            {rateNumberFields.map((f) => (
              <th key={f.field} className="num">
                {t(f.label)}
              </th>
            ))}
            <th>{t('Official')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {machine.MachineRates.map((rate) => (
            <tr key={rate.MachineRateID} data-rate={rate.MachineRateID}>
              <td>
                <TextCell
                  value={rate.Description}
                  label={t('Rate description')}
                  disabled={!canEdit}
                  save={(v) => update(rate, 'Description', v)}
                />
              </td>
              {rateNumberFields.map((f) => (
                <td key={f.field} className="num">
                  <NumberCell
                    value={rate[f.field]}
                    label={`${t(f.label)} ${rate.Description}`}
                    disabled={!canEdit}
                    save={(v) => update(rate, f.field, v)}
                  />
                </td>
              ))}
              <td>
                <input
                  type="radio"
                  name={`official-${machine.ResourceID}`}
                  aria-label={t('Official rate {{name}}', { name: rate.Description })}
                  checked={official.shown === rate.MachineRateID}
                  disabled={!canEdit}
                  onChange={() => {
                    official.set(rate.MachineRateID);
                    update(rate, 'Official', true);
                  }}
                />
              </td>
              <td>
                {canEdit && (
                  <button type="button" className="mr-delete" onClick={() => void remove(rate)}>
                    {t('Delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {machine.MachineRates.length === 0 && (
            <tr>
              <td colSpan={rateNumberFields.length + 3} className="muted">
                {t('This machine has no rates.')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {canEdit && (
        <div className="row">
          <input
            type="text"
            className="mr-text"
            placeholder={t('New rate description')}
            aria-label={t('New rate description')}
            value={newRate}
            maxLength={100}
            onChange={(e) => setNewRate(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && add()}
          />
          <button type="button" onClick={add} disabled={!newRate.trim()}>
            {t('Add rate')}
          </button>
        </div>
      )}
    </div>
  );
}

function MachineRow(props: {
  machine: Machine;
  workcenters: readonly Workcenter[];
  canEdit: boolean;
  open: boolean;
  toggle(): void;
}) {
  const { enqueue } = useServices();
  const t = useT();
  const { machine, canEdit } = props;
  const engine = useDraft(machine.EngineActive);
  const algorithm = useDraft(machine.AlgorithmActive);
  const workcenter = useDraft<number | null>(machine.WorkcenterID);
  const update = (FieldName: string, Value: unknown) =>
    enqueue(UpdateMachine, { ResourceID: machine.ResourceID, FieldName, Value } as never);
  const official = machine.MachineRates.find((r) => r.Official);
  const figure = official ? rateFigure(official) : null;
  const workcenterOptions = [
    { value: null as number | null, text: t('(none)') },
    ...props.workcenters.map((w) => ({ value: w.WorkcenterID as number | null, text: w.Name })),
  ];

  return (
    <>
      <tr data-machine={machine.ResourceID} className={props.open ? 'mr-open' : undefined}>
        <td className="mr-id">
          <button
            type="button"
            className="mr-expand"
            aria-expanded={props.open}
            aria-label={t('Rates of {{machine}}', { machine: machine.ResourceID })}
            onClick={props.toggle}
          >
            {props.open ? '▾' : '▸'}
          </button>{' '}
          <strong>{machine.ResourceID}</strong>
        </td>
        <td>{machine.Description}</td>
        <td>{t(machine.Process)}</td>
        <td className="num">
          <NumberCell
            value={machine.DefaultWorkerCount}
            label={t('Default workers of {{machine}}', { machine: machine.ResourceID })}
            decimals={0}
            min={1}
            max={50}
            disabled={!canEdit}
            save={(v) => update('DefaultWorkerCount', v)}
          />
        </td>
        <td>
          <input
            type="checkbox"
            aria-label={t('Engine of {{machine}}', { machine: machine.ResourceID })}
            checked={engine.shown}
            disabled={!canEdit}
            onChange={(e) => {
              engine.set(e.target.checked);
              update('EngineActive', e.target.checked);
            }}
          />
        </td>
        <td>
          <input
            type="checkbox"
            aria-label={t('Algorithm of {{machine}}', { machine: machine.ResourceID })}
            checked={algorithm.shown}
            disabled={!canEdit}
            onChange={(e) => {
              algorithm.set(e.target.checked);
              update('AlgorithmActive', e.target.checked);
            }}
          />
        </td>
        <td>
          <Select
            options={workcenterOptions}
            value={workcenter.shown}
            disabled={!canEdit}
            aria-label={t('Workcenter of {{machine}}', { machine: machine.ResourceID })}
            storage={null}
            onChange={(v) => {
              // The Select also "corrects" a value missing from its options (the plant's workcenters not
              // read yet, or read for another plant): only a person's choice between listed ones saves.
              const listed = workcenterOptions.some((o) => o.value === workcenter.shown);
              if (v === workcenter.shown || !listed || !props.workcenters.length) return;
              workcenter.set(v);
              update('WorkcenterID', v);
            }}
          />
        </td>
        <td>
          {official ? (
            <span>
              {official.Description}{' '}
              {figure && (
                <span className="muted">{t(figure[0], { n: figure[1].toLocaleString('en-US') })}</span>
              )}
            </span>
          ) : (
            <span className="muted">{t('No official rate')}</span>
          )}
        </td>
        <td className="num">{machine.MachineRates.length}</td>
      </tr>
      {props.open && (
        <tr className="mr-detail">
          <td colSpan={9}>
            <RatesEditor machine={machine} canEdit={canEdit} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * /machines/rates: the machines of a plant with their default worker count, engine and algorithm
 * switches and workcenter; a machine opens to show and edit its rates. Every edit goes through the post
 * queue; every change (this user's or another's) arrives live on `machines:{PlantID}`. Read-only
 * without editMachineRates.
 */
export function MachineRatesPage() {
  const { backgroundApi, db, live } = useServices();
  const user = useUser();
  const t = useT();
  const canEdit = Boolean(user?.EditMachineRates);
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const [base, setBase] = useState<{ plantId: number; machines: Machine[] } | null>(null);
  const [workcenterList, setWorkcenters] = useState<{ plantId: number; list: Workcenter[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const follow = live.follow<Machine>(topicOf.machines(plantId), db.machines as never, {
      PlantID: plantId,
    });
    return () => {
      void follow.stop();
    };
  }, [live, db, plantId]);

  useEffect(() => {
    let current = true;
    setError(null);
    backgroundApi.get(GetMachines, { PlantID: plantId }).then(
      (machines) => current && setBase({ plantId, machines }),
      (e: unknown) => current && setError(e instanceof Error ? e.message : String(e)),
    );
    backgroundApi.get(GetWorkcenters, { PlantID: plantId }).then(
      (list) => current && setWorkcenters({ plantId, list }),
      () => current && setWorkcenters({ plantId, list: [] }),
    );
    return () => {
      current = false;
    };
  }, [backgroundApi, plantId]);

  const workcenters = workcenterList?.plantId === plantId ? workcenterList.list : [];
  const { docs } = useRxQuery(() => db.machines.find({ selector: { PlantID: plantId } }), [db, plantId]);
  const machines = useMemo(
    () =>
      base && base.plantId === plantId
        ? mergeMachines(base.machines, docs as unknown as Machine[], plantId)
        : [],
    [base, docs, plantId],
  );

  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="page pp-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Machine Rates')}</h1>
          <span className="muted">{canEdit ? t('Changes save as you make them') : t('Read only')}</span>
        </div>
        <div className="toolbar">
          <PlantPicker
            value={plantId}
            onChange={(p) => {
              setPlantId(p);
              setOpen(new Set());
            }}
          />
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        <div className="table-wrap">
          <table className="grid mr-table" aria-label={t('Machines')}>
            <thead>
              <tr>
                <th>{t('Machine')}</th>
                <th>{t('Description')}</th>
                <th>{t('Process')}</th>
                <th className="num">{t('Workers')}</th>
                <th>{t('Engine')}</th>
                <th>{t('Algorithm')}</th>
                <th>{t('Workcenter')}</th>
                <th>{t('Official rate')}</th>
                <th className="num">{t('Rates')}</th>
              </tr>
            </thead>
            <tbody>
              {machines.map((m) => (
                <MachineRow
                  key={m.ResourceID}
                  machine={m}
                  workcenters={workcenters}
                  canEdit={canEdit}
                  open={open.has(m.ResourceID)}
                  toggle={() => toggle(m.ResourceID)}
                />
              ))}
              {base && machines.length === 0 && (
                <tr>
                  <td colSpan={9} className="muted">
                    {t('This plant has no machines.')}
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
