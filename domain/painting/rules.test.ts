import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import { paintingTopic } from './live';
import { inRange, minutesUntilDue, nextReadingDue, readingProblem } from './rules';

const orange = { MinSeconds: 20, MaxSeconds: 26 };

describe('viscosity range', () => {
  it('is in range between the ends, ends included', () => {
    expect(inRange(20, orange)).toBe(true);
    expect(inRange(23.5, orange)).toBe(true);
    expect(inRange(26, orange)).toBe(true);
  });
  it('is out of range below the minimum or above the maximum', () => {
    expect(inRange(19.9, orange)).toBe(false);
    expect(inRange(26.1, orange)).toBe(false);
  });
  it('refuses seconds and temperatures nobody can read off a Zahn cup', () => {
    expect(readingProblem({ Seconds: 22, TemperatureF: 72 })).toBeNull();
    expect(readingProblem({ Seconds: 0, TemperatureF: 72 })).toBe(
      'Seconds must be between 5 and 120 (Zahn cup).',
    );
    expect(readingProblem({ Seconds: 500, TemperatureF: 72 })).toMatch(/^Seconds/);
    expect(readingProblem({ Seconds: 22, TemperatureF: 400 })).toBe(
      'TemperatureF must be between 32 and 140 °F.',
    );
    expect(readingProblem({ Seconds: Number.NaN, TemperatureF: 72 })).toMatch(/^Seconds/);
  });
});

describe('readings due', () => {
  const load = '2026-11-24T12:00:00.000Z';
  it('is due two hours after the last reading of the running load', () => {
    expect(nextReadingDue(load, '2026-11-24T13:10:00.000Z')).toBe('2026-11-24T15:10:00.000Z');
  });
  it('counts from the load start when the last reading is older than the load, or there is none', () => {
    expect(nextReadingDue(load, '2026-11-24T09:00:00.000Z')).toBe('2026-11-24T14:00:00.000Z');
    expect(nextReadingDue(load, null)).toBe('2026-11-24T14:00:00.000Z');
    expect(nextReadingDue(load, null, 60)).toBe('2026-11-24T13:00:00.000Z');
  });
  it('is not due when no load runs', () => {
    expect(nextReadingDue(null, '2026-11-24T13:10:00.000Z')).toBeNull();
  });
  it('says how many minutes are left, negative when overdue', () => {
    const due = '2026-11-24T14:00:00.000Z';
    expect(minutesUntilDue(due, Date.parse('2026-11-24T13:30:00.000Z'))).toBe(30);
    expect(minutesUntilDue(due, Date.parse('2026-11-24T14:05:00.000Z'))).toBe(-5);
    expect(minutesUntilDue(null, Date.now())).toBeNull();
  });
});

describe('painting topic', () => {
  it('painting:{ResourceID} is public; a malformed one matches no rule', () => {
    expect(authorizeTopic(null, paintingTopic('LV-PNT01'))).toBeNull();
    expect(authorizeTopic(null, 'painting:LV PNT01')).toBe('There is no topic named painting:LV PNT01.');
  });
});
