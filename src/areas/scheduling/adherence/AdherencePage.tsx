import { useState } from 'react';
import { GetSchedulingAdherence } from '../../../../domain/scheduling/calls';
import { useServices } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { formatQty, rangeError, todayIn } from '../common/format';
import { useReport } from '../common/use-report';
import { DateField } from '../shared/DateField';
import { PlantPicker } from '../shared/PlantPicker';
import { usePlant } from '../shared/use-plant';
import { useScheduleList } from '../shared/use-schedule-list';
import '../common/scheduling.css';
import { scheduleTopic } from '../../../../domain/scheduling/live';
import { adherenceText, adherenceTotals, defaultRange } from './adherence';

/**
 * /scheduling/schedulingadherence: per workcenter of the plant's official schedule, the tasks and pieces
 * that were due to end between From and To (plant-local days) against those done, with the percentage.
 * Opens on the last 7 days. Live: read again when the official schedule's topic changes.
 */
export function AdherencePage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const { plantId, setPlantId, tz } = usePlant();
  const [range, setRange] = useState(() => defaultRange(todayIn(tz)));
  const invalid = rangeError(range.from, range.to);
  const report = useReport(
    `${plantId}|${range.from}|${range.to}`,
    invalid
      ? null
      : () => backgroundApi.get(GetSchedulingAdherence, { PlantID: plantId, From: range.from, To: range.to }),
  );
  // Adherence is of the official schedule: follow it.
  const schedules = useScheduleList(plantId);
  const official = schedules.list?.find((s) => s.Official)?.ScheduleID ?? null;
  useTopicRefresh(official ? scheduleTopic(official) : null, report.reload);
  const rows = report.data ?? [];
  const totals = adherenceTotals(rows);
  const total = adherenceText(totals.AdherencePercent);

  return (
    <section className="page ss-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Scheduling Adherence')}</h1>
          <span className="muted">{t('Official schedule; live')}</span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          <DateField label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
          <DateField label="To" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
        </div>
        {invalid && <p className="form-error">{t(invalid)}</p>}
        {report.error && <p className="alert alert-error">{report.error}</p>}
        <div className="table-wrap">
          <table
            className={`ss-table${report.stale ? ' ss-stale' : ''}`}
            aria-label={t('Scheduling Adherence')}
          >
            <thead>
              <tr>
                <th>{t('Workcenter')}</th>
                <th className="num">{t('Tasks due')}</th>
                <th className="num">{t('Tasks done')}</th>
                <th className="num">{t('Pieces due')}</th>
                <th className="num">{t('Pieces done')}</th>
                <th className="num">{t('Adherence')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const a = adherenceText(r.AdherencePercent);
                return (
                  <tr key={r.ResourceID} data-resource={r.ResourceID}>
                    <td>
                      <strong>{r.ResourceID}</strong> <span className="muted">{r.Description}</span>
                    </td>
                    <td className="num">{r.TasksDue}</td>
                    <td className="num">{r.TasksDone}</td>
                    <td className="num">{formatQty(r.PiecesDue)}</td>
                    <td className="num">{formatQty(r.PiecesDone)}</td>
                    <td className={`num ss-adh-${a.level}`}>{a.text}</td>
                  </tr>
                );
              })}
              {report.data && rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="muted">
                    {t('No workcenter of this plant is scheduled.')}
                  </td>
                </tr>
              )}
              {!report.data && !report.error && !invalid && (
                <tr>
                  <td colSpan={6} className="muted">
                    {t('Loading…')}
                  </td>
                </tr>
              )}
            </tbody>
            {rows.length > 1 && (
              <tfoot>
                <tr>
                  <td>{t('Plant')}</td>
                  <td className="num">{totals.TasksDue}</td>
                  <td className="num">{totals.TasksDone}</td>
                  <td className="num">{formatQty(totals.PiecesDue)}</td>
                  <td className="num">{formatQty(totals.PiecesDone)}</td>
                  <td className={`num ss-adh-${total.level}`}>{total.text}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </div>
    </section>
  );
}
