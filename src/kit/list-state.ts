import { type DocumentDecl, type FieldFilter, groupableFields } from '../../domain/kit/document';
import type { ViewState } from '../../domain/kit/views';

/**
 * The kit list's state that outlives a render, as pure functions (tested in list-state.test.ts): what
 * the list shows (plant, search, filters, sort) read from and written to the address, which page to ask
 * for next, and how a live change lands in the rows already loaded.
 */

/** Rows asked per call. */
export const KIT_PAGE = 100;
/** Quiet time after typing in the search box before the list reloads. */
export const KIT_SEARCH_DEBOUNCE_MS = 250;

export interface KitQuery {
  /** Null: every plant (only for those who may cross plants), or a type that is not plant data. */
  plantId: number | null;
  search: string;
  filters: Record<string, FieldFilter>;
  sort: string;
  desc: boolean;
  /** The record open in the panel. */
  record: number | null;
  /** Visible columns in order; empty: the declaration's default columns. */
  columns: string[];
  /** The field the list is grouped by (a groupable one), or null. */
  groupBy: string | null;
}

const isId = (text: string | null) => text !== null && /^\d{1,9}$/.test(text);

/**
 * `?plant=2&q=bay&f=<json>&sort=Name&desc=1&record=12`: a reload or a shared link shows the same list.
 * What does not parse, or names a field the declaration does not filter or sort by, is left out.
 */
export function readKitQuery(
  decl: DocumentDecl,
  params: URLSearchParams,
  userPlantId: number | null,
): KitQuery {
  const plant = params.get('plant');
  const plantId = !decl.plantField
    ? null
    : plant === 'all'
      ? null
      : isId(plant)
        ? Number(plant)
        : (userPlantId ?? null);
  let filters: Record<string, FieldFilter> = {};
  const raw = params.get('f');
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Record<string, FieldFilter>;
      filters = Object.fromEntries(
        Object.entries(parsed).filter(([name, f]) => decl.fields[name]?.filter && f && typeof f === 'object'),
      );
    } catch {
      filters = {};
    }
  }
  const sort = params.get('sort');
  const group = params.get('group');
  return {
    columns: readColumns(decl, params.get('cols')),
    groupBy: group && groupableFields(decl).includes(group) ? group : null,
    plantId,
    search: params.get('q') ?? '',
    filters,
    sort: sort && decl.fields[sort]?.sort ? sort : decl.list.sort.field,
    desc: params.has('sort') ? params.get('desc') === '1' : (decl.list.sort.desc ?? false),
    record: isId(params.get('record')) ? Number(params.get('record')) : null,
  };
}

/** The address for `q`, leaving out every default. */
export function writeKitQuery(decl: DocumentDecl, q: KitQuery, userPlantId: number | null): URLSearchParams {
  const params = new URLSearchParams();
  if (decl.plantField && q.plantId !== (userPlantId ?? null)) {
    params.set('plant', q.plantId === null ? 'all' : String(q.plantId));
  }
  if (q.search.trim()) params.set('q', q.search);
  const filters = activeFilters(q.filters);
  if (Object.keys(filters).length) params.set('f', JSON.stringify(filters));
  if (q.sort !== decl.list.sort.field || q.desc !== (decl.list.sort.desc ?? false)) {
    params.set('sort', q.sort);
    if (q.desc) params.set('desc', '1');
  }
  if (q.columns.length && q.columns.join(',') !== decl.list.columns.join(','))
    params.set('cols', q.columns.join(','));
  if (q.groupBy) params.set('group', q.groupBy);
  if (q.record !== null) params.set('record', String(q.record));
  return params;
}

/** `cols=Name,Kind`: the declared fields named, in that order, each once; none left: the defaults. */
export function readColumns(decl: DocumentDecl, text: string | null): string[] {
  if (!text) return [];
  const names = [...new Set(text.split(','))].filter((n) => Object.hasOwn(decl.fields, n));
  return names;
}

/** The columns the list shows: the chosen ones, else the declaration's. */
export function visibleColumns(decl: DocumentDecl, q: Pick<KitQuery, 'columns'>): string[] {
  return q.columns.length ? q.columns : [...decl.list.columns];
}

/** Every column the chooser offers, visible ones first in their order, then the other declared fields. */
export function chooserColumns(
  decl: DocumentDecl,
  q: Pick<KitQuery, 'columns'>,
): { name: string; shown: boolean }[] {
  const shown = visibleColumns(decl, q);
  const rest = Object.keys(decl.fields).filter((n) => !shown.includes(n));
  return [...shown.map((name) => ({ name, shown: true })), ...rest.map((name) => ({ name, shown: false }))];
}

/** Shows or hides one column (the last visible one stays). */
export function toggleColumn(decl: DocumentDecl, q: Pick<KitQuery, 'columns'>, name: string): string[] {
  const shown = visibleColumns(decl, q);
  if (shown.includes(name)) return shown.length > 1 ? shown.filter((n) => n !== name) : shown;
  return Object.hasOwn(decl.fields, name) ? [...shown, name] : shown;
}

/** Moves a visible column one place earlier (-1) or later (+1). */
export function moveColumn(
  decl: DocumentDecl,
  q: Pick<KitQuery, 'columns'>,
  name: string,
  by: -1 | 1,
): string[] {
  const shown = visibleColumns(decl, q).slice();
  const at = shown.indexOf(name);
  const to = at + by;
  if (at < 0 || to < 0 || to >= shown.length) return shown;
  [shown[at], shown[to]] = [shown[to]!, shown[at]!];
  return shown;
}

/** What a saved view keeps of the list (not the plant nor the open record). */
export function viewStateOf(decl: DocumentDecl, q: KitQuery): ViewState {
  const state: ViewState = {};
  if (q.search.trim()) state.Search = q.search.trim();
  const filters = activeFilters(q.filters);
  if (Object.keys(filters).length) state.Filters = filters;
  if (q.sort !== decl.list.sort.field || q.desc !== (decl.list.sort.desc ?? false)) {
    state.Sort = q.sort;
    state.Desc = q.desc;
  }
  if (q.columns.length) state.Columns = q.columns;
  if (q.groupBy) state.GroupBy = q.groupBy;
  return state;
}

/** The list a saved view opens: its parts over the defaults, keeping the plant (and no record open). */
export function queryOfView(decl: DocumentDecl, state: ViewState, plantId: number | null): KitQuery {
  const params = new URLSearchParams();
  if (state.Search) params.set('q', state.Search);
  if (state.Filters && Object.keys(state.Filters).length) params.set('f', JSON.stringify(state.Filters));
  if (state.Sort) {
    params.set('sort', state.Sort);
    if (state.Desc) params.set('desc', '1');
  }
  if (state.Columns?.length) params.set('cols', state.Columns.join(','));
  if (state.GroupBy) params.set('group', state.GroupBy);
  return { ...readKitQuery(decl, params, null), plantId };
}

/** Whether the list shows what the view says (the view's name is then shown as the current one). */
export function sameView(decl: DocumentDecl, q: KitQuery, state: ViewState): boolean {
  return (
    JSON.stringify(viewStateOf(decl, q)) ===
    JSON.stringify(viewStateOf(decl, queryOfView(decl, state, q.plantId)))
  );
}

/**
 * Rows as tab-separated text with a header line, as Excel pastes it: a tab or line break inside a value
 * becomes a space, so each row stays one line.
 */
export function tsv(headers: string[], rows: string[][]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  return [headers, ...rows].map((line) => line.map(clean).join('\t')).join('\n');
}

/** The filters that filter something (an emptied text box or an empty choice is no filter). */
export function activeFilters(filters: Record<string, FieldFilter>): Record<string, FieldFilter> {
  const out: Record<string, FieldFilter> = {};
  for (const [name, f] of Object.entries(filters)) {
    const kept: FieldFilter = {};
    if (f.Contains?.trim()) kept.Contains = f.Contains.trim();
    if (f.AnyOf?.length) kept.AnyOf = f.AnyOf;
    if (f.From !== undefined && f.From !== '') kept.From = f.From;
    if (f.To !== undefined && f.To !== '') kept.To = f.To;
    if (f.Is !== undefined) kept.Is = f.Is;
    if (Object.keys(kept).length) out[name] = kept;
  }
  return out;
}

/**
 * The Skip of the next page, or null: only when the last row on screen is not loaded yet, nothing is
 * being asked already, and there are more rows. Pages load in order, the next one asked a quarter of a
 * page before the end. Every server-paged list uses it (the kit's, the plan list, the unscheduled list).
 */
export function nextPage(
  lastVisible: number,
  loaded: number,
  total: number | null,
  loading: boolean,
  pageSize: number = KIT_PAGE,
): number | null {
  if (loading) return null;
  if (total === null) return loaded === 0 ? 0 : null;
  if (loaded >= total) return null;
  return lastVisible >= loaded - 1 - pageSize / 4 ? loaded : null;
}

export type KitRow = Record<string, unknown> & { Deleted?: boolean };

export interface LiveRows {
  rows: KitRow[];
  total: number | null;
  /** Keys of rows that arrived live (someone else added them, or changed them into this list). */
  fresh: ReadonlySet<number>;
  /** Keys of rows someone else changed since they were loaded (marked until the list reloads). */
  changed: ReadonlySet<number>;
}

/**
 * Applies one live record (or its removal, `doc` null) to the rows already loaded, without a reload:
 * a loaded row is replaced in place (and marked changed), a new one that belongs in this list is put
 * first and marked fresh (where it sorts is the server's business at the next reload), and one that
 * no longer belongs (deleted, moved to another plant, filtered out by a changed field we can check)
 * leaves the list. `belongs` says whether a record matches the list's filters as far as the client can
 * tell.
 */
export function applyLiveRecord(
  state: LiveRows,
  key: string,
  id: number,
  doc: KitRow | null,
  belongs: (row: KitRow) => boolean,
): LiveRows {
  const at = state.rows.findIndex((r) => r[key] === id);
  const keep = doc !== null && !doc.Deleted && belongs(doc);
  if (at >= 0) {
    if (!keep) {
      const rows = state.rows.filter((_, i) => i !== at);
      return { ...state, rows, total: state.total === null ? null : Math.max(0, state.total - 1) };
    }
    const rows = state.rows.slice();
    rows[at] = doc;
    return { ...state, rows, changed: new Set([...state.changed, id]) };
  }
  if (!keep) return state;
  return {
    ...state,
    rows: [doc, ...state.rows],
    total: state.total === null ? null : state.total + 1,
    fresh: new Set([...state.fresh, id]),
  };
}

/**
 * Whether a record passes the list's plant, search and filters as the server would decide them, for the
 * fields the client holds. Used only for live records; the server stays the judge at every reload.
 */
export function matchesQuery(decl: DocumentDecl, q: KitQuery, row: KitRow): boolean {
  if (decl.plantField && q.plantId !== null && row[decl.plantField] !== q.plantId) return false;
  const search = q.search.trim().toLowerCase();
  if (search) {
    const hit = Object.entries(decl.fields).some(
      ([name, f]) =>
        f.search &&
        String(row[name] ?? '')
          .toLowerCase()
          .includes(search),
    );
    if (!hit) return false;
  }
  for (const [name, f] of Object.entries(activeFilters(q.filters))) {
    const value = row[name];
    if (
      f.Contains &&
      !String(value ?? '')
        .toLowerCase()
        .includes(f.Contains.toLowerCase())
    )
      return false;
    if (f.AnyOf && !f.AnyOf.includes(String(value))) return false;
    if (
      f.From !== undefined &&
      (value === null || value === undefined || (value as never) < (f.From as never))
    )
      return false;
    if (f.To !== undefined && (value === null || value === undefined || (value as never) > (f.To as never)))
      return false;
    if (f.Is !== undefined && value !== f.Is) return false;
  }
  return true;
}
