import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  type Algorithm,
  formulaProblem,
  type QuestionKind,
  questionKinds,
  resultNames,
} from '../../../domain/algorithms/algorithm';
import {
  type AlgorithmField,
  GetAlgorithm,
  GetRateTables,
  UpdateAlgorithm,
} from '../../../domain/algorithms/calls';
import { describeZodError } from '../../../domain/contract/errors';
import { expressionFunctions } from '../../../domain/expression/expression';
import { operationInputNames } from '../../../domain/production-plan/inputs';
import { useServices, useUser } from '../../app/context';
import { useT } from '../../i18n';
import { formatTime } from '../../ui/format';
import { AlgorithmsNav, LoadState, useAlgorithmsTopic, useLoad } from './shared';

const resultLabels: Record<(typeof resultNames)[number], string> = {
  FeetPerMinute: 'Feet per minute',
  MinutesPerPiece: 'Minutes per piece',
  MinutesPerBundle: 'Minutes per bundle',
  SetupMinutes: 'Setup minutes',
  SchedulingMinutesPerPiece: 'Scheduling minutes per piece',
};

/** Questions as typed: choices are one comma-separated text until saved. */
interface QuestionDraft {
  Key: string;
  Text: string;
  Kind: QuestionKind;
  Choices: string;
}
interface LookupDraft {
  Name: string;
  Table: string;
  Key: string;
}

type Draft = Omit<Algorithm, 'Questions' | 'RateLookups' | 'Priority'> & {
  Priority: string;
  Questions: QuestionDraft[];
  RateLookups: LookupDraft[];
};

const toDraft = (a: Algorithm): Draft => ({
  ...a,
  Priority: String(a.Priority),
  Questions: a.Questions.map((q) => ({ ...q, Choices: q.Choices.join(', ') })),
  RateLookups: a.RateLookups.map((r) => ({ ...r })),
});

/** The value a field of the draft saves as (what UpdateAlgorithm takes). */
function fieldValue(draft: Draft, field: AlgorithmField): unknown {
  if (field === 'Priority') return draft.Priority.trim() === '' ? Number.NaN : Number(draft.Priority);
  if (field === 'Questions') {
    return draft.Questions.map((q) => ({
      Key: q.Key,
      Text: q.Text,
      Kind: q.Kind,
      Choices:
        q.Kind === 'choice'
          ? q.Choices.split(',')
              .map((c) => c.trim())
              .filter(Boolean)
          : [],
    }));
  }
  return draft[field];
}

/** Null when the field's value would be accepted, else the sentence why not. */
function problemOf(draft: Draft, field: AlgorithmField): string | null {
  const parsed = UpdateAlgorithm.payload.safeParse({
    AlgorithmID: draft.AlgorithmID,
    FieldName: field,
    Value: fieldValue(draft, field),
  });
  return parsed.success ? null : describeZodError(parsed.error);
}

const fieldNames: readonly AlgorithmField[] = [
  'Name',
  'Priority',
  'Active',
  'AppliesWhen',
  ...resultNames,
  'Questions',
  'RateLookups',
];

const draftKey = (id: number) => `sw.algorithm-draft:${id}`;

function storedDrafts(id: number): Partial<Draft> {
  try {
    return JSON.parse(localStorage.getItem(draftKey(id)) ?? '{}') as Partial<Draft>;
  } catch {
    return {};
  }
}

/**
 * /algorithms/algorithm/{algorithmGroupID}/{algorithmID}: one algorithm's name, priority, condition,
 * the five formulas, questions and rate lookups. Formulas are checked as they are typed (the same
 * parser the server uses). A valid change is saved through the post queue when the field is left; an
 * invalid one stays in the field, and in this browser (localStorage) until it is fixed, so nothing
 * typed is lost.
 */
export function AlgorithmEditorPage() {
  const t = useT();
  const { api, enqueue } = useServices();
  const params = useParams();
  const groupId = Number(params.algorithmGroupID);
  const id = Number(params.algorithmID);
  const { data, error, reload } = useLoad(() => api.get(GetAlgorithm, { AlgorithmID: id }), [api, id]);
  const { data: rates } = useLoad(() => api.get(GetRateTables, {}), [api]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [restored, setRestored] = useState(0);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // Algorithms are company-wide: the time is read in the editing user's plant.
  const plantId = useUser()?.PlantID ?? null;
  const [deleted, setDeleted] = useState(false);
  /** The last value of each field sent (or loaded): a field is saved only when it differs. */
  const sent = useRef(new Map<AlgorithmField, string>());
  const draftRef = useRef<Draft | null>(null);
  draftRef.current = draft;

  useEffect(() => {
    if (!data) return;
    const loaded = toDraft(data);
    sent.current = new Map(fieldNames.map((f) => [f, JSON.stringify(fieldValue(loaded, f))]));
    const local = storedDrafts(id);
    const merged = { ...loaded, ...local };
    // Only typing that differs from what the server has counts as restored.
    setRestored(
      fieldNames.filter(
        (f) => Object.hasOwn(local, f) && JSON.stringify(fieldValue(merged, f)) !== sent.current.get(f),
      ).length,
    );
    setDraft(merged);
  }, [data, id]);

  function remember(next: Draft, field: AlgorithmField) {
    const local = storedDrafts(id) as Record<string, unknown>;
    local[field] = next[field];
    localStorage.setItem(draftKey(id), JSON.stringify(local));
  }

  function forget(field: AlgorithmField) {
    const local = storedDrafts(id) as Record<string, unknown>;
    delete local[field];
    if (Object.keys(local).length) localStorage.setItem(draftKey(id), JSON.stringify(local));
    else localStorage.removeItem(draftKey(id));
  }

  function change<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((d) => {
      if (!d) return d;
      const next = { ...d, [field]: value };
      remember(next, field as AlgorithmField);
      return next;
    });
  }

  /** Saves a field when it is valid and differs from what was last sent. */
  function save(field: AlgorithmField, from: Draft | null = draftRef.current) {
    if (!from) return;
    if (problemOf(from, field)) return;
    const value = fieldValue(from, field);
    const text = JSON.stringify(value);
    if (sent.current.get(field) === text) {
      forget(field);
      return;
    }
    try {
      enqueue(UpdateAlgorithm, { AlgorithmID: from.AlgorithmID, FieldName: field, Value: value });
      sent.current.set(field, text);
      forget(field);
      setSavedAt(formatTime(Date.now(), plantId));
    } catch {
      // The request layer has shown why; the text stays in the field and in localStorage.
    }
  }

  // Another editor's change of this algorithm: taken into every field this person has not changed
  // since it was last saved or loaded; a field being edited here keeps what was typed.
  useAlgorithmsTopic((items) => {
    for (const item of items) {
      if (item.collection !== 'algorithms' || item.id !== String(id)) continue;
      if (!item.doc) {
        setDeleted(true);
        continue;
      }
      const incoming = toDraft(item.doc as unknown as Algorithm);
      setDraft((d) => {
        if (!d) return d;
        const next: Record<string, unknown> = { ...d };
        for (const f of fieldNames) {
          if (JSON.stringify(fieldValue(d, f)) !== sent.current.get(f)) continue;
          next[f] = incoming[f];
          sent.current.set(f, JSON.stringify(fieldValue(incoming, f)));
        }
        return next as Draft;
      });
    }
  });

  // Leaving the screen saves every valid change not saved yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on leaving (save reads refs)
  useEffect(
    () => () => {
      for (const f of fieldNames) save(f);
    },
    [],
  );

  const inputNames = useMemo(() => {
    if (!draft) return [];
    return [
      ...operationInputNames,
      ...draft.Questions.map((q) => q.Key).filter(Boolean),
      ...draft.RateLookups.map((r) => r.Name).filter(Boolean),
      ...resultNames,
    ];
  }, [draft]);
  const tables = useMemo(() => [...new Set((rates ?? []).map((r) => r.RateTable))], [rates]);

  if (!draft) {
    return (
      <section className="page algorithms">
        <div className="card">
          <h1>{t('Algorithm')}</h1>
          <LoadState error={error} reload={() => void reload()}>
            <p className="muted">{t('Loading…')}</p>
          </LoadState>
        </div>
      </section>
    );
  }

  const problem = (field: AlgorithmField) => problemOf(draft, field);
  const formula = (
    field: AlgorithmField & ('AppliesWhen' | (typeof resultNames)[number]),
    label: string,
    hint: string,
  ) => {
    const text = draft[field] as string;
    const issue = text.trim() ? formulaProblem(text) : null;
    return (
      <label className={`formula${issue ? ' invalid' : ''}`} key={field}>
        <span>
          {t(label)} <code className="muted">{field}</code>
        </span>
        <input
          name={field}
          value={text}
          spellCheck={false}
          placeholder={t(hint)}
          aria-invalid={issue ? true : undefined}
          onChange={(e) => change(field, e.target.value)}
          onBlur={() => save(field)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save(field);
          }}
        />
        {issue ? (
          <span className="form-error" role="alert" data-formula-error={field}>
            {t('Not saved: {{reason}}', { reason: issue })}
          </span>
        ) : null}
      </label>
    );
  };

  const setQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    change(
      'Questions',
      draft.Questions.map((q, j) => (j === i ? { ...q, ...patch } : q)),
    );
  const setLookup = (i: number, patch: Partial<LookupDraft>) =>
    change(
      'RateLookups',
      draft.RateLookups.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  const questionsProblem = problem('Questions');
  const lookupsProblem = problem('RateLookups');

  return (
    <section className="page algorithms algorithm-editor">
      <div className="card">
        <div className="row spread">
          <h1>{t('Algorithm: {{name}}', { name: draft.Name })}</h1>
          <AlgorithmsNav />
        </div>
        <div className="toolbar">
          <Link to={`/algorithms/list/${groupId}`}>{t('Back to the group')}</Link>
          <Link to={`/algorithms/testing?algorithmID=${draft.AlgorithmID}`}>{t('Test this algorithm')}</Link>
          {savedAt ? (
            <span className="saved" role="status">
              {t('Changes saved at {{time}}', { time: savedAt })}
            </span>
          ) : null}
        </div>
        {deleted ? (
          <p className="form-error" role="alert">
            {t('Someone else deleted this algorithm; changes here can no longer be saved.')}
          </p>
        ) : null}
        {restored ? (
          <p className="notice" role="status">
            {t('{{n}} change(s) not saved last time were restored from this browser; fix them to save.', {
              n: restored,
            })}
          </p>
        ) : null}
        <div className="algorithm-form">
          <label>
            {t('Name')}
            <input
              name="Name"
              value={draft.Name}
              onChange={(e) => change('Name', e.target.value)}
              onBlur={() => save('Name')}
            />
            {problem('Name') ? <span className="form-error">{t(problem('Name') as string)}</span> : null}
          </label>
          <label>
            {t('Priority (lower runs first)')}
            <input
              name="Priority"
              inputMode="numeric"
              value={draft.Priority}
              onChange={(e) => change('Priority', e.target.value.replace(/[^0-9]/g, ''))}
              onBlur={() => save('Priority')}
            />
            {problem('Priority') ? (
              <span className="form-error">{t(problem('Priority') as string)}</span>
            ) : null}
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="Active"
              checked={draft.Active}
              onChange={(e) => {
                const next = { ...draft, Active: e.target.checked };
                setDraft(next);
                save('Active', next);
              }}
            />
            {t('Active')}
          </label>
        </div>
      </div>

      <div className="card">
        <h2>{t('When it applies')}</h2>
        {formula('AppliesWhen', 'Applies when', 'Empty: always, e.g. PartClass == "Beam" && Gauge <= 14')}
        <h2>{t('Formulas')}</h2>
        <p className="muted small">
          {t(
            'A formula may use the inputs below, the answers to its questions, its rate lookups and the other results. Empty gives 0.',
          )}
        </p>
        <div className="formulas">{resultNames.map((n) => formula(n, resultLabels[n], 'Empty: 0'))}</div>
        <details className="inputs-help">
          <summary>{t('Inputs and functions a formula can use')}</summary>
          <p className="chips">
            {inputNames.map((n) => (
              <code key={n}>{n}</code>
            ))}
          </p>
          <p className="muted small">
            {t('Functions: {{list}}. Also the PB properties of the part, by their names.', {
              list: expressionFunctions.join(', '),
            })}
          </p>
        </details>
      </div>

      <div className="card">
        <h2>{t('Questions')}</h2>
        <p className="muted small">
          {t(
            'An input only a person can give. When a formula needs it, the planner is asked and the answer re-runs the algorithm.',
          )}
        </p>
        {draft.Questions.map((q, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the key may be blank
          <div className="question-row" key={i} data-question={i}>
            <label>
              {t('Key')}
              <input
                name={`question-${i}-key`}
                value={q.Key}
                onChange={(e) => setQuestion(i, { Key: e.target.value })}
                onBlur={() => save('Questions')}
              />
            </label>
            <label className="wide">
              {t('Question')}
              <input
                name={`question-${i}-text`}
                value={q.Text}
                onChange={(e) => setQuestion(i, { Text: e.target.value })}
                onBlur={() => save('Questions')}
              />
            </label>
            <label>
              {t('Answer kind')}
              <select
                name={`question-${i}-kind`}
                value={q.Kind}
                onChange={(e) => {
                  const next = {
                    ...draft,
                    Questions: draft.Questions.map((x, j) =>
                      j === i ? { ...x, Kind: e.target.value as QuestionKind } : x,
                    ),
                  };
                  setDraft(next);
                  remember(next, 'Questions');
                  save('Questions', next);
                }}
              >
                {questionKinds.map((k) => (
                  <option key={k} value={k}>
                    {t({ number: 'A number', choice: 'A choice', yesno: 'Yes or no' }[k])}
                  </option>
                ))}
              </select>
            </label>
            {q.Kind === 'choice' ? (
              <label>
                {t('Choices (commas)')}
                <input
                  name={`question-${i}-choices`}
                  value={q.Choices}
                  onChange={(e) => setQuestion(i, { Choices: e.target.value })}
                  onBlur={() => save('Questions')}
                />
              </label>
            ) : null}
            <button
              type="button"
              onClick={() => {
                const next = { ...draft, Questions: draft.Questions.filter((_, j) => j !== i) };
                setDraft(next);
                remember(next, 'Questions');
                save('Questions', next);
              }}
            >
              {t('Remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() =>
            change('Questions', [...draft.Questions, { Key: '', Text: '', Kind: 'yesno', Choices: '' }])
          }
        >
          {t('Add a question')}
        </button>
        {questionsProblem && draft.Questions.length ? (
          <p className="form-error" role="alert">
            {t('Not saved: {{reason}}', { reason: questionsProblem })}
          </p>
        ) : null}
      </div>

      <div className="card">
        <h2>{t('Rate lookups')}</h2>
        <p className="muted small">
          {t('Reads a rate table by a key formula; the rate becomes an input under the name given.')}
        </p>
        {draft.RateLookups.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the name may be blank
          <div className="question-row lookup-row" key={i} data-lookup={i}>
            <label>
              {t('Input name')}
              <input
                name={`lookup-${i}-name`}
                value={r.Name}
                onChange={(e) => setLookup(i, { Name: e.target.value })}
                onBlur={() => save('RateLookups')}
              />
            </label>
            <label>
              {t('Rate table')}
              <input
                name={`lookup-${i}-table`}
                list="algorithm-rate-tables"
                value={r.Table}
                onChange={(e) => setLookup(i, { Table: e.target.value })}
                onBlur={() => save('RateLookups')}
              />
            </label>
            <label className="wide">
              {t('Key (a formula)')}
              <input
                name={`lookup-${i}-key`}
                value={r.Key}
                spellCheck={false}
                onChange={(e) => setLookup(i, { Key: e.target.value })}
                onBlur={() => save('RateLookups')}
              />
            </label>
            <button
              type="button"
              onClick={() => {
                const next = { ...draft, RateLookups: draft.RateLookups.filter((_, j) => j !== i) };
                setDraft(next);
                remember(next, 'RateLookups');
                save('RateLookups', next);
              }}
            >
              {t('Remove')}
            </button>
          </div>
        ))}
        <datalist id="algorithm-rate-tables">
          {tables.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button
          type="button"
          onClick={() =>
            change('RateLookups', [...draft.RateLookups, { Name: '', Table: tables[0] ?? '', Key: '' }])
          }
        >
          {t('Add a rate lookup')}
        </button>
        {lookupsProblem && draft.RateLookups.length ? (
          <p className="form-error" role="alert">
            {t('Not saved: {{reason}}', { reason: lookupsProblem })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
