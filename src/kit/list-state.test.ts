import { describe, expect, it } from 'vitest';
import { Device } from '../../domain/platform/devices';
import {
  activeFilters,
  applyLiveRecord,
  chooserColumns,
  KIT_PAGE,
  type KitQuery,
  type LiveRows,
  matchesQuery,
  moveColumn,
  nextPage,
  queryOfView,
  readColumns,
  readKitQuery,
  sameView,
  toggleColumn,
  tsv,
  viewStateOf,
  visibleColumns,
  writeKitQuery,
} from './list-state';

const base: KitQuery = {
  plantId: 1,
  search: '',
  filters: {},
  sort: 'Name',
  desc: false,
  record: null,
  columns: [],
  groupBy: null,
};
const row = (id: number, extra: Record<string, unknown> = {}) => ({
  DeviceID: id,
  Name: `Device ${id}`,
  Kind: 'tv',
  PlantID: 1,
  Location: 'Bay 1',
  InService: true,
  InstalledOn: '2026-01-10',
  Deleted: false,
  ...extra,
});
const state = (ids: number[]): LiveRows => ({
  rows: ids.map((id) => row(id)),
  total: ids.length,
  fresh: new Set(),
  changed: new Set(),
});

describe('the kit list in the address', () => {
  it('round-trips plant, search, filters, sort and the open record, leaving defaults out', () => {
    const q: KitQuery = {
      plantId: null,
      search: 'bay',
      filters: { Kind: { AnyOf: ['tv'] }, InstalledOn: { From: '2026-01-01' } },
      sort: 'InstalledOn',
      desc: true,
      record: 12,
      columns: ['Name', 'SerialNumber', 'Kind'],
      groupBy: 'Kind',
    };
    const params = writeKitQuery(Device, q, 1);
    expect(params.get('plant')).toBe('all');
    expect(readKitQuery(Device, params, 1)).toEqual(q);
    expect(writeKitQuery(Device, base, 1).toString()).toBe('');
  });

  it('drops what does not parse or names a field the declaration does not filter or sort by', () => {
    const params = new URLSearchParams({
      f: '{"Notes":{"Contains":"x"},"Name":{"Contains":"tv"}}',
      sort: 'Notes',
    });
    const q = readKitQuery(Device, params, 6);
    expect(q.filters).toEqual({ Name: { Contains: 'tv' } });
    expect(q.sort).toBe('Name');
    expect(q.plantId).toBe(6);
    expect(readKitQuery(Device, new URLSearchParams({ f: '{nope' }), 6).filters).toEqual({});
  });

  it('an emptied filter filters nothing', () => {
    expect(
      activeFilters({ Name: { Contains: '  ' }, Kind: { AnyOf: [] }, InService: { Is: false } }),
    ).toEqual({
      InService: { Is: false },
    });
  });
});

describe('paging', () => {
  it('asks the first page, then the next only near the end of what is loaded', () => {
    expect(nextPage(0, 0, null, false)).toBe(0);
    expect(nextPage(10, KIT_PAGE, 1000, false)).toBeNull();
    expect(nextPage(KIT_PAGE - 5, KIT_PAGE, 1000, false)).toBe(KIT_PAGE);
    expect(nextPage(KIT_PAGE - 5, KIT_PAGE, 1000, true)).toBeNull();
    expect(nextPage(999, 1000, 1000, false)).toBeNull();
  });
});

describe('a live record lands in the loaded rows', () => {
  const belongs = (r: Record<string, unknown>) => matchesQuery(Device, base, r);

  it('replaces a loaded row in place and marks it changed', () => {
    const next = applyLiveRecord(state([1, 2, 3]), 'DeviceID', 2, row(2, { Location: 'Bay 9' }), belongs);
    expect(next.rows.map((r) => r.Location)).toEqual(['Bay 1', 'Bay 9', 'Bay 1']);
    expect([...next.changed]).toEqual([2]);
    expect(next.total).toBe(3);
  });

  it('puts a new record first, marked fresh, and counts it', () => {
    const next = applyLiveRecord(state([1, 2]), 'DeviceID', 7, row(7), belongs);
    expect(next.rows.map((r) => r.DeviceID)).toEqual([7, 1, 2]);
    expect([...next.fresh]).toEqual([7]);
    expect(next.total).toBe(3);
  });

  it('takes out a row that was deleted or moved to another plant, and ignores one that never belonged', () => {
    expect(
      applyLiveRecord(state([1, 2]), 'DeviceID', 1, row(1, { Deleted: true }), belongs).rows,
    ).toHaveLength(1);
    const moved = applyLiveRecord(state([1, 2]), 'DeviceID', 2, row(2, { PlantID: 6 }), belongs);
    expect(moved.rows.map((r) => r.DeviceID)).toEqual([1]);
    expect(moved.total).toBe(1);
    const elsewhere = state([1]);
    expect(applyLiveRecord(elsewhere, 'DeviceID', 9, row(9, { PlantID: 6 }), belongs)).toBe(elsewhere);
    expect(applyLiveRecord(state([1, 2]), 'DeviceID', 2, null, belongs).rows).toHaveLength(1);
  });

  it('judges search and filters as the server does, for the fields it holds', () => {
    const q: KitQuery = {
      ...base,
      search: 'bay',
      filters: { Kind: { AnyOf: ['tv'] }, InstalledOn: { To: '2026-01-31' } },
    };
    expect(matchesQuery(Device, q, row(1))).toBe(true);
    expect(matchesQuery(Device, q, row(1, { Kind: 'tablet' }))).toBe(false);
    expect(matchesQuery(Device, q, row(1, { InstalledOn: '2026-02-01' }))).toBe(false);
    expect(matchesQuery(Device, q, row(1, { Location: 'Dock', Name: 'x' }))).toBe(false);
  });
});

describe('columns, views and copy', () => {
  it('keeps chosen columns in the address: declared fields only, each once, in order', () => {
    expect(readColumns(Device, 'Notes,Name,Salary,Name')).toEqual(['Notes', 'Name']);
    expect(readColumns(Device, null)).toEqual([]);
    const params = writeKitQuery(Device, { ...base, columns: [...Device.list.columns] }, 1);
    // The defaults in their own order are no choice: the address stays clean.
    expect(params.has('cols')).toBe(false);
    expect(readKitQuery(Device, new URLSearchParams({ group: 'Name' }), 1).groupBy).toBeNull();
    expect(readKitQuery(Device, new URLSearchParams({ group: 'InService' }), 1).groupBy).toBe('InService');
  });

  it('offers every declared field, shows, hides and orders them, never hiding the last', () => {
    const offered = chooserColumns(Device, base);
    expect(offered.map((c) => c.name)).toEqual([
      ...Device.list.columns,
      'SerialNumber',
      'IPAddress',
      'Notes',
    ]);
    expect(offered.filter((c) => c.shown).map((c) => c.name)).toEqual([...Device.list.columns]);
    const withNotes = toggleColumn(Device, base, 'Notes');
    expect(withNotes.at(-1)).toBe('Notes');
    expect(toggleColumn(Device, { columns: withNotes }, 'Kind')).not.toContain('Kind');
    expect(toggleColumn(Device, { columns: ['Name'] }, 'Name')).toEqual(['Name']);
    expect(visibleColumns(Device, base)).toEqual([...Device.list.columns]);
    expect(moveColumn(Device, { columns: ['Name', 'Kind', 'Notes'] }, 'Notes', -1)).toEqual([
      'Name',
      'Notes',
      'Kind',
    ]);
    expect(moveColumn(Device, { columns: ['Name', 'Kind'] }, 'Name', -1)).toEqual(['Name', 'Kind']);
  });

  it('a view keeps search, filters, sort, columns and grouping, and opens the same list again', () => {
    const q: KitQuery = {
      ...base,
      search: ' bay ',
      filters: { Kind: { AnyOf: ['tv'] }, Name: { Contains: ' ' } },
      sort: 'InstalledOn',
      desc: true,
      columns: ['Name', 'InstalledOn'],
      groupBy: 'Kind',
      record: 7,
    };
    const state = viewStateOf(Device, q);
    expect(state).toEqual({
      Search: 'bay',
      Filters: { Kind: { AnyOf: ['tv'] } },
      Sort: 'InstalledOn',
      Desc: true,
      Columns: ['Name', 'InstalledOn'],
      GroupBy: 'Kind',
    });
    const opened = queryOfView(Device, state, 6);
    expect(opened).toMatchObject({
      plantId: 6,
      record: null,
      sort: 'InstalledOn',
      desc: true,
      groupBy: 'Kind',
    });
    expect(sameView(Device, q, state)).toBe(true);
    expect(sameView(Device, { ...q, desc: false }, state)).toBe(false);
    // The default list is the empty view.
    expect(viewStateOf(Device, base)).toEqual({});
    expect(sameView(Device, base, {})).toBe(true);
  });

  it('copies rows as tab-separated lines with a header, a tab or line break inside a value made a space', () => {
    expect(
      tsv(
        ['Name', 'Notes'],
        [
          ['TV 1', 'a\tb'],
          ['TV 2', 'line\r\nbreak'],
        ],
      ),
    ).toBe('Name\tNotes\nTV 1\ta b\nTV 2\tline break');
  });
});
