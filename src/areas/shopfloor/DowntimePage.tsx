import { useCallback, useEffect, useState } from 'react';
import {
  EndDowntime,
  GetDowntimeReasons,
  GetFloorMachines,
  GetResourceStatus,
  StartDowntime,
} from '../../../domain/shopfloor/calls';
import type { DowntimeReason, FloorMachine, ResourceStatus } from '../../../domain/shopfloor/entities';
import { resourceTopic } from '../../../domain/shopfloor/live';
import { useServices, useUser } from '../../app/context';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { ActionMessages, messageOf, useAction } from './shared';
import './shopfloor.css';

/**
 * /manufacturing/downtime: the machines of the user's plant as big tiles (red when down); pick one to
 * see whether it is down (GetResourceStatus, followed live on `resource:{ResourceID}`), start downtime
 * with a reason or end it.
 */
export function DowntimePage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const plantId = user?.PlantID ?? 1;
  const [machines, setMachines] = useState<FloorMachine[] | null>(null);
  const [reasons, setReasons] = useState<DowntimeReason[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<ResourceStatus | null>(null);
  const [reason, setReason] = useState('');
  const action = useAction();

  const loadMachines = useCallback(() => {
    backgroundApi.get(GetFloorMachines, { PlantID: plantId }).then(
      (list) => {
        setMachines(list);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, plantId]);
  useEffect(loadMachines, [loadMachines]);
  useEffect(() => {
    backgroundApi.get(GetDowntimeReasons, {}).then(setReasons, () => undefined);
  }, [backgroundApi]);

  const loadStatus = useCallback(() => {
    if (!selected) return;
    backgroundApi.get(GetResourceStatus, { ResourceID: selected }).then(
      (s) => {
        if (s.ResourceID !== selected) return;
        setStatus(s);
        // The tile's colour follows the machine's state.
        setMachines((list) =>
          list
            ? list.map((m) => (m.ResourceID === s.ResourceID ? { ...m, Down: s.OpenDowntime !== null } : m))
            : list,
        );
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, selected]);
  useEffect(loadStatus, [loadStatus]);
  useTopicRefresh(selected ? resourceTopic(selected) : null, loadStatus, 150);

  const shown = status && status.ResourceID === selected ? status : null;
  const start = async () => {
    if (!selected) return;
    const done = await action.run(
      () => backgroundApi.post(StartDowntime, { ResourceID: selected, ReasonCode: reason }),
      t('{{machine}} is down.', { machine: selected }),
    );
    if (done) {
      setReason('');
      loadStatus();
    }
  };
  const end = async () => {
    if (!selected) return;
    const done = await action.run(
      () => backgroundApi.post(EndDowntime, { ResourceID: selected }),
      t('{{machine}} is running again.', { machine: selected }),
    );
    if (done) loadStatus();
  };

  return (
    <section className="page sf-page" data-testid="downtime">
      <div className="card">
        <h1>{t('Downtime')}</h1>
        {loadError && <p className="alert alert-error">{loadError}</p>}
        {!machines && !loadError && <p className="muted">{t('Loading…')}</p>}
        {machines && machines.length === 0 && (
          <p className="muted">{t('This plant has no active machines.')}</p>
        )}
        <div className="sf-tiles" data-testid="machine-tiles">
          {machines?.map((m) => (
            <button
              key={m.ResourceID}
              type="button"
              className={`sf-tile${m.Down ? ' sf-tile-down' : ''}`}
              aria-pressed={selected === m.ResourceID}
              data-machine={m.ResourceID}
              data-down={m.Down}
              onClick={() => {
                setSelected(m.ResourceID);
                setStatus(null);
                action.setError(null);
              }}
            >
              <strong>{m.ResourceID}</strong>
              <small>{m.Description}</small>
              <small className={m.Down ? 'sf-badge-down' : 'sf-badge-up'}>
                {m.Down ? t('Down') : t('Running')}
              </small>
            </button>
          ))}
        </div>
      </div>
      {selected && (
        <div
          className="card"
          data-testid="machine-status"
          data-down={shown ? shown.OpenDowntime !== null : undefined}
        >
          <h2>
            {selected}
            {shown && <span className="muted"> · {shown.Description}</span>}
          </h2>
          {!shown && <p className="muted">{t('Loading…')}</p>}
          {shown?.OpenDowntime && (
            <>
              <p className="sf-badge-down" style={{ fontSize: '1.3rem' }}>
                {t('Down since {{time}}: {{reason}}', {
                  time: formatDateTime(shown.OpenDowntime.StartedAt, shown.PlantID),
                  reason: t(shown.OpenDowntime.Reason),
                })}
              </p>
              <div className="sf-actions">
                <button type="button" className="sf-big" disabled={action.busy} onClick={() => void end()}>
                  {t('End downtime')}
                </button>
              </div>
            </>
          )}
          {shown && !shown.OpenDowntime && (
            <>
              <p className="sf-badge-up" style={{ fontSize: '1.3rem' }}>
                {shown.JobNumber
                  ? t('Running: job {{job}}, operation {{op}}', {
                      job: shown.JobNumber,
                      op: shown.Operation ?? '',
                    })
                  : t('Running (no job on it)')}
              </p>
              <div className="sf-form">
                <label>
                  {t('Reason')}
                  <select value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('Reason')}>
                    <option value="">{t('Choose a reason')}</option>
                    {reasons.map((r) => (
                      <option key={r.ReasonCode} value={r.ReasonCode}>
                        {t(r.Description)}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="sf-big"
                  disabled={!reason || action.busy}
                  onClick={() => void start()}
                >
                  {t('Start downtime')}
                </button>
              </div>
            </>
          )}
          {shown && (
            <p className="muted">
              {t('Downtime today: {{minutes}} min', { minutes: Math.round(shown.DowntimeMinutesToday) })}
            </p>
          )}
          <ActionMessages error={action.error} done={action.done} testId="downtime-error" />
        </div>
      )}
    </section>
  );
}
