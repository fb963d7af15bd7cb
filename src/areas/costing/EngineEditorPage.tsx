import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  PRODUCTION_MINUTES,
  SETUP_MINUTES,
  stepProblems,
  unknownNames,
} from '../../../domain/costing/engine';
import {
  type CostingEngine,
  CreateEngineDraft,
  DeleteEngineDraft,
  type EngineStep,
  GetEngine,
  PublishEngine,
  SaveEngineSteps,
  UpdateEngine,
} from '../../../domain/costing/engines';
import { expressionFunctions } from '../../../domain/expression/expression';
import { operationInputNames } from '../../../domain/production-plan/inputs';
import { useSaveStatus, useServices, useUser } from '../../app/context';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import {
  canEditEngines,
  engineLabel,
  messageOf,
  queryNumber,
  statusWords,
  useEngineChanges,
  useEngineList,
} from './shared';
import './costing.css';

/** Quiet time after the last keystroke before valid steps are saved on their own. */
export const AUTOSAVE_MS = 1500;

type SaveState = 'clean' | 'unsaved' | 'saving' | 'saved' | 'failed';

/**
 * Steps typed and not yet saved, per engine, for the life of the tab: leaving the editor and coming
 * back (or switching engines) keeps them. Once saved they are in the post queue (IndexedDB), which
 * survives a reload.
 */
const unsavedSteps = new Map<number, EngineStep[]>();

let stepCounter = 0;
const newStepId = () => `n${Date.now().toString(36)}${(++stepCounter).toString(36)}`;

const blankStep = (kind: EngineStep['Kind']): EngineStep => ({
  StepID: newStepId(),
  Kind: kind,
  Name: '',
  Formula: '',
  Condition: '',
  Message: '',
});

/**
 * /costing/editor (Engine Editor, editCostingEngines): pick a resource and version
 * (?engine=ID or ?resource=ID), edit a draft's steps with each formula's problem shown as it is typed,
 * save through the post queue, publish, or start a draft from the active version. Published and retired
 * versions are shown read-only: they are never changed in place.
 */
export function EngineEditorPage() {
  const { api, backgroundApi, enqueue } = useServices();
  const user = useUser();
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { rows, error: listError, reload: reloadList } = useEngineList(backgroundApi, true);
  const { pending, failed } = useSaveStatus();

  const engineParam = queryNumber(search, 'engine');
  const resourceParam = new URLSearchParams(search).get('resource');

  // ?resource=X opens its draft, else its active version, else its newest.
  const selectedId = useMemo(() => {
    if (engineParam !== null) return engineParam;
    if (!resourceParam || !rows) return null;
    const mine = rows.filter((r) => r.ResourceID.toLowerCase() === resourceParam.toLowerCase());
    return (
      (mine.find((r) => r.Status === 'draft') ?? mine.find((r) => r.Status === 'published') ?? mine[0])
        ?.CostingEngineID ?? null
    );
  }, [engineParam, resourceParam, rows]);

  const [engine, setEngine] = useState<CostingEngine | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [steps, setSteps] = useState<EngineStep[]>([]);
  const [saveState, setSaveState] = useState<SaveState>('clean');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [newResource, setNewResource] = useState('');
  /** What another editor did to the engine shown (live, topic costing:engines). */
  const [remoteNotice, setRemoteNotice] = useState<string | null>(null);
  const failedBefore = useRef<Set<string>>(new Set());

  const load = useCallback(
    (id: number) => {
      setLoadError(null);
      return backgroundApi.get(GetEngine, { CostingEngineID: id }).then(
        (e) => {
          setEngine(e);
          const kept = unsavedSteps.get(e.CostingEngineID);
          setSteps(kept && e.Status === 'draft' ? kept : e.Steps);
          setSaveState(kept && e.Status === 'draft' ? 'unsaved' : 'clean');
          setSaveError(null);
        },
        (error: unknown) => {
          setEngine(null);
          setLoadError(messageOf(error));
        },
      );
    },
    [backgroundApi],
  );

  useEffect(() => {
    setConfirmDelete(false);
    setActionError(null);
    setRemoteNotice(null);
    if (selectedId === null) {
      setEngine(null);
      return;
    }
    void load(selectedId);
  }, [selectedId, load]);

  // Another editor's change of the engine shown. Unsaved steps here are never overwritten: the other
  // editor's steps replace them only when everything here is saved.
  useEngineChanges(
    true,
    ({ id, doc }) => {
      if (!engine || id !== engine.CostingEngineID) return;
      if (!doc) {
        setRemoteNotice(
          t('Someone else deleted this draft. Your steps are still here; copy them before leaving.'),
        );
        return;
      }
      const sameSteps = JSON.stringify(doc.Steps) === JSON.stringify(steps);
      setEngine(doc);
      if (doc.Status !== 'draft' && engine.Status === 'draft') {
        setRemoteNotice(t('This draft was published meanwhile: it can no longer change.'));
        setSteps(doc.Steps);
        setSaveState('clean');
        unsavedSteps.delete(doc.CostingEngineID);
      } else if (!sameSteps && (saveState === 'clean' || saveState === 'saved')) {
        setSteps(doc.Steps);
        setRemoteNotice(t('Someone else changed these steps; they are shown now.'));
      } else if (!sameSteps && saveState === 'unsaved') {
        setRemoteNotice(t('Someone else saved this draft meanwhile; saving your changes replaces theirs.'));
      }
    },
    () => {
      // Reconnected: changes may have been missed; reload unless there are unsaved steps here.
      if (engine && (saveState === 'clean' || saveState === 'saved')) void load(engine.CostingEngineID);
    },
  );

  const editable = engine?.Status === 'draft';
  const problems = useMemo(() => steps.map((s) => stepProblems(s)), [steps]);
  const problemCount = problems.reduce((n, p) => n + Object.keys(p).length, 0);
  const unknown = useMemo(() => unknownNames(steps), [steps]);

  const save = useCallback(() => {
    if (engine?.Status !== 'draft' || problemCount > 0) return;
    failedBefore.current = new Set(failed.map((f) => f.postId));
    try {
      enqueue(SaveEngineSteps, { CostingEngineID: engine.CostingEngineID, Steps: steps });
      unsavedSteps.delete(engine.CostingEngineID);
      setSaveState('saving');
      setSaveError(null);
    } catch (error) {
      // The same checks as the server's refused it before it entered the queue: keep what was typed.
      setSaveState('failed');
      setSaveError(messageOf(error));
    }
  }, [engine, problemCount, failed, enqueue, steps]);

  // Valid steps save on their own once typing pauses.
  useEffect(() => {
    if (saveState !== 'unsaved' || problemCount > 0) return;
    const timer = setTimeout(save, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [saveState, problemCount, save]);

  // The queue drained: saved, or the server refused (the post is then under "Failed saves").
  useEffect(() => {
    if (saveState !== 'saving' || pending > 0 || !engine) return;
    const refused = failed.find(
      (f) =>
        !failedBefore.current.has(f.postId) &&
        f.path.toLowerCase() === SaveEngineSteps.path.toLowerCase() &&
        f.body.CostingEngineID === engine.CostingEngineID,
    );
    if (refused) {
      setSaveState('failed');
      setSaveError(refused.error);
      unsavedSteps.set(engine.CostingEngineID, steps);
    } else {
      setSaveState('saved');
      void reloadList();
    }
  }, [saveState, pending, failed, engine, steps, reloadList]);

  function change(next: EngineStep[]) {
    setSteps(next);
    setSaveState('unsaved');
    if (engine) unsavedSteps.set(engine.CostingEngineID, next);
  }
  const edit = (index: number, field: keyof EngineStep, value: string) =>
    change(steps.map((s, i) => (i === index ? { ...s, [field]: value } : s)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [s] = next.splice(index, 1);
    next.splice(index + by, 0, s as EngineStep);
    change(next);
  };

  function saveField(field: 'Name' | 'Notes', value: string) {
    if (engine?.Status !== 'draft' || value.trim() === engine[field]) return;
    try {
      enqueue(UpdateEngine, { CostingEngineID: engine.CostingEngineID, FieldName: field, Value: value });
      setEngine({ ...engine, [field]: value.trim() });
    } catch (error) {
      setActionError(messageOf(error));
    }
  }

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setActionError(null);
    try {
      await run();
    } catch (error) {
      setActionError(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const createDraft = (resourceId: string) =>
    act(async () => {
      const draft = await api.post(CreateEngineDraft, { ResourceID: resourceId });
      await reloadList();
      void navigate(`/costing/editor?engine=${draft.CostingEngineID}`);
    });

  const publish = () =>
    act(async () => {
      if (!engine) return;
      const published = await api.post(PublishEngine, { CostingEngineID: engine.CostingEngineID });
      setEngine(published);
      setSteps(published.Steps);
      setSaveState('clean');
      await reloadList();
    });

  const removeDraft = () =>
    act(async () => {
      if (!engine) return;
      setConfirmDelete(false);
      await api.post(DeleteEngineDraft, { CostingEngineID: engine.CostingEngineID });
      unsavedSteps.delete(engine.CostingEngineID);
      await reloadList();
      void navigate(`/costing/editor?resource=${encodeURIComponent(engine.ResourceID)}`, { replace: true });
    });

  if (!canEditEngines(user)) {
    return (
      <section className="page">
        <div className="card">
          <h1>{t('Engine Editor')}</h1>
          <p>{t('You do not have permission to edit costing engines.')}</p>
        </div>
      </section>
    );
  }

  const resources = [...new Set((rows ?? []).map((r) => r.ResourceID))];
  const versions = (rows ?? []).filter((r) => r.ResourceID === engine?.ResourceID);
  const hasDraft = versions.some((r) => r.Status === 'draft');
  const savedText: Record<SaveState, string> = {
    clean: '',
    unsaved: problemCount ? t('Not saved: fix the marked steps') : t('Unsaved changes'),
    saving: t('Saving…'),
    saved: t('Saved'),
    failed: t('Not saved'),
  };

  return (
    <section className="page costing">
      <div className="card">
        <div className="row spread">
          <h1>{t('Engine Editor')}</h1>
          <Link to="/costing/engines">{t('All engines')}</Link>
        </div>
        <div className="toolbar">
          <label className="row">
            {t('Resource')}
            <select
              name="resource"
              value={engine?.ResourceID ?? resourceParam ?? ''}
              onChange={(e) =>
                void navigate(`/costing/editor?resource=${encodeURIComponent(e.target.value)}`)
              }
            >
              <option value="" disabled>
                {t('Choose a resource')}
              </option>
              {resources.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          {engine ? (
            <label className="row">
              {t('Version')}
              <select
                name="version"
                value={String(engine.CostingEngineID)}
                onChange={(e) => void navigate(`/costing/editor?engine=${e.target.value}`)}
              >
                {versions.map((r) => (
                  <option key={r.CostingEngineID} value={String(r.CostingEngineID)}>
                    v{r.Version} · {t(statusWords[r.Status])}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (newResource.trim()) void createDraft(newResource.trim());
            }}
          >
            <input
              name="newResource"
              value={newResource}
              placeholder={t('New resource ID')}
              onChange={(e) => setNewResource(e.target.value)}
              aria-label={t('Start an engine for another resource')}
            />
            <button type="submit" disabled={busy || !newResource.trim()}>
              {t('Start engine')}
            </button>
          </form>
        </div>
        {listError ? (
          <p className="form-error" role="alert">
            {listError}
          </p>
        ) : null}
        {loadError ? (
          <p className="form-error" role="alert">
            {loadError}
          </p>
        ) : null}
        {!engine && !loadError ? <p className="muted">{t('Choose a resource to see its engine.')}</p> : null}
      </div>

      {engine ? (
        <div className="costing-editor">
          <div className="card">
            <div className="row spread">
              <h2 data-testid="engine-title">{engineLabel(engine, t(statusWords[engine.Status]))}</h2>
              <span className={`save-state save-${saveState}`} role="status" data-testid="save-state">
                {savedText[saveState]}
              </span>
            </div>
            <div className="engine-meta">
              <label>
                {t('Name')}
                <input
                  name="engineName"
                  defaultValue={engine.Name}
                  key={`name-${engine.CostingEngineID}-${engine.Status}`}
                  readOnly={!editable}
                  onBlur={(e) => saveField('Name', e.target.value)}
                />
              </label>
              <label>
                {t('Notes')}
                <textarea
                  name="engineNotes"
                  rows={2}
                  defaultValue={engine.Notes}
                  key={`notes-${engine.CostingEngineID}-${engine.Status}`}
                  readOnly={!editable}
                  onBlur={(e) => saveField('Notes', e.target.value)}
                />
              </label>
              <p className="muted">
                {t('Created by {{who}} on {{when}}', {
                  who: engine.CreatedByName ?? '—',
                  when: formatDateTime(engine.CreatedAt, engine.PlantID),
                })}
                {engine.PublishedAt
                  ? ` · ${t('published {{when}}', { when: formatDateTime(engine.PublishedAt, engine.PlantID) })}`
                  : ''}
              </p>
            </div>
            <div className="toolbar">
              {editable ? (
                <>
                  <button
                    type="button"
                    className="primary"
                    onClick={save}
                    disabled={problemCount > 0 || (saveState !== 'unsaved' && saveState !== 'failed')}
                  >
                    {t('Save')}
                  </button>
                  <button
                    type="button"
                    onClick={() => void publish()}
                    disabled={busy || pending > 0 || (saveState !== 'clean' && saveState !== 'saved')}
                    title={t('Makes this version the active engine; the active version is retired.')}
                  >
                    {t('Publish')}
                  </button>
                  {confirmDelete ? (
                    <>
                      <button type="button" className="warning" onClick={() => void removeDraft()}>
                        {t('Yes, delete the draft')}
                      </button>
                      <button type="button" onClick={() => setConfirmDelete(false)}>
                        {t('Keep it')}
                      </button>
                    </>
                  ) : (
                    <button type="button" onClick={() => setConfirmDelete(true)} disabled={busy}>
                      {t('Delete draft…')}
                    </button>
                  )}
                </>
              ) : hasDraft ? (
                <span className="muted">
                  {t('This version cannot be changed. Open the draft to change the engine.')}{' '}
                  <Link to={`/costing/editor?resource=${encodeURIComponent(engine.ResourceID)}`}>
                    {t('Open the draft')}
                  </Link>
                </span>
              ) : (
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  onClick={() => void createDraft(engine.ResourceID)}
                >
                  {t('Create a draft from the active version')}
                </button>
              )}
              <Link to={`/costing/enginetesting?engine=${engine.CostingEngineID}`}>
                {t('Test this version')}
              </Link>
            </div>
            {saveError ? (
              <p className="form-error" role="alert">
                {saveError}
              </p>
            ) : null}
            {actionError ? (
              <p className="form-error" role="alert">
                {actionError}
              </p>
            ) : null}
            {remoteNotice ? (
              <p className="engine-remote" role="status" data-testid="remote-notice">
                {remoteNotice}
              </p>
            ) : null}
          </div>

          <div className="card">
            <h2>{t('Steps')}</h2>
            {steps.length === 0 ? <p className="muted">{t('No steps yet.')}</p> : null}
            <ol className="engine-steps">
              {steps.map((s, i) => {
                const p = problems[i] ?? {};
                return (
                  <li key={s.StepID} className={`engine-step engine-step-${s.Kind}`} data-step={i + 1}>
                    <div className="row spread">
                      <strong>{t('Step {{n}}', { n: i + 1 })}</strong>
                      {editable ? (
                        <span className="row">
                          <select
                            aria-label={t('Kind of step {{n}}', { n: i + 1 })}
                            value={s.Kind}
                            onChange={(e) => edit(i, 'Kind', e.target.value)}
                          >
                            <option value="set">{t('Set a value')}</option>
                            <option value="stop">{t('Stop with a message')}</option>
                          </select>
                          <button
                            type="button"
                            disabled={i === 0}
                            onClick={() => move(i, -1)}
                            aria-label={t('Move up')}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            disabled={i === steps.length - 1}
                            onClick={() => move(i, 1)}
                            aria-label={t('Move down')}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            onClick={() => change(steps.filter((_, j) => j !== i))}
                            aria-label={t('Remove step {{n}}', { n: i + 1 })}
                          >
                            ✕
                          </button>
                        </span>
                      ) : (
                        <span className="muted">
                          {s.Kind === 'set' ? t('Set a value') : t('Stop with a message')}
                        </span>
                      )}
                    </div>
                    <div className="engine-step-fields">
                      {s.Kind === 'set' ? (
                        <>
                          <Field
                            label={t('Variable')}
                            name="Name"
                            value={s.Name}
                            readOnly={!editable}
                            problem={p.Name}
                            placeholder="CutMinutes"
                            onChange={(v) => edit(i, 'Name', v)}
                          />
                          <Field
                            label={t('Formula')}
                            name="Formula"
                            value={s.Formula}
                            readOnly={!editable}
                            problem={p.Formula}
                            placeholder="Quantity * CutSeconds / 60"
                            wide
                            onChange={(v) => edit(i, 'Formula', v)}
                          />
                        </>
                      ) : (
                        <Field
                          label={t('Message')}
                          name="Message"
                          value={s.Message}
                          readOnly={!editable}
                          problem={p.Message}
                          wide
                          onChange={(v) => edit(i, 'Message', v)}
                        />
                      )}
                      <Field
                        label={t('Only when (optional)')}
                        name="Condition"
                        value={s.Condition}
                        readOnly={!editable}
                        problem={p.Condition}
                        placeholder={t('always')}
                        wide
                        onChange={(v) => edit(i, 'Condition', v)}
                      />
                    </div>
                    {unknown[i]?.length && editable ? (
                      <p className="field-warning" data-testid="unknown-names">
                        {t('Not an input nor set by an earlier step (the run would stop here): {{names}}', {
                          names: (unknown[i] ?? []).join(', '),
                        })}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            {editable ? (
              <div className="toolbar">
                <button type="button" onClick={() => change([...steps, blankStep('set')])}>
                  {t('Add a step')}
                </button>
                <button type="button" onClick={() => change([...steps, blankStep('stop')])}>
                  {t('Add a stop')}
                </button>
              </div>
            ) : null}
          </div>

          <div className="card costing-help">
            <h2>{t('Writing formulas')}</h2>
            <p className="muted">
              {t(
                'Steps run in order; a step may use the variables of the steps before it. The engine must set {{p}}; {{s}} is optional. Results are rounded to 4 decimals.',
                {
                  p: PRODUCTION_MINUTES,
                  s: SETUP_MINUTES,
                },
              )}
            </p>
            <p>
              <strong>{t('Inputs')}:</strong> <code>{operationInputNames.join(', ')}</code>
            </p>
            <p>
              <strong>{t('Functions')}:</strong> <code>{expressionFunctions.join(', ')}</code>{' '}
              <span className="muted">{t('and + - * / % ^, comparisons, && || !, a ? b : c')}</span>
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  readOnly: boolean;
  problem: string | undefined;
  placeholder?: string;
  wide?: boolean;
  onChange(value: string): void;
}) {
  return (
    <label className={`engine-field${props.wide ? ' wide' : ''}${props.problem ? ' invalid' : ''}`}>
      <span>{props.label}</span>
      <input
        name={props.name}
        value={props.value}
        readOnly={props.readOnly}
        placeholder={props.readOnly ? '' : props.placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={props.problem ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.problem && !props.readOnly ? (
        <span className="field-error" role="alert">
          {props.problem}
        </span>
      ) : null}
    </label>
  );
}
