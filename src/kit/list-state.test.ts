import { describe, expect, it } from 'vitest';
import { Device } from '../../domain/platform/devices';
import {
  activeFilters,
  applyLiveRecord,
  KIT_PAGE,
  type KitQuery,
  type LiveRows,
  matchesQuery,
  nextPage,
  readKitQuery,
  writeKitQuery,
} from './list-state';

const base: KitQuery = { plantId: 1, search: '', filters: {}, sort: 'Name', desc: false, record: null };
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
