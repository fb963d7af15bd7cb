import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { resultNames } from '../../../domain/algorithms/algorithm';
import {
  AddAlgorithm,
  DeleteAlgorithm,
  GetAlgorithms,
  UpdateAlgorithm,
} from '../../../domain/algorithms/calls';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, errorText, LoadState, useAlgorithmsTopic, useLoad } from './shared';

/**
 * /algorithms/list/{algorithmGroupID}: a group's algorithms in the order they are tried. Active and
 * delete save from here; the rest in the editor.
 */
export function AlgorithmListPage() {
  const t = useT();
  const { api, enqueue } = useServices();
  const navigate = useNavigate();
  const groupId = Number(useParams().algorithmGroupID);
  const { data, setData, error, reload } = useLoad(
    () => api.get(GetAlgorithms, { AlgorithmGroupID: groupId }),
    [api, groupId],
  );
  // Another editor's change shows here at once.
  useAlgorithmsTopic((items) => {
    if (!items.length || items.some((i) => ['algorithmGroups', 'algorithms'].includes(i.collection)))
      void reload();
  });
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<number | null>(null);

  async function add() {
    setActionError(null);
    try {
      const added = await api.post(AddAlgorithm, { AlgorithmGroupID: groupId });
      void navigate(`/algorithms/algorithm/${groupId}/${added.AlgorithmID}`);
    } catch (err) {
      setActionError(errorText(err));
    }
  }

  function setActive(id: number, active: boolean) {
    enqueue(UpdateAlgorithm, { AlgorithmID: id, FieldName: 'Active', Value: active });
    setData((d) =>
      d
        ? { ...d, Algorithms: d.Algorithms.map((a) => (a.AlgorithmID === id ? { ...a, Active: active } : a)) }
        : d,
    );
  }

  async function remove(id: number) {
    setConfirm(null);
    try {
      await api.post(DeleteAlgorithm, { AlgorithmID: id });
      await reload();
    } catch (err) {
      setActionError(errorText(err));
    }
  }

  const group = data?.Group;
  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{group ? t('Algorithms of {{name}}', { name: group.Name }) : t('Algorithms')}</h1>
          <AlgorithmsNav />
        </div>
        {group ? (
          <p className="muted">
            {t('Machines: {{list}}', { list: group.ResourceIDs.join(', ') || '–' })}.{' '}
            {t('Tried from the lowest priority number; the first active one that applies gives the rate.')}
          </p>
        ) : null}
        <LoadState error={error} reload={() => void reload()}>
          {data === null ? (
            <p className="muted">{t('Loading…')}</p>
          ) : (
            <>
              <div className="toolbar">
                <button type="button" className="primary" onClick={() => void add()}>
                  {t('Add an algorithm')}
                </button>
                <Link to="/algorithms/groups">{t('All groups')}</Link>
              </div>
              {data.Algorithms.length === 0 ? (
                <p className="muted">{t('This group has no algorithms yet.')}</p>
              ) : (
                <table className="grid" aria-label={t('Algorithms')}>
                  <thead>
                    <tr>
                      <th>{t('Priority')}</th>
                      <th>{t('Algorithm')}</th>
                      <th>{t('Applies when')}</th>
                      <th>{t('Gives')}</th>
                      <th>{t('Active')}</th>
                      <th aria-label={t('Actions')} />
                    </tr>
                  </thead>
                  <tbody>
                    {data.Algorithms.map((a) => (
                      <tr key={a.AlgorithmID} data-algorithm={a.Name}>
                        <td>{a.Priority}</td>
                        <td>
                          <Link to={`/algorithms/algorithm/${groupId}/${a.AlgorithmID}`}>{a.Name}</Link>
                        </td>
                        <td>
                          <code>{a.AppliesWhen || t('always')}</code>
                        </td>
                        <td className="small">
                          {resultNames.filter((n) => a[n].trim()).join(', ') || '–'}
                          {a.Questions.length ? ` · ${t('asks {{n}}', { n: a.Questions.length })}` : ''}
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t('{{name}} is active', { name: a.Name })}
                            checked={a.Active}
                            onChange={(e) => setActive(a.AlgorithmID, e.target.checked)}
                          />
                        </td>
                        <td className="actions">
                          {confirm === a.AlgorithmID ? (
                            <>
                              <button
                                type="button"
                                className="warning"
                                onClick={() => void remove(a.AlgorithmID)}
                              >
                                {t('Yes, delete')}
                              </button>
                              <button type="button" onClick={() => setConfirm(null)}>
                                {t('No')}
                              </button>
                            </>
                          ) : (
                            <button type="button" onClick={() => setConfirm(a.AlgorithmID)}>
                              {t('Delete')}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
        </LoadState>
        {actionError ? (
          <p className="form-error" role="alert">
            {t(actionError)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
