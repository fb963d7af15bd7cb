import { useParams } from 'react-router-dom';
import type { FixtureRequest } from '../../../../domain/maintenance/entities';
import { FIXTURE_REQUEST_KIND, fixtureRequestsTopic } from '../../../../domain/maintenance/live';
import { boardFixtureRequests, formatAge, isFixtureLate } from '../../../../domain/maintenance/rules';
import { formatDateTime } from '../../../../domain/platform/dates';
import { useT } from '../../../i18n';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import { FIXTURE_STATUS_LABELS, plantParam } from './labels';
import { dataOf } from './WorkOrderMonitorPage';
import './maintenance.css';

const MAX_ROWS = 8;

function FixtureBody({ plantId }: { plantId: number | null }) {
  const t = useT();
  const now = useNow();
  const { docs, loading, synced } = useTvTopic(
    plantId === null ? null : fixtureRequestsTopic(plantId),
    'boardItems',
    {
      Kind: FIXTURE_REQUEST_KIND,
      PlantID: plantId,
    },
  );
  if (plantId === null) return <p className="tvm-empty">{t('Choose a plant from the list.')}</p>;
  const list = boardFixtureRequests(dataOf<FixtureRequest>(docs));
  const late = list.filter((r) => isFixtureLate(r, now)).length;
  const shown = list.slice(0, MAX_ROWS);
  return (
    <div className="tvm-board">
      <ul className="tvm-counts">
        <li className="tvm-count">
          <span className="tvm-count-n" data-testid="fr-open">
            {list.length}
          </span>
          <span className="tvm-count-label">{t('Open requests')}</span>
        </li>
        <li className={`tvm-count ${late ? 'tvm-count-late' : ''}`}>
          <span className="tvm-count-n" data-testid="fr-late">
            {late}
          </span>
          <span className="tvm-count-label">{t('Late')}</span>
        </li>
      </ul>
      {(loading || !synced) && !list.length ? (
        <p className="tvm-empty">…</p>
      ) : !list.length ? (
        <p className="tvm-empty">{t('No open fixture requests.')}</p>
      ) : (
        <table className="tvm-table tvm-fr" data-testid="fr-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('Requested by')}</th>
              <th>{t('Job / part')}</th>
              <th>{t('Fixture')}</th>
              <th>{t('Needed by')}</th>
              <th>{t('Status')}</th>
              <th className="tvm-num">{t('Age')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const isLate = isFixtureLate(r, now);
              return (
                <tr
                  key={r.FixtureRequestID}
                  className={`tvm-row ${isLate ? 'tvm-overdue' : ''}`}
                  data-testid="fr-row"
                  data-fr={r.FixtureRequestID}
                >
                  <td className="tvm-id">{r.FixtureRequestID}</td>
                  <td>{r.RequestedByName}</td>
                  <td>
                    <div className="tvm-strong">{r.JobNumber ?? '—'}</div>
                    {r.PartNum ? <div className="tvm-sub">{r.PartNum}</div> : null}
                  </td>
                  <td className="tvm-desc">
                    <div>{r.Description}</div>
                  </td>
                  <td>
                    <div className="tvm-nowrap">{formatDateTime(r.NeededBy, r.PlantID)}</div>
                    {isLate ? (
                      <div className="tvm-sub tvm-late-text">
                        {t('Late by {{age}}', { age: formatAge(now - Date.parse(r.NeededBy)) })}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <span className={`tvm-pill tvm-fixture-${r.Status}`}>
                      {t(FIXTURE_STATUS_LABELS[r.Status])}
                    </span>
                  </td>
                  <td className="tvm-num">{formatAge(now - Date.parse(r.CreatedAt))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {list.length > shown.length ? (
        <p className="tvm-more">{t('And {{count}} more', { count: list.length - shown.length })}</p>
      ) : null}
    </div>
  );
}

/** `/tv/maintenance/fixturerequests/:plantId`: the plant's open fixture requests, oldest first. */
export function TvFixtureRequestsPage() {
  const plantId = plantParam(useParams().plantId);
  return (
    <TvBoard name="TV Fixture Requests" plantId={plantId}>
      <FixtureBody plantId={plantId} />
    </TvBoard>
  );
}
