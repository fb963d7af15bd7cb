import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../../domain/platform/dates';
import { isLate, localDateText, plantDate, plantDateTime, plantSpan } from './plant-time';

describe('plant time texts (spec 000 §9)', () => {
  it('agree with domain/platform/dates.ts in every demo time zone, both sides of noon and midnight', () => {
    const instants = [
      '2026-03-08T09:30:00Z', // the night US clocks go forward
      '2026-11-01T06:15:00Z', // the night they go back
      '2026-07-04T00:00:00Z',
      '2026-12-31T23:59:00Z',
      '2026-05-05T12:05:00Z',
    ];
    for (const plant of [1, 2, 6, 19]) {
      for (const at of instants) {
        expect(plantDateTime(at, plant)).toBe(formatDateTime(at, plant));
        expect(localDateText(plantDate(at, plant))).toBe(formatDate(at, plant));
      }
    }
  });

  it('writes a known instant in Boise (plant 2, UTC-6 in summer)', () => {
    expect(plantDateTime('2026-07-06T12:00:00Z', 2)).toBe('Jul-6-26 6:00 am');
    expect(plantDateTime('2026-07-06T05:59:00Z', 2)).toBe('Jul-5-26 11:59 pm');
    expect(plantDate('2026-07-06T05:59:00Z', 2)).toBe('2026-07-05');
  });

  it('leaves out the end date when the task ends on the day it starts', () => {
    expect(plantSpan('2026-07-06T12:00:00Z', '2026-07-06T20:30:00Z', 2)).toBe('Jul-6-26 6:00 am – 2:30 pm');
    expect(plantSpan('2026-07-06T12:00:00Z', '2026-07-07T13:00:00Z', 2)).toBe(
      'Jul-6-26 6:00 am – Jul-7-26 7:00 am',
    );
  });

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
