import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  GetFaces,
  GetFloorMachines,
  GetIndirectCodes,
  GetJobOperations,
  GetMyActivity,
  RecordCompletions,
  StartDirectActivity,
  StartIndirectActivity,
  StopActivity,
} from '../../../domain/shopfloor/calls';
import type {
  Face,
  FloorMachine,
  IndirectCode,
  JobOperation,
  MyActivity,
} from '../../../domain/shopfloor/entities';
import { facesTopic } from '../../../domain/shopfloor/live';
import { useServices, useUser } from '../../app/context';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { ActionMessages, FaceCard, messageOf, useAction } from './shared';
import { parseTraveler, type Traveler } from './traveler';
import './shopfloor.css';

const JOB_PATTERN = /^[A-Za-z0-9-]{1,30}$/;

/**
 * /manufacturing/myactivity: the caller's face and open activity; start direct work (machine, job,
 * plan operation, optional team for a supervisor) by hand or by scanning the traveler into the Scan
 * field (a keyboard-wedge scanner types the code then Enter: traveler.ts has the format); start
 * indirect work by code; stop (go idle); report good and scrapped pieces on the open direct activity;
 * today's completions. A refused call shows the server's message and every field keeps its value.
 */
export interface MyActivityProps {
  /** A traveler to start from (the startdirectactivity route): fills machine, job and operation. */
  traveler?: Traveler | null;
  /** Start alone: no team members offered (the route's singleActivity). */
  single?: boolean;
  /** After work started (the route goes back to My Activity). */
  onStarted?(): void;
}

export function MyActivityPage({ traveler = null, single = false, onStarted }: MyActivityProps = {}) {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const plantId = user?.PlantID ?? 1;
  const me = user?.EmployeeID ?? 0;
  const isSupervisor = Boolean(user?.Supervisor);
  const [state, setState] = useState<MyActivity | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [machines, setMachines] = useState<FloorMachine[]>([]);
  const [codes, setCodes] = useState<IndirectCode[]>([]);

  const load = useCallback(() => {
    backgroundApi.get(GetMyActivity, {}).then(
      (s) => {
        setState(s);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi]);
  useEffect(load, [load]);
  useTopicRefresh(facesTopic(plantId), load, 150);

  useEffect(() => {
    backgroundApi.get(GetFloorMachines, { PlantID: plantId }).then(setMachines, () => undefined);
    backgroundApi.get(GetIndirectCodes, {}).then(setCodes, () => undefined);
  }, [backgroundApi, plantId]);

  const activity = state?.Activity ?? null;
  return (
    <section className="page sf-page" data-testid="my-activity">
      <div className="card">
        <h1>{t('My Activity')}</h1>
        {loadError && <p className="alert alert-error">{loadError}</p>}
        {state ? (
          <FaceCard face={state.Face} plantId={plantId} />
        ) : (
          !loadError && <p className="muted">{t('Loading…')}</p>
        )}
        {state && !state.Face.ClockedIn && (
          <p className="alert alert-error" role="status">
            {t('Clock in (Clocks) before starting work.')}
          </p>
        )}
        {state && activity && <StopWork employeeId={me} onDone={load} />}
        {state && activity?.Direct && state.Face.TeamMembers.length > 0 && (
          <p>
            <Link
              to={`/manufacturing/recordmulticompletions/${activity.LaborActivityID}`}
              data-testid="team-pieces-link"
            >
              {t('Record pieces for the team')}
            </Link>
          </p>
        )}
      </div>
      {state && activity?.Direct && (
        <Completions
          activityId={activity.LaborActivityID}
          completions={state.CompletionsToday}
          plantId={plantId}
          onDone={load}
        />
      )}
      {state && !activity?.Direct && state.CompletionsToday.length > 0 && (
        <Completions activityId={null} completions={state.CompletionsToday} plantId={plantId} onDone={load} />
      )}
      <StartDirect
        employeeId={me}
        plantId={plantId}
        machines={machines}
        team={isSupervisor && !single}
        initial={traveler}
        onDone={() => {
          load();
          onStarted?.();
        }}
      />
      <StartIndirect employeeId={me} codes={codes} onDone={load} />
    </section>
  );
}

function StopWork({ employeeId, onDone }: { employeeId: number; onDone(): void }) {
  const { backgroundApi } = useServices();
  const t = useT();
  const action = useAction();
  return (
    <>
      <div className="sf-actions" style={{ marginTop: '1rem' }}>
        <button
          type="button"
          className="sf-big"
          disabled={action.busy}
          onClick={async () => {
            const face = await action.run(() => backgroundApi.post(StopActivity, { EmployeeID: employeeId }));
            if (face) onDone();
          }}
        >
          {t('Stop (go idle)')}
        </button>
      </div>
      <ActionMessages error={action.error} />
    </>
  );
}

function StartDirect(props: {
  employeeId: number;
  plantId: number;
  machines: FloorMachine[];
  team: boolean;
  initial?: Traveler | null;
  onDone(): void;
}) {
  const { backgroundApi } = useServices();
  const t = useT();
  const action = useAction();
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [resourceId, setResourceId] = useState(props.initial?.ResourceID ?? '');
  const [job, setJob] = useState(props.initial?.JobNumber ?? '');
  const [opId, setOpId] = useState(props.initial ? String(props.initial.ProductionPlanOperationID) : '');
  const [ops, setOps] = useState<{ job: string; list: JobOperation[] } | null>(null);
  const [teamIds, setTeamIds] = useState<number[]>([]);
  const [people, setPeople] = useState<Face[]>([]);
  const opsRequest = useRef(0);

  // The job's plan operations, read once the job number looks like one (typed or scanned).
  useEffect(() => {
    const j = job.trim();
    if (!JOB_PATTERN.test(j)) return;
    const mine = ++opsRequest.current;
    const timer = setTimeout(() => {
      backgroundApi.get(GetJobOperations, { JobNumber: j }).then(
        (list) => mine === opsRequest.current && setOps({ job: j, list }),
        () => undefined,
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [backgroundApi, job]);

  useEffect(() => {
    if (!props.team) return;
    backgroundApi.get(GetFaces, { PlantID: props.plantId }).then(setPeople, () => undefined);
  }, [backgroundApi, props.team, props.plantId]);

  const jobOps = ops && ops.job === job.trim() ? ops.list : null;
  // The operations on the chosen machine first; every operation of the job when none is chosen.
  const choices = useMemo(() => {
    if (!jobOps) return [];
    const onMachine = resourceId ? jobOps.filter((o) => o.ResourceID === resourceId) : jobOps;
    const chosen = jobOps.find((o) => String(o.ProductionPlanOperationID) === opId);
    return chosen && !onMachine.includes(chosen) ? [...onMachine, chosen] : onMachine;
  }, [jobOps, resourceId, opId]);

  const onScan = () => {
    const traveler = parseTraveler(scan);
    if (!traveler) {
      setScanError(t('That is not a traveler code. Scan again or type job and operation.'));
      return;
    }
    setScanError(null);
    setJob(traveler.JobNumber);
    setOpId(String(traveler.ProductionPlanOperationID));
    if (traveler.ResourceID) setResourceId(traveler.ResourceID);
    setScan('');
  };

  const opNumber = Number(opId);
  const ready =
    resourceId !== '' && JOB_PATTERN.test(job.trim()) && Number.isSafeInteger(opNumber) && opNumber > 0;

  const start = async () => {
    const done = await action.run(
      () =>
        backgroundApi.post(StartDirectActivity, {
          EmployeeID: props.employeeId,
          ResourceID: resourceId,
          JobNumber: job.trim(),
          ProductionPlanOperationID: opNumber,
          ...(teamIds.length ? { TeamMemberIDs: teamIds } : {}),
        }),
      t('Work started.'),
    );
    if (done) {
      setTeamIds([]);
      props.onDone();
    }
  };

  const known = props.machines.some((m) => m.ResourceID === resourceId);
  return (
    <div className="card" data-testid="start-direct">
      <h2>{t('Start work on a job')}</h2>
      <div className="sf-form">
        <label className="sf-scan" style={{ gridColumn: '1 / -1' }}>
          {t('Scan traveler')}
          <input
            type="text"
            data-testid="scan"
            autoComplete="off"
            placeholder={t('Scan the traveler barcode here')}
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onScan();
              }
            }}
          />
        </label>
        <label>
          {t('Machine')}
          <select
            value={resourceId}
            onChange={(e) => setResourceId(e.target.value)}
            aria-label={t('Machine')}
          >
            <option value="">{t('Choose a machine')}</option>
            {!known && resourceId && <option value={resourceId}>{resourceId}</option>}
            {props.machines.map((m) => (
              <option key={m.ResourceID} value={m.ResourceID}>
                {m.ResourceID} · {m.Description}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('Job number')}
          <input
            type="text"
            autoComplete="off"
            aria-label={t('Job number')}
            value={job}
            maxLength={30}
            onChange={(e) => setJob(e.target.value)}
          />
        </label>
        <div className="sf-field">
          <span>{t('Operation')}</span>
          {jobOps && (jobOps.length > 0 || !opId) ? (
            <select value={opId} onChange={(e) => setOpId(e.target.value)} aria-label={t('Operation')}>
              <option value="">
                {choices.length ? t('Choose an operation') : t('No operation of this job on that machine')}
              </option>
              {opId && !jobOps.some((o) => String(o.ProductionPlanOperationID) === opId) && (
                <option value={opId}>{t('Operation {{id}} (not in this job)', { id: opId })}</option>
              )}
              {choices.map((o) => (
                <option key={o.ProductionPlanOperationID} value={String(o.ProductionPlanOperationID)}>
                  {t('Op {{seq}}', { seq: o.Sequence })}
                  {o.ResourceID ? ` · ${o.ResourceID}` : ''}
                  {o.Item ? ` · ${o.Item}` : ''}
                </option>
              ))}
            </select>
          ) : (
            <input
              type="text"
              inputMode="numeric"
              className="sf-number"
              aria-label={t('Operation')}
              placeholder={t('Operation ID')}
              value={opId}
              onChange={(e) => setOpId(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </div>
      </div>
      {props.team && people.filter((p) => p.ClockedIn && p.EmployeeID !== props.employeeId).length > 0 && (
        <fieldset className="sf-team">
          <legend>{t('Team members (optional)')}</legend>
          <div className="sf-actions">
            {people
              .filter((p) => p.ClockedIn && p.EmployeeID !== props.employeeId)
              .map((p) => (
                <label key={p.EmployeeID} className="sf-check">
                  <input
                    type="checkbox"
                    checked={teamIds.includes(p.EmployeeID)}
                    onChange={(e) =>
                      setTeamIds((ids) =>
                        e.target.checked ? [...ids, p.EmployeeID] : ids.filter((id) => id !== p.EmployeeID),
                      )
                    }
                  />
                  {p.Name}
                </label>
              ))}
          </div>
        </fieldset>
      )}
      <div className="sf-actions" style={{ marginTop: '1rem' }}>
        <button
          type="button"
          className="sf-big"
          disabled={!ready || action.busy}
          onClick={() => void start()}
        >
          {t('Start work')}
        </button>
      </div>
      <ActionMessages error={scanError ?? action.error} done={action.done} testId="start-error" />
    </div>
  );
}

function StartIndirect(props: { employeeId: number; codes: IndirectCode[]; onDone(): void }) {
  const { backgroundApi } = useServices();
  const t = useT();
  const action = useAction();
  const [code, setCode] = useState('');
  return (
    <div className="card" data-testid="start-indirect">
      <h2>{t('Start indirect work')}</h2>
      <div className="sf-form">
        <label>
          {t('Indirect code')}
          <select value={code} onChange={(e) => setCode(e.target.value)} aria-label={t('Indirect code')}>
            <option value="">{t('Choose a code')}</option>
            {props.codes.map((c) => (
              <option key={c.IndirectCode} value={c.IndirectCode}>
                {c.IndirectCode} · {t(c.Description)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="sf-big"
          disabled={!code || action.busy}
          onClick={async () => {
            const done = await action.run(
              () =>
                backgroundApi.post(StartIndirectActivity, {
                  EmployeeID: props.employeeId,
                  IndirectCode: code,
                }),
              t('Indirect work started.'),
            );
            if (done) props.onDone();
          }}
        >
          {t('Start indirect')}
        </button>
      </div>
      <ActionMessages error={action.error} done={action.done} />
    </div>
  );
}

export function Completions(props: {
  activityId: number | null;
  completions: MyActivity['CompletionsToday'];
  plantId: number;
  onDone(): void;
}) {
  const { backgroundApi } = useServices();
  const t = useT();
  const action = useAction();
  const [good, setGood] = useState('');
  const [scrap, setScrap] = useState('');
  const [reason, setReason] = useState('');
  const goodN = good === '' ? 0 : Number(good);
  const scrapN = scrap === '' ? 0 : Number(scrap);
  const needsReason = scrapN > 0 && !reason.trim();
  const valid =
    Number.isFinite(goodN) && Number.isFinite(scrapN) && goodN >= 0 && scrapN >= 0 && goodN + scrapN > 0;

  const record = async () => {
    if (props.activityId === null) return;
    if (needsReason) {
      action.setError(t('Give a reason for the scrap.'));
      return;
    }
    const id = props.activityId;
    const done = await action.run(
      () =>
        backgroundApi.post(RecordCompletions, {
          LaborActivityID: id,
          Quantity: goodN,
          ScrapQuantity: scrapN,
          ScrapReason: scrapN > 0 ? reason.trim() : null,
        }),
      t('Recorded {{good}} good and {{scrap}} scrap.', { good: goodN, scrap: scrapN }),
    );
    if (done) {
      setGood('');
      setScrap('');
      setReason('');
      props.onDone();
    }
  };

  const total = props.completions.reduce((s, c) => s + c.Quantity, 0);
  const totalScrap = props.completions.reduce((s, c) => s + c.ScrapQuantity, 0);
  return (
    <div className="card" data-testid="completions">
      {props.activityId !== null && (
        <>
          <h2>{t('Record pieces')}</h2>
          <div className="sf-form">
            <label>
              {t('Good pieces')}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                className="sf-number"
                aria-label={t('Good pieces')}
                value={good}
                onChange={(e) => setGood(e.target.value)}
              />
            </label>
            <label>
              {t('Scrap pieces')}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                className="sf-number"
                aria-label={t('Scrap pieces')}
                value={scrap}
                onChange={(e) => setScrap(e.target.value)}
              />
            </label>
            <label>
              {t('Scrap reason')}
              <input
                type="text"
                aria-label={t('Scrap reason')}
                aria-invalid={needsReason}
                placeholder={scrapN > 0 ? t('Required for scrap') : ''}
                maxLength={200}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <button
              type="button"
              className="sf-big"
              disabled={!valid || action.busy}
              onClick={() => void record()}
            >
              {t('Record')}
            </button>
          </div>
          {needsReason && <p className="form-error">{t('Give a reason for the scrap.')}</p>}
          <ActionMessages error={action.error} done={action.done} testId="record-error" />
        </>
      )}
      <h2>{t("Today's completions")}</h2>
      <table className="sf-table" aria-label={t("Today's completions")}>
        <thead>
          <tr>
            <th>{t('Time')}</th>
            <th>{t('Machine')}</th>
            <th>{t('Job')}</th>
            <th className="sf-num">{t('Good')}</th>
            <th className="sf-num">{t('Scrap')}</th>
            <th>{t('Scrap reason')}</th>
          </tr>
        </thead>
        <tbody>
          {props.completions.map((c) => (
            <tr key={c.CompletionID} data-completion={c.CompletionID}>
              <td>{formatDateTime(c.RecordedAt, props.plantId)}</td>
              <td>{c.ResourceID}</td>
              <td>{c.JobNumber}</td>
              <td className="sf-num">{c.Quantity}</td>
              <td className="sf-num">{c.ScrapQuantity}</td>
              <td>{c.ScrapReason ?? ''}</td>
            </tr>
          ))}
          {props.completions.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t('No pieces recorded today.')}
              </td>
            </tr>
          )}
        </tbody>
        {props.completions.length > 0 && (
          <tfoot>
            <tr>
              <th colSpan={3}>{t('Total')}</th>
              <th className="sf-num" data-testid="total-good">
                {total}
              </th>
              <th className="sf-num" data-testid="total-scrap">
                {totalScrap}
              </th>
              <th />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
