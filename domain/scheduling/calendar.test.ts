import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  localDateOf,
  localInstant,
  scheduleLane,
  workingMinutesBetween,
  workingWindowsBetween,
} from './calendar';

dayjs.extend(utc);
dayjs.extend(timezone);

import type { Holiday, Override, SchedulingCalendar, Shift } from './entities';

// Tests run with TZ=UTC; the plants below are not in UTC, so every expectation is a real conversion.
const BOISE = 'America/Boise'; // plant 2: MST (UTC-7) in November, MDT (UTC-6) in summer
const CHICAGO = 'America/Chicago'; // plant 6: DST starts 2026-03-08 02:00

let nextId = 1;
const shift = (day: number, Start: string, End: string, ResourceID: string | null = null): Shift => ({
  ShiftID: nextId++,
  PlantID: 2,
  ResourceID,
  Name: `${Start}-${End}`,
  DayOfWeek: day,
  Start,
  End,
});
const weekdays = (Start: string, End: string, ResourceID: string | null = null) =>
  [1, 2, 3, 4, 5].map((d) => shift(d, Start, End, ResourceID));
const holiday = (date: string): Holiday => ({
  HolidayID: nextId++,
  PlantID: 2,
  Date: date,
  Description: 'Holiday',
});
const override = (
  date: string,
  Start: string,
  End: string,
  Kind: 'Work' | 'Off',
  ResourceID: string | null = null,
): Override => ({
  OverrideID: nextId++,
  PlantID: 2,
  ResourceID,
  Date: date,
  Start,
  End,
  Kind,
  Description: '',
});

const calendar = (parts: Partial<SchedulingCalendar>): SchedulingCalendar => ({
  PlantID: 2,
  TimeZone: BOISE,
  Shifts: weekdays('06:00', '14:30'),
  Holidays: [],
  Overrides: [],
  ...parts,
});

describe('scheduleLane', () => {
  it('starts at the first shift of the start date, plant-local (Boise 06:00 MST = 13:00 UTC)', () => {
    // 2026-11-25 is a Wednesday.
    const [t] = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-25', 100, [300]);
    expect(t).toEqual({ StartAt: '2026-11-25T13:00:00.000Z', EndAt: '2026-11-25T18:00:00.000Z' });
  });

  it('a task that crosses the end of a shift and a holiday pauses until the next working shift', () => {
    // Wednesday 06:00–14:30 (510 min). Task 1 takes 300 (06:00–11:00). Task 2 needs 400: 210 on
    // Wednesday (11:00–14:30), Thursday 2026-11-26 is Thanksgiving, the last 190 run Friday 06:00–09:10.
    const cal = calendar({ Holidays: [holiday('2026-11-26')] });
    const [a, b, c] = scheduleLane(cal, 'IDF-RF01', '2026-11-25', 100, [300, 400, 60]);
    expect(a).toEqual({ StartAt: '2026-11-25T13:00:00.000Z', EndAt: '2026-11-25T18:00:00.000Z' });
    expect(b).toEqual({ StartAt: '2026-11-25T18:00:00.000Z', EndAt: '2026-11-27T16:10:00.000Z' });
    // The next task starts where the previous ended.
    expect(c).toEqual({ StartAt: '2026-11-27T16:10:00.000Z', EndAt: '2026-11-27T17:10:00.000Z' });
  });

  it('without the holiday the same task ends on Thursday: the holiday is what moved it', () => {
    const [, b] = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-25', 100, [300, 400]);
    expect(b?.EndAt).toBe('2026-11-26T16:10:00.000Z');
  });

  it('skips the weekend: a task ending Friday after the shift continues Monday', () => {
    // Friday 2026-11-27 06:00–14:30 is 510 minutes; 600 minutes leave 90 for Monday 06:00–07:30.
    const [t] = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-27', 100, [600]);
    expect(t).toEqual({ StartAt: '2026-11-27T13:00:00.000Z', EndAt: '2026-11-30T14:30:00.000Z' });
  });

  it('a lane at 80% efficiency takes 125 working minutes for 100 planned', () => {
    const [t] = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-25', 80, [100]);
    expect(t?.EndAt).toBe('2026-11-25T15:05:00.000Z');
  });

  it("a resource's own shifts replace the plant's: a night shift 22:00–06:00 runs past midnight", () => {
    const cal = calendar({
      Shifts: [...weekdays('06:00', '14:30'), ...weekdays('22:00', '06:00', 'IDF-WLD01')],
    });
    const [t] = scheduleLane(cal, 'IDF-WLD01', '2026-11-25', 100, [600]);
    // Tuesday's night shift is still running at Wednesday 00:00 MST (07:00Z): 360 minutes to 06:00, then
    // Wednesday 22:00 (Thursday 05:00Z) + 240 = Thursday 02:00 local.
    expect(t).toEqual({ StartAt: '2026-11-25T07:00:00.000Z', EndAt: '2026-11-26T09:00:00.000Z' });
    // Another resource keeps the plant's default.
    expect(scheduleLane(cal, 'IDF-RF01', '2026-11-25', 100, [60])[0]?.StartAt).toBe(
      '2026-11-25T13:00:00.000Z',
    );
  });

  it('a night shift that started the day before the start date still counts', () => {
    const cal = calendar({ Shifts: weekdays('22:00', '06:00') });
    // Start date Thursday: Wednesday's night shift runs until Thursday 06:00 local; the lane starts at
    // Thursday 00:00 local (07:00Z) inside it.
    const [t] = scheduleLane(cal, 'IDF-RF01', '2026-11-26', 100, [60]);
    expect(t).toEqual({ StartAt: '2026-11-26T07:00:00.000Z', EndAt: '2026-11-26T08:00:00.000Z' });
  });

  it('a Work override adds a Saturday; an Off override of one resource cuts its Friday morning only', () => {
    const cal = calendar({
      Overrides: [
        override('2026-11-28', '08:00', '12:00', 'Work'),
        override('2026-11-27', '06:00', '08:00', 'Off', 'IDF-RF01'),
      ],
    });
    // Friday RF01 works 08:00–14:30 (390 min); 450 minutes leave 60 for Saturday 08:00–09:00.
    const [t] = scheduleLane(cal, 'IDF-RF01', '2026-11-27', 100, [450]);
    expect(t).toEqual({ StartAt: '2026-11-27T15:00:00.000Z', EndAt: '2026-11-28T16:00:00.000Z' });
    // PCH01 is not cut: 450 minutes fit Friday 06:00–13:30.
    const [p] = scheduleLane(cal, 'IDF-PCH01', '2026-11-27', 100, [450]);
    expect(p).toEqual({ StartAt: '2026-11-27T13:00:00.000Z', EndAt: '2026-11-27T20:30:00.000Z' });
  });

  it('a Work override on a holiday wins over the holiday', () => {
    const cal = calendar({
      Holidays: [holiday('2026-11-26')],
      Overrides: [override('2026-11-26', '06:00', '10:00', 'Work')],
    });
    const [t] = scheduleLane(cal, 'IDF-RF01', '2026-11-26', 100, [240]);
    expect(t).toEqual({ StartAt: '2026-11-26T13:00:00.000Z', EndAt: '2026-11-26T17:00:00.000Z' });
  });

  it('a task of 0 minutes starts and ends at the next working minute', () => {
    const [z, t] = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-28', 100, [0, 30]);
    // Saturday: nothing runs, so Monday 06:00.
    expect(z).toEqual({ StartAt: '2026-11-30T13:00:00.000Z', EndAt: '2026-11-30T13:00:00.000Z' });
    expect(t?.StartAt).toBe('2026-11-30T13:00:00.000Z');
  });

  it('a calendar without working time gives no times instead of looping', () => {
    const out = scheduleLane(calendar({ Shifts: [] }), 'IDF-RF01', '2026-11-25', 100, [10, 10]);
    expect(out).toEqual([
      { StartAt: null, EndAt: null },
      { StartAt: null, EndAt: null },
    ]);
  });

  it('recomputes when a holiday is added: the same lane moves a day later', () => {
    const before = scheduleLane(calendar({}), 'IDF-RF01', '2026-11-25', 100, [510, 60]);
    const after = scheduleLane(
      calendar({ Holidays: [holiday('2026-11-26')] }),
      'IDF-RF01',
      '2026-11-25',
      100,
      [510, 60],
    );
    expect(before[1]?.StartAt).toBe('2026-11-26T13:00:00.000Z');
    expect(after[1]?.StartAt).toBe('2026-11-27T13:00:00.000Z');
  });
});

describe('workingMinutesBetween', () => {
  it('counts overlapping shifts once (06:00–14:30 and 14:00–22:00 are 960 minutes, not 990)', () => {
    const cal = calendar({ Shifts: [...weekdays('06:00', '14:30'), ...weekdays('14:00', '22:00')] });
    expect(
      workingMinutesBetween(cal, 'IDF-RF01', '2026-11-25T07:00:00.000Z', '2026-11-26T07:00:00.000Z'),
    ).toBe(960);
  });

  it('a night shift across the spring-forward night in Chicago is 7 hours, not 8', () => {
    const cal = calendar({ TimeZone: CHICAGO, Shifts: [shift(6, '22:00', '06:00')] });
    // Saturday 2026-03-07 22:00 CST to Sunday 06:00 CDT.
    expect(
      workingMinutesBetween(cal, 'DYB-RF01', '2026-03-07T00:00:00.000Z', '2026-03-09T00:00:00.000Z'),
    ).toBe(420);
  });

  it('clips to the range and is 0 for an empty range', () => {
    const cal = calendar({});
    // Wednesday 2026-11-25 from 10:00 local (17:00Z) to the end of the day: 10:00–14:30 = 270.
    expect(
      workingMinutesBetween(cal, 'IDF-RF01', '2026-11-25T17:00:00.000Z', '2026-11-26T07:00:00.000Z'),
    ).toBe(270);
    expect(
      workingMinutesBetween(cal, 'IDF-RF01', '2026-11-25T17:00:00.000Z', '2026-11-25T17:00:00.000Z'),
    ).toBe(0);
  });
});

describe('helpers', () => {
  it('workingWindowsBetween answers the windows of a local day, clipped', () => {
    const cal = calendar({});
    expect(
      workingWindowsBetween(cal, 'IDF-RF01', '2026-11-25T07:00:00.000Z', '2026-11-26T07:00:00.000Z'),
    ).toEqual([{ Start: '2026-11-25T13:00:00.000Z', End: '2026-11-25T21:30:00.000Z' }]);
  });

  it('addDays crosses months and years; localDateOf uses the plant zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // 03:00Z on the 26th is still the 25th in Boise.
    expect(localDateOf('2026-11-26T03:00:00.000Z', BOISE)).toBe('2026-11-25');
  });
});

describe('localInstant', () => {
  it('agrees with dayjs.tz on every half hour of both DST change days and an ordinary day', () => {
    for (const tz of [CHICAGO, BOISE, 'America/Monterrey', 'America/New_York']) {
      for (const date of ['2026-03-08', '2026-11-01', '2026-07-15']) {
        for (let h = 0; h < 24; h++) {
          for (const m of ['00', '30']) {
            const time = `${String(h).padStart(2, '0')}:${m}`;
            // 01:00–01:59 happens twice on the fall-back night; see the next test.
            if (date === '2026-11-01' && h === 1 && tz !== 'America/Monterrey') continue;
            expect(localInstant(date, time, tz), `${tz} ${date} ${time}`).toBe(
              dayjs.tz(`${date} ${time}`, tz).valueOf(),
            );
          }
        }
      }
    }
  });

  it('a clock time that happens twice (fall back) is its first occurrence: 01:30 CDT, not CST', () => {
    expect(new Date(localInstant('2026-11-01', '01:30', CHICAGO)).toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('a clock time that does not exist (spring forward) lands an hour later: 02:30 is 03:30 CDT', () => {
    expect(new Date(localInstant('2026-03-08', '02:30', CHICAGO)).toISOString()).toBe(
      '2026-03-08T08:30:00.000Z',
    );
  });
});
