import { type FormEvent, useMemo, useState } from 'react';
import {
  DeletePbProperty,
  GetPbProperties,
  type PbProperty,
  SavePbProperty,
} from '../../../domain/algorithms/calls';
import { sampleParts } from '../../../domain/algorithms/samples';
import { useServices } from '../../app/context';
import { useT } from '../../i18n';
import { AlgorithmsNav, errorText, LoadState, useAlgorithmsTopic, useLoad } from './shared';

const EMPTY: PbProperty = { PartNum: '', Property: '', Value: '' };

/**
 * /algorithms/pbproperties: part-based properties, extra named values per part number (ProfileDepth,
 * StepHeight) that the algorithms' formulas read under the property's name.
 */
export function PbPropertiesPage() {
  const t = useT();
  const { api } = useServices();
  const { data, error, reload } = useLoad(() => api.get(GetPbProperties, {}), [api]);
  // Another editor's change shows here at once.
  useAlgorithmsTopic((items) => {
    if (!items.length || items.some((i) => ['pbProperties'].includes(i.collection))) void reload();
  });
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState<PbProperty>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (data ?? []).filter(
      (p) => !f || p.PartNum.toLowerCase().includes(f) || p.Property.toLowerCase().includes(f),
    );
  }, [data, filter]);

  const edit = (field: keyof PbProperty) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setNotice(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const saved = await api.post(SavePbProperty, draft);
      setNotice(
        t('{{part}}: {{property}} is {{value}}.', {
          part: saved.PartNum,
          property: saved.Property,
          value: saved.Value,
        }),
      );
      setDraft({ ...EMPTY, PartNum: saved.PartNum });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  async function remove(p: PbProperty) {
    setFormError(null);
    try {
      await api.post(DeletePbProperty, { PartNum: p.PartNum, Property: p.Property });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    }
  }

  return (
    <section className="page algorithms">
      <div className="card">
        <div className="row spread">
          <h1>{t('PB properties')}</h1>
          <AlgorithmsNav />
        </div>
        <p className="muted">
          {t(
            'Part-based properties: values of a part the part record does not hold. A formula reads each under its name, e.g. ProfileDepth.',
          )}
        </p>
        <form className="algorithm-form" onSubmit={save} aria-label={t('Set a property')}>
          <label>
            {t('Part number')}
            <input name="PartNum" list="pb-parts" value={draft.PartNum} onChange={edit('PartNum')} />
            <datalist id="pb-parts">
              {sampleParts.map((p) => (
                <option key={p.PartNum} value={p.PartNum}>
                  {p.Description}
                </option>
              ))}
            </datalist>
          </label>
          <label>
            {t('Property')}
            <input
              name="Property"
              value={draft.Property}
              onChange={edit('Property')}
              placeholder="ProfileDepth"
            />
          </label>
          <label>
            {t('Value')}
            <input name="Value" value={draft.Value} onChange={edit('Value')} placeholder="4.8" />
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
        {notice ? (
          <p className="saved" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <div className="card">
        <label className="row">
          {t('Filter')}
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t('Part or property')}
          />
        </label>
        <LoadState error={error} reload={() => void reload()}>
          {data === null ? (
            <p className="muted">{t('Loading…')}</p>
          ) : shown.length === 0 ? (
            <p className="muted">{t('No properties.')}</p>
          ) : (
            <table className="grid" aria-label={t('PB properties')}>
              <thead>
                <tr>
                  <th>{t('Part number')}</th>
                  <th>{t('Property')}</th>
                  <th>{t('Value')}</th>
                  <th aria-label={t('Actions')} />
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={`${p.PartNum}|${p.Property}`}>
                    <td>{p.PartNum}</td>
                    <td>
                      <code>{p.Property}</code>
                    </td>
                    <td>{p.Value}</td>
                    <td className="actions">
                      <button type="button" onClick={() => setDraft(p)}>
                        {t('Edit')}
                      </button>
                      <button type="button" onClick={() => void remove(p)}>
                        {t('Delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadState>
      </div>
    </section>
  );
}
