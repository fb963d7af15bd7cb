import { describe, expect, it } from 'vitest';
import { plants, plantTimeZone } from './plants';

describe('plants (spec 000 §3.5, §9)', () => {
  it('lists exactly the twelve plants with their short names', () => {
    expect(plants.map((p) => `${p.PlantID}:${p.ShortName}`)).toEqual([
      '0:OM',
      '1:LV',
      '2:IDF',
      '3:MIL',
      '4:WTL',
      '5:FMM',
      '6:DYB',
      '7:TRN',
      '10:LAM',
      '13:WAL',
      '19:CAT',
      '45:STG',
    ]);
  });
  it('maps time zones by plant', () => {
    for (const id of [1, 4, 7, 10]) expect(plantTimeZone(id)).toBe('America/New_York');
    expect(plantTimeZone(2)).toBe('America/Boise');
    expect(plantTimeZone(6)).toBe('America/Chicago');
    expect(plantTimeZone(19)).toBe('America/Monterrey');
    expect(plantTimeZone(45)).toBe('America/Monterrey');
    for (const id of [0, 3, 5, 13, 99, null]) expect(plantTimeZone(id)).toBe('America/New_York');
  });
});
