import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type DueCheck, GetTwoHourChecksQueue } from '../../../../domain/quality-checks/calls';
import { useServices, useUser } from '../../../app/context';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../ui/format';
import { messageOf } from '../shared';
import '../shopfloor.css';
import './checks.css';

/** How often the queue is read again, so a slot that falls due shows without a reload. */
const REFRESH_MS = 60_000;

/** The address of one check's form (the slot as its ISO instant). */
export const checkPath = (resourceId: string, dueAt: string) =>
  `/manufacturing/twohourchecks/${encodeURIComponent(resourceId)}/${encodeURIComponent(dueAt)}`;

/**
 * /manufacturing/twohourchecksqueue: the due two-hour checks of the user's plant as big tiles, late ones
 * red and first (shopfloor/GetTwoHourChecksQueue); a tile opens the check's form.
 */
export function TwoHourChecksQueuePage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const navigate = useNavigate();
  const plantId = user?.PlantID ?? 1;
  const [due, setDue] = useState<DueCheck[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    backgroundApi.get(GetTwoHourChecksQueue, { PlantID: plantId }).then(
      (list) => {
        setDue(list);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, plantId]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="page sf-page" data-testid="checks-queue">
      <div className="card">
        <h1>{t('Two-hour checks')}</h1>
        {loadError && (
          <p className="alert alert-error" role="alert">
            {loadError}
          </p>
        )}
        {!due && !loadError && <p className="muted">{t('Loading…')}</p>}
        {due && due.length === 0 && <p className="muted">{t('No check is due.')}</p>}
        <div className="qc-tiles" data-testid="check-tiles">
          {due?.map((c) => (
            <button
              key={`${c.ResourceID}|${c.DueAt}`}
              type="button"
              className={`qc-tile${c.Late ? ' qc-tile-late' : ''}`}
              data-machine={c.ResourceID}
              data-late={c.Late}
              onClick={() => navigate(checkPath(c.ResourceID, c.DueAt))}
            >
              <strong>{c.ResourceID}</strong>
              <span>{c.Description}</span>
              <span>
                {t('Job {{job}}, operation {{op}}', { job: c.JobNumber ?? '', op: c.Operation ?? '' })}
              </span>
              <span className={c.Late ? 'qc-late' : 'qc-due'}>
                {c.Late
                  ? t('Late: due {{time}}', { time: formatDateTime(c.DueAt, c.PlantID) })
                  : t('Due {{time}}', { time: formatDateTime(c.DueAt, c.PlantID) })}
              </span>
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
