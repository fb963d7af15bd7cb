import { useCallback, useEffect, useMemo, useState } from 'react';
import { ClockIn, ClockOut } from '../../../domain/shopfloor/calls';
import { facesTopic } from '../../../domain/shopfloor/live';
import { GetPlantPeople } from '../../../domain/timeclock/calls';
import type { PlantPerson } from '../../../domain/timeclock/entities';
import type { FaceProjection } from '../../../projections/faces.collection';
import { useRxQuery } from '../../../projections/hooks';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { ActionMessages, useAction } from '../shopfloor/shared';
import { formatClock, minutesBetween } from './format';
import './timeclock.css';

/** How often the idle minutes are counted again between changes. */
const TICK_MS = 30_000;

/**
 * The plant's faces, live: who is clocked in, on which machine, job and operation or indirect code,
 * idle since when. Follows topic `faces:{PlantID}` into the `faces` collection (a clock-in on another
 * tablet shows at once) and reads the collection. With supervisor or approvesTime, each face has a
 * Clock in / Clock out (web/ClockIn, web/ClockOut with the EmployeeID; the server checks the flags).
 * `tablet`: the big-target layout of /manufacturing/faces; else the desktop board of /boards/faces.
 */
export function FacesBoard({ tablet }: { tablet: boolean }) {
  const { api, backgroundApi, db, live } = useServices();
  const user = useUser();
  const t = useT();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const [onlyIn, setOnlyIn] = useState(false);
  const [now, setNow] = useState(Date.now());
  const action = useAction();
  const clocksOthers = Boolean(user?.Supervisor || user?.ApprovesTime);

  useEffect(() => {
    const follow = live.follow<FaceProjection>(facesTopic(plantId), db.faces, { PlantID: plantId });
    return () => {
      void follow.stop();
    };
  }, [live, db, plantId]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Whom a supervisor can clock in: every active employee of the plant (the board shows only those who
  // punched), read again when a face changes.
  const [people, setPeople] = useState<{ plantId: number; list: PlantPerson[] } | null>(null);
  const [chosen, setChosen] = useState('');
  const loadPeople = useCallback(() => {
    if (!clocksOthers) return;
    backgroundApi.get(GetPlantPeople, { PlantID: plantId }).then(
      (list) => setPeople({ plantId, list }),
      () => setPeople({ plantId, list: [] }),
    );
  }, [backgroundApi, clocksOthers, plantId]);
  useEffect(loadPeople, [loadPeople]);
  useTopicRefresh(clocksOthers ? facesTopic(plantId) : null, loadPeople, 200);
  const outside = people && people.plantId === plantId ? people.list.filter((p) => !p.ClockedIn) : [];

  const { docs, loading } = useRxQuery(
    () => db.faces.find({ selector: { PlantID: plantId } }),
    [db, plantId],
  );
  const faces = useMemo(
    () =>
      [...docs]
        .filter((f) => !onlyIn || f.ClockedIn)
        .sort(
          (a, b) =>
            Number(b.ClockedIn) - Number(a.ClockedIn) ||
            (a.Name ?? '').localeCompare(b.Name ?? '') ||
            a.EmployeeID - b.EmployeeID,
        ),
    [docs, onlyIn],
  );
  const clockedIn = docs.filter((f) => f.ClockedIn).length;

  const punch = (f: { EmployeeID: number; Name: string; ClockedIn: boolean }) =>
    action.run(
      () => backgroundApi.post(f.ClockedIn ? ClockOut : ClockIn, { EmployeeID: f.EmployeeID }),
      f.ClockedIn
        ? t('{{name}} is clocked out.', { name: f.Name })
        : t('{{name}} is clocked in.', { name: f.Name }),
    );

  return (
    <section className={`page tc-page${tablet ? ' sf-page' : ' tc-wide'}`} data-testid="faces-board">
      <div className="card">
        <div className="row spread">
          <h1>{t('Faces')}</h1>
          <div className="toolbar">
            <span className="muted" data-testid="clocked-in-count">
              {t('{{count}} clocked in', { count: clockedIn })}
            </span>
            <label className="tc-check">
              <input type="checkbox" checked={onlyIn} onChange={(e) => setOnlyIn(e.target.checked)} />{' '}
              {t('Only clocked in')}
            </label>
            <PlantPicker value={plantId} onChange={setPlantId} />
          </div>
        </div>
        {clocksOthers && (
          <div className="tc-filters">
            <label>
              {t('Clock in someone')}
              <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">{t('Choose a person')}</option>
                {outside.map((p) => (
                  <option key={p.EmployeeID} value={p.EmployeeID}>
                    {p.Name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              disabled={action.busy || !chosen}
              onClick={() => {
                const person = outside.find((p) => String(p.EmployeeID) === chosen);
                if (person) void punch(person).then(() => setChosen(''));
              }}
            >
              {t('Clock in')}
            </button>
          </div>
        )}
        <ActionMessages error={action.error} done={action.done} testId="faces-error" />
        {loading && <p className="muted">{t('Loading…')}</p>}
        {!loading && faces.length === 0 && (
          <p className="muted">{t('Nobody of this plant has clocked in.')}</p>
        )}
        <div className={`tc-faces${tablet ? ' tc-faces-tablet' : ''}`}>
          {faces.map((f) => (
            <article
              key={f.EmployeeID}
              className={`tc-face ${stateClass(f)}`}
              data-employee={f.EmployeeID}
              data-clocked-in={f.ClockedIn}
              aria-label={f.Name}
            >
              <Avatar
                person={{
                  EmployeeID: f.EmployeeID,
                  Name: f.Name,
                  FirstName: f.Name.split(' ')[0] ?? '',
                  LastName: f.Name.split(' ').slice(1).join(' '),
                  BackColor: '#5b6b7f',
                  TextColor: '#ffffff',
                  PhotoExists: Boolean(f.PhotoFile),
                }}
                size={tablet ? 'l' : 'default'}
                photoUrl={(id) => api.photoUrl(id)}
              />
              <div className="tc-face-body">
                <div className="tc-face-name">{f.Name}</div>
                <div className="tc-face-state">
                  {!f.ClockedIn ? (
                    t('Not clocked in')
                  ) : f.Machine ? (
                    <>
                      <strong>{f.Machine}</strong>{' '}
                      {t('job {{job}}, operation {{op}}', { job: f.WONumber ?? '', op: f.Operation ?? '' })}
                    </>
                  ) : f.Indirect ? (
                    t('Indirect: {{what}}', { what: t(f.Indirect) })
                  ) : f.IdleSince ? (
                    t('Idle since {{time}} ({{minutes}} min)', {
                      time: formatClock(f.IdleSince, plantId),
                      minutes: Math.floor(minutesBetween(f.IdleSince, null, now)),
                    })
                  ) : (
                    t('Idle')
                  )}
                </div>
                {f.ClockedIn && f.StartActivity && (
                  <div className="muted">
                    {t('since {{time}}', { time: formatClock(f.StartActivity, plantId) })}
                  </div>
                )}
                {f.TeamMembers && f.TeamMembers.length > 0 && (
                  <div className="muted">
                    {t('Team: {{names}}', { names: f.TeamMembers.map((m) => m.Name).join(', ') })}
                  </div>
                )}
              </div>
              {clocksOthers && (
                <button
                  type="button"
                  className="tc-face-button"
                  disabled={action.busy}
                  onClick={() => void punch(f)}
                  aria-label={
                    f.ClockedIn
                      ? t('Clock out {{name}}', { name: f.Name })
                      : t('Clock in {{name}}', { name: f.Name })
                  }
                >
                  {f.ClockedIn ? t('Clock out') : t('Clock in')}
                </button>
              )}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function stateClass(f: { ClockedIn: boolean; Machine: string | null; Indirect: string | null }): string {
  if (!f.ClockedIn) return 'tc-out';
  if (f.Machine) return 'tc-direct';
  if (f.Indirect) return 'tc-indirect';
  return 'tc-idle';
}
