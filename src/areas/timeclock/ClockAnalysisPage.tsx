import { useCallback, useEffect, useState } from 'react';
import { facesTopic } from '../../../domain/shopfloor/live';
import { GetClockPunches, SavePunch } from '../../../domain/timeclock/calls';
import type { Punch } from '../../../domain/timeclock/entities';
import { messageOf } from '../../api';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useTopicRefresh } from '../../app/use-topic';
import { useLanguage, useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { ActionMessages, useAction } from '../shopfloor/shared';
import { formatLocalDate, fromLocalInput, localDate, minutesAsHours, todayIn, toLocalInput } from './format';
import './timeclock.css';

/**
 * /analysis/clocks: a plant's clock punches over plant-local dates (timeclock/GetClockPunches), missing
 * punch-outs and long shifts flagged. A time approver (approvesTime) corrects a punch in its row
 * (timeclock/SavePunch, sent at once, not queued, so a refusal shows beside the row with what was
 * typed kept); the server records who changed it. Read again when the plant's faces change.
 */
export function ClockAnalysisPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const language = useLanguage();
  const approves = Boolean(user?.ApprovesTime);
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const today = todayIn(plantId);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [punches, setPunches] = useState<Punch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; in: string; out: string } | null>(null);
  const save = useAction();

  const load = useCallback(() => {
    backgroundApi.get(GetClockPunches, { PlantID: plantId, From: from, To: to }).then(
      (list) => {
        setPunches(list);
        setError(null);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, [backgroundApi, plantId, from, to]);
  useEffect(load, [load]);
  useTopicRefresh(facesTopic(plantId), load);

  const startEdit = (p: Punch) => {
    save.setError(null);
    setEditing({
      id: p.ClockPunchID,
      in: toLocalInput(p.ClockedInAt, p.PlantID),
      out: toLocalInput(p.ClockedOutAt, p.PlantID),
    });
  };
  const submit = async (p: Punch) => {
    if (!editing) return;
    const clockedIn = fromLocalInput(editing.in, p.PlantID);
    if (!clockedIn) {
      save.setError(t('The punch-in time is needed.'));
      return;
    }
    const saved = await save.run(
      () =>
        backgroundApi.post(SavePunch, {
          ClockPunchID: p.ClockPunchID,
          ClockedInAt: clockedIn,
          ClockedOutAt: fromLocalInput(editing.out, p.PlantID),
        }),
      t('The punch of {{name}} is corrected.', { name: p.Name }),
    );
    if (saved) {
      setEditing(null);
      load();
    }
  };

  const shown = (punches ?? []).filter((p) => !onlyFlagged || p.MissingOut || p.LongShift);
  const flagged = (punches ?? []).filter((p) => p.MissingOut || p.LongShift).length;

  return (
    <section className="page tc-page tc-wide" data-testid="clock-analysis">
      <div className="card">
        <div className="row spread">
          <h1>{t('Clock Analysis')}</h1>
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
          <label className="tc-check">
            <input type="checkbox" checked={onlyFlagged} onChange={(e) => setOnlyFlagged(e.target.checked)} />{' '}
            {t('Only flagged ({{count}})', { count: flagged })}
          </label>
        </div>
        {error && <p className="alert alert-error">{error}</p>}
        <ActionMessages error={save.error} done={save.done} testId="punch-error" />
        {!punches && !error && <p className="muted">{t('Loading…')}</p>}
        {punches && (
          <div className="table-wrap">
            <table className="grid tc-table" aria-label={t('Clock punches')}>
              <thead>
                <tr>
                  <th>{t('Name')}</th>
                  <th>{t('Date')}</th>
                  <th>{t('In')}</th>
                  <th>{t('Out')}</th>
                  <th className="tc-num">{t('Hours')}</th>
                  <th>{t('Flags')}</th>
                  <th>{t('Corrected')}</th>
                  {approves && <th />}
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => {
                  const edit = editing?.id === p.ClockPunchID ? editing : null;
                  return (
                    <tr
                      key={p.ClockPunchID}
                      data-punch={p.ClockPunchID}
                      data-employee={p.EmployeeID}
                      className={p.MissingOut || p.LongShift ? 'tc-flagged' : ''}
                    >
                      <td>{p.Name}</td>
                      <td>{formatLocalDate(localDate(p.ClockedInAt, p.PlantID), language)}</td>
                      {edit ? (
                        <>
                          <td className="tc-edit">
                            <input
                              type="datetime-local"
                              aria-label={t('Punch in')}
                              value={edit.in}
                              onChange={(e) => setEditing({ ...edit, in: e.target.value })}
                            />
                          </td>
                          <td className="tc-edit">
                            <input
                              type="datetime-local"
                              aria-label={t('Punch out')}
                              value={edit.out}
                              onChange={(e) => setEditing({ ...edit, out: e.target.value })}
                            />
                          </td>
                        </>
                      ) : (
                        <>
                          <td>{formatDateTime(p.ClockedInAt, p.PlantID)}</td>
                          <td>{p.ClockedOutAt ? formatDateTime(p.ClockedOutAt, p.PlantID) : '—'}</td>
                        </>
                      )}
                      <td className="tc-num">{minutesAsHours(p.Minutes)}</td>
                      <td>
                        {p.MissingOut && (
                          <span className="tc-flag tc-flag-missing">{t('Missing punch-out')}</span>
                        )}
                        {p.LongShift && <span className="tc-flag tc-flag-long">{t('Long shift')}</span>}
                      </td>
                      <td className="muted">
                        {p.CorrectedByName && p.CorrectedAt
                          ? t('{{name}}, {{time}}', {
                              name: p.CorrectedByName,
                              time: formatDateTime(p.CorrectedAt, p.PlantID),
                            })
                          : ''}
                      </td>
                      {approves && (
                        <td>
                          {edit ? (
                            <span className="toolbar">
                              <button type="button" disabled={save.busy} onClick={() => void submit(p)}>
                                {t('Save')}
                              </button>
                              <button type="button" disabled={save.busy} onClick={() => setEditing(null)}>
                                {t('Cancel')}
                              </button>
                            </span>
                          ) : (
                            <button
                              type="button"
                              aria-label={t('Correct the punch of {{name}}', { name: p.Name })}
                              onClick={() => startEdit(p)}
                            >
                              {t('Correct')}
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
                {shown.length === 0 && (
                  <tr>
                    <td colSpan={approves ? 8 : 7} className="muted">
                      {t('No punches in these dates.')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
        <p className="muted">
          {t('Missing punch-out: still open after its day ended. Long shift: more than 12 hours.')}
        </p>
      </div>
    </section>
  );
}
