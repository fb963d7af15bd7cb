import { useCallback, useEffect, useRef, useState } from 'react';
import { ClockIn, ClockOut, GetFace, GetFaces } from '../../../domain/shopfloor/calls';
import type { Face } from '../../../domain/shopfloor/entities';
import { facesTopic } from '../../../domain/shopfloor/live';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { ActionMessages, FaceCard, FaceState, messageOf, useAction } from './shared';
import './shopfloor.css';

/** Quiet time after a burst of face changes before reading again (another tablet's punch shows at once). */
const FACES_DEBOUNCE_MS = 100;

/**
 * /manufacturing/clocks: the logged-in employee's big Clock in / Clock out with their face (clocked in
 * since, current activity or idle since, in plant time). With supervisor or approvesTime, the faces of
 * a plant's people (clocked in, or out today) with a clock in / out for each. Both follow
 * `faces:{PlantID}`, so a punch on another tablet shows here at once.
 */
export function ClocksPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const me = user?.EmployeeID ?? 0;
  const myPlant = user?.PlantID ?? 1;
  const clocksOthers = Boolean(user?.Supervisor || user?.ApprovesTime);
  const [face, setFace] = useState<Face | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const mine = useAction();

  const loadMine = useCallback(() => {
    if (!me) return;
    backgroundApi.get(GetFace, { EmployeeID: me }).then(
      (f) => {
        setFace(f);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, me]);
  useEffect(loadMine, [loadMine]);
  useTopicRefresh(facesTopic(myPlant), loadMine, FACES_DEBOUNCE_MS);

  const punch = async (clockIn: boolean) => {
    const f = await mine.run(
      () => backgroundApi.post(clockIn ? ClockIn : ClockOut, { EmployeeID: me }),
      clockIn ? t('You are clocked in.') : t('You are clocked out.'),
    );
    if (f) setFace(f);
  };

  return (
    <section className="page sf-page" data-testid="clocks">
      <div className="card">
        <h1>{t('Clocks')}</h1>
        {loadError && <p className="alert alert-error">{loadError}</p>}
        {face ? (
          <>
            <FaceCard face={face} plantId={myPlant} />
            <div className="sf-actions" style={{ marginTop: '1rem' }}>
              {face.ClockedIn ? (
                <button
                  type="button"
                  className="sf-big"
                  disabled={mine.busy}
                  onClick={() => void punch(false)}
                >
                  {t('Clock out')}
                </button>
              ) : (
                <button
                  type="button"
                  className="sf-big"
                  disabled={mine.busy}
                  onClick={() => void punch(true)}
                >
                  {t('Clock in')}
                </button>
              )}
            </div>
            <ActionMessages error={mine.error} done={mine.done} />
          </>
        ) : (
          !loadError && <p className="muted">{t('Loading…')}</p>
        )}
      </div>
      {clocksOthers && <PlantPeople defaultPlant={myPlant} me={me} />}
    </section>
  );
}

function PlantPeople({ defaultPlant, me }: { defaultPlant: number; me: number }) {
  const { backgroundApi } = useServices();
  const t = useT();
  const [plantId, setPlantId] = useState(defaultPlant);
  const [faces, setFaces] = useState<{ plantId: number; list: Face[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useAction();
  const request = useRef(0);

  const load = useCallback(() => {
    const mine = ++request.current;
    backgroundApi.get(GetFaces, { PlantID: plantId }).then(
      (list) => {
        if (mine !== request.current) return;
        setFaces({ plantId, list });
        setLoadError(null);
      },
      (e: unknown) => mine === request.current && setLoadError(messageOf(e)),
    );
  }, [backgroundApi, plantId]);
  useEffect(load, [load]);
  useTopicRefresh(facesTopic(plantId), load, FACES_DEBOUNCE_MS);

  const punch = async (f: Face, clockIn: boolean) => {
    const done = await action.run(
      () => backgroundApi.post(clockIn ? ClockIn : ClockOut, { EmployeeID: f.EmployeeID }),
      clockIn
        ? t('{{name}} is clocked in.', { name: f.Name })
        : t('{{name}} is clocked out.', { name: f.Name }),
    );
    if (done) load();
  };

  const list = faces && faces.plantId === plantId ? faces.list : [];
  return (
    <div className="card">
      <div className="row spread">
        <h2>{t("The plant's people")}</h2>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
        </div>
      </div>
      {loadError && <p className="alert alert-error">{loadError}</p>}
      <ActionMessages error={action.error} done={action.done} testId="people-error" />
      <div className="table-wrap">
        <table className="sf-table" aria-label={t("The plant's people")}>
          <thead>
            <tr>
              <th>{t('Name')}</th>
              <th>{t('Clocked in since')}</th>
              <th>{t('Now')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((f) => (
              <tr key={f.EmployeeID} data-employee={f.EmployeeID} data-clocked-in={f.ClockedIn}>
                <td>
                  {f.Name}
                  {f.EmployeeID === me && <span className="muted"> ({t('you')})</span>}
                </td>
                <td>{f.ClockedIn && f.ClockedInAt ? formatDateTime(f.ClockedInAt, plantId) : '—'}</td>
                <td>
                  <FaceState face={f} plantId={plantId} />
                </td>
                <td>
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => void punch(f, !f.ClockedIn)}
                    aria-label={
                      f.ClockedIn
                        ? t('Clock out {{name}}', { name: f.Name })
                        : t('Clock in {{name}}', { name: f.Name })
                    }
                  >
                    {f.ClockedIn ? t('Clock out') : t('Clock in')}
                  </button>
                </td>
              </tr>
            ))}
            {faces && list.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  {t('Nobody of this plant is clocked in or worked today.')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
