import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { AlgorithmRun, PosedQuestion } from '../../../domain/algorithms/algorithm';
import { ALGORITHMS_TOPIC } from '../../../domain/algorithms/calls';
import type { ChangeItem } from '../../../domain/live/changes';
import { flagServerName, type PermissionFlag } from '../../../domain/platform/permissions';
import type { UserRecord } from '../../../domain/platform/session';
import { useUser } from '../../app/context';
import { useTopic } from '../../app/use-topic';
import { useT } from '../../i18n';
import './algorithms.css';

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the user holds one of the flags (the same rule as a call's `anyOf` access). */
export function holds(user: UserRecord | null, flags: readonly PermissionFlag[]): boolean {
  if (!user) return false;
  const record = user as unknown as Record<string, unknown>;
  return flags.some((f) => record[flagServerName(f)] === true);
}

/** Loads once per `deps` change; `reload` asks again. The request layer has already shown any error. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(() => {
    setError(null);
    return load().then(
      (value) => setData(value),
      (e: unknown) => setError(errorText(e)),
    );
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the load depends on
  }, deps);
  useEffect(() => {
    void run();
  }, [run]);
  return { data, setData, error, reload: run };
}

/**
 * Follows the `algorithms` topic while the screen is open: `onChange` gets each batch of changed
 * groups, algorithms, rates and PB properties (another editor's, or this tab's own echo), and an empty
 * batch after a reconnect, when changes may have been missed. The screens re-read what they show, so
 * they keep no projection of their own (the lists are small).
 */
export function useAlgorithmsTopic(onChange: (items: ChangeItem[]) => void): void {
  useTopic(ALGORITHMS_TOPIC, onChange, () => onChange([]));
}

/** The algorithm screens' own tabs: the screens this user may open. */
export function AlgorithmsNav() {
  const t = useT();
  const user = useUser();
  const links: [string, string, PermissionFlag][] = [
    ['/algorithms/groups', 'Algorithm groups', 'editAlgorithms'],
    ['/algorithms/testing', 'Testing', 'editAlgorithms'],
    ['/algorithms/analysis', 'Analysis', 'editAlgorithms'],
    ['/algorithms/rates', 'Rate tables', 'editAlgorithmRates'],
    ['/algorithms/pbproperties', 'PB properties', 'editPbProperties'],
  ];
  return (
    <nav className="algorithms-nav" aria-label={t('Rate algorithms')}>
      {links
        .filter(([, , flag]) => holds(user, [flag]))
        .map(([to, label]) => (
          <NavLink key={to} to={to}>
            {t(label)}
          </NavLink>
        ))}
    </nav>
  );
}

export function LoadState({
  error,
  reload,
  children,
}: {
  error: string | null;
  reload: () => void;
  children: ReactNode;
}) {
  const t = useT();
  if (error) {
    return (
      <p className="form-error" role="alert">
        {t(error)}{' '}
        <button type="button" onClick={reload}>
          {t('Try again')}
        </button>
      </p>
    );
  }
  return <>{children}</>;
}

const resultLabels: [keyof AlgorithmRun['result']['Result'], string][] = [
  ['FeetPerMinute', 'Feet per minute'],
  ['MinutesPerPiece', 'Minutes per piece'],
  ['MinutesPerBundle', 'Minutes per bundle'],
  ['SetupMinutes', 'Setup minutes'],
  ['SchedulingMinutesPerPiece', 'Scheduling minutes per piece'],
];

/** The answer field of a posed question: yes/no buttons, a choice list or a number. */
export function QuestionForm({
  question,
  busy,
  onAnswer,
}: {
  question: PosedQuestion;
  busy?: boolean;
  onAnswer: (value: string | number | boolean) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <fieldset className="algorithm-question" aria-label={t('Question')}>
      <p className="question-text">
        <strong>{t('The algorithm asks:')}</strong> {t(question.Text)}
      </p>
      {question.Kind === 'yesno' ? (
        <div className="toolbar">
          <button type="button" className="primary" disabled={busy} onClick={() => onAnswer(true)}>
            {t('Yes')}
          </button>
          <button type="button" disabled={busy} onClick={() => onAnswer(false)}>
            {t('No')}
          </button>
        </div>
      ) : question.Kind === 'choice' ? (
        <div className="toolbar">
          {question.Choices.map((c) => (
            <button key={c} type="button" disabled={busy} onClick={() => onAnswer(c)}>
              {c}
            </button>
          ))}
        </div>
      ) : (
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(text);
            if (text.trim() && Number.isFinite(n)) onAnswer(n);
          }}
        >
          <input
            name="answer"
            inputMode="decimal"
            aria-label={t(question.Text)}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button
            type="submit"
            className="primary"
            disabled={busy || !text.trim() || !Number.isFinite(Number(text))}
          >
            {t('Answer')}
          </button>
        </form>
      )}
    </fieldset>
  );
}

/** A run's outcome: the five results, the question posed, or why it failed; and the rate log. */
export function RunView({
  run,
  busy,
  onAnswer,
}: {
  run: Pick<AlgorithmRun, 'result' | 'calculation'>;
  busy?: boolean;
  onAnswer?: (key: string, value: string | number | boolean) => void;
}) {
  const t = useT();
  const { result } = run;
  return (
    <div className="algorithm-run" data-testid="algorithm-run">
      {result.Success ? (
        <p className="run-status ok" role="status">
          {t('Rate calculated')}
        </p>
      ) : result.QuestionPosed && result.Question ? (
        <>
          <p className="run-status question" role="status">
            {t('A question must be answered first')}
          </p>
          {onAnswer ? (
            <QuestionForm
              question={result.Question}
              busy={busy}
              onAnswer={(v) => onAnswer((result.Question as PosedQuestion).Key, v)}
            />
          ) : null}
        </>
      ) : (
        <p className="run-status failed" role="status">
          {t('No rate: see the log for why')}
        </p>
      )}
      <dl className="run-results">
        {resultLabels.map(([key, label]) => (
          <div key={key}>
            <dt>{t(label)}</dt>
            <dd data-result={key}>{result.Success ? result.Result[key] : '–'}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('Rate log')}</h3>
      <pre className="rate-log" data-testid="rate-log">
        {run.calculation.RateLog}
      </pre>
    </div>
  );
}
