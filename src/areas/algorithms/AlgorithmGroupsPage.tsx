import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DeleteAlgorithmGroup,
  GetAlgorithmGroups,
  SaveAlgorithmGroup,
} from '../../../domain/algorithms/calls';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, errorText, LoadState, useAlgorithmsTopic, useLoad } from './shared';

interface Draft {
  AlgorithmGroupID: number | null;
  Name: string;
  Process: string;
  Description: string;
  Resources: string;
}

const EMPTY: Draft = { AlgorithmGroupID: null, Name: '', Process: '', Description: '', Resources: '' };

const splitResources = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);

/**
 * /algorithms/groups: the algorithm groups, each rating the operations of its resources (machines).
 * Add or change a group; a failed save keeps what was typed and says why.
 */
export function AlgorithmGroupsPage() {
  const t = useT();
  const { api } = useServices();
  const { data: groups, error, reload } = useLoad(() => api.get(GetAlgorithmGroups, {}), [api]);
  // Another editor's change shows here at once.
  useAlgorithmsTopic((items) => {
    if (!items.length || items.some((i) => ['algorithmGroups', 'algorithms'].includes(i.collection)))
      void reload();
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (field: keyof Omit<Draft, 'AlgorithmGroupID'>) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setNotice(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const saved = await api.post(SaveAlgorithmGroup, {
        AlgorithmGroupID: draft.AlgorithmGroupID,
        Name: draft.Name,
        Process: draft.Process,
        Description: draft.Description,
        ResourceIDs: splitResources(draft.Resources),
      });
      setNotice(t('Saved the group {{name}}.', { name: saved.Name }));
      setDraft(EMPTY);
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: number) {
    setFormError(null);
    try {
      await api.post(DeleteAlgorithmGroup, { AlgorithmGroupID: id });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    }
  }

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Algorithm groups')}</h1>
          <AlgorithmsNav />
        </div>
        <p className="muted">
          {t(
            "Each group rates the operations of its machines: the group's first active algorithm, by priority, that applies to the part gives the rate.",
          )}
        </p>
        <LoadState error={error} reload={() => void reload()}>
          {groups === null ? (
            <p className="muted">{t('Loading…')}</p>
          ) : groups.length === 0 ? (
            <p className="muted">{t('No algorithm groups yet.')}</p>
          ) : (
            <table className="grid" aria-label={t('Algorithm groups')}>
              <thead>
                <tr>
                  <th>{t('Group')}</th>
                  <th>{t('Process')}</th>
                  <th>{t('Machines')}</th>
                  <th>{t('Algorithms')}</th>
                  <th aria-label={t('Actions')} />
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => (
                  <tr key={g.AlgorithmGroupID} data-group={g.Name}>
                    <td>
                      <Link to={`/algorithms/list/${g.AlgorithmGroupID}`}>{g.Name}</Link>
                      {g.Description ? <div className="muted small">{g.Description}</div> : null}
                    </td>
                    <td>{g.Process}</td>
                    <td className="resources">{g.ResourceIDs.join(', ') || '–'}</td>
                    <td>{t('{{active}} active of {{n}}', { active: g.ActiveCount, n: g.AlgorithmCount })}</td>
                    <td className="actions">
                      <button
                        type="button"
                        onClick={() => {
                          setDraft({
                            AlgorithmGroupID: g.AlgorithmGroupID,
                            Name: g.Name,
                            Process: g.Process,
                            Description: g.Description,
                            Resources: g.ResourceIDs.join(', '),
                          });
                          setFormError(null);
                          setNotice(null);
                        }}
                      >
                        {t('Edit')}
                      </button>
                      {g.AlgorithmCount === 0 ? (
                        <button type="button" onClick={() => void remove(g.AlgorithmGroupID)}>
                          {t('Delete')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadState>
      </div>
      <div className="card">
        <h2>
          {draft.AlgorithmGroupID ? t('Change the group {{name}}', { name: draft.Name }) : t('Add a group')}
        </h2>
        <form className="algorithm-form" onSubmit={save}>
          <label>
            {t('Name')}
            <input name="Name" value={draft.Name} onChange={edit('Name')} placeholder="Slitting" />
          </label>
          <label>
            {t('Process')}
            <input name="Process" value={draft.Process} onChange={edit('Process')} placeholder="Slitting" />
          </label>
          <label className="wide">
            {t('Description')}
            <input name="Description" value={draft.Description} onChange={edit('Description')} />
          </label>
          <label className="wide">
            {t('Machines (resource IDs, separated by commas)')}
            <input
              name="Resources"
              value={draft.Resources}
              onChange={edit('Resources')}
              placeholder="LV-SL01, IDF-SL01"
            />
          </label>
          <div className="actions">
            <button type="submit" className="primary" disabled={saving}>
              {draft.AlgorithmGroupID ? t('Save') : t('Add')}
            </button>
            {draft !== EMPTY ? (
              <button type="button" onClick={() => setDraft(EMPTY)}>
                {t('Cancel')}
              </button>
            ) : null}
          </div>
        </form>
        {formError ? (
          <p className="form-error" role="alert">
            {t(formError)}
          </p>
        ) : null}
        {notice ? (
          <p className="saved" role="status">
            {notice}
          </p>
        ) : null}
      </div>
    </section>
  );
}
