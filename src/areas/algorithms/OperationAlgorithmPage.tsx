import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useServices, useUser } from '../../app/context';
import { useT } from '../../i18n';
import { RunOperationAlgorithm, UpdateProductionOperation } from './operation-calls';
import { AlgorithmsNav, errorText, holds, LoadState, RunView, useLoad } from './shared';

/**
 * /algorithms/operation/{ppoid}: the rate algorithm of one production-plan operation, run with the
 * answers stored on the operation (algorithm/RunOperationAlgorithm). A posed question is shown; the
 * answer is saved on the operation (web/UpdateProductionOperation AlgorithmAnswer), which re-runs it.
 */
export function OperationAlgorithmPage() {
  const t = useT();
  const { api } = useServices();
  const user = useUser();
  const ppoid = Number(useParams().ppoid);
  const valid = Number.isInteger(ppoid) && ppoid > 0;
  const { data, error, reload } = useLoad(
    () =>
      valid
        ? api.get(RunOperationAlgorithm, { ProductionPlanOperationID: ppoid })
        : Promise.reject(new Error('This address names no operation.')),
    [api, ppoid],
  );
  const [busy, setBusy] = useState(false);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const canAnswer = holds(user, ['editProductionPlans']);

  async function answer(key: string, value: string | number | boolean) {
    setBusy(true);
    setAnswerError(null);
    try {
      await api.post(UpdateProductionOperation, {
        ProductionPlanOperationID: ppoid,
        FieldName: 'AlgorithmAnswer',
        Value: { Key: key, Value: value },
      });
      await reload();
    } catch (err) {
      setAnswerError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Operation {{id}}: rate algorithm', { id: valid ? ppoid : '?' })}</h1>
          <AlgorithmsNav />
        </div>
        <p className="muted">
          {t(
            "The algorithm of the operation's machine, run with the answers already given on this operation.",
          )}
        </p>
        <LoadState error={error} reload={() => void reload()}>
          {data === null ? (
            <p className="muted">{t('Running the algorithm…')}</p>
          ) : (
            <RunView run={data} busy={busy} onAnswer={canAnswer ? (k, v) => void answer(k, v) : undefined} />
          )}
        </LoadState>
        {data?.result.QuestionPosed && !canAnswer ? (
          <p className="muted">{t('Only a production planner (edit production plans) can answer.')}</p>
        ) : null}
        {answerError ? (
          <p className="form-error" role="alert">
            {t(answerError)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
