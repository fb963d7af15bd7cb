import { describe, expect, it } from 'vitest';
import { parseTraveler, travelerCode } from './traveler';

describe('parseTraveler (what the keyboard-wedge scanner types)', () => {
  it('reads the short form JOB|OPID and JOB|OPID|RESOURCE', () => {
    expect(parseTraveler('J1001|42')).toEqual({
      JobNumber: 'J1001',
      ProductionPlanOperationID: 42,
      ResourceID: null,
    });
    expect(parseTraveler('  J1001 | 42 | LV-PCH01 ')).toEqual({
      JobNumber: 'J1001',
      ProductionPlanOperationID: 42,
      ResourceID: 'LV-PCH01',
    });
  });

  it('reads the JSON the startdirectactivity route carries', () => {
    expect(
      parseTraveler('{"JobNumber":"J7","ProductionPlanOperationID":"9","ResourceID":"LV-RF01"}'),
    ).toEqual({
      JobNumber: 'J7',
      ProductionPlanOperationID: 9,
      ResourceID: 'LV-RF01',
    });
    expect(parseTraveler('{"JobNumber":"J7","ProductionPlanOperationID":9}')?.ResourceID).toBeNull();
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'J1001',
      'J1001|x',
      'J1001|0',
      'J 1|3',
      'a|1|b|c',
      '{"JobNumber":"J1"}',
      '{oops',
      '[1]',
      'J1|2|LV PCH',
    ]) {
      expect(parseTraveler(bad), bad).toBeNull();
    }
  });

  it('travelerCode writes the short form back', () => {
    const t = { JobNumber: 'J1', ProductionPlanOperationID: 5, ResourceID: 'LV-CUT01' };
    expect(parseTraveler(travelerCode(t))).toEqual(t);
    expect(travelerCode({ ...t, ResourceID: null })).toBe('J1|5');
  });
});
