import { describe, expect, it } from 'vitest';
import { isLate } from './plant-time';

describe("the plant schedule's late rule", () => {
  it('a task is late when it ends after the end of its due date, plant-local', () => {
    // Boise: 2026-07-06 00:00 local = 06:00Z.
    expect(isLate({ EndAt: '2026-07-06T06:00:00Z', DueDate: '2026-07-05' }, 2)).toBe(false);
    expect(isLate({ EndAt: '2026-07-06T06:01:00Z', DueDate: '2026-07-05' }, 2)).toBe(true);
    // The same instant is 02:01 the next day in New York: late there too; 05:59Z is still the 5th in Boise.
    expect(isLate({ EndAt: '2026-07-06T05:59:00Z', DueDate: '2026-07-05' }, 2)).toBe(false);
    expect(isLate({ EndAt: '2026-07-06T05:59:00Z', DueDate: '2026-07-05' }, 1)).toBe(true);
    expect(isLate({ EndAt: null, DueDate: '2026-07-05' }, 2)).toBe(false);
    expect(isLate({ EndAt: '2026-07-06T06:01:00Z', DueDate: null }, 2)).toBe(false);
  });
});
