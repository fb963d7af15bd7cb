import { type FormEvent, useMemo, useState } from 'react';
import { DeleteRate, GetRateTables, type RateRow, SaveRate } from '../../../domain/algorithms/calls';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { GroupBox } from '../../ui/GroupBox';
import { AlgorithmsNav, errorText, LoadState, useAlgorithmsTopic, useLoad } from './shared';

interface Draft {
  RateTable: string;
  Key: string;
  Value: string;
}
const EMPTY: Draft = { RateTable: '', Key: '', Value: '' };

/**
 * /algorithms/rates: the named rate tables the algorithms look up (RollFormerFPM by gauge, PaintLineFPM
 * by material). A table exists while it has a rate.
 */
export function AlgorithmRatesPage() {
  const t = useT();
  const { api } = useServices();
  const { data, error, reload } = useLoad(() => api.get(GetRateTables, {}), [api]);
  // Another editor's change shows here at once.
  useAlgorithmsTopic((items) => {
    if (!items.length || items.some((i) => ['algorithmRates'].includes(i.collection))) void reload();
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const tables = useMemo(() => {
    const byTable = new Map<string, RateRow[]>();
    for (const r of data ?? []) byTable.set(r.RateTable, [...(byTable.get(r.RateTable) ?? []), r]);
    return [...byTable.entries()];
  }, [data]);

  const edit = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  async function save(e: FormEvent) {
    e.preventDefault();
    const value = Number(draft.Value);
    if (draft.Value.trim() === '' || !Number.isFinite(value)) {
      setFormError(t('The rate must be a number.'));
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await api.post(SaveRate, { RateTable: draft.RateTable, Key: draft.Key, Value: value });
      setDraft({ ...EMPTY, RateTable: draft.RateTable });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  async function remove(r: RateRow) {
    setFormError(null);
    try {
      await api.post(DeleteRate, { RateTable: r.RateTable, Key: r.Key });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    }
  }

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('Algorithm rate tables')}</h1>
          <AlgorithmsNav />
        </div>
        <p className="muted">
          {t('An algorithm reads a rate by a key formula (a rate lookup), e.g. RollFormerFPM by Gauge.')}
        </p>
        <form className="algorithm-form" onSubmit={save} aria-label={t('Set a rate')}>
          <label>
            {t('Rate table')}
            <input
              name="RateTable"
              list="rate-table-names"
              value={draft.RateTable}
              onChange={edit('RateTable')}
              placeholder="RollFormerFPM"
            />
            <datalist id="rate-table-names">
              {tables.map(([name]) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </label>
          <label>
            {t('Key')}
            <input name="Key" value={draft.Key} onChange={edit('Key')} placeholder="14" />
          </label>
          <label>
            {t('Rate')}
            <input
              name="Value"
              inputMode="decimal"
              value={draft.Value}
              onChange={edit('Value')}
              placeholder="60"
            />
          </label>
          <div className="actions">
            <button type="submit" className="primary" disabled={saving}>
              {t('Save')}
            </button>
          </div>
        </form>
        {formError ? (
          <p className="form-error" role="alert">
            {t(formError)}
          </p>
        ) : null}
      </div>
      <LoadState error={error} reload={() => void reload()}>
        {data === null ? (
          <p className="muted">{t('Loading…')}</p>
        ) : tables.length === 0 ? (
          <p className="muted">{t('No rate tables yet.')}</p>
        ) : (
          <div className="rate-tables">
            {tables.map(([name, rows]) => (
              <GroupBox key={name} caption={name} rightCaption={t('{{n}} rates', { n: rows.length })}>
                <table className="grid" aria-label={name}>
                  <thead>
                    <tr>
                      <th>{t('Key')}</th>
                      <th>{t('Rate')}</th>
                      <th aria-label={t('Actions')} />
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.Key}>
                        <td>{r.Key}</td>
                        <td>{r.Value}</td>
                        <td className="actions">
                          <button
                            type="button"
                            onClick={() =>
                              setDraft({ RateTable: r.RateTable, Key: r.Key, Value: String(r.Value) })
                            }
                          >
                            {t('Edit')}
                          </button>
                          <button type="button" onClick={() => void remove(r)}>
                            {t('Delete')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </GroupBox>
            ))}
          </div>
        )}
      </LoadState>
    </section>
  );
}
