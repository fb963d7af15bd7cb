import { type KeyboardEvent, useState } from 'react';
import type { ResultOf } from '../../../../domain/contract/call';
import {
  RunScheduleTaskAlgorithm,
  type TaskField,
  UpdateScheduleTask,
} from '../../../../domain/scheduling/calls';
import type { Task } from '../../../../domain/scheduling/entities';
import { useCore, useEnqueue } from '../../../app/context';
import { useT } from '../../../i18n';
import { formatDateTime, formatLocalDate } from '../../../ui/format';
import { NumericInput } from '../../../ui/NumericInput';

/** A number that saves when the scheduler is done (blur or Enter): one queued post per change. */
function CommitNumber(props: {
  label: string;
  value: number;
  disabled: boolean;
  decimals?: number;
  onCommit(value: number): void;
}) {
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const commit = () => {
    if (draft !== undefined && draft !== null && !Object.is(draft, props.value)) props.onCommit(draft);
    setDraft(undefined);
  };
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the NumericInput inside is the control.
    <label className="sp-field">
      <span>{props.label}</span>
      <NumericInput
        aria-label={props.label}
        value={draft === undefined ? props.value : draft}
        decimals={props.decimals ?? 4}
        min={0}
        disabled={props.disabled}
        onChange={(v) => setDraft(v)}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}

type AlgorithmAnswer = ResultOf<typeof RunScheduleTaskAlgorithm>;

/**
 * The task detail side panel: what the card shows and more, the rate fields (web/UpdateScheduleTask
 * through the post queue: minutes per piece, setup, goals, setup suppressed, quantity), and "Run
 * algorithm" (viewScheduleDetails) with its result and RateLog, "Apply" = UpdateScheduleTask
 * Calculated true (the server runs it again and takes its minutes).
 */
export function TaskPanel(props: {
  task: Task;
  plantId: number;
  canEdit: boolean;
  canViewDetails: boolean;
  onClose(): void;
}) {
  const { task, plantId, canEdit, canViewDetails } = props;
  const t = useT();
  const { api } = useCore();
  const enqueue = useEnqueue();
  const [run, setRun] = useState<{ busy: boolean; answer: AlgorithmAnswer | null; error: string | null }>({
    busy: false,
    answer: null,
    error: null,
  });
  const edit = (field: TaskField, value: unknown) =>
    enqueue(UpdateScheduleTask, {
      ScheduleTaskID: task.ScheduleTaskID,
      FieldName: field,
      Value: value,
    } as never);

  const runAlgorithm = () => {
    setRun({ busy: true, answer: null, error: null });
    api.get(RunScheduleTaskAlgorithm, { ScheduleTaskID: task.ScheduleTaskID }).then(
      (answer) => setRun({ busy: false, answer, error: null }),
      (e: unknown) =>
        setRun({ busy: false, answer: null, error: e instanceof Error ? e.message : String(e) }),
    );
  };
  const result = run.answer?.result;
  const usable = result?.Success === true && !result.QuestionPosed;

  return (
    <aside className="sp-panel card" data-testid="task-panel" aria-label={t('Task details')}>
      <header className="sp-panel-head">
        <h2>
          {task.JobNumber} / {task.OperationSequence}
        </h2>
        <button type="button" className="link" onClick={props.onClose} aria-label={t('Close')}>
          ✕
        </button>
      </header>
      <dl className="sp-dl">
        <dt>{t('Part')}</dt>
        <dd>
          {task.PartNum} <span className="muted">{task.PartDescription}</span>
        </dd>
        <dt>{t('Workcenter')}</dt>
        <dd>
          {task.ResourceID} · {t('position {{n}}', { n: task.ProductionOrder + 1 })}
        </dd>
        <dt>{t('Start')}</dt>
        <dd>{task.StartAt ? formatDateTime(task.StartAt, plantId) : '—'}</dd>
        <dt>{t('End')}</dt>
        <dd>{task.EndAt ? formatDateTime(task.EndAt, plantId) : '—'}</dd>
        <dt>{t('Due')}</dt>
        <dd>{task.DueDate ? formatLocalDate(task.DueDate) : '—'}</dd>
        <dt>{t('Rate')}</dt>
        <dd>
          {task.RateDescription || '—'}{' '}
          {task.OfficialRate && <span className="muted">({t('official')})</span>}
        </dd>
        <dt>{t('Status')}</dt>
        <dd>
          {task.ModStatus === 'A' ? t('Added') : task.ModStatus === 'U' ? t('Updated') : t('Unchanged')}
          {task.Calculated ? ` · ${t('calculated')}` : ''}
        </dd>
        <dt>{t('Estimated')}</dt>
        <dd data-testid="panel-estimate">
          {task.EstimatedMinutes} {t('min')}
        </dd>
      </dl>
      <div className="sp-fields">
        <CommitNumber
          label={t('Quantity')}
          value={task.OperationQty}
          disabled={!canEdit}
          decimals={0}
          onCommit={(v) => edit('OperationQty', v)}
        />
        <CommitNumber
          label={t('Minutes per piece')}
          value={task.ScheduledMinutesPerPiece}
          disabled={!canEdit}
          onCommit={(v) => edit('ScheduledMinutesPerPiece', v)}
        />
        <CommitNumber
          label={t('Setup minutes')}
          value={task.ScheduledSetupMinutes}
          disabled={!canEdit}
          onCommit={(v) => edit('ScheduledSetupMinutes', v)}
        />
        <CommitNumber
          label={t('Goal minutes per piece')}
          value={task.GoalMinutesPerPiece}
          disabled={!canEdit}
          onCommit={(v) => edit('GoalMinutesPerPiece', v)}
        />
        <CommitNumber
          label={t('Goal setup minutes')}
          value={task.GoalSetupMinutes}
          disabled={!canEdit}
          onCommit={(v) => edit('GoalSetupMinutes', v)}
        />
        <label className="sp-check">
          <input
            type="checkbox"
            checked={task.SetupSuppressed}
            disabled={!canEdit}
            onChange={(e) => edit('SetupSuppressed', e.target.checked)}
          />
          {t('Setup suppressed')}
        </label>
      </div>
      {canViewDetails && task.ProductionPlanOperationID !== null && (
        <div className="sp-algo">
          <button type="button" onClick={runAlgorithm} disabled={run.busy}>
            {run.busy ? t('Running…') : t('Run algorithm')}
          </button>
          {run.error && (
            <p className="sp-error" role="alert">
              {run.error}
            </p>
          )}
          {result && (
            <div data-testid="algorithm-result">
              {result.QuestionPosed ? (
                <p className="sp-error">
                  {t('The algorithm asks: {{q}}', { q: result.Question?.Text ?? '' })}
                </p>
              ) : !result.Success ? (
                <p className="sp-error">{t('The algorithm found no rate.')}</p>
              ) : (
                <p>
                  {t('{{mpp}} min per piece (scheduling {{smpp}}), setup {{setup}} min', {
                    mpp: result.Result.MinutesPerPiece,
                    smpp: result.Result.SchedulingMinutesPerPiece,
                    setup: result.Result.SetupMinutes,
                  })}
                </p>
              )}
              {canEdit && usable && (
                <button type="button" className="primary" onClick={() => edit('Calculated', true)}>
                  {t('Apply')}
                </button>
              )}
              <details>
                <summary>{t('Rate log')}</summary>
                <pre className="sp-log">{run.answer?.calculation.RateLog}</pre>
              </details>
            </div>
          )}
        </div>
      )}
    </aside>
  );
}
