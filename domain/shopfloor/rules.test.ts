import { describe, expect, it } from 'vitest';
import {
  clockInProblem,
  clockOutProblem,
  completionProblem,
  deriveFace,
  endDowntimeProblem,
  type FaceInputs,
  faceboardDoc,
  figuresAt,
  formatPlantDateTime,
  idleSince,
  minutesWithin,
  plantDay,
  productionFigures,
  startActivityProblem,
  startDowntimeProblem,
} from './rules';

const CHICAGO = 'America/Chicago'; // plant 6: UTC-6 in December
const MONTERREY = 'America/Monterrey'; // plant 19: UTC-6 all year

describe('clocking', () => {
  it('clocking in twice is refused with the plant-local time of the open punch', () => {
    expect(clockInProblem(null, 'Dana Whitfield', CHICAGO)).toBeNull();
    expect(clockInProblem({ ClockedInAt: '2026-12-21T12:05:00.000Z' }, 'Dana Whitfield', CHICAGO)).toBe(
      'Dana Whitfield is already clocked in since Dec-21-26 6:05 am.',
    );
  });

  it('clocking out needs an open punch', () => {
    expect(clockOutProblem(null, 'Luis Romero')).toBe('Luis Romero is not clocked in.');
    expect(clockOutProblem({ ClockedInAt: '2026-12-21T12:00:00Z' }, 'Luis Romero')).toBeNull();
  });

  it('starting an activity needs an open punch', () => {
    expect(startActivityProblem(null, 'Luis Romero')).toBe(
      'Luis Romero is not clocked in: clock in before starting an activity.',
    );
    expect(startActivityProblem({ ClockedInAt: '2026-12-21T12:00:00Z' }, 'Luis Romero')).toBeNull();
  });

  it('formats spec 000 §9 datetimes in the plant zone (PM, midnight)', () => {
    expect(formatPlantDateTime('2026-12-21T20:30:00Z', 'America/New_York')).toBe('Dec-21-26 3:30 pm');
    expect(formatPlantDateTime('2026-07-01T06:00:00Z', MONTERREY)).toBe('Jul-1-26 12:00 am');
  });
});

describe('completions', () => {
  const open = { Direct: true, EndedAt: null };
  it('accepts good pieces, scrap with a reason, or both', () => {
    expect(completionProblem({ activity: open, Quantity: 12, ScrapQuantity: 0 })).toBeNull();
    expect(
      completionProblem({ activity: open, Quantity: 0, ScrapQuantity: 2, ScrapReason: 'Bent' }),
    ).toBeNull();
    expect(
      completionProblem({ activity: open, Quantity: 10, ScrapQuantity: 1, ScrapReason: 'Burr' }),
    ).toBeNull();
  });
  it('refuses what the rules forbid, with a sentence', () => {
    expect(completionProblem({ activity: null, Quantity: 1, ScrapQuantity: 0 })).toBe(
      'There is no such activity.',
    );
    expect(
      completionProblem({ activity: { Direct: false, EndedAt: null }, Quantity: 1, ScrapQuantity: 0 }),
    ).toBe('Pieces can be reported only on a direct (machine) activity.');
    expect(
      completionProblem({
        activity: { Direct: true, EndedAt: '2026-12-21T13:00:00Z' },
        Quantity: 1,
        ScrapQuantity: 0,
      }),
    ).toBe('That activity has ended: pieces go on an open activity.');
    expect(completionProblem({ activity: open, Quantity: -1, ScrapQuantity: 0 })).toBe(
      'Quantity cannot be negative.',
    );
    expect(completionProblem({ activity: open, Quantity: 1, ScrapQuantity: -2 })).toBe(
      'ScrapQuantity cannot be negative.',
    );
    expect(completionProblem({ activity: open, Quantity: 0, ScrapQuantity: 0 })).toBe(
      'Report at least one good or scrapped piece.',
    );
    expect(completionProblem({ activity: open, Quantity: 5, ScrapQuantity: 1, ScrapReason: '  ' })).toBe(
      'Scrapped pieces need a scrap reason.',
    );
    expect(completionProblem({ activity: open, Quantity: 5, ScrapQuantity: 1 })).toBe(
      'Scrapped pieces need a scrap reason.',
    );
  });
});

describe('downtime', () => {
  it('one open downtime per machine; ending needs one', () => {
    expect(startDowntimeProblem(null, 'LV-CUT01', 'America/New_York')).toBeNull();
    expect(
      startDowntimeProblem(
        { StartedAt: '2026-12-21T14:10:00Z', Reason: 'Breakdown' },
        'LV-CUT01',
        'America/New_York',
      ),
    ).toBe('LV-CUT01 is already down (Breakdown) since Dec-21-26 9:10 am.');
    expect(endDowntimeProblem(null, 'LV-CUT01')).toBe('LV-CUT01 is not down.');
    expect(
      endDowntimeProblem({ StartedAt: '2026-12-21T14:10:00Z', Reason: 'Breakdown' }, 'LV-CUT01'),
    ).toBeNull();
  });
});

describe('idle since', () => {
  const punch = { ClockedInAt: '2026-12-21T12:00:00Z' };
  it('the punch when no activity ended since', () => {
    expect(idleSince(punch, false, null)).toBe('2026-12-21T12:00:00.000Z');
    expect(idleSince(punch, false, '2026-12-20T22:00:00Z')).toBe('2026-12-21T12:00:00.000Z');
  });
  it('the last activity end when later than the punch', () => {
    expect(idleSince(punch, false, '2026-12-21T14:30:00Z')).toBe('2026-12-21T14:30:00.000Z');
  });
  it('null when working or not clocked in', () => {
    expect(idleSince(punch, true, null)).toBeNull();
    expect(idleSince(null, false, '2026-12-21T14:30:00Z')).toBeNull();
  });
});

describe('the plant day ("today")', () => {
  it('Chicago: 02:00Z on Dec 22 is still Dec 21 there (06:00Z to 06:00Z)', () => {
    expect(plantDay('2026-12-22T02:00:00Z', CHICAGO)).toEqual({
      Date: '2026-12-21',
      From: '2026-12-21T06:00:00.000Z',
      To: '2026-12-22T06:00:00.000Z',
    });
  });
  it('New York in July: UTC-4', () => {
    expect(plantDay('2026-07-15T03:59:00Z', 'America/New_York').Date).toBe('2026-07-14');
    expect(plantDay('2026-07-15T04:00:00Z', 'America/New_York').From).toBe('2026-07-15T04:00:00.000Z');
  });
  it('a DST day is 23 hours long (New York, 2027-03-14)', () => {
    const d = plantDay('2027-03-14T12:00:00Z', 'America/New_York');
    expect(d.From).toBe('2027-03-14T05:00:00.000Z');
    expect(d.To).toBe('2027-03-15T04:00:00.000Z');
  });
});

describe('minutesWithin', () => {
  it('clips to the range, unions overlaps, runs open windows to the end', () => {
    expect(
      minutesWithin(
        [
          { Start: '2026-12-21T11:50:00Z', End: '2026-12-21T12:10:00Z' }, // 10 inside
          { Start: '2026-12-21T12:05:00Z', End: '2026-12-21T12:20:00Z' }, // 10 more (overlap counted once)
          { Start: '2026-12-21T13:00:00Z', End: null }, // open: 30 to the end
        ],
        '2026-12-21T12:00:00Z',
        '2026-12-21T13:30:00Z',
      ),
    ).toBe(50);
  });
  it('downtime minutes today in Chicago: yesterday evening does not count', () => {
    const day = plantDay('2026-12-22T01:00:00Z', CHICAGO); // Dec 21, 19:00 local
    expect(
      minutesWithin(
        [
          { Start: '2026-12-21T05:00:00Z', End: '2026-12-21T06:30:00Z' }, // 23:00–00:30 local: 30 today
          { Start: '2026-12-21T20:00:00Z', End: '2026-12-21T20:45:00Z' }, // 45
        ],
        day.From,
        '2026-12-22T01:00:00Z',
      ),
    ).toBe(75);
  });
});

describe('production figures', () => {
  it('target = floor(working minutes / minutes per piece), rate in pieces per hour', () => {
    expect(
      productionFigures({
        minutesPerPiece: 0.75,
        runStartedAt: '2026-12-21T12:00:00Z',
        now: '2026-12-21T14:00:00Z',
        downtime: [{ Start: '2026-12-21T13:00:00Z', End: '2026-12-21T13:20:00Z' }],
        actual: 110,
      }),
    ).toEqual({ ElapsedMinutes: 100, TargetPieces: 133, TargetPiecesPerHour: 80, PiecesPerHour: 66 });
  });
  it('exact multiples are not lost to floating point', () => {
    expect(
      productionFigures({
        minutesPerPiece: 0.1,
        runStartedAt: '2026-12-21T12:00:00Z',
        now: '2026-12-21T12:30:00Z',
        downtime: [],
        actual: 0,
      }).TargetPieces,
    ).toBe(300);
  });
  it('no rate: no target; no run: zeros', () => {
    expect(
      productionFigures({
        minutesPerPiece: null,
        runStartedAt: '2026-12-21T12:00:00Z',
        now: '2026-12-21T13:00:00Z',
        downtime: [],
        actual: 30,
      }),
    ).toEqual({ ElapsedMinutes: 60, TargetPieces: 0, TargetPiecesPerHour: 0, PiecesPerHour: 30 });
    expect(
      productionFigures({
        minutesPerPiece: 2,
        runStartedAt: null,
        now: '2026-12-21T13:00:00Z',
        downtime: [],
        actual: 0,
      }),
    ).toEqual({ ElapsedMinutes: 0, TargetPieces: 0, TargetPiecesPerHour: 30, PiecesPerHour: 0 });
  });
});

describe('the face record', () => {
  const base: FaceInputs = {
    EmployeeID: 1005,
    Name: 'Luis Romero',
    PhotoFile: '1005.bmp',
    PlantID: 19,
    punch: { ClockedInAt: '2026-12-21T12:00:00Z' },
    activity: {
      ResourceID: 'CAT-CUT01',
      JobNumber: 'J240001',
      OperationSequence: 20,
      Item: 'BM-4814-96',
      IndirectDescription: null,
      StartedAt: '2026-12-21T12:10:00Z',
    },
    lastActivityEnd: null,
    teamMembers: [{ EmployeeID: 2001, Name: 'Ana Ruiz' }],
  };
  it('working a direct activity with a team', () => {
    expect(deriveFace(base)).toEqual({
      EmployeeID: 1005,
      Operation: 20,
      Machine: 'CAT-CUT01',
      ClockedIn: true,
      Indirect: null,
      StartActivity: '2026-12-21T12:10:00.000Z',
      ClockedInAt: '2026-12-21T12:00:00.000Z',
      WONumber: 'J240001',
      IdleSince: null,
      Item: 'BM-4814-96',
      TeamMembers: [{ EmployeeID: 2001, Name: 'Ana Ruiz' }],
      Name: 'Luis Romero',
      PhotoFile: '1005.bmp',
      PlantID: 19,
    });
  });
  it('idle after an activity; not clocked in', () => {
    const idle = deriveFace({ ...base, activity: null, lastActivityEnd: '2026-12-21T15:00:00Z' });
    expect([idle.ClockedIn, idle.Machine, idle.IdleSince, idle.TeamMembers]).toEqual([
      true,
      null,
      '2026-12-21T15:00:00.000Z',
      [],
    ]);
    const out = deriveFace({ ...base, punch: null, activity: null });
    expect([out.ClockedIn, out.ClockedInAt, out.IdleSince]).toEqual([false, null, null]);
  });
  it('the faceboard document holds only what a board shows', () => {
    expect(Object.keys(faceboardDoc(deriveFace(base))).sort()).toEqual([
      'ClockedIn',
      'EmployeeID',
      'IdleSince',
      'Indirect',
      'Machine',
      'Name',
      'Operation',
      'PhotoFile',
      'PlantID',
      'StartActivity',
      'TeamMembers',
      'WONumber',
    ]);
  });
});

describe('figuresAt: the production monitor advances between writes', () => {
  // Published at 10:00 with 30 working minutes at 2 min/pc: target 15, 12 good pieces.
  const published = {
    RunStartedAt: '2026-11-25T09:30:00.000Z',
    MinutesPerPiece: 2,
    ElapsedMinutes: 30,
    TargetPieces: 15,
    ActualPieces: 12,
    PiecesPerHour: 24,
    OpenDowntime: null,
    AsOf: '2026-11-25T10:00:00.000Z',
  };
  const at = (iso: string) => Date.parse(iso);

  it('running: 9 minutes later the target is floor(39 / 2) and the rate is over 39 minutes', () => {
    expect(figuresAt(published, at('2026-11-25T10:09:00.000Z'))).toEqual({
      ElapsedMinutes: 39,
      TargetPieces: 19,
      PiecesPerHour: 18.5,
    });
  });
  it('an open downtime stops the clock: the published figures stay', () => {
    const down = { ...published, OpenDowntime: { StartedAt: '2026-11-25T09:58:00.000Z' } };
    expect(figuresAt(down, at('2026-11-25T10:30:00.000Z'))).toEqual({
      ElapsedMinutes: 30,
      TargetPieces: 15,
      PiecesPerHour: 24,
    });
  });
  it('no run, or no rate: nothing advances but the minutes of a run', () => {
    expect(figuresAt({ ...published, RunStartedAt: null }, at('2026-11-25T11:00:00.000Z')).TargetPieces).toBe(
      15,
    );
    expect(
      figuresAt({ ...published, MinutesPerPiece: null }, at('2026-11-25T11:00:00.000Z')).TargetPieces,
    ).toBe(15);
  });
  it('a TV clock behind the server never goes back before the published figures', () => {
    expect(figuresAt(published, at('2026-11-25T09:55:00.000Z'))).toEqual({
      ElapsedMinutes: 30,
      TargetPieces: 15,
      PiecesPerHour: 24,
    });
  });
});
