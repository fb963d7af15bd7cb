import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { GetPaintLine, GetPaintLines, GetPaints, RecordViscosity } from '../../../../domain/painting/calls';
import type { Paint, PaintLine, PaintLineChoice } from '../../../../domain/painting/entities';
import { paintingTopic } from '../../../../domain/painting/live';
import { inRange, readingProblem } from '../../../../domain/painting/rules';
import { namedRoutes } from '../../../../domain/platform/routes';
import { useServices, useUser } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { formatDateTime, formatRecent } from '../../../ui/format';
import { ActionMessages, messageOf, useAction } from '../shared';
import { StartLoadForm } from './StartLoadForm';
import '../shopfloor.css';
import './painting.css';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The number typed in a field, or NaN (empty included). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * /manufacturing/painting: the operator picks the paint line, sees its load and last readings (followed
 * live on `painting:{ResourceID}`) and records a viscosity reading (Zahn-cup seconds and temperature),
 * shown in or out of the paint's range before it is sent. The route is public (spec 000 §2.2); without
 * a login the page asks for one, since readings are recorded by the person logged in.
 */
export function PaintingPage() {
  const t = useT();
  const user = useUser();
  if (!user) {
    return (
      <section className="page sf-page" data-testid="painting">
        <div className="card">
          <h1>{t('Painting')}</h1>
          <p>{t('Log in to record viscosity readings.')}</p>
          <Link to={namedRoutes.Login}>{t('Log in')}</Link>
        </div>
      </section>
    );
  }
  return <PaintingTablet employeeId={user.EmployeeID} plantId={user.PlantID} />;
}

function PaintingTablet({ employeeId, plantId }: { employeeId: number; plantId: number }) {
  const { backgroundApi } = useServices();
  const t = useT();
  const [lines, setLines] = useState<PaintLineChoice[] | null>(null);
  const [paints, setPaints] = useState<Paint[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [line, setLine] = useState<PaintLine | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [paintCode, setPaintCode] = useState('');
  const [seconds, setSeconds] = useState('');
  const [temperature, setTemperature] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const [lastRecorded, setLastRecorded] = useState<string | null>(null);
  const [lastRecordedOut, setLastRecordedOut] = useState(false);
  useEffect(() => {
    if (!lastRecorded) return;
    const timer = setTimeout(() => setLastRecorded(null), 8000);
    return () => clearTimeout(timer);
  }, [lastRecorded]);

  useEffect(() => {
    backgroundApi.get(GetPaintLines, { PlantID: plantId }).then(
      (list) => {
        setLines(list);
        setSelected((s) => s ?? list[0]?.ResourceID ?? null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
    backgroundApi.get(GetPaints, {}).then(setPaints, (e: unknown) => setLoadError(messageOf(e)));
  }, [backgroundApi, plantId]);

  const loadLine = useCallback(() => {
    if (!selected) return;
    backgroundApi.get(GetPaintLine, { ResourceID: selected }).then(
      (l) => {
        if (l.ResourceID !== selected) return;
        setLine(l);
        // The running load's paint is the likely one to measure.
        setPaintCode((c) => c || l.CurrentLoad?.PaintCode || '');
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, selected]);
  useEffect(loadLine, [loadLine]);
  useTopicRefresh(selected ? paintingTopic(selected) : null, loadLine, 150);

  const paint = paints.find((p) => p.PaintCode === paintCode) ?? null;
  const values = { Seconds: numberOf(seconds), TemperatureF: numberOf(temperature) };
  const problem = !paint ? 'Choose the paint.' : readingProblem(values);
  const preview = paint && !Number.isNaN(values.Seconds) ? inRange(values.Seconds, paint) : null;

  const record = async () => {
    setTouched(true);
    if (problem || !selected) return;
    const done = await action.run(() =>
      backgroundApi.post(RecordViscosity, { ResourceID: selected, PaintCode: paintCode, ...values }),
    );
    if (done) {
      action.setError(null);
      setSeconds('');
      setTemperature('');
      setTouched(false);
      setLastRecordedOut(!done.InRange);
      setLastRecorded(
        done.InRange
          ? t('Reading recorded: {{seconds}} s, in range.', { seconds: fmt(done.Seconds) })
          : t('Reading recorded: {{seconds}} s, OUT OF RANGE ({{min}}–{{max}} s). Adjust the paint.', {
              seconds: fmt(done.Seconds),
              min: fmt(done.MinSeconds),
              max: fmt(done.MaxSeconds),
            }),
      );
      loadLine();
    }
  };

  const shown = line && line.ResourceID === selected ? line : null;
  return (
    <section className="page sf-page" data-testid="painting">
      <div className="card">
        <div className="pt-head">
          <h1>{t('Painting')}</h1>
          <Link className="pt-report-link" to={`/manufacturing/painting/viscosityreport/${employeeId}`}>
            {t('My viscosity report')}
          </Link>
        </div>
        {loadError && <p className="alert alert-error">{loadError}</p>}
        {!lines && !loadError && <p className="muted">{t('Loading…')}</p>}
        {lines && lines.length === 0 && <p className="muted">{t('This plant has no paint lines.')}</p>}
        <div className="sf-tiles" data-testid="paint-lines">
          {lines?.map((l) => (
            <button
              key={l.ResourceID}
              type="button"
              className="sf-tile"
              aria-pressed={selected === l.ResourceID}
              data-line={l.ResourceID}
              onClick={() => {
                setSelected(l.ResourceID);
                setLine(null);
                setPaintCode('');
              }}
            >
              <strong>{l.ResourceID}</strong>
              <small>{l.Description}</small>
            </button>
          ))}
        </div>
      </div>
      {selected && (
        <div className="pt-columns">
          <div className="card" data-testid="paint-line">
            <h2>{t('On the line')}</h2>
            {!shown && <p className="muted">{t('Loading…')}</p>}
            {shown && (
              <>
                {shown.CurrentLoad ? (
                  <div className="pt-load" data-testid="paint-load">
                    <span
                      className="pt-swatch"
                      style={{ background: shown.CurrentLoad.ColourHex }}
                      aria-hidden="true"
                    />
                    <div>
                      <div className="pt-colour">
                        {shown.CurrentLoad.Colour} · {shown.CurrentLoad.PaintCode}
                      </div>
                      <div>
                        {t('Job {{job}}, part {{part}}, {{quantity}} pieces', {
                          job: shown.CurrentLoad.JobNumber,
                          part: shown.CurrentLoad.PartNum,
                          quantity: fmt(shown.CurrentLoad.Quantity),
                        })}
                      </div>
                      <div className="muted">
                        {t('Started {{time}}', {
                          time: formatDateTime(shown.CurrentLoad.StartedAt, shown.PlantID),
                        })}
                      </div>
                    </div>
                  </div>
                ) : (
                  <p className="muted">{t('No load on the line.')}</p>
                )}
                <p className="pt-due" data-testid="paint-due">
                  {shown.NextReadingDueAt
                    ? t('Next reading due {{time}}', {
                        time: formatDateTime(shown.NextReadingDueAt, shown.PlantID),
                      })
                    : t('No reading due: nothing on the line.')}
                </p>
                <p>{t('Good pieces painted today: {{count}}', { count: fmt(shown.GoodPiecesToday) })}</p>
              </>
            )}
          </div>
          <div className="card" data-testid="viscosity-form">
            <h2>{t('Record a viscosity reading')}</h2>
            <div className="sf-form pt-form">
              <label className="pt-paint">
                {t('Paint')}
                <select
                  value={paintCode}
                  onChange={(e) => setPaintCode(e.target.value)}
                  aria-label={t('Paint')}
                >
                  <option value="">{t('Choose the paint')}</option>
                  {paints.map((p) => (
                    <option key={p.PaintCode} value={p.PaintCode}>
                      {p.Description} ({fmt(p.MinSeconds)}–{fmt(p.MaxSeconds)} s)
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('Seconds (Zahn cup)')}
                <input
                  className="sf-number"
                  inputMode="decimal"
                  value={seconds}
                  onChange={(e) => setSeconds(e.target.value)}
                  aria-label={t('Seconds (Zahn cup)')}
                />
              </label>
              <label>
                {t('Temperature °F')}
                <input
                  className="sf-number"
                  inputMode="decimal"
                  value={temperature}
                  onChange={(e) => setTemperature(e.target.value)}
                  aria-label={t('Temperature °F')}
                />
              </label>
            </div>
            {paint && (
              <p className="pt-range" data-testid="viscosity-preview" data-in-range={preview ?? undefined}>
                {t('Target {{min}}–{{max}} s', { min: fmt(paint.MinSeconds), max: fmt(paint.MaxSeconds) })}
                {preview !== null && (
                  <strong className={preview ? 'sf-badge-up' : 'sf-badge-down'}>
                    {' · '}
                    {preview ? t('In range') : t('Out of range')}
                  </strong>
                )}
              </p>
            )}
            {touched && problem && (
              <p className="alert alert-error" role="alert">
                {t(problem)}
              </p>
            )}
            <div className="sf-actions">
              <button type="button" className="sf-big" disabled={action.busy} onClick={() => void record()}>
                {t('Record reading')}
              </button>
            </div>
            {lastRecorded && (
              <p
                className={`alert ${lastRecordedOut ? 'alert-error' : 'alert-success'}`}
                role="status"
                data-testid="viscosity-recorded"
              >
                {lastRecorded}
              </p>
            )}
            <ActionMessages error={action.error} testId="painting-error" />
          </div>
        </div>
      )}
      {shown && (
        <div className="card">
          <h2>{t('Last viscosity readings')}</h2>
          <table className="sf-table" data-testid="paint-readings">
            <thead>
              <tr>
                <th>{t('Time')}</th>
                <th>{t('Colour')}</th>
                <th className="sf-num">{t('Seconds')}</th>
                <th className="sf-num">°F</th>
                <th>{t('Operator')}</th>
                <th>{t('Status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.Readings.slice(0, 6).map((r) => (
                <tr key={r.ViscosityReadingID} data-in-range={r.InRange}>
                  <td className="pt-time">{formatRecent(r.RecordedAt, r.PlantID)}</td>
                  <td>{r.Colour}</td>
                  <td className="sf-num">{fmt(r.Seconds)}</td>
                  <td className="sf-num">{fmt(r.TemperatureF)}</td>
                  <td>{r.EmployeeName}</td>
                  <td className={r.InRange ? 'sf-badge-up' : 'sf-badge-down'}>
                    {r.InRange ? t('In range') : t('Out of range')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.Readings.length === 0 && <p className="muted">{t('No readings yet.')}</p>}
        </div>
      )}
      {shown && (
        <StartLoadForm
          key={shown.ResourceID}
          resourceId={shown.ResourceID}
          paints={paints}
          current={shown.CurrentLoad}
          onStarted={loadLine}
        />
      )}
    </section>
  );
}
