import { describe, expect, it } from 'vitest';
import { loadOf, type SummaryRow, summaryTotals } from './summary';

const row = (over: Partial<SummaryRow>): SummaryRow => ({
  ResourceID: 'IF-SAW01',
  Description: 'Saw',
  Tasks: 10,
  EstimatedMinutes: 600,
  CapacityMinutesNextWeek: 2400,
  LoadMinutesNextWeek: 1200,
  LateTasks: 0,
  LastEndAt: null,
  ...over,
});

describe('schedule summary', () => {
  it("next week's load against capacity: percentage, bar width capped at 100, level", () => {
    expect(loadOf(row({ LoadMinutesNextWeek: 1200, CapacityMinutesNextWeek: 2400 }))).toEqual({
      percent: 50,
      width: 50,
      level: 'ok',
    });
    expect(loadOf(row({ LoadMinutesNextWeek: 2100, CapacityMinutesNextWeek: 2400 })).level).toBe('high');
    expect(loadOf(row({ LoadMinutesNextWeek: 3000, CapacityMinutesNextWeek: 2400 }))).toEqual({
      percent: 125,
      width: 100,
      level: 'over',
    });
    expect(loadOf(row({ LoadMinutesNextWeek: 1000, CapacityMinutesNextWeek: 3000 })).percent).toBe(33.3);
  });

  it('a workcenter with no working time next week: no percentage; any load is over', () => {
    expect(loadOf(row({ LoadMinutesNextWeek: 0, CapacityMinutesNextWeek: 0 }))).toEqual({
      percent: null,
      width: 0,
      level: 'none',
    });
    expect(loadOf(row({ LoadMinutesNextWeek: 30, CapacityMinutesNextWeek: 0 }))).toEqual({
      percent: null,
      width: 100,
      level: 'over',
    });
  });

  it("the plant's line sums the workcenters and runs out with the last of them", () => {
    const totals = summaryTotals([
      row({ Tasks: 3, LateTasks: 1, LastEndAt: '2025-06-12T20:00:00.000Z' }),
      row({ Tasks: 4, LateTasks: 2, LastEndAt: '2025-06-13T01:00:00.000Z', LoadMinutesNextWeek: 600 }),
      row({ Tasks: 0, LastEndAt: null }),
    ]);
    expect(totals).toEqual({
      Tasks: 7,
      EstimatedMinutes: 1800,
      CapacityMinutesNextWeek: 7200,
      LoadMinutesNextWeek: 3000,
      LateTasks: 3,
      LastEndAt: '2025-06-13T01:00:00.000Z',
    });
  });
});
