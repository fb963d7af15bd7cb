import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { GetAlgorithmAnalysis, GetAlgorithmGroups } from '../../../domain/algorithms/calls';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, LoadState, useAlgorithmsTopic, useLoad } from './shared';

const outcomeLabels = { rate: 'Rated', question: 'Asks a question', failed: 'No rate' } as const;

/**
 * /algorithms/analysis: what a group does with the demo parts: which algorithm rated each, which asks
 * a question and which get no rate, and why. Said plainly: a sample, not the plant's operations.
 */
export function AlgorithmAnalysisPage() {
  const t = useT();
  const { api } = useServices();
  const { data: groups } = useLoad(() => api.get(GetAlgorithmGroups, {}), [api]);
  const [groupId, setGroupId] = useState<number | null>(null);
  useEffect(() => {
    if (groupId === null && groups?.length) setGroupId(groups[0]?.AlgorithmGroupID ?? null);
  }, [groups, groupId]);
  const { data, error, reload } = useLoad(
    () => (groupId ? api.get(GetAlgorithmAnalysis, { AlgorithmGroupID: groupId }) : Promise.resolve(null)),
    [api, groupId],
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
        <label className="row">
          {t('Group')}
          <select name="group" value={groupId ?? ''} onChange={(e) => setGroupId(Number(e.target.value))}>
            {(groups ?? []).map((g) => (
              <option key={g.AlgorithmGroupID} value={g.AlgorithmGroupID}>
                {g.Name}
              </option>
            ))}
          </select>
        </label>
        <p className="notice">
          {t(
            'This is a sample, not the plant’s operations: each demo part as one operation of 100 pieces in bundles of 25 on the group’s first machine ({{resource}}), with no answers given. Overrides are not counted here.',
            { resource: data?.ResourceID ?? '–' },
          )}
        </p>
        <LoadState error={error} reload={() => void reload()}>
          {data ? (
            <>
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
                          <span className={`pill ${r.Outcome}`}>{t(outcomeLabels[r.Outcome])}</span>
                        </td>
                        <td className="nowrap">
                          {r.AlgorithmID ? (
                            <Link
                              to={`/algorithms/algorithm/${data.Group.AlgorithmGroupID}/${r.AlgorithmID}`}
                            >
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
          ) : (
            <p className="muted">{t('Loading…')}</p>
          )}
        </LoadState>
      </div>
    </section>
  );
}
