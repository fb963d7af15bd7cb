import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import { bayTopic, kpiTopic } from './live';
import {
  bayTotals,
  fromEarlierDay,
  hourlyPieces,
  peopleCounts,
  plantTargetAt,
  scrapPercent,
  shiftStart,
  targetAt,
  targetPieces,
  topDowntime,
  workingMinutes,
} from './rules';

const T = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;

describe('the shift so far', () => {
  it('starts at the first clock-in of the day, not before the day starts', () => {
    expect(shiftStart([T('12:10'), T('11:05'), T('13:00')], T('05:00'))).toBe(T('11:05'));
    expect(shiftStart([T('03:00')], T('05:00'))).toBe(T('05:00'));
    expect(shiftStart([], T('05:00'))).toBeNull();
  });
});

describe('a machine target', () => {
  const allShift = [{ Start: T('09:00'), End: null }];
  it('is the working minutes (someone on it, not down) over the minutes per piece', () => {
    expect(targetPieces(workingMinutes(allShift, [], T('10:00'), T('11:00')), 0.5)).toBe(120);
    expect(targetPieces(workingMinutes(allShift, [], T('10:00'), T('10:30')), 0.1)).toBe(300);
  });
  it('leaves downtime out, an open downtime up to now', () => {
    const downtime = [
      { Start: T('10:10'), End: T('10:20') },
      { Start: T('10:50'), End: null },
    ];
    expect(workingMinutes(allShift, downtime, T('10:00'), T('11:00'))).toBe(40);
  });
  it('counts only the time someone worked on the machine, overlaps once', () => {
    const staffed = [
      { Start: T('10:00'), End: T('10:20') },
      { Start: T('10:10'), End: T('10:30') },
      { Start: T('10:45'), End: null },
    ];
    expect(workingMinutes(staffed, [], T('10:00'), T('11:00'))).toBe(45);
    expect(workingMinutes(staffed, [{ Start: T('10:25'), End: T('10:50') }], T('10:00'), T('11:00'))).toBe(
      35,
    );
    expect(workingMinutes([], [], T('10:00'), T('11:00'))).toBe(0);
  });
  it('is 0 without a rate', () => {
    expect(targetPieces(60, null)).toBe(0);
    expect(targetPieces(60, 0)).toBe(0);
  });
});

describe('bay and plant figures', () => {
  it('bay totals add the rows', () => {
    expect(
      bayTotals([
        { Pieces: 10, TargetPieces: 12, ScrapPieces: 1, DowntimeMinutes: 5.5 },
        { Pieces: 30, TargetPieces: 25, ScrapPieces: 0, DowntimeMinutes: 0 },
      ]),
    ).toEqual({ Pieces: 40, TargetPieces: 37, ScrapPieces: 1, DowntimeMinutes: 5.5 });
  });
  it('scrap % is of everything made', () => {
    expect(scrapPercent(95, 5)).toBe(5);
    expect(scrapPercent(2, 1)).toBe(33.3);
    expect(scrapPercent(0, 0)).toBe(0);
  });
  it('top downtime reasons sum each event within the window, largest first', () => {
    const events = [
      { Reason: 'Changeover', Start: T('09:00'), End: T('10:15') },
      { Reason: 'Breakdown', Start: T('10:30'), End: T('10:40') },
      { Reason: 'Breakdown', Start: T('10:35'), End: T('10:55') },
      { Reason: 'Waiting for material', Start: T('10:50'), End: null },
    ];
    expect(topDowntime(events, T('10:00'), T('11:00'))).toEqual([
      { Reason: 'Breakdown', Minutes: 30 },
      { Reason: 'Changeover', Minutes: 15 },
      { Reason: 'Waiting for material', Minutes: 10 },
    ]);
    expect(topDowntime(events, T('10:00'), T('11:00'), 1)).toEqual([{ Reason: 'Breakdown', Minutes: 30 }]);
  });
  it('people are direct on a machine, indirect by code, or idle; not clocked in: not counted', () => {
    expect(
      peopleCounts([
        { ClockedIn: true, Machine: 'LV-RF01', Indirect: null },
        { ClockedIn: true, Machine: 'LV-RF01', Indirect: null },
        { ClockedIn: true, Machine: null, Indirect: 'Cleaning' },
        { ClockedIn: true, Machine: null, Indirect: null },
        { ClockedIn: false, Machine: null, Indirect: null },
      ]),
    ).toEqual({ Direct: 2, Indirect: 1, Idle: 1 });
  });
  it('pieces per hour from the shift start hour to now, empty hours included', () => {
    const done = [
      { RecordedAt: T('10:20'), Quantity: 5 },
      { RecordedAt: T('10:50'), Quantity: 7 },
      { RecordedAt: T('12:05'), Quantity: 3 },
      { RecordedAt: T('09:59'), Quantity: 100 },
    ];
    expect(hourlyPieces(done, T('10:15'), T('12:30'))).toEqual([
      { Hour: T('10:00'), Pieces: 12 },
      { Hour: T('11:00'), Pieces: 0 },
      { Hour: T('12:00'), Pieces: 3 },
    ]);
    expect(hourlyPieces(done, null, T('12:30'))).toEqual([]);
  });
});

describe('board topics', () => {
  it('bay:{BayNumber} and kpi:{PlantID} are public; malformed ones match no rule', () => {
    expect(authorizeTopic(null, bayTopic(1))).toBeNull();
    expect(authorizeTopic(null, kpiTopic(1))).toBeNull();
    expect(authorizeTopic(null, 'bay:0')).toBe('There is no topic named bay:0.');
    expect(authorizeTopic(null, 'kpi:x')).toBe('There is no topic named kpi:x.');
  });
});

describe('targets between writes', () => {
  const row = { WorkingMinutes: 60, MinutesPerPiece: 2, DownReason: null, Operators: ['Ana'] };
  it('a running machine target grows with the clock since AsOf', () => {
    expect(targetAt(row, T('11:00'), Date.parse(T('11:00')))).toBe(30);
    expect(targetAt(row, T('11:00'), Date.parse(T('11:10')))).toBe(35);
  });
  it('a machine that is down, has nobody on it or has no rate, does not grow', () => {
    expect(targetAt({ ...row, DownReason: 'Breakdown' }, T('11:00'), Date.parse(T('11:10')))).toBe(30);
    expect(targetAt({ ...row, Operators: [] }, T('11:00'), Date.parse(T('11:10')))).toBe(30);
    expect(targetAt({ ...row, MinutesPerPiece: null }, T('11:00'), Date.parse(T('11:10')))).toBe(0);
  });
  it('the plant target adds its running rate since AsOf', () => {
    expect(
      plantTargetAt({ TargetPieces: 100, TargetPiecesPerMinute: 2.5 }, T('11:00'), Date.parse(T('11:04'))),
    ).toBe(110);
  });
});

describe('a document of an earlier day', () => {
  it('is told apart by the plant day, not the UTC day', () => {
    // 03:00 UTC on the 25th is still the 24th in New York.
    expect(fromEarlierDay(T('20:00'), Date.parse('2026-11-25T03:00:00.000Z'), 'America/New_York')).toBe(
      false,
    );
    expect(fromEarlierDay(T('20:00'), Date.parse('2026-11-25T06:00:00.000Z'), 'America/New_York')).toBe(true);
    expect(fromEarlierDay(T('20:00'), Date.parse(T('21:00')), 'America/New_York')).toBe(false);
  });
});
