import { formatDateTime } from '../../../../domain/platform/dates';
import { GetScheduleSummary } from '../../../../domain/scheduling/calls';
import { scheduleTopic } from '../../../../domain/scheduling/live';
import { useServices } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { formatHours } from '../common/format';
import { useReport } from '../common/use-report';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { usePlant } from '../shared/use-plant';
import { useScheduleList } from '../shared/use-schedule-list';
import '../common/scheduling.css';
import { loadOf, type SummaryRow, summaryTotals } from './summary';

function LoadBar(props: { row: Pick<SummaryRow, 'LoadMinutesNextWeek' | 'CapacityMinutesNextWeek'> }) {
  const t = useT();
  const { percent, width, level } = loadOf(props.row);
  const text =
    percent === null
      ? t('{{load}}, no working time', { load: formatHours(props.row.LoadMinutesNextWeek) })
      : t('{{load}} of {{cap}} ({{pct}}%)', {
          load: formatHours(props.row.LoadMinutesNextWeek),
          cap: formatHours(props.row.CapacityMinutesNextWeek),
          pct: percent.toLocaleString('en-US'),
        });
  return (
    <div className="ss-bar-cell">
      {/* The text beside the bar says the same for a screen reader. */}
      <div className={`ss-bar ss-${level}`} aria-hidden="true" data-percent={percent ?? ''}>
        <span style={{ width: `${width}%` }} />
      </div>
      <span className="ss-bar-text">{text}</span>
    </div>
  );
}

/**
 * /scheduling/summary (viewScheduleSummary): per workcenter of a schedule, its tasks and hours, next
 * week's load against the calendar's capacity as a bar, the late tasks and when the lane runs out
 * (the last task's end, plant time). Live: read again whenever the schedule's topic changes.
 */
export function SummaryPage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const { plantId, setPlantId } = usePlant();
  const schedules = useScheduleList(plantId);
  const scheduleId = schedules.scheduleId;
  const report = useReport(
    String(scheduleId),
    scheduleId ? () => backgroundApi.get(GetScheduleSummary, { ScheduleID: scheduleId }) : null,
  );
  useTopicRefresh(scheduleId ? scheduleTopic(scheduleId) : null, report.reload);
  const rows = report.data ?? [];
  const totals = summaryTotals(rows);
  // Runs-out times are shown in the schedule's plant's zone (spec 000 §9).
  const plantOfSchedule = schedules.schedule?.PlantID ?? plantId;

  return (
    <section className="page ss-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Schedule Summary')}</h1>
          <span className="muted">{t('Live: follows the schedule')}</span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          <SchedulePicker schedules={schedules.list} value={scheduleId} onChange={schedules.setScheduleId} />
        </div>
        {(report.error || schedules.error) && (
          <p className="alert alert-error">{report.error ?? schedules.error}</p>
        )}
        <div className="table-wrap">
          <table className={`ss-table${report.stale ? ' ss-stale' : ''}`} aria-label={t('Schedule Summary')}>
            <thead>
              <tr>
                <th>{t('Workcenter')}</th>
                <th className="num">{t('Tasks')}</th>
                <th className="num">{t('Hours')}</th>
                <th>{t('Next week: load against capacity')}</th>
                <th className="num">{t('Late')}</th>
                <th>{t('Runs out')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.ResourceID} data-resource={r.ResourceID}>
                  <td>
                    <strong>{r.ResourceID}</strong> <span className="muted">{r.Description}</span>
                  </td>
                  <td className="num">{r.Tasks.toLocaleString('en-US')}</td>
                  <td className="num">{formatHours(r.EstimatedMinutes)}</td>
                  <td>
                    <LoadBar row={r} />
                  </td>
                  <td className={`num${r.LateTasks ? ' ss-late' : ''}`}>{r.LateTasks}</td>
                  <td>{r.LastEndAt ? formatDateTime(r.LastEndAt, plantOfSchedule) : '—'}</td>
                </tr>
              ))}
              {report.data && rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="muted">
                    {t('This schedule has no workcenter.')}
                  </td>
                </tr>
              )}
              {!report.data && !report.error && (
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
                  <td className="num">{totals.Tasks.toLocaleString('en-US')}</td>
                  <td className="num">{formatHours(totals.EstimatedMinutes)}</td>
                  <td>
                    <LoadBar row={totals} />
                  </td>
                  <td className={`num${totals.LateTasks ? ' ss-late' : ''}`}>{totals.LateTasks}</td>
                  <td>{totals.LastEndAt ? formatDateTime(totals.LastEndAt, plantOfSchedule) : '—'}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </div>
    </section>
  );
}
