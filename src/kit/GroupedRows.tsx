import { type ReactNode, useEffect, useState } from 'react';
import type { CallDef } from '../../domain/contract/call';
import type { DocumentDecl, ListGroup } from '../../domain/kit/document';
import { useServices } from '../app/context';
import { useT } from '../i18n';
import type { KitRow } from './list-state';

/** Rows one group shows at a time ("Show more" asks for the next). */
const GROUP_PAGE = 50;

/**
 * The list grouped by a field: the server counts the whole filtered set by the field's value (dates by
 * month), each group opens and closes, and an open group asks for its own rows a page at a time.
 */
export function GroupedRows(props: {
  decl: DocumentDecl;
  call: CallDef;
  /** The list request without paging (plant, search, filters, sort). */
  payload: Record<string, unknown>;
  groupBy: string;
  columns: string[];
  cell(row: KitRow, name: string): ReactNode;
  groupLabel(value: ListGroup['Value']): string;
  onOpen(row: KitRow): void;
  /** Changes when the list must be read again (a live change, a new query). */
  version: string;
}) {
  const { backgroundApi } = useServices();
  const t = useT();
  const [groups, setGroups] = useState<ListGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, KitRow[] | 'loading'>>({});
  const payloadKey = JSON.stringify(props.payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: payloadKey and version stand for the request.
  useEffect(() => {
    let live = true;
    setGroups(null);
    backgroundApi.get(props.call, { ...props.payload, GroupBy: props.groupBy } as never).then(
      (r) => live && setGroups((r as { Groups: ListGroup[] }).Groups ?? []),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [backgroundApi, props.call, payloadKey, props.groupBy, props.version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query closes every group.
  useEffect(() => setOpen({}), [payloadKey, props.groupBy]);

  const load = (value: ListGroup['Value'], skip: number) => {
    const k = JSON.stringify(value);
    setOpen((o) => ({ ...o, [k]: skip === 0 ? 'loading' : o[k]! }));
    backgroundApi
      .get(props.call, {
        ...props.payload,
        GroupBy: props.groupBy,
        Group: k,
        Skip: skip,
        Take: GROUP_PAGE,
      } as never)
      .then(
        (r) => {
          const rows = (r as { Rows: KitRow[] }).Rows;
          setOpen((o) => {
            const before = o[k];
            return { ...o, [k]: [...(Array.isArray(before) && skip > 0 ? before : []), ...rows] };
          });
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
  };

  if (error)
    return (
      <p className="kit-error" role="alert">
        {error}
      </p>
    );
  if (!groups) return <p className="muted">{t('Loading…')}</p>;
  if (!groups.length) return <p className="muted kit-empty">{t('Nothing matches.')}</p>;
  const { decl } = props;
  return (
    <div className="kit-groups">
      {groups.map((g) => {
        const k = JSON.stringify(g.Value);
        const rows = open[k];
        return (
          <section key={k} className="kit-group">
            <h2>
              <button
                type="button"
                aria-expanded={rows !== undefined}
                onClick={() =>
                  rows === undefined
                    ? load(g.Value, 0)
                    : setOpen((o) => {
                        const { [k]: _, ...rest } = o;
                        return rest;
                      })
                }
              >
                {rows === undefined ? '▸' : '▾'} {props.groupLabel(g.Value)}{' '}
                <span className="kit-count">{g.Count.toLocaleString('en-US')}</span>
              </button>
            </h2>
            {rows === 'loading' && <p className="muted">{t('Loading…')}</p>}
            {Array.isArray(rows) && (
              <>
                <table className="kit-group-table">
                  <thead>
                    <tr>
                      {props.columns.map((name) => (
                        <th key={name} scope="col">
                          {t(decl.fields[name]!.label)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr
                        key={String(row[decl.key])}
                        onClick={() => props.onOpen(row)}
                        data-id={String(row[decl.key])}
                      >
                        {props.columns.map((name, c) => (
                          <td key={name}>
                            {c === 0 ? (
                              <button type="button" className="kit-link" onClick={() => props.onOpen(row)}>
                                {props.cell(row, name) || '—'}
                              </button>
                            ) : (
                              props.cell(row, name)
                            )}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
                {rows.length < g.Count && (
                  <button type="button" onClick={() => load(g.Value, rows.length)}>
                    {t('Show more ({{shown}} of {{count}})', {
                      shown: rows.length.toLocaleString('en-US'),
                      count: g.Count.toLocaleString('en-US'),
                    })}
                  </button>
                )}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
