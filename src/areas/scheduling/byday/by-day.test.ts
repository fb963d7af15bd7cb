import { describe, expect, it } from 'vitest';
import type { SchedulingCalendar } from '../../../../domain/scheduling/entities';
import { barSegments, type DayRow, dayTicks, dayWindow, groupByWorkcenter } from './by-day';

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
    // No settings given: the lanes in the order their rows came.
    expect(lanes.map((l) => [l.ResourceID, l.MinutesOnDay, l.Tasks.map((t) => t.ScheduleTaskID)])).toEqual([
      ['IF-SAW01', 210, [1, 3]],
      ['IF-PNT01', 120, [2]],
    ]);
    // Without the calendar: one bar over the task's part of the day.
    const saw = lanes[0]!.Tasks[0]!;
    expect([saw.segments, saw.before, saw.after]).toEqual([[{ left: 25, width: 8.3 }], false, false]);
    const night = lanes[1]!.Tasks[0]!;
    expect([night.segments, night.before, night.after]).toEqual([[{ left: 0, width: 8.3 }], true, false]);
  });

  it('lanes in the plant board order: settings SortOrder, then ResourceID; lanes without one last', () => {
    const rows = [
      row(1, 'B', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
      row(2, 'A', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
      row(3, 'C', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
      row(4, 'D', '2025-06-10T12:00:00Z', '2025-06-10T13:00:00Z', 60),
    ];
    const workcenters = new Map([
      ['C', { SortOrder: 10 }],
      ['D', { SortOrder: 20 }],
      ['B', { SortOrder: 20 }],
    ]);
    expect(groupByWorkcenter(rows, '2025-06-10', 'UTC', { workcenters }).map((l) => l.ResourceID)).toEqual([
      'C',
      'B',
      'D',
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
    const [bar] = lane!.Tasks[0]!.segments;
    expect(bar!.left + bar!.width).toBeCloseTo(100, 0);
  });
});

describe('schedule by day: bars over the working windows only', () => {
  // Idaho Falls (America/Boise, MDT = UTC-6 in June): the demo's default shifts, Monday to Friday
  // 06:00–14:30 and 14:30–23:00 (one window 06:00–23:00), a blade change on IF-SAW01 10:00–11:00 on
  // Tuesday 2025-06-10, and Independence Day, Friday 2025-07-04, a holiday.
  const shifts = [1, 2, 3, 4, 5].flatMap((day, i) => [
    {
      ShiftID: 2 * i + 1,
      PlantID: 2,
      ResourceID: null,
      Name: 'First',
      DayOfWeek: day,
      Start: '06:00',
      End: '14:30',
    },
    {
      ShiftID: 2 * i + 2,
      PlantID: 2,
      ResourceID: null,
      Name: 'Second',
      DayOfWeek: day,
      Start: '14:30',
      End: '23:00',
    },
  ]);
  const calendar: SchedulingCalendar = {
    PlantID: 2,
    TimeZone: 'America/Boise',
    Shifts: shifts,
    Holidays: [{ HolidayID: 1, PlantID: 2, Date: '2025-07-04', Description: 'Independence Day' }],
    Overrides: [
      {
        OverrideID: 1,
        PlantID: 2,
        ResourceID: 'IF-SAW01',
        Date: '2025-06-10',
        Start: '10:00',
        End: '11:00',
        Kind: 'Off',
        Description: 'Blade change',
      },
    ],
  };
  const tz = 'America/Boise';

  it('a task across a break is two bars, one on each side of it', () => {
    // 09:00–12:00 local with 10:00–11:00 off: works 09–10 and 11–12 (2 h on the day).
    const [lane] = groupByWorkcenter(
      [row(1, 'IF-SAW01', '2025-06-10T15:00:00Z', '2025-06-10T18:00:00Z', 120)],
      '2025-06-10',
      tz,
      { calendar },
    );
    // 09:00 is 37.5 % of the day, 11:00 45.8 %; an hour is 4.2 %.
    expect(lane!.Tasks[0]!.segments).toEqual([
      { left: 37.5, width: 4.2 },
      { left: 45.8, width: 4.2 },
    ]);
    // The blade change is IF-SAW01's alone: the same hours on another machine are one bar.
    const [other] = groupByWorkcenter(
      [row(2, 'IF-PCH01', '2025-06-10T15:00:00Z', '2025-06-10T18:00:00Z', 180)],
      '2025-06-10',
      tz,
      { calendar },
    );
    expect(other!.Tasks[0]!.segments).toEqual([{ left: 37.5, width: 12.5 }]);
  });

  it('a task across the night is drawn only in the working hours of the day shown', () => {
    const rows = [
      // Monday 22:00 to Tuesday 07:00 local: on Tuesday it works 06:00–07:00, not from midnight.
      row(1, 'IF-PCH01', '2025-06-10T04:00:00Z', '2025-06-10T13:00:00Z', 60),
      // Tuesday 20:00 to Wednesday 08:00 local: on Tuesday it works 20:00–23:00, not to midnight.
      row(2, 'IF-PCH01', '2025-06-11T02:00:00Z', '2025-06-11T14:00:00Z', 180),
    ];
    const [lane] = groupByWorkcenter(rows, '2025-06-10', tz, { calendar });
    expect(lane!.Tasks.map((t) => [t.ScheduleTaskID, t.segments, t.before, t.after])).toEqual([
      [1, [{ left: 25, width: 4.2 }], true, false],
      [2, [{ left: 83.3, width: 12.5 }], false, true],
    ]);
  });

  it('a task spanning a holiday has no bar on it; one of 0 minutes is a thin mark', () => {
    // Thursday 2025-07-03 20:00 to Monday 2025-07-07 07:00 local.
    const [lane] = groupByWorkcenter(
      [row(1, 'IF-PCH01', '2025-07-04T02:00:00Z', '2025-07-07T13:00:00Z', 0)],
      '2025-07-04',
      tz,
      { calendar },
    );
    expect(lane!.Tasks[0]!.segments).toEqual([]);
    const day = dayWindow('2025-06-10', tz);
    const at = Date.parse('2025-06-10T18:00:00Z'); // 12:00 local
    expect(barSegments(at, at, day.start, day.end, [])).toEqual([{ left: 50, width: 0.3 }]);
  });

  it('without windows (calendar not read yet) the whole span of the day is one bar', () => {
    const day = dayWindow('2025-06-10', tz);
    expect(
      barSegments(
        Date.parse('2025-06-10T04:00:00Z'),
        Date.parse('2025-06-10T13:00:00Z'),
        day.start,
        day.end,
        null,
      ),
    ).toEqual([{ left: 0, width: 29.2 }]);
  });
});
