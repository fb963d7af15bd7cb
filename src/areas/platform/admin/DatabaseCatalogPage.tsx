import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ResultOf } from '../../../../domain/contract/call';
import {
  type CatalogTable,
  GetDatabaseCatalog,
  GetDatabaseTable,
} from '../../../../domain/platform/database-catalog';
import { messageOf } from '../../../api/errors';
import { useCore } from '../../../app/context';
import { useT } from '../../../i18n';
import { formatFileSize } from '../../../ui/format';
import './admin.css';

type TableDetail = ResultOf<typeof GetDatabaseTable>;

/**
 * /databasecatalog (issue 16): every table of the database with its rows, sizes and index count;
 * the search looks in table and column names; a table opens beside the list with its columns
 * (type, nullable, default) and indexes, and "Count exactly" for a table whose rows are estimated.
 * The search and the open table are in the address.
 */
export function DatabaseCatalogPage() {
  const t = useT();
  const { api } = useCore();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const open = params.get('table');
  const [catalog, setCatalog] = useState<ResultOf<typeof GetDatabaseCatalog> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<TableDetail | null>(null);
  const [counting, setCounting] = useState(false);

  useEffect(() => {
    const q = search.trim();
    const timer = setTimeout(() => {
      api.get(GetDatabaseCatalog, q ? { Search: q } : {}, { inline: true }).then(
        (c) => {
          setCatalog(c);
          setError(null);
        },
        (e: unknown) => setError(messageOf(e)),
      );
      const next = new URLSearchParams(params);
      if (q) next.set('q', q);
      else next.delete('q');
      if (next.toString() !== params.toString()) setParams(next, { replace: true });
    }, 200);
    return () => clearTimeout(timer);
  }, [api, search, params, setParams]);

  useEffect(() => {
    setDetail(null);
    if (!open) return;
    api.get(GetDatabaseTable, { Table: open }).then(setDetail, () => undefined);
  }, [api, open]);

  const choose = (table: string | null) => {
    const next = new URLSearchParams(params);
    if (table) next.set('table', table);
    else next.delete('table');
    setParams(next);
  };
  const countExactly = () => {
    if (!open) return;
    setCounting(true);
    api
      .get(GetDatabaseTable, { Table: open, ExactCount: true })
      .then(setDetail, () => undefined)
      .finally(() => setCounting(false));
  };
  const rows = (table: CatalogTable) =>
    table.Rows === null
      ? t('not counted')
      : table.Estimated
        ? t('about {{n}}', { n: table.Rows.toLocaleString() })
        : table.Rows.toLocaleString();

  const total = catalog?.Tables.reduce((sum, x) => sum + x.TotalBytes, 0) ?? 0;
  return (
    <section className="page catalog-page">
      <h1>{t('Database Catalog')}</h1>
      <div className="catalog-toolbar">
        <input
          type="search"
          aria-label={t('Find a table or column')}
          placeholder={t('Find a table or column')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {catalog ? (
          <span className="muted" role="status">
            {t('{{n}} tables, {{size}} in all ({{database}})', {
              n: catalog.Tables.length,
              size: formatFileSize(total),
              database: catalog.Database === 'pglite' ? 'PGlite' : 'PostgreSQL',
            })}
          </span>
        ) : null}
      </div>
      {error ? <p className="error-text">{error}</p> : null}
      <div className={open ? 'catalog-layout with-detail' : 'catalog-layout'}>
        <div className="catalog-list">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('Table')}</th>
                <th scope="col" className="num">
                  {t('Rows')}
                </th>
                <th scope="col" className="num">
                  {t('Data')}
                </th>
                <th scope="col" className="num">
                  {t('Indexes')}
                </th>
                <th scope="col" className="num">
                  {t('Total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {catalog?.Tables.map((x) => (
                <tr key={x.Table} className={x.Table === open ? 'selected' : undefined}>
                  <th scope="row">
                    <button type="button" className="link" onClick={() => choose(x.Table)}>
                      {x.Table}
                    </button>
                  </th>
                  <td className="num">{rows(x)}</td>
                  <td className="num">{formatFileSize(x.TableBytes)}</td>
                  <td className="num">
                    {formatFileSize(x.IndexBytes)} ({x.Indexes})
                  </td>
                  <td className="num">{formatFileSize(x.TotalBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {catalog && !catalog.Tables.length ? (
            <p className="muted">{t('No table or column matches "{{query}}".', { query: search.trim() })}</p>
          ) : null}
        </div>
        {open ? (
          <aside className="card catalog-detail" aria-label={t('Table {{name}}', { name: open })}>
            <div className="catalog-detail-head">
              <h2>{open}</h2>
              <button type="button" onClick={() => choose(null)}>
                {t('Close')}
              </button>
            </div>
            {detail ? (
              <>
                <p>
                  {t('Rows')}: <strong>{rows(detail.Table)}</strong>{' '}
                  {detail.Table.Estimated ? (
                    <button type="button" onClick={countExactly} disabled={counting}>
                      {counting ? t('Counting…') : t('Count exactly')}
                    </button>
                  ) : null}
                </p>
                <h3>{t('Columns')}</h3>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('Column')}</th>
                      <th scope="col">{t('Type')}</th>
                      <th scope="col">{t('Nullable')}</th>
                      <th scope="col">{t('Default')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.ColumnList.map((c) => (
                      <tr key={c.Name}>
                        <th scope="row">{c.Name}</th>
                        <td>{c.Type}</td>
                        <td>{c.Nullable ? t('Yes') : t('No')}</td>
                        <td className="code">{c.Default ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <h3>{t('Indexes')}</h3>
                <ul className="catalog-indexes">
                  {detail.IndexList.map((i) => (
                    <li key={i.Name}>
                      <strong>{i.Name}</strong> {i.Primary ? t('primary key') : i.Unique ? t('unique') : ''}{' '}
                      <span className="muted">{formatFileSize(i.Bytes)}</span>
                      <div className="code">{i.Definition}</div>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted">{t('Loading…')}</p>
            )}
          </aside>
        ) : null}
      </div>
    </section>
  );
}
