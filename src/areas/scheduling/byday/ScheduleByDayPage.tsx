import { useMemo, useState } from 'react';
import { GetScheduleByDay, GetSchedulingSettings } from '../../../../domain/scheduling/calls';
import { scheduleTopic, schedulingSettingsTopic } from '../../../../domain/scheduling/live';
import { useServices } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../ui/format';
import { formatClock, formatLocalDate, formatMinutes, formatQty, shiftDate, todayIn } from '../common/format';
import { useReport } from '../common/use-report';
import { DateField } from '../shared/DateField';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { usePlant } from '../shared/use-plant';
import { useScheduleList } from '../shared/use-schedule-list';
import '../common/scheduling.css';
import { dayTicks, groupByWorkcenter } from './by-day';
import './by-day.css';

/**
 * /scheduling/schedulebyday: the tasks of a schedule that run on one plant-local day, per workcenter,
 * with their minutes on the day and a bar of the day (plant time, midnight to midnight) showing when
 * each works: over its workcenter's working windows only, so a break, the night or an Off override is a
 * gap. Workcenters in the plant board's order. A date picker with previous/next day buttons; today (in
 * the plant) by default. Live: read again whenever the schedule's topic or the plant's scheduling
 * settings change.
 */
export function ScheduleByDayPage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const { plantId, setPlantId, tz } = usePlant();
  const schedules = useScheduleList(plantId);
  const scheduleId = schedules.scheduleId;
  const [date, setDate] = useState(() => todayIn(tz));
  const report = useReport(
    `${scheduleId}|${date}`,
    scheduleId ? () => backgroundApi.get(GetScheduleByDay, { ScheduleID: scheduleId, Date: date }) : null,
  );
  useTopicRefresh(scheduleId ? scheduleTopic(scheduleId) : null, report.reload);
  // The plant's calendar (bars over working time only) and workcenter settings (the plant board's lane
  // order), read again when either changes.
  const settings = useReport(`${plantId}`, () =>
    backgroundApi.get(GetSchedulingSettings, { PlantID: plantId }),
  );
  useTopicRefresh(schedulingSettingsTopic(plantId), settings.reload);
  const current = settings.stale ? null : settings.data;
  const workcenters = useMemo(
    () => new Map((current?.Workcenters ?? []).map((w) => [w.ResourceID, w])),
    [current],
  );
  const lanes = useMemo(
    () =>
      groupByWorkcenter(report.data ?? [], date, tz, { workcenters, calendar: current?.Calendar ?? null }),
    [report.data, date, tz, workcenters, current],
  );
  const ticks = dayTicks(date, tz);

  return (
    <section className="page ss-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Schedule by Day')}</h1>
          <span className="muted">
            {t('Live: follows the schedule. Times in plant time ({{tz}}).', { tz })}
          </span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          <SchedulePicker schedules={schedules.list} value={scheduleId} onChange={schedules.setScheduleId} />
          <button
            type="button"
            aria-label={t('Previous day')}
            onClick={() => setDate((d) => shiftDate(d, -1))}
          >
            ‹ {t('Previous day')}
          </button>
          <DateField label="Day" value={date} onChange={setDate} />
          <button type="button" aria-label={t('Next day')} onClick={() => setDate((d) => shiftDate(d, 1))}>
            {t('Next day')} ›
          </button>
          <button type="button" onClick={() => setDate(todayIn(tz))}>
            {t('Today')}
          </button>
        </div>
        {(report.error || schedules.error) && (
          <p className="alert alert-error">{report.error ?? schedules.error}</p>
        )}
        <h2 className="bd-day" data-testid="byday-date">
          {formatLocalDate(date)}
        </h2>
        <div className={report.stale ? 'ss-stale' : undefined}>
          {lanes.map((lane) => (
            <section key={lane.ResourceID} className="bd-lane" data-resource={lane.ResourceID}>
              <header className="bd-lane-head">
                <h3>{lane.ResourceID}</h3>
                <span className="muted">
                  {t('{{n}} tasks, {{min}} on the day', {
                    n: lane.Tasks.length,
                    min: formatMinutes(lane.MinutesOnDay),
                  })}
                </span>
              </header>
              <table className="ss-table bd-table">
                <thead>
                  <tr>
                    <th>{t('Job')}</th>
                    <th>{t('Part')}</th>
                    <th className="num">{t('Qty')}</th>
                    <th>{t('Start')}</th>
                    <th>{t('End')}</th>
                    <th className="num">{t('Minutes on day')}</th>
                    <th className="bd-time-col">
                      <div className="bd-ticks">
                        {ticks.map((tick) => (
                          <span key={tick.label} style={{ left: `${tick.left}%` }}>
                            {tick.label}
                          </span>
                        ))}
                      </div>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lane.Tasks.map((task) => (
                    <tr key={task.ScheduleTaskID} data-task={task.ScheduleTaskID}>
                      <td>{task.JobNumber}</td>
                      <td>{task.PartNum}</td>
                      <td className="num">{formatQty(task.OperationQty)}</td>
                      <td>
                        {task.before ? formatDateTime(task.StartAt, tz) : formatClock(task.StartAt, tz)}
                      </td>
                      <td>{task.after ? formatDateTime(task.EndAt, tz) : formatClock(task.EndAt, tz)}</td>
                      <td className="num">{formatMinutes(task.MinutesOnDay)}</td>
                      <td className="bd-time-col">
                        <div className="bd-track">
                          {ticks.map((tick) => (
                            <i key={tick.label} style={{ left: `${tick.left}%` }} />
                          ))}
                          {task.segments.map((seg) => (
                            <span
                              key={`${seg.left}:${seg.width}`}
                              // A square end where the bar runs on past the edge of the day.
                              className={`bd-block${task.before && seg.left === 0 ? ' bd-before' : ''}${task.after && seg.left + seg.width >= 99.9 ? ' bd-after' : ''}`}
                              style={{ left: `${seg.left}%`, width: `${seg.width}%` }}
                              title={`${formatClock(task.StartAt, tz)} – ${formatClock(task.EndAt, tz)}`}
                            />
                          ))}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          {report.data && lanes.length === 0 && <p className="muted">{t('No task runs on this day.')}</p>}
          {schedules.list && schedules.list.length > 0 && !report.data && !report.error && (
            <p className="muted">{t('Loading…')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
