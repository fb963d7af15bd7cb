import { describe, expect, it } from 'vitest';
import { effectiveColor, paintOf } from './colors';

describe('schedule colours', () => {
  const statuses = new Map([
    [1, { Color: 'Red' as const }],
    [2, { Color: 'n/a' as const }],
  ]);
  it("a task's own colour wins over its status's", () => {
    expect(effectiveColor({ Color: 'Blue', StatusID: 1 }, statuses)).toBe('Blue');
  });
  it('a task without a colour shows its status colour, else none', () => {
    expect(effectiveColor({ Color: 'n/a', StatusID: 1 }, statuses)).toBe('Red');
    expect(effectiveColor({ Color: 'n/a', StatusID: 2 }, statuses)).toBe('n/a');
    expect(effectiveColor({ Color: 'n/a', StatusID: 99 }, statuses)).toBe('n/a');
    expect(effectiveColor({ Color: 'n/a', StatusID: null }, statuses)).toBe('n/a');
  });
  it('n/a paints nothing', () => {
    expect(paintOf('n/a')).toBeNull();
    expect(paintOf('Red')?.edge).toBe('#d93025');
  });
});
