import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ScreenCatalogueRow } from '../../../domain/platform/shell';
import { GetScreenCatalogue } from '../../../domain/platform/shell';
import { useCore } from '../../app/context';
import { useT } from '../../i18n';

/** A concrete address to open for a catalogue path: parameters get a sample value, optional ones drop. */
function sampleHref(path: string): string {
  return path.replace(/\/\{[^}]+\?\}/g, '').replace(/\{[^}]+\}/g, '1');
}

/**
 * /screenviewer: the route table as a catalogue for administrators: every screen with its area,
 * interface, who may open it and whether it is built, and every redirect.
 */
export function ScreenViewerPage() {
  const { api } = useCore();
  const t = useT();
  const [rows, setRows] = useState<ScreenCatalogueRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [area, setArea] = useState('');
  const [built, setBuilt] = useState<'all' | 'built' | 'not'>('all');

  useEffect(() => {
    api.get(GetScreenCatalogue, {}).then(setRows, (e: unknown) => setError(String(e)));
  }, [api]);

  const areas = useMemo(
    () => [...new Set((rows ?? []).flatMap((r) => (r.Area ? [r.Area] : [])))].sort(),
    [rows],
  );
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (rows ?? []).filter(
      (r) =>
        (!q ||
          `${r.Path} ${r.Name ?? ''} ${r.Title ?? ''} ${r.RedirectTo ?? ''}`.toLowerCase().includes(q)) &&
        (!area || r.Area === area) &&
        (built === 'all' || r.Kind === 'screen') &&
        (built !== 'built' || r.Built) &&
        (built !== 'not' || !r.Built),
    );
  }, [rows, search, area, built]);

  const screens = (rows ?? []).filter((r) => r.Kind === 'screen');
  return (
    <section className="page screen-viewer">
      <h1>{t('Screen Viewer')}</h1>
      {error ? <p role="alert">{error}</p> : null}
      {rows ? (
        <p className="muted" data-testid="catalogue-counts">
          {t('{{screens}} screens, {{built}} built; {{redirects}} redirects.', {
            screens: screens.length,
            built: screens.filter((r) => r.Built).length,
            redirects: rows.length - screens.length,
          })}
        </p>
      ) : (
        <p aria-busy="true">{t('Loading…')}</p>
      )}
      <div className="toolbar">
        <input
          type="search"
          placeholder={t('Search path or name')}
          aria-label={t('Search path or name')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select aria-label={t('Area')} value={area} onChange={(e) => setArea(e.target.value)}>
          <option value="">{t('All areas')}</option>
          {areas.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <select
          aria-label={t('Built')}
          value={built}
          onChange={(e) => setBuilt(e.target.value as 'all' | 'built' | 'not')}
        >
          <option value="all">{t('Screens and redirects')}</option>
          <option value="built">{t('Built screens')}</option>
          <option value="not">{t('Not built yet')}</option>
        </select>
      </div>
      <div className="table-wrap">
        <table className="grid">
          <thead>
            <tr>
              <th>{t('Path')}</th>
              <th>{t('Screen')}</th>
              <th>{t('Area')}</th>
              <th>{t('Interface')}</th>
              <th>{t('Access')}</th>
              <th>{t('Built')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.Path} data-kind={r.Kind}>
                <td>
                  <Link to={sampleHref(r.Path)}>
                    <code>{r.Path}</code>
                  </Link>
                </td>
                {r.Kind === 'redirect' ? (
                  <td colSpan={5} className="muted">
                    {t('redirects to')} <code>{r.RedirectTo}</code>
                  </td>
                ) : (
                  <>
                    <td>{r.Title ? t(r.Title) : null}</td>
                    <td>{r.Area}</td>
                    <td>{r.Interface}</td>
                    <td>{r.Public ? t('public') : r.Flags.length ? r.Flags.join(', ') : t('any user')}</td>
                    <td>{r.Built ? t('yes') : t('not yet')}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
