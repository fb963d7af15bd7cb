import { useCallback, useEffect, useMemo, useState } from 'react';
import { GetFaceHistory } from '../../../domain/timeclock/calls';
import type { FaceHistory } from '../../../domain/timeclock/entities';
import { messageOf } from '../../api';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useLanguage, useT } from '../../i18n';
import { formatClock, formatLocalDate, localDate, minutesAsHours, minutesBetween, todayIn } from './format';
import './timeclock.css';

interface Row {
  key: string;
  EmployeeID: number;
  Name: string;
  Date: string;
  Start: string;
  End: string | null;
  kind: 'punch' | 'direct' | 'indirect';
  what: string;
  flags: { MissingOut: boolean; LongShift: boolean };
}

/**
 * /boards/facehistory: the punches and activities of one employee or the whole plant over plant-local
 * dates (timeclock/GetFaceHistory). Without supervisor or approvesTime only one's own history is asked
 * for (the server refuses anything else).
 */
export function FaceHistoryPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const language = useLanguage();
  const me = user?.EmployeeID ?? 0;
  const seesOthers = Boolean(user?.Supervisor || user?.ApprovesTime);
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const today = todayIn(plantId);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [employeeId, setEmployeeId] = useState<number | null>(seesOthers ? null : me);
  const [history, setHistory] = useState<FaceHistory | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    let current = true;
    setError(null);
    backgroundApi.get(GetFaceHistory, { PlantID: plantId, From: from, To: to, EmployeeID: employeeId }).then(
      (h) => {
        if (!current) return;
        setHistory(h);
        if (employeeId === null) {
          setNames((old) => {
            const next = new Map(old);
            for (const p of h.Punches) next.set(p.EmployeeID, p.Name);
            return next;
          });
        }
      },
      (e: unknown) => current && setError(messageOf(e)),
    );
    return () => {
      current = false;
    };
  }, [backgroundApi, plantId, from, to, employeeId]);
  useEffect(load, [load]);

  const rows = useMemo(() => {
    if (!history) return [];
    const out: Row[] = [
      ...history.Punches.map(
        (p): Row => ({
          key: `p${p.ClockPunchID}`,
          EmployeeID: p.EmployeeID,
          Name: p.Name,
          Date: localDate(p.ClockedInAt, plantId),
          Start: p.ClockedInAt,
          End: p.ClockedOutAt,
          kind: 'punch',
          what: p.ClockedOutAt ? t('Clocked in and out') : t('Clocked in'),
          flags: p,
        }),
      ),
      ...history.Activities.map(
        (a): Row => ({
          key: `a${a.LaborActivityID}`,
          EmployeeID: a.EmployeeID,
          Name: a.Name,
          Date: localDate(a.StartedAt, plantId),
          Start: a.StartedAt,
          End: a.EndedAt,
          kind: a.Direct ? 'direct' : 'indirect',
          what: a.Direct
            ? t('{{machine}}: job {{job}}, operation {{op}}', {
                machine: a.ResourceID ?? '',
                job: a.JobNumber ?? '',
                op: a.OperationSequence ?? '',
              })
            : `${a.IndirectCode} ${a.IndirectDescription ? t(a.IndirectDescription) : ''}`,
          flags: { MissingOut: false, LongShift: false },
        }),
      ),
    ];
    return out.sort(
      (a, b) =>
        a.Name.localeCompare(b.Name) ||
        a.Date.localeCompare(b.Date) ||
        a.Start.localeCompare(b.Start) ||
        (a.kind === 'punch' ? -1 : 1),
    );
  }, [history, plantId, t]);

  const kindLabel = { punch: t('Punch'), direct: t('Direct'), indirect: t('Indirect') };
  const people = [...names].sort((a, b) => a[1].localeCompare(b[1]));

  return (
    <section className="page tc-page tc-wide" data-testid="face-history">
      <div className="card">
        <div className="row spread">
          <h1>{t('Face History')}</h1>
          <div className="toolbar">
            <PlantPicker value={plantId} onChange={setPlantId} />
          </div>
        </div>
        <div className="tc-filters">
          <label>
            {t('From')}
            <input type="date" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
          </label>
          <label>
            {t('To')}
            <input type="date" value={to} onChange={(e) => e.target.value && setTo(e.target.value)} />
          </label>
          {seesOthers && (
            <label>
              {t('Employee')}
              <select
                value={employeeId ?? ''}
                onChange={(e) => setEmployeeId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('Whole plant')}</option>
                {!names.has(me) && <option value={me}>{user?.Name ?? me}</option>}
                {people.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        {!history && !error && <p className="muted">{t('Loading…')}</p>}
        {history && (
          <div className="table-wrap">
            <table className="grid tc-table" aria-label={t('Face History')}>
              <thead>
                <tr>
                  <th>{t('Name')}</th>
                  <th>{t('Date')}</th>
                  <th>{t('Kind')}</th>
                  <th>{t('Work')}</th>
                  <th>{t('From')}</th>
                  <th>{t('To')}</th>
                  <th className="tc-num">{t('Hours')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key} data-kind={r.kind} className={r.kind === 'punch' ? 'tc-day-head' : ''}>
                    <td>{r.Name}</td>
                    <td>{formatLocalDate(r.Date, language)}</td>
                    <td>{kindLabel[r.kind]}</td>
                    <td className="tc-work">
                      {r.what}
                      {r.flags.MissingOut && (
                        <span className="tc-flag tc-flag-missing"> {t('Missing punch-out')}</span>
                      )}
                      {r.flags.LongShift && <span className="tc-flag tc-flag-long"> {t('Long shift')}</span>}
                    </td>
                    <td>{formatClock(r.Start, plantId)}</td>
                    <td>{r.End ? formatClock(r.End, plantId) : t('now')}</td>
                    <td className="tc-num">{minutesAsHours(minutesBetween(r.Start, r.End))}</td>
                  </tr>
                ))}
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={7} className="muted">
                      {t('No punches or activities in these dates.')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
