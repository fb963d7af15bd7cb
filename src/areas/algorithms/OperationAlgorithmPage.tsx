import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { topicOf } from '../../../domain/live/topics';
import {
  LoadProductionPlan2,
  RunOperationAlgorithm,
  UpdateProductionOperation,
} from '../../../domain/production-plan/calls';
import type { Operation, ProductionPlanState } from '../../../domain/production-plan/entities';
import { pendingCount } from '../../../machines/post-queue.machine';
import { useServices, useUser } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, holds, LoadState, RunView, useLoad } from './shared';

/**
 * /algorithms/operation/{ppoid}?job=J240001: the rate algorithm of one production-plan operation, run
 * with the answers stored on it (algorithm/RunOperationAlgorithm, which saves nothing), and whether the
 * operation uses that rate now (its AlgorithmDerivedRate and AlgorithmOverride, read from the job's
 * plan, web/LoadProductionPlan2). The job comes in the address (the analysis and the plan screen link
 * with it); without it the page runs the algorithm and asks for the job. A posed question is answered
 * through the post queue (web/UpdateProductionOperation AlgorithmAnswer, which stores the answer and
 * re-runs the algorithm, saving its rate); once the queue has sent it, the page runs it again.
 */
export function OperationAlgorithmPage() {
  const t = useT();
  const { api, enqueue, queue, hub } = useServices();
  const user = useUser();
  const ppoid = Number(useParams().ppoid);
  const valid = Number.isInteger(ppoid) && ppoid > 0;
  const [search, setSearch] = useSearchParams();
  const job = search.get('job')?.trim().toUpperCase() || null;
  const canAnswer = holds(user, ['editProductionPlans']);

  const run = useLoad(
    () =>
      valid
        ? api.get(RunOperationAlgorithm, { ProductionPlanOperationID: ppoid })
        : Promise.reject(new Error('This address names no operation.')),
    [api, ppoid],
  );
  const plan = useLoad(
    () => (valid && job ? api.get(LoadProductionPlan2, { JobNumber: job }) : Promise.resolve(null)),
    [api, ppoid, job],
  );
  const reloadAll = () => {
    void run.reload();
    void plan.reload();
  };
  const latest = useRef(reloadAll);
  latest.current = reloadAll;

  // An answer waits in the post queue; when the queue is empty again it was saved (or kept under
  // "Failed saves"), and the run is asked again.
  const [answering, setAnswering] = useState(false);
  const pending = useSelector(queue, pendingCount);
  useEffect(() => {
    if (answering && pending === 0) {
      setAnswering(false);
      latest.current();
    }
  }, [answering, pending]);

  // Another planner's change of this operation (or this tab's own answer) arrives on the plan's topic.
  useEffect(() => {
    if (!job || !valid) return;
    const topic = topicOf.plan(job);
    hub.send({ type: 'hub.subscribe', topics: [topic] });
    const changes = hub.on('hub.changes', (event) => {
      if (event.items.some((i) => i.topic === topic && i.id === `operation:${ppoid}`)) latest.current();
    });
    return () => {
      changes.unsubscribe();
      hub.send({ type: 'hub.unsubscribe', topics: [topic] });
    };
  }, [hub, job, ppoid, valid]);

  function answer(key: string, value: string | number | boolean) {
    setAnswering(true);
    enqueue(UpdateProductionOperation, {
      ProductionPlanOperationID: ppoid,
      FieldName: 'AlgorithmAnswer',
      Value: { Key: key, Value: value },
    });
  }

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Operation {{id}}: rate algorithm', { id: valid ? ppoid : '?' })}</h1>
          <AlgorithmsNav />
        </div>
        {job ? (
          <LoadState error={plan.error} reload={() => void plan.reload()}>
            {plan.data ? (
              <OperationFacts state={plan.data} ppoid={ppoid} />
            ) : (
              <p className="muted">{t('Loading the plan of job {{job}}…', { job })}</p>
            )}
          </LoadState>
        ) : (
          <JobNeeded onJob={(j) => setSearch({ job: j }, { replace: true })} />
        )}
        <h2 className="section-title">{t("The algorithm's run, with the answers given")}</h2>
        <LoadState error={run.error} reload={() => void run.reload()}>
          {run.data === null ? (
            <p className="muted">{t('Running the algorithm…')}</p>
          ) : (
            <RunView run={run.data} busy={answering} onAnswer={canAnswer ? answer : undefined} />
          )}
        </LoadState>
        {answering ? (
          <p className="muted" role="status">
            {t('Saving the answer…')}
          </p>
        ) : null}
        {run.data?.result.QuestionPosed && !canAnswer ? (
          <p className="notice">{t('Only a production planner (edit production plans) can answer.')}</p>
        ) : null}
      </div>
    </section>
  );
}

/** Without ?job= the page cannot find the operation's plan: it says so and takes the job number. */
function JobNeeded({ onJob }: { onJob: (job: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <form
      className="notice job-needed"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onJob(text.trim().toUpperCase());
      }}
    >
      <p>
        {t(
          "To show the operation's job, machine, part and whether its rate is the algorithm's, this page needs the job number (the plan screen and the analysis add it to the address).",
        )}
      </p>
      <label className="row">
        {t('Job')}
        <input name="job" value={text} placeholder="J240001" onChange={(e) => setText(e.target.value)} />
        <button type="submit" disabled={!text.trim()}>
          {t('Show')}
        </button>
      </label>
    </form>
  );
}

/** Where the operation is, what it works on, and which rate it uses now. */
function OperationFacts({ state, ppoid }: { state: ProductionPlanState; ppoid: number }) {
  const t = useT();
  const op = state.Plan.Operations.find((o) => o.ProductionPlanOperationID === ppoid);
  if (!op) {
    return (
      <p className="form-error" role="alert">
        {t('Operation {{id}} is not an operation of the plan of job {{job}}.', {
          id: ppoid,
          job: state.Job.JobNumber,
        })}
      </p>
    );
  }
  const line =
    op.ProductionPlanBOMID === null
      ? null
      : state.Plan.BOM.find((b) => b.ProductionPlanBOMID === op.ProductionPlanBOMID);
  const part = line
    ? { num: line.PartNum, description: line.Description }
    : { num: state.Job.PartNum, description: state.Job.Part.Description };
  return (
    <>
      <dl className="run-results operation-facts" data-testid="operation-facts">
        <div>
          <dt>{t('Job')}</dt>
          <dd data-fact="job">{state.Job.JobNumber}</dd>
        </div>
        <div>
          <dt>{t('Operation')}</dt>
          <dd data-fact="sequence">{op.Sequence}</dd>
        </div>
        <div>
          <dt>{t('Machine')}</dt>
          <dd data-fact="resource">{op.ResourceID ?? t('none')}</dd>
        </div>
        <div>
          <dt>{line ? t('Part (BOM line {{seq}})', { seq: line.Sequence }) : t('Part (the job’s)')}</dt>
          <dd data-fact="part" title={part.description}>
            {part.num}
          </dd>
        </div>
        <div>
          <dt>{t('Quantity')}</dt>
          <dd>{op.ProductionQuantity}</dd>
        </div>
        <div>
          <dt>{t('Minutes per piece in force')}</dt>
          <dd data-fact="minutes-per-piece">{op.ProductionMinutesPerPiece}</dd>
        </div>
      </dl>
      <RateSource op={op} />
    </>
  );
}

function RateSource({ op }: { op: Operation }) {
  const t = useT();
  const [cls, text] = op.AlgorithmOverride
    ? [
        'overridden',
        t("The algorithm's rate is overridden by {{name}}: the operation uses another rate.", {
          name: op.AlgorithmOverrideBy ?? '?',
        }),
      ]
    : op.AlgorithmDerivedRate
      ? ['ok', t("The operation uses the algorithm's rate.")]
      : op.EngineAssignedRate
        ? ['', t("The operation uses its costing engine's rate, not an algorithm's.")]
        : op.AlgorithmResultJSON?.includes('"QuestionPosed":true')
          ? [
              '',
              t('The operation does not use an algorithm rate yet: the algorithm asks a question (below).'),
            ]
          : op.AlgorithmResultJSON
            ? [
                '',
                t(
                  "The operation does not use an algorithm rate: the algorithm's last run gave none (see below).",
                ),
              ]
            : [
                '',
                t(
                  'The operation does not use an algorithm rate: the algorithm has not run on it yet (it runs when the machine changes or a question is answered).',
                ),
              ];
  return (
    <p className={`rate-source ${cls}`} data-testid="rate-source">
      {text}
    </p>
  );
}
