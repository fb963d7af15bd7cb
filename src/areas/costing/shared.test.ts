import { describe, expect, it } from 'vitest';
import type { CostingEngine, CostingEngineRow } from '../../../domain/costing/engines';
import { applyEngineChange, queryNumber } from './shared';

const row = (
  id: number,
  resource: string,
  version: number,
  status: CostingEngineRow['Status'],
): CostingEngineRow => ({
  CostingEngineID: id,
  ResourceID: resource,
  PlantID: 1,
  Name: 'Saw',
  Version: version,
  Status: status,
  Notes: '',
  CreatedBy: 1001,
  CreatedByName: 'Alex Morgan',
  CreatedAt: '2026-11-23T10:00:00.000Z',
  PublishedAt: null,
  StepCount: 1,
});

const doc = (r: CostingEngineRow, steps = 2): CostingEngine => {
  const { StepCount: _, ...rest } = r;
  return {
    ...rest,
    Steps: Array.from({ length: steps }, (_x, i) => ({
      StepID: `s${i}`,
      Kind: 'set' as const,
      Name: `V${i}`,
      Formula: '1',
      Condition: '',
      Message: '',
    })),
  };
};

describe('applyEngineChange (live list of /costing/engines)', () => {
  const rows = [row(1, 'LV-CUT01', 1, 'published'), row(5, 'LV-WLD01', 1, 'published')];

  it('adds a new version in resource order, newest first, counting its steps', () => {
    const next = applyEngineChange(rows, { id: 9, doc: doc(row(9, 'LV-CUT01', 2, 'draft'), 3) });
    expect(next.map((r) => [r.CostingEngineID, r.Version, r.StepCount])).toEqual([
      [9, 2, 3],
      [1, 1, 1],
      [5, 1, 1],
    ]);
    expect(next[0]).not.toHaveProperty('Steps');
  });

  it('replaces a changed version and removes a deleted draft', () => {
    const retired = applyEngineChange(rows, { id: 1, doc: doc(row(1, 'LV-CUT01', 1, 'retired')) });
    expect(retired.map((r) => [r.CostingEngineID, r.Status])).toEqual([
      [1, 'retired'],
      [5, 'published'],
    ]);
    expect(applyEngineChange(rows, { id: 5, doc: null }).map((r) => r.CostingEngineID)).toEqual([1]);
  });
});

describe('queryNumber', () => {
  it('reads a positive whole number from the query string, else null', () => {
    expect(queryNumber('?engine=12', 'engine')).toBe(12);
    expect(queryNumber('?engine=12&resource=LV-CUT01', 'resource')).toBeNull();
    expect(queryNumber('?engine=-3', 'engine')).toBeNull();
    expect(queryNumber('?engine=1.5', 'engine')).toBeNull();
    expect(queryNumber('', 'engine')).toBeNull();
  });
});
