import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../../domain/platform/dates';
import { GetSchedulingReport, GetSchedulingSettings } from '../../../../domain/scheduling/calls';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import { Select } from '../../../ui/Select';
import { formatLocalDate, formatMinutes, formatQty, rangeError, todayIn } from '../common/format';
import { useReport } from '../common/use-report';
import { DateField } from '../shared/DateField';
import { compareLanes } from '../shared/lane-order';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { usePlant } from '../shared/use-plant';
import { useScheduleList } from '../shared/use-schedule-list';
import '../common/scheduling.css';
import { defaultReportRange, reportHeading, reportTotals } from './report';
import './report.css';

/**
 * /scheduling/schedulingreport: a schedule's tasks that start between From and To (plant-local days),
 * optionally of one workcenter, in start order, late ones marked (they end after their due date).
 * Printable: the print stylesheet drops the shell and the filters and prints the heading and the table.
 * Not live: it is a document to print; the Refresh button reads it again.
 */
export function SchedulingReportPage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const { plantId, setPlantId, tz } = usePlant();
  const schedules = useScheduleList(plantId);
  const scheduleId = schedules.scheduleId;
  const [range, setRange] = useState(() => defaultReportRange(todayIn(tz)));
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [lanes, setLanes] = useState<string[]>([]);
  const loadLanes = useCallback(() => {
    backgroundApi.get(GetSchedulingSettings, { PlantID: plantId }).then(
      (s) =>
        setLanes(
          s.Workcenters.filter((w) => w.Scheduled)
            .sort(compareLanes)
            .map((w) => w.ResourceID),
        ),
      () => setLanes([]),
    );
  }, [backgroundApi, plantId]);
  useEffect(loadLanes, [loadLanes]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another plant's workcenters are other ones.
  useEffect(() => setResourceId(null), [plantId]);

  const invalid = rangeError(range.from, range.to);
  const report = useReport(
    `${scheduleId}|${resourceId}|${range.from}|${range.to}`,
    scheduleId && !invalid
      ? () =>
          backgroundApi.get(GetSchedulingReport, {
            ScheduleID: scheduleId,
            ResourceID: resourceId ?? undefined,
            From: range.from,
            To: range.to,
          })
      : null,
  );
  const rows = report.data ?? [];
  const totals = reportTotals(rows);
  const heading = schedules.schedule
    ? reportHeading(schedules.schedule.Name, resourceId, range.from, range.to, formatLocalDate)
    : '';

  return (
    <section className="page ss-wide sr-report">
      <div className="card">
        <div className="row spread sr-noprint">
          <h1>{t('Scheduling Report')}</h1>
          <span className="row">
            <button type="button" onClick={report.reload}>
              {t('Refresh')}
            </button>
            <button type="button" className="ss-primary" onClick={() => window.print()}>
              {t('Print')}
            </button>
          </span>
        </div>
        <div className="toolbar sr-noprint">
          <PlantPicker value={plantId} onChange={setPlantId} />
          <SchedulePicker schedules={schedules.list} value={scheduleId} onChange={schedules.setScheduleId} />
          <label htmlFor="sr-resource">{t('Workcenter')}</label>
          <Select<string | null>
            id="sr-resource"
            options={[
              { value: null as string | null, text: t('All workcenters') },
              ...lanes.map((id) => ({ value: id as string | null, text: id })),
            ]}
            value={resourceId}
            onChange={(v: string | null) => setResourceId(v)}
            storage={null}
          />
          <DateField label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
          <DateField label="To" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
        </div>
        {invalid && <p className="form-error">{t(invalid)}</p>}
        {report.error && <p className="alert alert-error">{report.error}</p>}
        <h2 className="sr-heading" data-testid="report-heading">
          {t('Scheduling Report')} — {heading}
        </h2>
        <p className="muted sr-counts" data-testid="report-counts">
          {t(
            '{{tasks}} tasks, {{minutes}}, {{pieces}} pieces, {{late}} late. Times in plant time ({{tz}}).',
            {
              tasks: totals.tasks,
              minutes: formatMinutes(totals.minutes),
              pieces: formatQty(totals.pieces),
              late: totals.late,
              tz,
            },
          )}
        </p>
        <div className="table-wrap">
          <table
            className={`ss-table sr-table${report.stale ? ' ss-stale' : ''}`}
            aria-label={t('Scheduling Report')}
          >
            <thead>
              <tr>
                <th>{t('Workcenter')}</th>
                <th className="num">{t('#')}</th>
                <th>{t('Start')}</th>
                <th>{t('End')}</th>
                <th>{t('Job')}</th>
                <th>{t('Part')}</th>
                <th className="num">{t('Op')}</th>
                <th className="num">{t('Qty')}</th>
                <th className="num">{t('Done')}</th>
                <th className="num">{t('Minutes')}</th>
                <th>{t('Due')}</th>
                <th>{t('Late')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.ScheduleTaskID}
                  data-task={r.ScheduleTaskID}
                  className={r.Late ? 'ss-late-row' : undefined}
                  data-late={r.Late || undefined}
                >
                  <td>{r.ResourceID}</td>
                  <td className="num">{r.ProductionOrder + 1}</td>
                  <td>{r.StartAt ? formatDateTime(r.StartAt, plantId) : '—'}</td>
                  <td>{r.EndAt ? formatDateTime(r.EndAt, plantId) : '—'}</td>
                  <td>{r.JobNumber}</td>
                  <td>
                    {r.PartNum} <span className="muted sr-desc">{r.PartDescription}</span>
                  </td>
                  <td className="num">{r.OperationSequence}</td>
                  <td className="num">{formatQty(r.OperationQty)}</td>
                  <td className="num">{formatQty(r.QtyCompleted)}</td>
                  <td className="num">{formatQty(Math.round(r.EstimatedMinutes))}</td>
                  <td>{r.DueDate ? formatLocalDate(r.DueDate) : '—'}</td>
                  <td>{r.Late ? <strong className="ss-late">{t('Late')}</strong> : ''}</td>
                </tr>
              ))}
              {report.data && rows.length === 0 && (
                <tr>
                  <td colSpan={12} className="muted">
                    {t('No task starts in these days.')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
