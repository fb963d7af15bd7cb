import { describe, expect, it } from 'vitest';
import { type Adherence, adherenceText, adherenceTotals, defaultRange } from './adherence';

const row = (over: Partial<Adherence>): Adherence => ({
  ResourceID: 'IF-SAW01',
  Description: 'Saw',
  TasksDue: 0,
  TasksDone: 0,
  PiecesDue: 0,
  PiecesDone: 0,
  AdherencePercent: null,
  ...over,
});

describe('scheduling adherence', () => {
  it('opens on the last 7 days up to today', () => {
    expect(defaultRange('2025-03-03')).toEqual({ from: '2025-02-25', to: '2025-03-03' });
  });

  it('percent text and level; nothing due is a dash, not 0 %', () => {
    expect(adherenceText(95)).toEqual({ text: '95%', level: 'good' });
    expect(adherenceText(87.5)).toEqual({ text: '87.5%', level: 'fair' });
    expect(adherenceText(40)).toEqual({ text: '40%', level: 'poor' });
    expect(adherenceText(null)).toEqual({ text: '—', level: 'none' });
  });

  it("the plant's percentage weighs pieces, not workcenters", () => {
    const totals = adherenceTotals([
      row({ TasksDue: 1, TasksDone: 0, PiecesDue: 2, PiecesDone: 0, AdherencePercent: 0 }),
      row({ TasksDue: 10, TasksDone: 9, PiecesDue: 2000, PiecesDone: 1900, AdherencePercent: 95 }),
      row({}),
    ]);
    // An average of 0 % and 95 % would say 47.5 %.
    expect(totals).toEqual({
      TasksDue: 11,
      TasksDone: 9,
      PiecesDue: 2002,
      PiecesDone: 1900,
      AdherencePercent: 94.9,
    });
    expect(adherenceTotals([row({})]).AdherencePercent).toBeNull();
  });
});
