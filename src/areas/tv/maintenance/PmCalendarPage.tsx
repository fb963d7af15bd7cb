import { useSearchParams } from 'react-router-dom';
import type { PreventiveTask } from '../../../../domain/maintenance/entities';
import { PM_TASK_KIND, pmCalendarTopic } from '../../../../domain/maintenance/live';
import { pmCalendar } from '../../../../domain/maintenance/rules';
import { isoWeekday } from '../../../../domain/payroll/rules';
import { plants, plantTimeZone } from '../../../../domain/platform/plants';
import { localDateOf } from '../../../../domain/scheduling/calendar';
import { useT } from '../../../i18n';
import { formatLocalDate } from '../../../ui/format';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import { plantParam } from './labels';
import { dataOf } from './WorkOrderMonitorPage';
import './maintenance.css';

/** Tasks a day's cell lists before "+N more". */
const PER_CELL = 2;
/** Overdue tasks listed before "+N more". */
const MAX_OVERDUE = 6;

const DAY_LABELS: Record<number, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

const shortName = (plantId: number) =>
  plants.find((p) => p.PlantID === plantId)?.ShortName ?? String(plantId);
/** `2026-11-23` → `23`, or `Dec 1` on the first of a month. */
const dayNumber = (date: string) => String(Number(date.slice(8, 10)));

/** The plant's short name before a task on the all-plants calendar, unless its asset already starts with it (LV-RF01). */
function PlantBadge({ task, allPlants }: { task: PreventiveTask; allPlants: boolean }) {
  const name = shortName(task.PlantID);
  return allPlants && !task.Asset.startsWith(`${name}-`) ? <span className="tvm-plant">{name}</span> : null;
}

function TaskLine({ task, allPlants }: { task: PreventiveTask; allPlants: boolean }) {
  return (
    <li className="tvm-task" data-testid="pm-task" data-task={task.PreventiveTaskID}>
      <div className="tvm-task-head">
        <PlantBadge task={task} allPlants={allPlants} />
        <span className="tvm-strong">{task.Asset}</span>
      </div>
      <div className="tvm-task-desc">{task.Description}</div>
      {task.AssignedName ? <div className="tvm-sub">{task.AssignedName}</div> : null}
    </li>
  );
}

function CalendarBody({ plantId }: { plantId: number | null }) {
  const t = useT();
  const now = useNow();
  const selector = plantId === null ? { Kind: PM_TASK_KIND } : { Kind: PM_TASK_KIND, PlantID: plantId };
  const { docs, loading } = useTvTopic(pmCalendarTopic(), 'boardItems', selector);
  const tz = plantTimeZone(plantId);
  const cal = pmCalendar(dataOf<PreventiveTask>(docs), now, tz);
  const today = localDateOf(now, tz);
  const allPlants = plantId === null;
  const weeks = [cal.dates.slice(0, 7), cal.dates.slice(7, 14)];
  const plant = plants.find((p) => p.PlantID === plantId);
  return (
    <div className="tvm-board">
      <div className="tvm-cal-top">
        <span className="tvm-scope">{plant ? plant.PlantName : t('All plants')}</span>
        <section
          className={`tvm-overdue-strip ${cal.overdue.length ? 'tvm-overdue-some' : ''}`}
          data-testid="pm-overdue"
        >
          <span className="tvm-overdue-title">{t('Overdue: {{count}}', { count: cal.overdue.length })}</span>
          <ul>
            {cal.overdue.slice(0, MAX_OVERDUE).map((task) => (
              <li key={task.PreventiveTaskID} data-testid="pm-overdue-task" data-task={task.PreventiveTaskID}>
                <PlantBadge task={task} allPlants={allPlants} />
                <span className="tvm-strong">{task.Asset}</span> {task.Description}{' '}
                <span className="tvm-sub">
                  (
                  {t('due {{date}}', {
                    date: `${t(DAY_LABELS[isoWeekday(task.NextDue)]!)} ${formatLocalDate(task.NextDue)}`,
                  })}
                  )
                </span>
              </li>
            ))}
            {cal.overdue.length > MAX_OVERDUE ? (
              <li>{t('And {{count}} more', { count: cal.overdue.length - MAX_OVERDUE })}</li>
            ) : null}
          </ul>
        </section>
      </div>
      {loading && !docs.length ? <p className="tvm-empty">…</p> : null}
      <div className="tvm-weeks">
        {weeks.map((week, w) => (
          <div key={week[0]} className="tvm-week">
            <div className="tvm-week-label">{w === 0 ? t('This week') : t('Next week')}</div>
            <div className="tvm-days">
              {week.map((date) => {
                const tasks = cal.byDate[date] ?? [];
                const past = date < today;
                return (
                  <div
                    key={date}
                    className={`tvm-day ${date === today ? 'tvm-today' : ''} ${past ? 'tvm-past' : ''}`}
                    data-testid="pm-day"
                    data-date={date}
                  >
                    <div className="tvm-day-head">
                      <span>{t(DAY_LABELS[isoWeekday(date)]!)}</span>
                      <span className="tvm-day-n">{dayNumber(date)}</span>
                    </div>
                    <ul className="tvm-day-tasks">
                      {tasks.slice(0, PER_CELL).map((task) => (
                        <TaskLine key={task.PreventiveTaskID} task={task} allPlants={allPlants} />
                      ))}
                    </ul>
                    {tasks.length > PER_CELL ? (
                      <div className="tvm-sub">
                        {t('And {{count}} more', { count: tasks.length - PER_CELL })}
                      </div>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** `/tv/maintenance/calendar?plant=N`: PM tasks due this week and next (all plants without ?plant). */
export function TvPmCalendarPage() {
  const [params] = useSearchParams();
  const plantId = plantParam(params.get('plant'));
  return (
    <TvBoard name="TV Maintenance Calendar" plantId={plantId}>
      <CalendarBody plantId={plantId} />
    </TvBoard>
  );
}
