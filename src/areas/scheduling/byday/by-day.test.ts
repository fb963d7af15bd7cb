import { describe, expect, it } from 'vitest';
import { type DayRow, dayTicks, dayWindow, groupByWorkcenter } from './by-day';

const row = (id: number, resource: string, start: string, end: string, minutes: number): DayRow => ({
  ResourceID: resource,
  ScheduleTaskID: id,
  JobNumber: `J${id}`,
  PartNum: 'P',
  OperationQty: 1,
  StartAt: start,
  EndAt: end,
  MinutesOnDay: minutes,
});

describe('schedule by day', () => {
  it('the day is midnight to midnight in the plant zone (Boise, summer: UTC-6)', () => {
    const w = dayWindow('2025-06-10', 'America/Boise');
    expect(new Date(w.start).toISOString()).toBe('2025-06-10T06:00:00.000Z');
    expect(new Date(w.end).toISOString()).toBe('2025-06-11T06:00:00.000Z');
  });

  it('groups by workcenter, tasks in start order, minutes on the day summed, bars placed in plant time', () => {
    const lanes = groupByWorkcenter(
      [
        row(3, 'IF-SAW01', '2025-06-10T14:00:00Z', '2025-06-10T15:30:00Z', 90),
        // 06:00–08:00 Boise
        row(1, 'IF-SAW01', '2025-06-10T12:00:00Z', '2025-06-10T14:00:00Z', 120),
        // began 22:00 the evening before, ends 02:00: only 2 hours of it are on the day
        row(2, 'IF-PNT01', '2025-06-10T04:00:00Z', '2025-06-10T08:00:00Z', 120),
      ],
      '2025-06-10',
      'America/Boise',
    );
    expect(lanes.map((l) => [l.ResourceID, l.MinutesOnDay, l.Tasks.map((t) => t.ScheduleTaskID)])).toEqual([
      ['IF-PNT01', 120, [2]],
      ['IF-SAW01', 210, [1, 3]],
    ]);
    const saw = lanes[1]!.Tasks[0]!;
    expect([saw.left, saw.width, saw.before, saw.after]).toEqual([25, 8.3, false, false]);
    const night = lanes[0]!.Tasks[0]!;
    expect([night.left, night.width, night.before, night.after]).toEqual([0, 8.3, true, false]);
  });

  it('lanes follow the order given (the schedule settings), unknown ones after, by name', () => {
    const rows = [
      row(1, 'B', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
      row(2, 'A', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
      row(3, 'C', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
    ];
    expect(groupByWorkcenter(rows, '2025-06-10', 'UTC', ['C', 'B']).map((l) => l.ResourceID)).toEqual([
      'C',
      'B',
      'A',
    ]);
  });

  it('on the spring-forward day the bar spans 23 hours, and 6 am sits at 6/23 of it', () => {
    const w = dayWindow('2025-03-09', 'America/Boise');
    expect((w.end - w.start) / 3_600_000).toBe(23);
    expect(dayTicks('2025-03-09', 'America/Boise').map((t) => [t.label, t.left])).toEqual([
      ['6 am', 21.7],
      ['12 pm', 47.8],
      ['6 pm', 73.9],
    ]);
    // A task running to 01:00 the next day ends past the bar.
    const [lane] = groupByWorkcenter(
      [row(1, 'X', '2025-03-10T00:00:00Z', '2025-03-10T07:00:00Z', 360)],
      '2025-03-09',
      'America/Boise',
    );
    expect(lane!.Tasks[0]!.after).toBe(true);
    expect(lane!.Tasks[0]!.left + lane!.Tasks[0]!.width).toBeCloseTo(100, 0);
  });
});
