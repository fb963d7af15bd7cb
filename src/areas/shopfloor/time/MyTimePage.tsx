import { useCallback, useEffect, useState } from 'react';
import { facesTopic } from '../../../../domain/shopfloor/live';
import { GetMyTime } from '../../../../domain/timeclock/calls';
import type { MyTime } from '../../../../domain/timeclock/entities';
import { useServices, useUser } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useLanguage, useT } from '../../../i18n';
import { formatClock, formatLocalDate, hours, minutesAsHours, minutesBetween } from '../../timeclock/format';
import { FaceCard, messageOf } from '../shared';
import '../shopfloor.css';
import '../../timeclock/timeclock.css';

/** The hours are read again this often while open (an open punch keeps counting). */
const REFRESH_MS = 60_000;

/**
 * /manufacturing/time: the logged-in operator's own time on a tablet. Today's punches and activities
 * (direct with machine, job and operation; indirect with its code), hours today and this week, direct
 * and indirect hours today, all in the plant's time (timeclock/GetMyTime). Read again when the plant's
 * faces change (a punch or activity of theirs on another tablet) and every minute.
 */
export function MyTimePage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const language = useLanguage();
  const [mine, setMine] = useState<MyTime | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    backgroundApi.get(GetMyTime, {}).then(
      (m) => {
        setMine(m);
        setError(null);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, [backgroundApi]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const plantId = mine?.Face.PlantID ?? user?.PlantID ?? 1;
  useTopicRefresh(facesTopic(plantId), load, 200);

  return (
    <section className="page sf-page tc-page" data-testid="my-time">
      <div className="card">
        <div className="row spread">
          <h1>{t('My time')}</h1>
          {mine && <span className="muted">{formatLocalDate(mine.Date, language)}</span>}
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        {!mine && !error && <p className="muted">{t('Loading…')}</p>}
        {mine && (
          <>
            <FaceCard face={mine.Face} plantId={plantId} />
            <div className="tc-figures" style={{ marginTop: '0.75rem' }}>
              <div className="tc-figure" data-testid="hours-today">
                <span>{t('Hours today')}</span>
                <strong>{hours(mine.HoursToday)}</strong>
              </div>
              <div className="tc-figure" data-testid="hours-week">
                <span>{t('Hours this week')}</span>
                <strong>{hours(mine.HoursThisWeek)}</strong>
              </div>
              <div className="tc-figure">
                <span>{t('Direct today')}</span>
                <strong>{hours(mine.DirectHoursToday)}</strong>
              </div>
              <div className="tc-figure">
                <span>{t('Indirect today')}</span>
                <strong>{hours(mine.IndirectHoursToday)}</strong>
              </div>
            </div>
          </>
        )}
      </div>
      {mine && (
        <div className="card">
          <h2>{t('Punches today')}</h2>
          <div className="table-wrap">
            <table className="sf-table" aria-label={t('Punches today')} data-testid="my-punches">
              <thead>
                <tr>
                  <th>{t('In')}</th>
                  <th>{t('Out')}</th>
                  <th className="tc-num">{t('Hours')}</th>
                </tr>
              </thead>
              <tbody>
                {mine.Punches.map((p) => (
                  <tr key={p.ClockPunchID}>
                    <td>{formatClock(p.ClockedInAt, plantId)}</td>
                    <td>{p.ClockedOutAt ? formatClock(p.ClockedOutAt, plantId) : t('still in')}</td>
                    <td className="tc-num">{minutesAsHours(p.Minutes)}</td>
                  </tr>
                ))}
                {mine.Punches.length === 0 && (
                  <tr>
                    <td colSpan={3} className="muted">
                      {t('No punches today.')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <h2>{t('Activities today')}</h2>
          <div className="table-wrap">
            <table className="sf-table" aria-label={t('Activities today')} data-testid="my-activities">
              <thead>
                <tr>
                  <th>{t('Work')}</th>
                  <th>{t('From')}</th>
                  <th>{t('To')}</th>
                  <th className="tc-num">{t('Hours')}</th>
                </tr>
              </thead>
              <tbody>
                {mine.Activities.map((a) => (
                  <tr key={a.LaborActivityID}>
                    <td>
                      {a.Direct
                        ? t('{{machine}}: job {{job}}, operation {{op}}', {
                            machine: a.ResourceID ?? '',
                            job: a.JobNumber ?? '',
                            op: a.OperationSequence ?? '',
                          })
                        : t('Indirect: {{what}}', {
                            what: a.IndirectDescription ? t(a.IndirectDescription) : (a.IndirectCode ?? ''),
                          })}
                    </td>
                    <td>{formatClock(a.StartedAt, plantId)}</td>
                    <td>{a.EndedAt ? formatClock(a.EndedAt, plantId) : t('now')}</td>
                    <td className="tc-num">{minutesAsHours(minutesBetween(a.StartedAt, a.EndedAt))}</td>
                  </tr>
                ))}
                {mine.Activities.length === 0 && (
                  <tr>
                    <td colSpan={4} className="muted">
                      {t('No activities today.')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
