import { useParams } from 'react-router-dom';
import type { DeepReadonly } from 'rxdb';
import type { BoardItem } from '../../../../domain/live/board-items';
import { type WorkOrder, workOrderStatuses } from '../../../../domain/maintenance/entities';
import { WORK_ORDER_KIND, workOrdersTopic } from '../../../../domain/maintenance/live';
import {
  boardWorkOrders,
  formatAge,
  isWorkOrderHighlighted,
  isWorkOrderOverdue,
  statusCounts,
} from '../../../../domain/maintenance/rules';
import { formatDateTime } from '../../../../domain/platform/dates';
import { useT } from '../../../i18n';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import { PRIORITY_LABELS, plantParam, STATUS_LABELS } from './labels';
import './maintenance.css';

/** Rows that fit at 1920×1080 under the header and the counts; the rest are counted below the table. */
const MAX_ROWS = 10;

export const dataOf = <T,>(docs: readonly DeepReadonly<BoardItem>[]) =>
  docs.map((d) => d.Data as unknown as T);

function WorkOrderBody({ plantId }: { plantId: number | null }) {
  const t = useT();
  const now = useNow();
  const { docs, loading, synced } = useTvTopic(
    plantId === null ? null : workOrdersTopic(plantId),
    'boardItems',
    {
      Kind: WORK_ORDER_KIND,
      PlantID: plantId,
    },
  );
  if (plantId === null) return <p className="tvm-empty">{t('Choose a plant from the list.')}</p>;
  const list = boardWorkOrders(dataOf<WorkOrder>(docs), now);
  const counts = statusCounts(list);
  const shown = list.slice(0, MAX_ROWS);
  return (
    <div className="tvm-board">
      <ul className="tvm-counts" data-testid="wo-counts">
        {workOrderStatuses.map((s) => (
          <li key={s} className={`tvm-count tvm-status-${s}`} data-status={s}>
            <span className="tvm-count-n">{counts[s]}</span>
            <span className="tvm-count-label">{t(STATUS_LABELS[s])}</span>
          </li>
        ))}
      </ul>
      {(loading || !synced) && !list.length ? (
        <p className="tvm-empty">…</p>
      ) : !list.length ? (
        <p className="tvm-empty">{t('No open work orders.')}</p>
      ) : (
        <table className="tvm-table tvm-wo" data-testid="wo-table">
          <thead>
            <tr>
              <th>{t('WO')}</th>
              <th>{t('Asset')}</th>
              <th>{t('Description')}</th>
              <th>{t('Priority')}</th>
              <th>{t('Status')}</th>
              <th>{t('Technician')}</th>
              <th className="tvm-num">{t('Age')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((w) => {
              const overdue = isWorkOrderOverdue(w, now);
              const classes = [
                'tvm-row',
                isWorkOrderHighlighted(w, now) ? 'tvm-hot' : '',
                overdue ? 'tvm-overdue' : '',
                w.Status === 'done' ? 'tvm-done' : '',
              ].join(' ');
              return (
                <tr key={w.WorkOrderID} className={classes} data-testid="wo-row" data-wo={w.WorkOrderID}>
                  <td className="tvm-id">{w.WorkOrderID}</td>
                  <td>
                    <div className="tvm-strong">{w.Asset}</div>
                    {w.AssetName ? <div className="tvm-sub">{w.AssetName}</div> : null}
                  </td>
                  <td className="tvm-desc">
                    <div>{w.Description}</div>
                    {w.DueAt ? (
                      <div className={overdue ? 'tvm-sub tvm-late-text' : 'tvm-sub'}>
                        {overdue
                          ? t('Overdue since {{time}}', { time: formatDateTime(w.DueAt, w.PlantID) })
                          : t('Due {{time}}', { time: formatDateTime(w.DueAt, w.PlantID) })}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <span className={`tvm-pill tvm-priority-${w.Priority}`}>
                      {t(PRIORITY_LABELS[w.Priority])}
                    </span>
                  </td>
                  <td>
                    <span className={`tvm-pill tvm-status-${w.Status}`}>{t(STATUS_LABELS[w.Status])}</span>
                  </td>
                  <td>{w.AssignedName ?? <span className="tvm-sub">{t('Unassigned')}</span>}</td>
                  <td className="tvm-num">{formatAge(now - Date.parse(w.CreatedAt))}</td>
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

/** `/tv/maintenance/womonitor/:plantId`: the plant's open work orders, live (README beside). */
export function TvWorkOrderMonitorPage() {
  const plantId = plantParam(useParams().plantId);
  return (
    <TvBoard name="Work Order Monitor" plantId={plantId}>
      <WorkOrderBody plantId={plantId} />
    </TvBoard>
  );
}
