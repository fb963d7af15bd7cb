import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AlgorithmRun } from '../../../domain/algorithms/algorithm';
import {
  GetAlgorithm,
  GetAlgorithmGroups,
  GetAlgorithms,
  TestAlgorithm,
} from '../../../domain/algorithms/calls';
import { sampleInputs, sampleParts } from '../../../domain/algorithms/samples';
import type { OperationInputs } from '../../../domain/production-plan/inputs';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, errorText, RunView, useLoad } from './shared';

type InputKey = keyof OperationInputs;
const numberInputs: InputKey[] = [
  'Quantity',
  'BundleSize',
  'Bundles',
  'WorkerCount',
  'CutLength',
  'Weight',
  'Gauge',
  'Holes',
  'Welds',
  'Width',
  'Length',
];
const textInputs: InputKey[] = ['PartNum', 'PartClass', 'Material', 'ResourceID'];

type Answers = Record<string, string | number | boolean>;

/**
 * /algorithms/testing: run one algorithm (even inactive) or a whole group on inputs typed here, started
 * from a demo part. A posed question is shown; its answer re-runs. Nothing is saved.
 */
export function AlgorithmTestingPage() {
  const t = useT();
  const { api } = useServices();
  const [search, setSearch] = useSearchParams();
  const askedFor = Number(search.get('algorithmID')) || null;
  const { data: groups } = useLoad(() => api.get(GetAlgorithmGroups, {}), [api]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [algorithmId, setAlgorithmId] = useState<number | null>(askedFor);
  const { data: list } = useLoad(
    () => (groupId ? api.get(GetAlgorithms, { AlgorithmGroupID: groupId }) : Promise.resolve(null)),
    [api, groupId],
  );
  const [partNum, setPartNum] = useState(sampleParts[0]?.PartNum ?? '');
  const [inputs, setInputs] = useState<OperationInputs>(() =>
    sampleInputs(sampleParts[0] as (typeof sampleParts)[number], null),
  );
  const [answers, setAnswers] = useState<Answers>({});
  const [run, setRun] = useState<AlgorithmRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);

  // Opened from an algorithm: its group, and a part it applies to is the person's choice.
  useEffect(() => {
    if (!askedFor) return;
    api.get(GetAlgorithm, { AlgorithmID: askedFor }).then(
      (a) => setGroupId(a.AlgorithmGroupID),
      () => {},
    );
  }, [api, askedFor]);
  useEffect(() => {
    if (groupId === null && groups?.length) setGroupId(groups[0]?.AlgorithmGroupID ?? null);
  }, [groups, groupId]);
  const group = groups?.find((g) => g.AlgorithmGroupID === groupId) ?? null;
  useEffect(() => {
    setInputs((i) => ({ ...i, ResourceID: group?.ResourceIDs[0] ?? null }));
  }, [group]);

  function pickPart(num: string) {
    setPartNum(num);
    const part = sampleParts.find((p) => p.PartNum === num);
    if (part) setInputs(sampleInputs(part, group?.ResourceIDs[0] ?? null));
    setAnswers({});
    setRun(null);
  }

  async function test(withAnswers: Answers = answers) {
    if (!groupId) return;
    setBusy(true);
    setRunError(null);
    try {
      const result = await api.post(TestAlgorithm, {
        ...(algorithmId ? { AlgorithmID: algorithmId } : { AlgorithmGroupID: groupId }),
        Inputs: { ...inputs },
        Answers: withAnswers,
      });
      setRun(result);
    } catch (err) {
      setRunError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  function answer(key: string, value: string | number | boolean) {
    const next = { ...answers, [key]: value };
    setAnswers(next);
    void test(next);
  }

  const setNumber = (key: InputKey, text: string) => {
    const n = text.trim() === '' ? null : Number(text);
    setInputs((i) => ({ ...i, [key]: n === null || Number.isFinite(n) ? n : i[key] }));
  };

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Algorithm testing')}</h1>
          <AlgorithmsNav />
        </div>
        <p className="muted">
          {t('Run an algorithm, or a whole group as planning would, on inputs you type. Nothing is saved.')}
        </p>
        <div className="algorithm-form">
          <label>
            {t('Group')}
            <select
              name="group"
              value={groupId ?? ''}
              onChange={(e) => {
                setGroupId(Number(e.target.value));
                setAlgorithmId(null);
                setSearch({});
                setRun(null);
              }}
            >
              {(groups ?? []).map((g) => (
                <option key={g.AlgorithmGroupID} value={g.AlgorithmGroupID}>
                  {g.Name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('Algorithm')}
            <select
              name="algorithm"
              value={algorithmId ?? ''}
              onChange={(e) => {
                setAlgorithmId(e.target.value ? Number(e.target.value) : null);
                setRun(null);
              }}
            >
              <option value="">{t('The whole group, by priority')}</option>
              {(list?.Algorithms ?? []).map((a) => (
                <option key={a.AlgorithmID} value={a.AlgorithmID}>
                  {a.Active ? a.Name : t('{{name}} (inactive)', { name: a.Name })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('Start from part')}
            <select name="sample" value={partNum} onChange={(e) => pickPart(e.target.value)}>
              {sampleParts.map((p) => (
                <option key={p.PartNum} value={p.PartNum}>
                  {p.PartNum} – {p.Description}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div className="testing-columns">
        <div className="card">
          <h2>{t('Inputs')}</h2>
          <div className="inputs-grid">
            {textInputs.map((k) => (
              <label key={k}>
                <code>{k}</code>
                <input
                  name={`input-${k}`}
                  value={(inputs[k] as string | null) ?? ''}
                  onChange={(e) => setInputs((i) => ({ ...i, [k]: e.target.value || null }))}
                />
              </label>
            ))}
            {numberInputs.map((k) => (
              <label key={k}>
                <code>{k}</code>
                <input
                  name={`input-${k}`}
                  inputMode="decimal"
                  value={inputs[k] === null ? '' : String(inputs[k])}
                  placeholder={t('none')}
                  onChange={(e) => setNumber(k, e.target.value)}
                />
              </label>
            ))}
            <label className="check">
              <input
                type="checkbox"
                name="input-Painted"
                checked={inputs.Painted}
                onChange={(e) => setInputs((i) => ({ ...i, Painted: e.target.checked }))}
              />
              <code>Painted</code>
            </label>
          </div>
          {Object.keys(answers).length ? (
            <p className="small">
              {t('Answers given: {{list}}', {
                list: Object.entries(answers)
                  .map(([k, v]) => `${k} = ${String(v)}`)
                  .join(', '),
              })}{' '}
              <button
                type="button"
                onClick={() => {
                  setAnswers({});
                  setRun(null);
                }}
              >
                {t('Forget the answers')}
              </button>
            </p>
          ) : null}
          <div className="toolbar">
            <button type="button" className="primary" disabled={busy || !groupId} onClick={() => void test()}>
              {t('Run')}
            </button>
          </div>
          {runError ? (
            <p className="form-error" role="alert">
              {t(runError)}
            </p>
          ) : null}
        </div>
        <div className="card">
          <h2>{t('Result')}</h2>
          {run ? (
            <RunView run={run} busy={busy} onAnswer={answer} />
          ) : (
            <p className="muted">{t('Run the algorithm to see its result and rate log.')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
