import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('date display (spec 000 §9) in the plant time zone', () => {
  it('formats MMM-D-YY h:mm a in the plant zone', () => {
    // 2026-03-05 14:07 UTC: 9:07 am in New York (EST), 7:07 am in Boise (MST), 8:07 am in Chicago and Monterrey.
    expect(formatDateTime('2026-03-05T14:07:00Z', 1)).toBe('Mar-5-26 9:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 2)).toBe('Mar-5-26 7:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 6)).toBe('Mar-5-26 8:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 45)).toBe('Mar-5-26 8:07 am');
  });
  it('the date changes with the zone near midnight', () => {
    expect(formatDate('2026-11-22T03:30:00Z', 1)).toBe('Nov-21-26');
    expect(formatDate('2026-11-22T06:30:00Z', 1)).toBe('Nov-22-26');
  });
});
