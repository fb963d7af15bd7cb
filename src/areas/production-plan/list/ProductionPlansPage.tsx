import { type ColumnDef, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { GetProductionPlanList, type PlanListRow } from '../../../../domain/production-plan/calls';
import { useServices, useUser } from '../../../app/context';
import { usePlants } from '../../../app/plants';
import { useT } from '../../../i18n';
import type { TFunction } from '../../../i18n/translator';
import { Select } from '../../../ui/Select';
import {
  dueDateText,
  minutesText,
  nextPageSkip,
  PLAN_LIST_PAGE,
  PLAN_SEARCH_DEBOUNCE_MS,
  type PlanListQuery,
  type PlanListStatus,
  planListStatuses,
  readListQuery,
  reviewStateText,
  writeListQuery,
} from './plan-list';
import './plan-list.css';

const ROW_HEIGHT = 36;

const statusLabels: Record<PlanListStatus, string> = {
  all: 'All',
  notReady: 'Not ready',
  readyForReview: 'Ready for review',
  reviewed: 'Reviewed',
  hold: 'On hold',
};

const features = tableFeatures({});
type Col = ColumnDef<typeof features, PlanListRow>;
interface ColMeta {
  width: number;
  numeric?: boolean;
}
const metaOf = (c: { meta?: unknown }) => c.meta as ColMeta;

/** The list's columns: header text (English, translated when shown), width and cell. */
function planColumns(t: TFunction): Col[] {
  return [
    {
      id: 'job',
      header: t('Job'),
      meta: { width: 90 },
      cell: ({ row }) => (
        <Link to={`/productionplan/${row.original.JobNumber}`} onClick={(e) => e.stopPropagation()}>
          {row.original.JobNumber}
        </Link>
      ),
    },
    { id: 'part', header: t('Part'), meta: { width: 110 }, cell: ({ row }) => row.original.PartNum },
    {
      id: 'description',
      header: t('Description'),
      meta: { width: 190 },
      cell: ({ row }) => row.original.PartDescription,
    },
    {
      id: 'customer',
      header: t('Customer'),
      meta: { width: 160 },
      cell: ({ row }) => row.original.CustomerName ?? '',
    },
    {
      id: 'qty',
      header: t('Qty'),
      meta: { width: 60, numeric: true },
      cell: ({ row }) => row.original.Quantity.toLocaleString('en-US'),
    },
    {
      id: 'due',
      header: t('Due'),
      meta: { width: 85 },
      cell: ({ row }) => dueDateText(row.original.DueDate, row.original.PlantID),
    },
    {
      id: 'ops',
      header: t('Ops'),
      meta: { width: 45, numeric: true },
      cell: ({ row }) => row.original.Operations,
    },
    {
      id: 'locked',
      header: t('Locked'),
      meta: { width: 60, numeric: true },
      cell: ({ row }) => row.original.LockedOperations,
    },
    {
      id: 'estimate',
      header: t('Estimate (min)'),
      meta: { width: 125, numeric: true },
      cell: ({ row }) => minutesText(row.original.ProductionEstimate),
    },
    {
      id: 'review',
      header: t('Review'),
      meta: { width: 120 },
      cell: ({ row }) => {
        const text = reviewStateText(row.original);
        return (
          <span className={`pp-state pp-state-${text.replace(/ /g, '-').toLowerCase()}`}>{t(text)}</span>
        );
      },
    },
    {
      id: 'hold',
      header: t('Hold'),
      meta: { width: 50 },
      cell: ({ row }) => (row.original.FabricationHold ? <span className="pp-hold">{t('Hold')}</span> : ''),
    },
  ];
}

interface Loaded {
  /** The filters these rows answer. */
  key: string;
  rows: PlanListRow[];
  total: number | null;
}

/**
 * /productionplans: every production plan of a plant (or of all plants), searched, filtered by review
 * state or hold, ordered by due date. The rows load 100 at a time as the list scrolls, and only the
 * rows on screen are drawn, so 2,000 plans scroll smoothly. The filters live in the URL query.
 */
export function ProductionPlansPage() {
  const { backgroundApi, api } = useServices();
  const user = useUser();
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const userPlant = user?.PlantID ?? null;
  const query = readListQuery(params, userPlant);
  const plants = usePlants(api);
  const ids = useId();

  const [searchInput, setSearchInput] = useState(query.search);
  const setQuery = useCallback(
    (next: Partial<PlanListQuery>) =>
      setParams((current) => writeListQuery({ ...readListQuery(current, userPlant), ...next }, userPlant), {
        replace: true,
      }),
    [setParams, userPlant],
  );

  // The URL's search changed by itself (Back, a link): the box shows it.
  const urlSearch = useRef(query.search);
  useEffect(() => {
    if (query.search === urlSearch.current) return;
    urlSearch.current = query.search;
    setSearchInput(query.search);
  }, [query.search]);

  // The search box changes the URL (and so the list) once typing pauses.
  useEffect(() => {
    if (searchInput === query.search) return;
    const timer = setTimeout(() => setQuery({ search: searchInput }), PLAN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, query.search, setQuery]);

  const key = JSON.stringify([query.plantId, query.search.trim(), query.status]);
  const [loaded, setLoaded] = useState<Loaded>({ key, rows: [], total: null });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  // The rows of the filters asked for; until their first page arrives the screen keeps showing the
  // previous rows, dimmed, instead of an empty table.
  const stale = loaded.key !== key;
  const current = stale ? { key, rows: [], total: null } : loaded;

  const loadPage = useCallback(
    (skip: number) => {
      const mine = ++request.current;
      setLoading(true);
      backgroundApi
        .get(GetProductionPlanList, {
          PlantID: query.plantId ?? undefined,
          Search: query.search.trim() || undefined,
          Status: query.status,
          Skip: skip,
          Take: PLAN_LIST_PAGE,
        })
        .then(
          (answer) => {
            if (mine !== request.current) return; // The filters changed meanwhile.
            setLoaded((prev) => {
              const base = prev.key === key ? prev.rows.slice(0, skip) : [];
              return { key, rows: [...base, ...answer.Rows], total: answer.Total };
            });
            setError(null);
          },
          (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
        )
        .finally(() => mine === request.current && setLoading(false));
    },
    [backgroundApi, key, query.plantId, query.search, query.status],
  );

  // New filters: start over from the top.
  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what changes the list.
  useEffect(() => {
    request.current++;
    setLoading(false);
    scroller.current?.scrollTo({ top: 0 });
  }, [key]);

  const columns = useMemo(() => planColumns(t), [t]);
  const table = useTable({ features, columns, data: loaded.rows });
  const tableRows = table.getRowModel().rows;
  const count = loaded.total ?? 0;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (error) return;
    const skip = nextPageSkip(lastVisible, current.rows.length, current.total, loading);
    if (skip !== null) loadPage(skip);
  }, [lastVisible, current.rows.length, current.total, loading, loadPage, error]);

  const template = columns.map((c) => `minmax(${metaOf(c).width}px, ${metaOf(c).width}fr)`).join(' ');
  const plantOptions = useMemo(
    () => [
      { value: null as number | null, text: t('All plants') },
      ...(plants ?? []).map((p) => ({ value: p.PlantID as number | null, text: p.PlantName })),
    ],
    [plants, t],
  );

  const open = (row: PlanListRow) => navigate(`/productionplan/${row.JobNumber}`);

  return (
    <section className="page pp-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Production Plans')}</h1>
          <span className="muted" data-testid="plan-total">
            {current.total === null
              ? t('Loading…')
              : t('{{n}} plans', { n: current.total.toLocaleString('en-US') })}
          </span>
        </div>
        <div className="toolbar">
          <label htmlFor={`${ids}-plant`}>{t('Plant')}</label>
          {plants ? (
            <Select
              id={`${ids}-plant`}
              options={plantOptions}
              value={query.plantId}
              onChange={(v) => v !== query.plantId && setQuery({ plantId: v })}
              aria-label={t('Plant')}
              storage={null}
            />
          ) : (
            <span className="muted">{t('Loading…')}</span>
          )}
          <input
            type="search"
            className="pp-search"
            placeholder={t('Search job, part, description, customer')}
            aria-label={t('Search')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
          <label htmlFor={`${ids}-status`}>{t('Status')}</label>
          <Select
            id={`${ids}-status`}
            options={planListStatuses.map((s) => ({ value: s, text: t(statusLabels[s]) }))}
            value={query.status}
            onChange={(v) => v && v !== query.status && setQuery({ status: v })}
            aria-label={t('Status')}
            storage={null}
          />
        </div>
        {error && (
          <p className="alert alert-error">
            {error}{' '}
            <button type="button" onClick={() => setError(null)}>
              {t('Try again')}
            </button>
          </p>
        )}
        <div className="pp-scroll" ref={scroller} data-testid="plan-scroll">
          <table className="pp-table" aria-label={t('Production Plans')} aria-rowcount={count + 1}>
            <thead>
              <tr className="pp-tr pp-head" style={{ gridTemplateColumns: template }}>
                {table.getHeaderGroups()[0]!.headers.map((h) => (
                  <th key={h.id} className={metaOf(h.column.columnDef).numeric ? 'num' : undefined}>
                    <table.FlexRender header={h} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={stale ? 'pp-stale' : undefined} style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = tableRows[item.index];
                const style = {
                  gridTemplateColumns: template,
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                };
                if (!row) {
                  return (
                    <tr key={item.key} className="pp-tr pp-placeholder" style={style}>
                      <td className="muted">{t('Loading…')}</td>
                    </tr>
                  );
                }
                return (
                  <tr
                    key={row.original.JobNumber}
                    className="pp-tr pp-row"
                    aria-rowindex={item.index + 2}
                    data-job={row.original.JobNumber}
                    style={style}
                    onClick={() => open(row.original)}
                    onKeyDown={(e) => e.key === 'Enter' && open(row.original)}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={metaOf(cell.column.columnDef).numeric ? 'num' : undefined}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {current.total === 0 && <p className="muted pp-empty">{t('No production plan matches.')}</p>}
        </div>
      </div>
    </section>
  );
}
