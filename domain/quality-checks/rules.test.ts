import { describe, expect, it } from 'vitest';
import { compareDue, dueSlots, failNotesProblem, recordCheckProblem } from './rules';

const start = '2026-11-25T06:00:00.000Z';
const at = (h: number, m = 0) => new Date(Date.parse(start) + (h * 60 + m) * 60_000).toISOString();

describe('two-hour check slots', () => {
  it('none before two hours of run', () => {
    expect(dueSlots(start, at(1, 59))).toEqual([]);
  });

  it('a slot every 120 minutes from the run start, due from its time', () => {
    expect(dueSlots(start, at(2))).toEqual([{ DueAt: at(2), Late: false }]);
    expect(dueSlots(start, at(6, 5)).map((s) => s.DueAt)).toEqual([at(2), at(4), at(6)]);
  });

  it('late 15 minutes after the slot, not before', () => {
    expect(dueSlots(start, at(2, 14))).toEqual([{ DueAt: at(2), Late: false }]);
    expect(dueSlots(start, at(2, 15))).toEqual([{ DueAt: at(2), Late: true }]);
    expect(dueSlots(start, at(4, 5))).toEqual([
      { DueAt: at(2), Late: true },
      { DueAt: at(4), Late: false },
    ]);
  });

  it('recorded slots are not due (any ISO spelling of the instant)', () => {
    expect(dueSlots(start, at(4, 5), ['2026-11-25T08:00:00Z'])).toEqual([{ DueAt: at(4), Late: false }]);
  });
});

describe('queue order', () => {
  it('late first, then the oldest, then the machine', () => {
    const q = [
      { ResourceID: 'B', DueAt: at(2), Late: false },
      { ResourceID: 'C', DueAt: at(4), Late: true },
      { ResourceID: 'A', DueAt: at(2), Late: false },
      { ResourceID: 'D', DueAt: at(2), Late: true },
      { ResourceID: 'E', DueAt: at(1), Late: false },
    ].sort(compareDue);
    expect(q.map((s) => s.ResourceID)).toEqual(['D', 'C', 'E', 'A', 'B']);
  });
});

describe('recording a check', () => {
  const base = {
    resourceId: 'LV-CUT01',
    runStartedAt: start,
    checkTime: at(2),
    now: at(2, 30),
    done: [] as string[],
    timeZone: 'America/New_York',
  };
  it('a due slot of the run is allowed', () => {
    expect(recordCheckProblem(base)).toBeNull();
  });
  it('no run, not a slot, the run start, future, already recorded: refused', () => {
    expect(recordCheckProblem({ ...base, runStartedAt: null })).toMatch(/not running a job/);
    expect(recordCheckProblem({ ...base, checkTime: at(2, 1) })).toMatch(/not a two-hour check/);
    expect(recordCheckProblem({ ...base, checkTime: at(0) })).toMatch(/not a two-hour check/);
    expect(recordCheckProblem({ ...base, checkTime: at(-2) })).toMatch(/not a two-hour check/);
    expect(recordCheckProblem({ ...base, checkTime: at(4) })).toBe(
      'The Nov-25-26 5:00 am check of LV-CUT01 is not due yet.',
    );
    expect(recordCheckProblem({ ...base, done: [at(2)] })).toMatch(/already recorded/);
  });
  it('a fail needs notes, a pass does not', () => {
    expect(failNotesProblem('fail', '  ')).toMatch(/needs notes/);
    expect(failNotesProblem('fail', null)).toMatch(/needs notes/);
    expect(failNotesProblem('fail', 'Length 2 mm long')).toBeNull();
    expect(failNotesProblem('pass', undefined)).toBeNull();
  });
});
