import { describe, expect, it } from 'vitest';
import { formatLocalDate } from '../common/format';
import { defaultReportRange, type ReportRow, reportHeading, reportTotals } from './report';

const task = (id: number, over: Partial<ReportRow>): ReportRow =>
  ({ ScheduleTaskID: id, EstimatedMinutes: 60, OperationQty: 10, Late: false, ...over }) as ReportRow;

describe('scheduling report', () => {
  it('opens on today and the next 6 days', () => {
    expect(defaultReportRange('2025-12-29')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('totals count the late rows', () => {
    expect(
      reportTotals([
        task(1, {}),
        task(2, { Late: true, EstimatedMinutes: 30.25 }),
        task(3, { Late: true, OperationQty: 5 }),
      ]),
    ).toEqual({ tasks: 3, minutes: 150.3, pieces: 25, late: 2 });
  });

  it('the printed heading names the schedule, the workcenter and the days', () => {
    expect(reportHeading('IDF', null, '2025-06-09', '2025-06-15', formatLocalDate)).toBe(
      'IDF, all workcenters: Jun-9-25 to Jun-15-25',
    );
    expect(reportHeading('IDF', 'IF-SAW01', '2025-06-09', '2025-06-09', formatLocalDate)).toBe(
      'IDF, IF-SAW01: Jun-9-25',
    );
  });
});
