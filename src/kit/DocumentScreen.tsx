import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  choiceLabel,
  DOCUMENT_COLLECTION,
  type DocumentDecl,
  documentCalls,
  documentTopic,
  type FieldDecl,
  type FieldFilter,
  inputOf,
  passes,
} from '../../domain/kit/document';
import { isPickKind } from '../../domain/kit/pick';
import { formatDate, formatDateTime } from '../../domain/platform/dates';
import { mayCrossPlants } from '../../domain/platform/plant-scope';
import { connectionId } from '../../machines/hub-connection.machine';
import { useServices, useUser } from '../app/context';
import { flagSet } from '../app/menus';
import { usePlants } from '../app/plants';
import { useTopics } from '../app/use-topic';
import { useT } from '../i18n';
import type { TFunction } from '../i18n/translator';
import { GroupedRows } from './GroupedRows';
import { ListToolbar } from './ListToolbar';
import {
  activeFilters,
  applyLiveRecord,
  KIT_PAGE,
  KIT_SEARCH_DEBOUNCE_MS,
  type KitQuery,
  type KitRow,
  type LiveRows,
  matchesQuery,
  nextPage,
  queryOfView,
  readKitQuery,
  visibleColumns,
  writeKitQuery,
} from './list-state';
import { NewRecordPanel } from './NewRecordPanel';
import { Picker, PickLabel } from './Picker';
import { RecordPanel } from './RecordPanel';
import './kit.css';

const ROW_HEIGHT = 36;

/**
 * A kit document type's screen (issue 16): its list and, beside it, the record the address names
 * (`?record=12`). The list asks the server for a page at a time as it scrolls (filters, search, sort
 * and paging on the server; only the rows on screen are drawn), follows the type's live topic so a
 * row someone else changed updates in place and a new one appears first, marked, and keeps its state
 * in the address. `cells` overrides how a column's value is shown; everything else follows from the
 * declaration.
 */
export function DocumentScreen(props: {
  decl: DocumentDecl;
  title: string;
  cells?: Partial<Record<string, (row: KitRow) => ReactNode>>;
  /** A list to read only (e.g. /allemployees): no record changes, no New, no Delete. */
  readOnly?: boolean;
  /** Passed to the record: which fields this user may change on this record (the server decides). */
  canEdit?(field: string, record: KitRow): boolean;
  /** Passed to the record: what it shows above its fields. */
  recordTop?(record: KitRow): ReactNode;
  /** The list opens on every plant (for those who cross plants) instead of the user's own. */
  allPlants?: boolean;
  /** A line under the title saying what the documents do (where they show, when they take effect). */
  intro?: ReactNode;
}) {
  const { decl } = props;
  const calls = useMemo(() => documentCalls(decl), [decl]);
  const { backgroundApi, api, hub } = useServices();
  const user = useUser();
  const t = useT();
  const ids = useId();
  const flags = flagSet(user);
  const crossPlants = mayCrossPlants(flags);
  const canChange = !props.readOnly && passes(decl.access.change ?? decl.access.read, flags);
  const canCreate =
    !props.readOnly &&
    Boolean(calls.Create) &&
    passes(decl.access.create ?? decl.access.change ?? decl.access.read, flags);
  const canDelete =
    !props.readOnly &&
    Boolean(calls.Delete) &&
    passes(decl.access.delete ?? decl.access.change ?? decl.access.read, flags);
  const userPlant = user?.PlantID ?? null;
  const plants = usePlants(api, Boolean(decl.plantField));
  const plantName = useCallback(
    (id: number) => plants?.find((p) => p.PlantID === id)?.PlantName ?? String(id),
    [plants],
  );

  const [params, setParams] = useSearchParams();
  // The plant the list opens on: the user's own, or every plant where the screen asks for it.
  const startPlant = props.allPlants && crossPlants ? null : userPlant;
  const query = readKitQuery(decl, params, startPlant);
  const setQuery = useCallback(
    (next: Partial<KitQuery>) =>
      setParams(
        (current) => writeKitQuery(decl, { ...readKitQuery(decl, current, startPlant), ...next }, startPlant),
        {
          replace: true,
        },
      ),
    [decl, setParams, startPlant],
  );
  const [creating, setCreating] = useState(false);

  // The search box changes the address (and so the list) once typing pauses.
  const [searchInput, setSearchInput] = useState(query.search);
  const urlSearch = useRef(query.search);
  useEffect(() => {
    if (query.search === urlSearch.current) return;
    urlSearch.current = query.search;
    setSearchInput(query.search);
  }, [query.search]);
  useEffect(() => {
    if (searchInput === query.search) return;
    const timer = setTimeout(() => setQuery({ search: searchInput }), KIT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, query.search, setQuery]);

  const filters = activeFilters(query.filters);
  const key = JSON.stringify([query.plantId, query.search.trim(), filters, query.sort, query.desc]);
  const empty: LiveRows = { rows: [], total: null, fresh: new Set(), changed: new Set() };
  const [loaded, setLoaded] = useState<{ key: string } & LiveRows>({ key, ...empty });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const stale = loaded.key !== key;
  const current = stale ? { key, ...empty } : loaded;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query's parts.
  const loadPage = useCallback(
    (skip: number) => {
      const mine = ++request.current;
      setLoading(true);
      backgroundApi
        .get(calls.List, {
          ...(decl.plantField ? { PlantID: query.plantId ?? undefined } : {}),
          Search: query.search.trim() || undefined,
          Filters: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
          Sort: query.sort,
          Desc: query.desc,
          Skip: skip,
          Take: KIT_PAGE,
        } as never)
        .then(
          (answer) => {
            if (mine !== request.current) return; // The query changed meanwhile.
            const page = answer as { Rows: KitRow[]; Total: number };
            setLoaded((prev) => {
              const base = prev.key === key && skip > 0 ? prev : { key, ...empty };
              return { ...base, key, rows: [...base.rows.slice(0, skip), ...page.Rows], total: page.Total };
            });
            setError(null);
          },
          (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
        )
        .finally(() => mine === request.current && setLoading(false));
    },
    [backgroundApi, calls.List, key],
  );
  useEffect(() => loadPage(0), [loadPage]);

  // Live: each change of the type's topic (the plant's, or every plant's) lands in the loaded rows.
  const topics = useMemo(() => {
    if (!decl.plantField) return [documentTopic(decl)];
    if (query.plantId !== null) return [documentTopic(decl, query.plantId)];
    return (plants ?? []).map((p) => documentTopic(decl, p.PlantID));
  }, [decl, query.plantId, plants]);
  const queryRef = useRef(query);
  queryRef.current = query;
  // The open record's latest copy from the topic, also once it left the list (deleted, moved).
  const [openLive, setOpenLive] = useState<KitRow | null>(null);
  useTopics(
    topics,
    (all) => {
      // The topic also carries the records' comments, files and viewers: those are the record panel's.
      const items = all.filter((item) => item.collection === DOCUMENT_COLLECTION);
      for (const item of items) {
        if (item.doc && Number(item.id.slice(item.id.indexOf(':') + 1)) === queryRef.current.record) {
          setOpenLive(item.doc as KitRow);
        }
      }
      // This tab's own echo updates the row without marking it: the mark is for others' changes.
      const own = connectionId(hub.getSnapshot());
      setLoaded((prev) => {
        let next: LiveRows = prev;
        for (const item of items) {
          const id = Number(item.id.slice(item.id.indexOf(':') + 1));
          const changed = next.changed;
          next = applyLiveRecord(next, decl.key, id, item.doc as KitRow | null, (row) =>
            matchesQuery(decl, queryRef.current, row),
          );
          if (own !== null && item.origin === own) next = { ...next, changed };
        }
        return { ...prev, ...next };
      });
    },
    () => loadPage(0),
  );

  // The rows: only those on screen are drawn; the next page is asked for near the end.
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: current.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.length ? items[items.length - 1]!.index : 0;
  useEffect(() => {
    const skip = nextPage(lastVisible, current.rows.length, current.total, loading || stale);
    if (skip !== null && skip > 0) loadPage(skip);
  }, [lastVisible, current.rows.length, current.total, loading, stale, loadPage]);

  const [active, setActive] = useState(0);
  // Rows picked for copying (Ctrl or ⌘ click, Space on the active row); cleared by a new query.
  const [picked, setPicked] = useState<{ key: string; ids: ReadonlySet<number> }>({ key, ids: new Set() });
  const pickedIds = picked.key === key ? picked.ids : new Set<number>();
  const togglePick = (id: number) => {
    const ids = new Set(pickedIds);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    setPicked({ key, ids });
  };
  // A list opened with nothing in its address shows the user's default view, once.
  const bare = useRef(params.toString() === '');
  const open = (row: KitRow) => {
    setCreating(false);
    setQuery({ record: Number(row[decl.key]) });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!current.rows.length) return;
    let next = active;
    if (e.key === 'ArrowDown') next = Math.min(current.rows.length - 1, active + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, active - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = current.rows.length - 1;
    else if (e.key === 'PageDown') next = Math.min(current.rows.length - 1, active + 10);
    else if (e.key === 'PageUp') next = Math.max(0, active - 10);
    else if (e.key === ' ') {
      const row = current.rows[active];
      if (row) togglePick(Number(row[decl.key]));
      e.preventDefault();
      return;
    } else if (e.key === 'Enter') {
      const row = current.rows[active];
      if (row) open(row);
      return;
    } else return;
    e.preventDefault();
    setActive(next);
    virtualizer.scrollToIndex(next);
  };

  const columns = visibleColumns(decl, query).map((name) => ({ name, field: decl.fields[name]! }));
  const listPayload = {
    ...(decl.plantField ? { PlantID: query.plantId ?? undefined } : {}),
    Search: query.search.trim() || undefined,
    Filters: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
    Sort: query.sort,
    Desc: query.desc,
  };
  const copyRows = () => {
    const chosen = current.rows.filter((r) => pickedIds.has(Number(r[decl.key])));
    return chosen.length ? chosen : items.map((i) => current.rows[i.index]!).filter(Boolean);
  };
  const show = (row: KitRow, name: string, field: FieldDecl): ReactNode => {
    const own = props.cells?.[name];
    if (own) return own(row);
    const kind = inputOf(field);
    if (kind !== 'plant' && isPickKind(kind)) return <PickLabel kind={kind} id={row[name]} />;
    return cellText(row[name], name, field, decl, plantName, t);
  };
  const sortBy = (name: string) =>
    setQuery(query.sort === name ? { desc: !query.desc } : { sort: name, desc: false });
  const setFilter = (name: string, f: FieldFilter | null) => {
    const next = { ...query.filters };
    if (f) next[name] = f;
    else delete next[name];
    setQuery({ filters: next });
  };
  const template = columns.map(() => 'minmax(120px, 1fr)').join(' ');
  const selected =
    query.record === null
      ? null
      : (current.rows.find((r) => r[decl.key] === query.record) ??
        (openLive && openLive[decl.key] === query.record ? openLive : null));

  return (
    <section className={`page kit-page${query.record !== null || creating ? ' kit-with-record' : ''}`}>
      <div className="card kit-list">
        <div className="row spread">
          <h1>{t(props.title)}</h1>
          <span className="muted" aria-live="polite" data-total={current.total ?? ''}>
            {current.total === null
              ? t('Loading…')
              : t('{{n}} {{things}}', {
                  n: current.total.toLocaleString('en-US'),
                  things: t(current.total === 1 ? decl.noun : decl.nounPlural),
                })}
          </span>
          {canCreate && (
            <button
              type="button"
              className="primary"
              onClick={() => {
                setQuery({ record: null });
                setCreating(true);
              }}
            >
              {t('New')}
            </button>
          )}
        </div>
        {props.intro && <p className="muted kit-intro">{props.intro}</p>}
        <div className="toolbar kit-toolbar">
          {decl.plantField && (
            <span>
              <label htmlFor={`${ids}-plant`}>{t('Plant')}</label>
              <select
                id={`${ids}-plant`}
                value={query.plantId === null ? 'all' : String(query.plantId)}
                onChange={(e) =>
                  setQuery({ plantId: e.target.value === 'all' ? null : Number(e.target.value) })
                }
              >
                {crossPlants && <option value="all">{t('All plants')}</option>}
                {(plants ?? [])
                  .filter((p) => crossPlants || p.PlantID === userPlant)
                  .map((p) => (
                    <option key={p.PlantID} value={p.PlantID}>
                      {p.PlantName}
                    </option>
                  ))}
              </select>
            </span>
          )}
          <span>
            <label htmlFor={`${ids}-search`}>{t('Search')}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
            />
          </span>
          {Object.entries(decl.fields)
            .filter(([, f]) => f.filter)
            .map(([name, f]) => (
              <FilterControl
                key={name}
                id={`${ids}-f-${name}`}
                name={name}
                field={f}
                value={query.filters[name]}
                onChange={(v) => setFilter(name, v)}
              />
            ))}
        </div>
        <ListToolbar
          decl={decl}
          query={query}
          exportCall={calls.Export}
          exportValues={{
            ...Object.fromEntries(
              Object.entries(listPayload).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
            ),
            Columns: columns.map((c) => c.name).join(','),
          }}
          copyRows={copyRows}
          picked={pickedIds.size}
          cellText={(row, name) => cellText(row[name], name, decl.fields[name]!, decl, plantName, t)}
          onQuery={setQuery}
          onDefaultView={
            bare.current ? (view) => setQuery(queryOfView(decl, view.State, query.plantId)) : undefined
          }
        />
        {error && (
          <p className="kit-error" role="alert">
            {error}{' '}
            <button type="button" onClick={() => loadPage(0)}>
              {t('Retry')}
            </button>
          </p>
        )}
        {query.groupBy && (
          <GroupedRows
            decl={decl}
            call={calls.List}
            payload={listPayload}
            groupBy={query.groupBy}
            columns={columns.map((c) => c.name)}
            cell={(row, name) => show(row, name, decl.fields[name]!)}
            groupLabel={(value) =>
              value === null
                ? t('(empty)')
                : cellText(
                    typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value,
                    query.groupBy!,
                    decl.fields[query.groupBy!]!,
                    decl,
                    plantName,
                    t,
                  ).replace(/^(\w{3})-1-(\d{2})$/, '$1 $2')
            }
            onOpen={open}
            version={`${current.total}`}
          />
        )}
        {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1); it takes arrows, Home, End, Enter. */}
        <section
          hidden={Boolean(query.groupBy)}
          aria-label={t('Rows')}
          className={`kit-scroll${stale ? ' kit-stale' : ''}`}
          ref={scroller}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="kit-scroll"
        >
          <table
            className="kit-table"
            aria-label={t(props.title)}
            aria-rowcount={(current.total ?? current.rows.length) + 1}
          >
            <thead>
              <tr className="kit-head" style={{ gridTemplateColumns: template }}>
                {columns.map(({ name, field }) => (
                  <th
                    key={name}
                    scope="col"
                    aria-sort={query.sort === name ? (query.desc ? 'descending' : 'ascending') : undefined}
                  >
                    {field.sort ? (
                      <button type="button" className="kit-sort" onClick={() => sortBy(name)}>
                        {t(field.label)}
                        {query.sort === name ? (query.desc ? ' ▾' : ' ▴') : ''}
                      </button>
                    ) : (
                      t(field.label)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = current.rows[item.index]!;
                const id = Number(row[decl.key]);
                return (
                  <tr
                    key={id}
                    aria-rowindex={item.index + 2}
                    aria-selected={query.record === id}
                    data-id={id}
                    className={`kit-row${pickedIds.has(id) ? ' kit-picked' : ''}${item.index === active ? ' kit-active' : ''}${current.fresh.has(id) ? ' kit-fresh' : ''}${current.changed.has(id) ? ' kit-changed' : ''}`}
                    style={{
                      gridTemplateColumns: template,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                    }}
                    onClick={(e) => {
                      setActive(item.index);
                      if (e.ctrlKey || e.metaKey) togglePick(id);
                      else open(row);
                    }}
                  >
                    {columns.map(({ name, field }, c) => (
                      <td key={name}>
                        {show(row, name, field)}
                        {c === 0 && current.fresh.has(id) && <span className="kit-badge">{t('New')}</span>}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {current.total === null && !error && <p className="muted kit-empty">{t('Loading…')}</p>}
          {current.total === 0 && !loading && <p className="muted kit-empty">{t('Nothing matches.')}</p>}
        </section>
      </div>
      {query.record !== null && (
        <RecordPanel
          key={query.record}
          decl={decl}
          id={query.record}
          record={selected}
          canChange={canChange}
          canDelete={canDelete}
          plantOf={plantName}
          onClose={() => setQuery({ record: null })}
          canEdit={props.canEdit}
          top={props.recordTop}
        />
      )}
      {creating && query.record === null && (
        <NewRecordPanel
          decl={decl}
          defaults={decl.plantField ? { [decl.plantField]: query.plantId ?? userPlant } : {}}
          onCancel={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setQuery({ record: id });
          }}
        />
      )}
    </section>
  );
}

/** A value as a list cell shows it: dates in spec 000 §9's format, yes/no, plant names, choices translated. */
export function cellText(
  value: unknown,
  name: string,
  field: FieldDecl,
  decl: DocumentDecl,
  plantName: (id: number) => string,
  t: TFunction,
): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = inputOf(field);
  if (kind === 'boolean') return value ? t('Yes') : t('No');
  if (kind === 'date' && typeof value === 'string') return formatDate(`${value}T12:00:00Z`, null);
  // A moment: in the browser's zone, as the datetime input that set it shows it.
  if (kind === 'datetime' && typeof value === 'string')
    return formatDateTime(value, Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (name === decl.plantField && typeof value === 'number') return plantName(value);
  if (kind === 'choice') return t(choiceLabel(field, String(value)));
  return String(value);
}

/** One filter of the toolbar, by the field's kind. */
function FilterControl(props: {
  id: string;
  name: string;
  field: FieldDecl;
  value: FieldFilter | undefined;
  onChange(value: FieldFilter | null): void;
}) {
  const t = useT();
  const { field, id, value } = props;
  const label = <label htmlFor={id}>{t(field.label)}</label>;
  const [text, setText] = useState(value?.Contains ?? '');
  useEffect(() => setText(value?.Contains ?? ''), [value?.Contains]);
  useEffect(() => {
    if (field.filter !== 'text' || text === (value?.Contains ?? '')) return;
    const timer = setTimeout(
      () => props.onChange(text.trim() ? { Contains: text } : null),
      KIT_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  });
  switch (field.filter) {
    case 'text':
      return (
        <span>
          {label}
          <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </span>
      );
    case 'choice':
      return (
        <span>
          {label}
          <select
            id={id}
            value={value?.AnyOf?.[0] ?? ''}
            onChange={(e) => props.onChange(e.target.value ? { AnyOf: [e.target.value] } : null)}
          >
            <option value="">{t('Any')}</option>
            {(field.choices ?? []).map((c) => (
              <option key={c} value={c}>
                {t(choiceLabel(field, c))}
              </option>
            ))}
          </select>
        </span>
      );
    case 'pick': {
      const kind = inputOf(field);
      if (!isPickKind(kind)) return null;
      return (
        <span>
          {label}
          <Picker
            id={id}
            kind={kind}
            label={t(field.label)}
            value={value?.AnyOf?.[0] ?? null}
            onChange={(picked) => props.onChange(picked === null ? null : { AnyOf: [String(picked)] })}
          />
        </span>
      );
    }
    case 'boolean':
      return (
        <span>
          {label}
          <select
            id={id}
            value={value?.Is === undefined ? '' : String(value.Is)}
            onChange={(e) => props.onChange(e.target.value ? { Is: e.target.value === 'true' } : null)}
          >
            <option value="">{t('Any')}</option>
            <option value="true">{t('Yes')}</option>
            <option value="false">{t('No')}</option>
          </select>
        </span>
      );
    case 'dateRange':
    case 'numberRange': {
      const type = field.filter === 'dateRange' ? 'date' : 'number';
      const read = (v: string) => (v === '' ? undefined : type === 'number' ? Number(v) : v);
      const set = (bound: 'From' | 'To', v: string) => {
        const next = { ...value, [bound]: read(v) };
        props.onChange(next.From === undefined && next.To === undefined ? null : next);
      };
      return (
        <span className="kit-range">
          {label}
          <input
            id={id}
            type={type}
            aria-label={t('{{field}} from', { field: t(field.label) })}
            value={value?.From === undefined ? '' : String(value.From)}
            onChange={(e) => set('From', e.target.value)}
          />
          <span aria-hidden="true">–</span>
          <input
            type={type}
            aria-label={t('{{field}} to', { field: t(field.label) })}
            value={value?.To === undefined ? '' : String(value.To)}
            onChange={(e) => set('To', e.target.value)}
          />
        </span>
      );
    }
    default:
      return null;
  }
}
