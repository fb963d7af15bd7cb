import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GetViscosityReport } from '../../../../domain/painting/calls';
import type { ViscosityReport } from '../../../../domain/painting/entities';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { namedRoutes } from '../../../../domain/platform/routes';
import { addDays, localDateOf } from '../../../../domain/scheduling/calendar';
import { useCore, useUser } from '../../../app/context';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../ui/format';
import { messageOf } from '../shared';
import '../shopfloor.css';
import './painting.css';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * /manufacturing/painting/viscosityreport/{EmployeeID}: one employee's viscosity readings over a date
 * range (the last 7 days of the user's plant by default), newest first, out-of-range ones marked. One's
 * own, or anyone's with supervisor (the server refuses otherwise).
 */
export function ViscosityReportPage() {
  const t = useT();
  const user = useUser();
  const { backgroundApi } = useCore();
  const { EmployeeID = '' } = useParams();
  const employeeId = Number(EmployeeID);
  const today = localDateOf(Date.now(), plantTimeZone(user?.PlantID ?? null));
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const [report, setReport] = useState<ViscosityReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user || !Number.isInteger(employeeId) || employeeId <= 0 || !from || !to) return;
    let live = true;
    setError(null);
    backgroundApi.get(GetViscosityReport, { EmployeeID: employeeId, From: from, To: to }).then(
      (r) => {
        if (live) setReport(r);
      },
      (e: unknown) => {
        if (live) {
          setReport(null);
          setError(messageOf(e));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [backgroundApi, user, employeeId, from, to]);

  if (!user) {
    return (
      <section className="page sf-page" data-testid="viscosity-report">
        <div className="card">
          <h1>{t('Viscosity Report')}</h1>
          <p>{t('Log in to see viscosity readings.')}</p>
          <Link to={namedRoutes.Login}>{t('Log in')}</Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page sf-page" data-testid="viscosity-report">
      <div className="card">
        <div className="pt-head">
          <h1>
            {t('Viscosity Report')}
            {report && <span className="muted"> · {report.Name}</span>}
          </h1>
          <Link className="pt-report-link" to="/manufacturing/painting">
            {t('Back to painting')}
          </Link>
        </div>
        <div className="sf-form">
          <label>
            {t('From')}
            <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {t('To')}
            <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
          </label>
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {!report && !error && <p className="muted">{t('Loading…')}</p>}
        {report && (
          <>
            <p className="pt-counts" data-testid="viscosity-counts">
              {t('{{count}} readings: {{ok}} in range, {{out}} out of range', {
                count: report.Readings.length,
                ok: report.InRange,
                out: report.OutOfRange,
              })}
            </p>
            <table className="sf-table" data-testid="viscosity-table">
              <thead>
                <tr>
                  <th>{t('Time')}</th>
                  <th>{t('Line')}</th>
                  <th>{t('Colour')}</th>
                  <th className="sf-num">{t('Seconds')}</th>
                  <th className="sf-num">{t('Range')}</th>
                  <th className="sf-num">°F</th>
                  <th>{t('Status')}</th>
                </tr>
              </thead>
              <tbody>
                {report.Readings.map((r) => (
                  <tr
                    key={r.ViscosityReadingID}
                    data-in-range={r.InRange}
                    className={r.InRange ? undefined : 'pt-out'}
                  >
                    <td>{formatDateTime(r.RecordedAt, r.PlantID)}</td>
                    <td>{r.ResourceID}</td>
                    <td>{r.Colour}</td>
                    <td className="sf-num">{fmt(r.Seconds)}</td>
                    <td className="sf-num">
                      {fmt(r.MinSeconds)}–{fmt(r.MaxSeconds)}
                    </td>
                    <td className="sf-num">{fmt(r.TemperatureF)}</td>
                    <td className={r.InRange ? 'sf-badge-up' : 'sf-badge-down'}>
                      {r.InRange ? t('In range') : t('Out of range')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.Readings.length === 0 && <p className="muted">{t('No readings in these days.')}</p>}
          </>
        )}
      </div>
    </section>
  );
}
