import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatHours,
  formatLocalDate,
  formatMinutes,
  rangeError,
  shiftDate,
  todayIn,
} from './format';

describe('scheduling formats', () => {
  it("today is the plant's date, not the browser's (03:30 UTC is still the evening before in Boise)", () => {
    const at = Date.parse('2025-06-10T03:30:00Z');
    expect(todayIn('America/Boise', at)).toBe('2025-06-09');
    expect(todayIn('America/New_York', at)).toBe('2025-06-09');
    expect(todayIn('UTC', at)).toBe('2025-06-10');
  });

  it('a plant-local date prints as MMM-D-YY without moving through a zone', () => {
    expect(formatLocalDate('2025-01-01')).toBe('Jan-1-25');
    expect(formatLocalDate('2025-12-31')).toBe('Dec-31-25');
  });

  it('clock times are in the plant zone, with DST', () => {
    expect(formatClock('2025-06-10T12:00:00Z', 'America/Boise')).toBe('6:00 am');
    expect(formatClock('2025-01-10T12:00:00Z', 'America/Boise')).toBe('5:00 am');
    expect(formatClock('2025-01-10T12:00:00Z', 'America/Monterrey')).toBe('6:00 am');
  });

  it('hours with one decimal, minutes whole', () => {
    expect(formatHours(90)).toBe('1.5 h');
    expect(formatHours(0)).toBe('0.0 h');
    expect(formatHours(123_456)).toBe('2,057.6 h');
    expect(formatMinutes(1234.56)).toBe('1,235 min');
  });

  it('previous and next day cross months and years', () => {
    expect(shiftDate('2025-03-01', -1)).toBe('2025-02-28');
    expect(shiftDate('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('a range needs two dates, From on or before To', () => {
    expect(rangeError('2025-06-01', '2025-06-07')).toBeNull();
    expect(rangeError('2025-06-07', '2025-06-07')).toBeNull();
    expect(rangeError('2025-06-08', '2025-06-07')).toBe('From must be on or before To');
    expect(rangeError('', '2025-06-07')).toBe('From must be a date');
    expect(rangeError('2025-06-01', '06/07/2025')).toBe('To must be a date');
  });
});
