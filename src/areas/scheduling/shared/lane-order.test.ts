import { describe, expect, it } from 'vitest';
import { compareLanes, orderLanes } from './lane-order';

describe('lane order', () => {
  // Idaho Falls as the demo seed sets it up: the settings' order is not the alphabetical one.
  const settings = new Map([
    ['IDF-RF01', { SortOrder: 10 }],
    ['IDF-PCH01', { SortOrder: 20 }],
    ['IDF-CUT01', { SortOrder: 30 }],
    ['IDF-ASM01', { SortOrder: 60 }],
    ['IDF-WLD01', { SortOrder: 30 }],
  ]);

  it('SortOrder first, then ResourceID for equal SortOrders', () => {
    expect(orderLanes(['IDF-ASM01', 'IDF-WLD01', 'IDF-CUT01', 'IDF-RF01', 'IDF-PCH01'], settings)).toEqual([
      'IDF-RF01',
      'IDF-PCH01',
      'IDF-CUT01',
      'IDF-WLD01',
      'IDF-ASM01',
    ]);
  });

  it('ids without a setting go last, in the order given', () => {
    expect(orderLanes(['Z-2', 'IDF-ASM01', 'A-1', 'IDF-RF01'], settings)).toEqual([
      'IDF-RF01',
      'IDF-ASM01',
      'Z-2',
      'A-1',
    ]);
  });

  it('with no settings yet the order given stands', () => {
    expect(orderLanes(['IDF-RF01', 'IDF-ASM01', 'IDF-CUT01'], new Map())).toEqual([
      'IDF-RF01',
      'IDF-ASM01',
      'IDF-CUT01',
    ]);
  });

  it('compareLanes sorts settings rows the same way', () => {
    const rows = [
      { ResourceID: 'B', SortOrder: 5 },
      { ResourceID: 'C', SortOrder: 1 },
      { ResourceID: 'A', SortOrder: 5 },
    ];
    expect([...rows].sort(compareLanes).map((r) => r.ResourceID)).toEqual(['C', 'A', 'B']);
  });
});
