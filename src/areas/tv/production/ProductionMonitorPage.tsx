import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { GetFacePhoto, GetResourceStatus } from '../../../../domain/shopfloor/calls';
import type { Operator, ResourceStatus } from '../../../../domain/shopfloor/entities';
import { RESOURCE_KIND, resourceTopic } from '../../../../domain/shopfloor/live';
import { figuresAt } from '../../../../domain/shopfloor/rules';
import { messageOf } from '../../../api/errors';
import { useCore } from '../../../app/context';
import { useT } from '../../../i18n';
import { colourOf, initialsOf, sinceText } from '../faces/faceboard';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import './monitor.css';
import { formatTime } from '../../../ui/format';

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

function OperatorFace({ op, now }: { op: Operator; now: number }) {
  return (
    <li className="pm-operator" data-employee={op.EmployeeID}>
      {op.PhotoFile ? (
        <img
          className="pm-photo"
          src={`/api/${GetFacePhoto.path}?${new URLSearchParams({ photo: op.PhotoFile })}`}
          alt=""
          width={96}
          height={96}
        />
      ) : (
        <span
          className="pm-photo pm-initials"
          style={{ background: colourOf(op.EmployeeID) }}
          aria-hidden="true"
        >
          {initialsOf(op.Name)}
        </span>
      )}
      <span className="pm-operator-name">{op.Name}</span>
      <span className="pm-operator-since">{sinceText(op.StartActivity, now)}</span>
    </li>
  );
}

/** The board itself, for a status as published (live) or as asked once (a machine nobody wrote yet). */
function Monitor({ s }: { s: ResourceStatus }) {
  const t = useT();
  // The target advances with the clock between writes (figuresAt); once a second reads smoothly.
  const now = useNow(1000);
  const tz = plantTimeZone(s.PlantID);
  const f = figuresAt(s, now);
  const diff = s.ActualPieces - f.TargetPieces;
  const behind = s.JobNumber !== null && diff < 0;
  // No run: nothing to be ahead of or behind, so no green or red.
  const tone = s.JobNumber === null ? 'pm-idle' : behind ? 'pm-bad' : 'pm-good';
  const progress =
    s.OperationQuantity && s.OperationQuantity > 0 ? Math.min(1, s.ActualPieces / s.OperationQuantity) : null;
  const down = s.OpenDowntime;
  return (
    <div
      className={`pm${down ? ' pm-is-down' : ''}`}
      data-testid="production-monitor"
      data-resource={s.ResourceID}
    >
      <section className="pm-run">
        <div className="pm-resource">
          <span className="pm-resource-id">{s.ResourceID}</span>
          <span className="pm-resource-name">{s.Description}</span>
        </div>
        {s.JobNumber ? (
          <div className="pm-job" data-testid="pm-job">
            {t('Job')} <strong>{s.JobNumber}</strong>
            {s.Operation !== null ? (
              <>
                {' · '}
                {t('Op {{n}}', { n: s.Operation })}
              </>
            ) : null}
            {s.Item ? (
              <>
                {' · '}
                <strong>{s.Item}</strong>
              </>
            ) : null}
          </div>
        ) : (
          <div className="pm-job pm-muted" data-testid="pm-job">
            {t('No job running')}
          </div>
        )}
        {progress !== null ? (
          <div
            className="pm-progress"
            role="progressbar"
            aria-label={t('Operation progress')}
            aria-valuemin={0}
            aria-valuemax={s.OperationQuantity ?? 0}
            aria-valuenow={s.ActualPieces}
          >
            <div className="pm-progress-bar" style={{ width: `${progress * 100}%` }} />
            <span className="pm-progress-text">
              {t('{{done}} of {{total}} pieces this run', {
                done: number(s.ActualPieces),
                total: number(s.OperationQuantity ?? 0),
              })}
            </span>
          </div>
        ) : null}
      </section>
      {down ? (
        <div className="pm-down" role="status" data-testid="pm-down">
          {t('DOWN')} · {down.Reason} ·{' '}
          {t('since {{time}} ({{minutes}})', {
            time: formatTime(down.StartedAt, tz),
            minutes: sinceText(down.StartedAt, now),
          })}
        </div>
      ) : null}
      <section className="pm-figures">
        <div className="pm-tile">
          <div className="pm-label">{t('Target')}</div>
          <div className="pm-value" data-testid="pm-target">
            {number(f.TargetPieces)}
          </div>
        </div>
        <div className={`pm-tile ${tone}`}>
          <div className="pm-label">{t('Actual')}</div>
          <div className="pm-value" data-testid="pm-actual">
            {number(s.ActualPieces)}
          </div>
        </div>
        <div className={`pm-tile ${tone}`}>
          <div className="pm-label">{t('Difference')}</div>
          <div className="pm-value" data-testid="pm-diff">
            {diff > 0 ? '+' : ''}
            {number(diff)}
          </div>
        </div>
      </section>
      <dl className="pm-rates">
        <div>
          <dt>{t('Pieces per hour')}</dt>
          <dd data-testid="pm-rate">{number(f.PiecesPerHour)}</dd>
        </div>
        <div>
          <dt>{t('Target per hour')}</dt>
          <dd>{number(s.TargetPiecesPerHour)}</dd>
        </div>
        <div>
          <dt>{t('Scrap')}</dt>
          <dd data-testid="pm-scrap">{number(s.ScrapPieces)}</dd>
        </div>
        <div>
          <dt>{t('Downtime today')}</dt>
          <dd>{t('{{n}} min', { n: number(Math.round(s.DowntimeMinutesToday)) })}</dd>
        </div>
      </dl>
      <section className="pm-operators-panel">
        <h2>{t('Operators')}</h2>
        {s.Operators.length ? (
          <ul className="pm-operators" data-testid="pm-operators">
            {s.Operators.map((op) => (
              <OperatorFace key={op.EmployeeID} op={op} now={now} />
            ))}
          </ul>
        ) : (
          <p className="pm-muted" data-testid="pm-operators">
            {t('Nobody is on this machine.')}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * The machine's status: live from `resource:{ResourceID}` (a boardItems item of kind `resource`);
 * a machine nobody has written to since the change log began has nothing on its topic yet, so then it
 * is asked once (shopfloor/GetResourceStatus, public) and the topic takes over at the first write.
 */
function useResourceStatus(resourceId: string) {
  const { backgroundApi } = useCore();
  const { docs, synced } = useTvTopic(resourceTopic(resourceId), 'boardItems', {
    Kind: RESOURCE_KIND,
    Key: resourceId,
  });
  const live = (docs[0]?.Data as ResourceStatus | undefined) ?? null;
  const [asked, setAsked] = useState<{
    id: string;
    status: ResourceStatus | null;
    error: string | null;
  } | null>(null);
  const needAsk = synced && !live && asked?.id !== resourceId;
  useEffect(() => {
    if (!needAsk) return;
    let current = true;
    backgroundApi.get(GetResourceStatus, { ResourceID: resourceId }).then(
      (status) => current && setAsked({ id: resourceId, status, error: null }),
      (error: unknown) => current && setAsked({ id: resourceId, status: null, error: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [needAsk, backgroundApi, resourceId]);
  const fallback = asked?.id === resourceId ? asked : null;
  return { status: live ?? fallback?.status ?? null, error: live ? null : (fallback?.error ?? null) };
}

function Body({ resourceId, onPlant }: { resourceId: string; onPlant(plantId: number): void }) {
  const t = useT();
  const { status, error } = useResourceStatus(resourceId);
  useEffect(() => {
    if (status) onPlant(status.PlantID);
  }, [status, onPlant]);
  if (error)
    return (
      <p className="pm-missing" role="alert">
        {error}
      </p>
    );
  if (!status) return <p className="tv-muted">{t('Loading…')}</p>;
  return <Monitor s={status} />;
}

/**
 * /tv/productionmonitor/:resourceId — one machine for the people at it: current job and operation,
 * target against actual pieces (the target advances by itself between writes), rate, scrap, downtime
 * and the operators' faces. Public, live, no login.
 */
export function ProductionMonitorPage() {
  const { resourceId = '' } = useParams();
  const id = resourceId.toUpperCase();
  const [plantId, setPlantId] = useState<number | null>(null);
  return (
    <TvBoard name="Production Monitor" plantId={plantId}>
      <Body key={id} resourceId={id} onPlant={setPlantId} />
    </TvBoard>
  );
}
