import { describe, expect, it } from 'vitest';
import { formatClock, formatLocalDate, fromLocalInput, mondayOf, todayIn, toLocalInput } from './format';

describe('plant-local time of the time-clock screens', () => {
  it('a datetime-local value is read and written in the plant’s zone, not the browser’s', () => {
    // Plant 1 is New York (UTC-5 in December), plant 2 Boise (UTC-7).
    expect(toLocalInput('2026-12-21T12:05:00.000Z', 1)).toBe('2026-12-21T07:05');
    expect(toLocalInput('2026-12-21T12:05:00.000Z', 2)).toBe('2026-12-21T05:05');
    expect(fromLocalInput('2026-12-21T07:05', 1)).toBe('2026-12-21T12:05:00.000Z');
    expect(fromLocalInput('', 1)).toBeNull();
    expect(toLocalInput(null, 1)).toBe('');
  });

  it('clock times, today and dates in the plant', () => {
    expect(formatClock('2026-12-21T12:05:00.000Z', 1)).toBe('7:05 am');
    expect(todayIn(1, Date.parse('2026-12-22T03:00:00Z'))).toBe('2026-12-21');
    expect(formatLocalDate('2026-12-21', 'en')).toBe('Mon Dec-21-26');
    expect(formatLocalDate('2026-12-21', 'es')).toBe('Lun. Dec-21-26');
  });

  it('the Monday of a week', () => {
    expect(mondayOf('2026-12-21')).toBe('2026-12-21');
    expect(mondayOf('2026-12-27')).toBe('2026-12-21');
    expect(mondayOf('2026-12-23')).toBe('2026-12-21');
  });
});
