import { useCallback, useEffect, useState } from 'react';
import { payrollTopic } from '../../../domain/payroll/live';
import { addDays } from '../../../domain/scheduling/calendar';
import { facesTopic } from '../../../domain/shopfloor/live';
import { GetTimecards } from '../../../domain/timeclock/calls';
import type { Timecard } from '../../../domain/timeclock/entities';
import { OVERTIME_WEEK_HOURS } from '../../../domain/timeclock/rules';
import { messageOf } from '../../api';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useTopicRefresh } from '../../app/use-topic';
import { useLanguage, useT } from '../../i18n';
import { formatDate, weekdayName } from '../../ui/format';
import { hours, mondayOf, todayIn } from './format';
import './timeclock.css';

/**
 * /analysis/timecards: per employee of a plant for one week (Monday–Sunday, plant-local): paid hours
 * per day from punches, the week's total, regular and overtime (over 40), direct and indirect hours
 * from activities, a missing punch-out, and the payroll week's lock (timeclock/GetTimecards). Read
 * again when the plant's faces or payroll change.
 */
export function TimecardsPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const language = useLanguage();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const [weekStart, setWeekStart] = useState(() => mondayOf(todayIn(user?.PlantID ?? 1)));
  const [cards, setCards] = useState<Timecard[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    backgroundApi.get(GetTimecards, { PlantID: plantId, WeekStart: weekStart }).then(
      (list) => {
        setCards(list);
        setError(null);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, [backgroundApi, plantId, weekStart]);
  useEffect(load, [load]);
  useTopicRefresh(facesTopic(plantId), load);
  const seesPayroll = Boolean(user?.ViewPayroll || user?.EditPayroll);
  useTopicRefresh(seesPayroll ? payrollTopic(plantId) : null, load);

  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  return (
    <section className="page tc-page tc-wide" data-testid="timecards">
      <div className="card">
        <div className="row spread">
          <h1>{t('Timecards')}</h1>
          <div className="toolbar">
            <PlantPicker value={plantId} onChange={setPlantId} />
          </div>
        </div>
        <div className="tc-filters">
          <button type="button" onClick={() => setWeekStart(addDays(weekStart, -7))}>
            {t('◀ Previous week')}
          </button>
          <label>
            {t('Week of')}
            <input
              type="date"
              value={weekStart}
              onChange={(e) => e.target.value && setWeekStart(mondayOf(e.target.value))}
            />
          </label>
          <button type="button" onClick={() => setWeekStart(addDays(weekStart, 7))}>
            {t('Next week ▶')}
          </button>
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        {!cards && !error && <p className="muted">{t('Loading…')}</p>}
        {cards && (
          <div className="table-wrap">
            <table className="grid tc-table" aria-label={t('Timecards')}>
              <thead>
                <tr>
                  <th>{t('Name')}</th>
                  {days.map((d) => (
                    <th key={d} className="tc-num">
                      {weekdayName(d, language)}
                      <br />
                      <span className="muted">{formatDate(d, plantId)}</span>
                    </th>
                  ))}
                  <th className="tc-num">{t('Total')}</th>
                  <th className="tc-num">{t('Regular')}</th>
                  <th className="tc-num">{t('Overtime')}</th>
                  <th className="tc-num">{t('Direct')}</th>
                  <th className="tc-num">{t('Indirect')}</th>
                  <th>{t('Payroll')}</th>
                </tr>
              </thead>
              <tbody>
                {cards.map((c) => (
                  <tr key={c.EmployeeID} data-employee={c.EmployeeID}>
                    <td>
                      {c.Name}
                      {c.MissingOut && (
                        <span className="tc-flag tc-flag-missing"> {t('Missing punch-out')}</span>
                      )}
                    </td>
                    {c.Days.map((d) => (
                      <td key={d.Date} className="tc-num" data-date={d.Date}>
                        {d.PaidHours ? hours(d.PaidHours) : ''}
                      </td>
                    ))}
                    <td className="tc-num" data-total="TotalHours">
                      <strong>{hours(c.TotalHours)}</strong>
                    </td>
                    <td className="tc-num">{hours(c.RegularHours)}</td>
                    <td
                      className={`tc-num${c.OvertimeHours > 0 ? ' tc-overtime' : ''}`}
                      data-total="OvertimeHours"
                    >
                      {hours(c.OvertimeHours)}
                    </td>
                    <td className="tc-num">{hours(c.DirectHours)}</td>
                    <td className="tc-num">{hours(c.IndirectHours)}</td>
                    <td data-locked={c.Locked}>
                      {c.Locked ? (
                        <span className="tc-flag tc-flag-locked">{t('Locked')}</span>
                      ) : (
                        <span className="tc-flag tc-flag-open">{t('Open')}</span>
                      )}
                    </td>
                  </tr>
                ))}
                {cards.length === 0 && (
                  <tr>
                    <td colSpan={14} className="muted">
                      {t('Nobody of this plant clocked in this week.')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
        <p className="muted">
          {t(
            'Paid hours are the punches’ minutes (the plant calendar has no unpaid breaks); overtime is a week’s hours over {{limit}}.',
            { limit: OVERTIME_WEEK_HOURS },
          )}
        </p>
      </div>
    </section>
  );
}
