import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ResultOf } from '../../../domain/contract/call';
import { showValue } from '../../../domain/costing/engine';
import { sampleEngineInputs, TestEngine } from '../../../domain/costing/engines';
import { type OperationInputs, operationInputNames } from '../../../domain/production-plan/inputs';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { engineLabel, messageOf, queryNumber, statusWords, useEngineList } from './shared';
import './costing.css';

type InputName = keyof OperationInputs;
type TestAnswer = ResultOf<typeof TestEngine>;

/** Inputs that may be "none" (the operation does not have the value): an empty box sends null. */
const nullable: ReadonlySet<InputName> = new Set([
  'CutLength',
  'Weight',
  'Gauge',
  'Holes',
  'Welds',
  'Width',
  'Length',
  'ResourceID',
]);

const kindOf = (name: InputName) => typeof sampleEngineInputs[name] as 'number' | 'string' | 'boolean';

/** The form's text for each input, from the sample operation. */
function initialForm(): Record<InputName, string | boolean> {
  const form = {} as Record<InputName, string | boolean>;
  for (const name of operationInputNames) {
    const v = sampleEngineInputs[name];
    form[name] = typeof v === 'boolean' ? v : v === null ? '' : String(v);
  }
  return form;
}

/** The typed form as OperationInputs, or the sentence naming the first value that is not usable. */
function toInputs(form: Record<InputName, string | boolean>): OperationInputs | string {
  const out: Record<string, unknown> = {};
  for (const name of operationInputNames) {
    const raw = form[name];
    const kind = kindOf(name);
    if (kind === 'boolean') {
      out[name] = raw === true;
      continue;
    }
    const text = String(raw).trim();
    if (text === '') {
      if (nullable.has(name)) out[name] = null;
      else if (kind === 'string') out[name] = '';
      else return `${name} needs a number`;
      continue;
    }
    if (kind === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n)) return `${name} must be a number, not "${text}"`;
      out[name] = n;
    } else out[name] = text;
  }
  return out as unknown as OperationInputs;
}

/**
 * /costing/enginetesting (Engine Testing, editCostingEngines): run any engine version against inputs
 * typed here (prefilled with a sample operation) and see the minutes, the stop message, and the
 * step-by-step log. Nothing is written.
 */
export function EngineTestingPage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { rows, error: listError } = useEngineList(backgroundApi, true);
  const engineParam = queryNumber(search, 'engine');
  const [form, setForm] = useState(initialForm);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  // Without ?engine=, the first active engine.
  const selected = useMemo(() => {
    if (!rows) return null;
    return (
      rows.find((r) => r.CostingEngineID === engineParam) ??
      (engineParam === null ? rows.find((r) => r.Status === 'published') : undefined) ??
      null
    );
  }, [rows, engineParam]);

  // A different engine: the last answer was for another one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the chosen engine.
  useEffect(() => {
    setAnswer(null);
    setRunError(null);
    if (selected) setForm((f) => ({ ...f, ResourceID: selected.ResourceID }));
  }, [selected?.CostingEngineID]);

  async function run(e: FormEvent) {
    e.preventDefault();
    if (!selected) return;
    const inputs = toInputs(form);
    if (typeof inputs === 'string') {
      setRunError(inputs);
      return;
    }
    setRunning(true);
    setRunError(null);
    try {
      setAnswer(
        await backgroundApi.post(TestEngine, { CostingEngineID: selected.CostingEngineID, Inputs: inputs }),
      );
    } catch (error) {
      setAnswer(null);
      setRunError(messageOf(error));
    } finally {
      setRunning(false);
    }
  }

  const results = answer?.results;
  return (
    <section className="page costing">
      <div className="card">
        <div className="row spread">
          <h1>{t('Engine Testing')}</h1>
          <Link to="/costing/engines">{t('All engines')}</Link>
        </div>
        <label className="row">
          {t('Engine')}
          <select
            name="engine"
            value={selected ? String(selected.CostingEngineID) : ''}
            onChange={(e) =>
              void navigate(`/costing/enginetesting?engine=${e.target.value}`, { replace: true })
            }
          >
            <option value="" disabled>
              {t('Choose an engine')}
            </option>
            {(rows ?? []).map((r) => (
              <option key={r.CostingEngineID} value={String(r.CostingEngineID)}>
                {engineLabel(r, t(statusWords[r.Status]))} — {r.Name}
              </option>
            ))}
          </select>
          {selected ? (
            <Link to={`/costing/editor?engine=${selected.CostingEngineID}`}>{t('Open in the editor')}</Link>
          ) : null}
        </label>
        {listError ? (
          <p className="form-error" role="alert">
            {listError}
          </p>
        ) : null}
      </div>

      <div className="costing-testing">
        <form className="card" onSubmit={run} aria-label={t('Inputs')}>
          <div className="row spread">
            <h2>{t('Inputs')}</h2>
            <button
              type="button"
              onClick={() => setForm({ ...initialForm(), ResourceID: selected?.ResourceID ?? '' })}
            >
              {t('Sample values')}
            </button>
          </div>
          <p className="muted">{t('Leave a box empty when the operation does not have that value.')}</p>
          <div className="engine-inputs">
            {operationInputNames.map((name) =>
              kindOf(name) === 'boolean' ? (
                <label key={name} className="engine-input check">
                  <input
                    type="checkbox"
                    name={name}
                    checked={form[name] === true}
                    onChange={(e) => setForm({ ...form, [name]: e.target.checked })}
                  />
                  <span>{name}</span>
                </label>
              ) : (
                <label key={name} className="engine-input">
                  <span>{name}</span>
                  <input
                    name={name}
                    inputMode={kindOf(name) === 'number' ? 'decimal' : undefined}
                    value={String(form[name])}
                    placeholder={nullable.has(name) ? t('none') : ''}
                    onChange={(e) => setForm({ ...form, [name]: e.target.value })}
                  />
                </label>
              ),
            )}
          </div>
          <div className="toolbar">
            <button type="submit" className="primary" disabled={!selected || running}>
              {running ? t('Running…') : t('Run')}
            </button>
          </div>
          {runError ? (
            <p className="form-error" role="alert">
              {runError}
            </p>
          ) : null}
        </form>

        <div className="card" aria-live="polite">
          <h2>{t('Result')}</h2>
          {!answer ? (
            <p className="muted">{t('Run the engine to see its minutes and its log.')}</p>
          ) : (
            <>
              <p className="muted" data-testid="tested-version">
                {selected ? engineLabel(selected, t(statusWords[selected.Status])) : ''}
              </p>
              {results?.stopMessage ? (
                <p className="engine-stop" role="alert" data-testid="stop-message">
                  {results.stopMessage}
                </p>
              ) : null}
              <dl className="facts" data-testid="engine-results">
                <dt>{t('Production minutes')}</dt>
                <dd data-testid="production-minutes">{results?.productionMinutes ?? '—'}</dd>
                <dt>{t('Setup minutes')}</dt>
                <dd data-testid="setup-minutes">{results?.setupMinutes ?? '—'}</dd>
              </dl>
              <h3>{t('Step by step')}</h3>
              <table className="grid engine-log" aria-label={t('Step by step')}>
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('Step')}</th>
                    <th>{t('Formula')}</th>
                    <th>{t('With values')}</th>
                    <th>{t('Result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.Entries.map((entry) =>
                    entry.Outcome === 'result' ? (
                      <tr key="result" className={`engine-log-${results?.stopMessage ? 'stop' : 'result'}`}>
                        <td colSpan={5}>{entry.Text}</td>
                      </tr>
                    ) : (
                      <tr key={`s${entry.Step}`} className={`engine-log-${entry.Outcome}`}>
                        <td>{entry.Step}</td>
                        <td>{entry.Outcome === 'stop' ? t('Stop') : entry.Name}</td>
                        <td>
                          <code>{entry.Formula}</code>
                        </td>
                        <td>
                          <code>{entry.WithValues}</code>
                        </td>
                        <td>
                          {entry.Outcome === 'set'
                            ? showValue(entry.Value)
                            : entry.Outcome === 'skipped'
                              ? t('skipped')
                              : entry.Text.replace(/^\d+\. /, '')}
                        </td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
              <details>
                <summary>{t('Log as text')}</summary>
                <pre className="engine-text-log" data-testid="engine-log">
                  {answer.log}
                </pre>
              </details>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
