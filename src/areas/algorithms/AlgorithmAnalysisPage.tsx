import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type AlgorithmAnalysis,
  GetAlgorithmAnalysis,
  GetAlgorithmGroups,
  type OperationOutcome,
  type OperationOutcomeCounts,
} from '../../../domain/algorithms/calls';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, LoadState, useAlgorithmsTopic, useLoad } from './shared';

const sampleLabels = { rate: 'Rated', question: 'Asks a question', failed: 'No rate' } as const;

/** Each outcome of a plan's operation: its label, its count's field and its colour class. */
const outcomes: [OperationOutcome, string, keyof OperationOutcomeCounts, string][] = [
  ['algorithm', 'Algorithm rate', 'Algorithm', 'ok'],
  ['overridden', 'Overridden', 'Overridden', 'overridden'],
  ['question', 'Question posed', 'Question', 'question'],
  ['failed', 'No rate', 'Failed', 'failed'],
  ['neverRun', 'Never run', 'NeverRun', 'never'],
];
const outcomeLabel = Object.fromEntries(outcomes.map(([o, label]) => [o, label])) as Record<
  OperationOutcome,
  string
>;
const outcomeClass = Object.fromEntries(outcomes.map(([o, , , c]) => [o, c])) as Record<
  OperationOutcome,
  string
>;

const PAGE = 50;

/**
 * /algorithms/analysis: how the production-plan operations on a group's machines are rated (the
 * algorithm's rate, overridden and by whom, a question waiting, no rate, never run), with a page of
 * them linking to each operation's run; or, as a toggle, the group run over the demo parts.
 */
export function AlgorithmAnalysisPage() {
  const t = useT();
  const { api } = useServices();
  const { data: groups } = useLoad(() => api.get(GetAlgorithmGroups, {}), [api]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [source, setSource] = useState<'operations' | 'sample'>('operations');
  const [outcome, setOutcome] = useState<OperationOutcome | null>(null);
  const [skip, setSkip] = useState(0);
  useEffect(() => {
    if (groupId === null && groups?.length) setGroupId(groups[0]?.AlgorithmGroupID ?? null);
  }, [groups, groupId]);
  const { data, error, reload } = useLoad(
    () =>
      groupId
        ? api.get(GetAlgorithmAnalysis, {
            AlgorithmGroupID: groupId,
            Source: source,
            ...(outcome ? { Outcome: outcome } : {}),
            Skip: skip,
            Take: PAGE,
          })
        : Promise.resolve(null),
    [api, groupId, source, outcome, skip],
  );
  // Another editor's change shows here at once.
  useAlgorithmsTopic((items) => {
    if (
      !items.length ||
      items.some((i) =>
        ['algorithmGroups', 'algorithms', 'algorithmRates', 'pbProperties'].includes(i.collection),
      )
    )
      void reload();
  });

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Algorithm analysis')}</h1>
          <AlgorithmsNav />
        </div>
        <div className="toolbar">
          <label className="row">
            {t('Group')}
            <select
              name="group"
              value={groupId ?? ''}
              onChange={(e) => {
                setGroupId(Number(e.target.value));
                setSkip(0);
              }}
            >
              {(groups ?? []).map((g) => (
                <option key={g.AlgorithmGroupID} value={g.AlgorithmGroupID}>
                  {g.Name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="segmented" aria-label={t('Analyse')}>
            <label>
              <input
                type="radio"
                name="source"
                checked={source === 'operations'}
                onChange={() => setSource('operations')}
              />
              {t('The plans’ operations')}
            </label>
            <label>
              <input
                type="radio"
                name="source"
                checked={source === 'sample'}
                onChange={() => setSource('sample')}
              />
              {t('The demo parts (a sample)')}
            </label>
          </fieldset>
        </div>
        <LoadState error={error} reload={() => void reload()}>
          {data === null ? (
            <p className="muted">{t('Loading…')}</p>
          ) : data.Source === 'operations' ? (
            <OperationsAnalysis
              data={data}
              outcome={outcome}
              skip={skip}
              onOutcome={(o) => {
                setOutcome(o);
                setSkip(0);
              }}
              onSkip={setSkip}
            />
          ) : (
            <SampleAnalysis data={data} />
          )}
        </LoadState>
      </div>
    </section>
  );
}

function OperationsAnalysis({
  data,
  outcome,
  skip,
  onOutcome,
  onSkip,
}: {
  data: Extract<AlgorithmAnalysis, { Source: 'operations' }>;
  outcome: OperationOutcome | null;
  skip: number;
  onOutcome: (o: OperationOutcome | null) => void;
  onSkip: (skip: number) => void;
}) {
  const t = useT();
  return (
    <>
      <p className="muted">
        {t(
          'Every production-plan operation (not invalidated) on the machines of {{group}}: {{resources}}. Choose a count to list only those operations.',
          { group: data.Group.Name, resources: data.Group.ResourceIDs.join(', ') || '–' },
        )}
      </p>
      <dl className="analysis-counts">
        <div className={outcome === null ? 'chosen' : ''}>
          <dt>
            <button type="button" className="link" onClick={() => onOutcome(null)}>
              {t('Operations')}
            </button>
          </dt>
          <dd data-count="total">{data.Counts.Total}</dd>
        </div>
        {outcomes.map(([o, label, key, cls]) => (
          <div key={o} className={`${cls}${outcome === o ? ' chosen' : ''}`}>
            <dt>
              <button
                type="button"
                className="link"
                aria-pressed={outcome === o}
                onClick={() => onOutcome(o)}
              >
                {t(label)}
              </button>
            </dt>
            <dd data-count={o}>{data.Counts[key]}</dd>
          </div>
        ))}
      </dl>
      {data.OverriddenBy.length ? (
        <p className="small" data-testid="overridden-by">
          {t('Overridden by:')}{' '}
          {data.OverriddenBy.map((o) =>
            t('{{name}} ({{count}})', { name: o.Name || '?', count: o.Count }),
          ).join(', ')}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="grid compact" aria-label={t('By machine')}>
          <thead>
            <tr>
              <th>{t('Machine')}</th>
              <th>{t('Operations')}</th>
              {outcomes.map(([o, label]) => (
                <th key={o}>{t(label)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.ByResource.map((r) => (
              <tr key={r.ResourceID}>
                <td className="nowrap">{r.ResourceID}</td>
                <td>{r.Total}</td>
                {outcomes.map(([o, , key]) => (
                  <td key={o}>{r[key] || '–'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="section-title">
        {outcome ? t('Operations: {{outcome}}', { outcome: t(outcomeLabel[outcome]) }) : t('Operations')}
      </h2>
      <div className="table-wrap">
        <table className="grid" aria-label={t('Analysis')}>
          <thead>
            <tr>
              <th>{t('Job')}</th>
              <th>{t('Op')}</th>
              <th>{t('Machine')}</th>
              <th>{t('Part')}</th>
              <th>{t('Outcome')}</th>
              <th>{t('Min/piece in force')}</th>
              <th>{t('Algorithm min/piece')}</th>
              <th>{t('Overridden by, question or why')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.Rows.map((r) => (
              <tr key={r.ProductionPlanOperationID} data-operation={r.ProductionPlanOperationID}>
                <td className="nowrap">{r.JobNumber}</td>
                <td>{r.Sequence}</td>
                <td className="nowrap">{r.ResourceID}</td>
                <td className="nowrap">{r.PartNum}</td>
                <td>
                  <span className={`pill ${outcomeClass[r.Outcome]}`}>{t(outcomeLabel[r.Outcome])}</span>
                </td>
                <td>{r.MinutesPerPiece}</td>
                <td>{r.AlgorithmMinutesPerPiece ?? '–'}</td>
                <td className="small why">{r.AlgorithmOverrideBy ?? (r.Message ? t(r.Message) : '')}</td>
                <td className="nowrap">
                  <Link
                    to={`/algorithms/operation/${r.ProductionPlanOperationID}?job=${encodeURIComponent(r.JobNumber)}`}
                  >
                    {t('Open')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.Rows.length === 0 ? <p className="muted">{t('No operation.')}</p> : null}
      <div className="toolbar pager">
        <button type="button" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - PAGE))}>
          {t('Previous')}
        </button>
        <span className="muted" data-testid="page-range">
          {t('{{from}}–{{to}} of {{total}}', {
            from: data.Total === 0 ? 0 : skip + 1,
            to: skip + data.Rows.length,
            total: data.Total,
          })}
        </span>
        <button type="button" disabled={skip + PAGE >= data.Total} onClick={() => onSkip(skip + PAGE)}>
          {t('Next')}
        </button>
      </div>
    </>
  );
}

function SampleAnalysis({ data }: { data: Extract<AlgorithmAnalysis, { Source: 'sample' }> }) {
  const t = useT();
  return (
    <>
      <p className="notice">
        {t(
          'This is a sample, not the plant’s operations: each demo part as one operation of 100 pieces in bundles of 25 on the group’s first machine ({{resource}}), with no answers given. Overrides are not counted here.',
          { resource: data.ResourceID ?? '–' },
        )}
      </p>
      <dl className="analysis-counts">
        <div className="ok">
          <dt>{t('Rated')}</dt>
          <dd data-count="rate">{data.Counts.Rate}</dd>
        </div>
        <div className="question">
          <dt>{t('Asks a question')}</dt>
          <dd data-count="question">{data.Counts.Question}</dd>
        </div>
        <div className="failed">
          <dt>{t('No rate')}</dt>
          <dd data-count="failed">{data.Counts.Failed}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="grid" aria-label={t('Analysis')}>
          <thead>
            <tr>
              <th>{t('Part')}</th>
              <th>{t('Class, gauge')}</th>
              <th>{t('Outcome')}</th>
              <th>{t('Algorithm')}</th>
              <th>{t('Ft/min')}</th>
              <th>{t('Min/piece')}</th>
              <th>{t('Min/bundle')}</th>
              <th>{t('Setup')}</th>
            </tr>
          </thead>
          <tbody>
            {data.Rows.map((r) => (
              <tr key={r.PartNum} className={`outcome-${r.Outcome}`}>
                <td className="nowrap" title={r.Description}>
                  {r.PartNum}
                </td>
                <td className="nowrap">
                  {r.Gauge === null
                    ? r.PartClass
                    : t('{{class}}, {{gauge}} ga', { class: r.PartClass, gauge: r.Gauge })}
                </td>
                <td>
                  <span className={`pill ${r.Outcome}`}>{t(sampleLabels[r.Outcome])}</span>
                </td>
                <td className="nowrap">
                  {r.AlgorithmID ? (
                    <Link to={`/algorithms/algorithm/${data.Group.AlgorithmGroupID}/${r.AlgorithmID}`}>
                      {r.AlgorithmName}
                    </Link>
                  ) : (
                    '–'
                  )}
                </td>
                {r.Outcome === 'rate' ? (
                  <>
                    <td>{r.FeetPerMinute}</td>
                    <td>{r.MinutesPerPiece}</td>
                    <td>{r.MinutesPerBundle}</td>
                    <td>{r.SetupMinutes}</td>
                  </>
                ) : (
                  // No numbers to show: the question asked, or why there is no rate.
                  <td colSpan={4} className="small why">
                    {t(r.Message)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
