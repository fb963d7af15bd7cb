import { describe, expect, it } from 'vitest';
import { formatPlantDateTime } from '../shopfloor/rules';
import {
  dateRange,
  minutesByDate,
  payrollWeekHours,
  punchEditProblem,
  punchFlags,
  timecardWeek,
  weekOvertime,
} from './rules';

const NY = 'America/New_York';

describe('hours from punches', () => {
  it('splits a punch at plant-local midnight and counts an open one until now', () => {
    // 22:00 Dec 21 → 02:00 Dec 22 New York (UTC-5).
    const m = minutesByDate(
      [{ Start: '2026-12-22T03:00:00Z', End: '2026-12-22T07:00:00Z' }],
      NY,
      '2026-12-23T00:00:00Z',
    );
    expect(Object.fromEntries(m)).toEqual({ '2026-12-21': 120, '2026-12-22': 120 });
    const open = minutesByDate([{ Start: '2026-12-22T12:00:00Z', End: null }], NY, '2026-12-22T13:30:00Z');
    expect(open.get('2026-12-22')).toBe(90);
  });

  it('overtime is paid hours of the week above 40', () => {
    expect(weekOvertime(45.5)).toEqual({ RegularHours: 40, OvertimeHours: 5.5 });
    expect(weekOvertime(39)).toEqual({ RegularHours: 39, OvertimeHours: 0 });
  });

  it('a timecard week: daily paid hours, direct and indirect, overtime', () => {
    // Five 9-hour days Monday Dec 21 – Friday Dec 25 (07:00–16:00 New York = 12:00–21:00Z).
    const days = ['21', '22', '23', '24', '25'];
    const punches = days.map((d) => ({ Start: `2026-12-${d}T12:00:00Z`, End: `2026-12-${d}T21:00:00Z` }));
    const direct = [{ Start: '2026-12-21T12:00:00Z', End: '2026-12-21T18:00:00Z' }];
    const indirect = [{ Start: '2026-12-21T18:00:00Z', End: '2026-12-21T19:30:00Z' }];
    const w = timecardWeek('2026-12-23', punches, direct, indirect, NY, '2026-12-28T00:00:00Z');
    expect(w.Days.map((d) => d.Date)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(w.Days.map((d) => d.PaidHours)).toEqual([9, 9, 9, 9, 9, 0, 0]);
    expect([w.TotalHours, w.RegularHours, w.OvertimeHours]).toEqual([45, 40, 5]);
    expect([w.DirectHours, w.IndirectHours]).toEqual([6, 1.5]);
  });
});

describe('punch flags', () => {
  it('an open punch past its plant day is a missing punch-out; over 12 h a long shift', () => {
    const p = { ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: null };
    expect(punchFlags(p, NY, '2026-12-21T20:00:00Z')).toEqual({
      MissingOut: false,
      LongShift: false,
      Minutes: 480,
    });
    // Midnight New York of Dec 22 is 05:00Z.
    expect(punchFlags(p, NY, '2026-12-22T05:00:00Z').MissingOut).toBe(true);
    const long = { ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: '2026-12-22T00:30:00Z' };
    expect(punchFlags(long, NY, '2026-12-23T00:00:00Z')).toEqual({
      MissingOut: false,
      LongShift: true,
      Minutes: 750,
    });
    const twelve = { ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: '2026-12-22T00:00:00Z' };
    expect(punchFlags(twelve, NY, '2026-12-23T00:00:00Z').LongShift).toBe(false);
  });
});

describe('punch corrections', () => {
  const others = [
    { ClockPunchID: 1, ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: '2026-12-21T21:00:00Z' },
    { ClockPunchID: 2, ClockedInAt: '2026-12-22T12:00:00Z', ClockedOutAt: null },
  ];
  const now = '2026-12-22T15:00:00Z';
  const problem = (edit: { ClockPunchID: number; ClockedInAt: string; ClockedOutAt: string | null }) =>
    punchEditProblem(edit, others, now, NY, formatPlantDateTime);

  it('accepts a correction that stays clear of the other punches', () => {
    expect(
      problem({ ClockPunchID: 1, ClockedInAt: '2026-12-21T11:30:00Z', ClockedOutAt: '2026-12-21T22:00:00Z' }),
    ).toBeNull();
    expect(problem({ ClockPunchID: 2, ClockedInAt: '2026-12-22T11:00:00Z', ClockedOutAt: null })).toBeNull();
  });

  it('refuses out before in, the future, overlaps and a second open punch', () => {
    expect(
      problem({ ClockPunchID: 1, ClockedInAt: '2026-12-21T21:00:00Z', ClockedOutAt: '2026-12-21T12:00:00Z' }),
    ).toBe('The punch-out must be after the punch-in.');
    expect(
      problem({ ClockPunchID: 1, ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: '2026-12-23T12:00:00Z' }),
    ).toBe('A punch cannot be in the future.');
    expect(
      problem({ ClockPunchID: 1, ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: '2026-12-22T13:00:00Z' }),
    ).toBe('It overlaps the punch of Dec-22-26 7:00 am – now.');
    expect(problem({ ClockPunchID: 2, ClockedInAt: '2026-12-21T20:00:00Z', ClockedOutAt: null })).toBe(
      'It overlaps the punch of Dec-21-26 7:00 am – Dec-21-26 4:00 pm.',
    );
    expect(problem({ ClockPunchID: 1, ClockedInAt: '2026-12-20T12:00:00Z', ClockedOutAt: null })).toBe(
      'There is already an open punch since Dec-22-26 7:00 am: only one punch can be open.',
    );
  });

  it('a date range is ordered and at most 62 days', () => {
    expect(dateRange('2026-12-21', '2026-12-23')).toEqual(['2026-12-21', '2026-12-22', '2026-12-23']);
    expect(dateRange('2026-12-23', '2026-12-21')).toBeNull();
    expect(dateRange('2026-01-01', '2026-12-31')).toBeNull();
  });
});

describe('payroll hours from clocked hours', () => {
  it('regular until the week has 40, the rest overtime; a day at most 24', () => {
    expect(payrollWeekHours([9, 9, 9, 9, 9, 0, 0])).toEqual([
      { RegularHours: 9, OvertimeHours: 0 },
      { RegularHours: 9, OvertimeHours: 0 },
      { RegularHours: 9, OvertimeHours: 0 },
      { RegularHours: 9, OvertimeHours: 0 },
      { RegularHours: 4, OvertimeHours: 5 },
      { RegularHours: 0, OvertimeHours: 0 },
      { RegularHours: 0, OvertimeHours: 0 },
    ]);
    expect(payrollWeekHours([25, 7.333])).toEqual([
      { RegularHours: 24, OvertimeHours: 0 },
      { RegularHours: 7.33, OvertimeHours: 0 },
    ]);
  });
});
