import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import type { FixtureRequest, PreventiveTask, WorkOrder } from './entities';
import { fixtureRequestsTopic, pmCalendarTopic, workOrdersTopic } from './live';
import {
  boardFixtureRequests,
  boardWorkOrders,
  calendarDates,
  completedAtAfter,
  formatAge,
  isFixtureLate,
  isWorkOrderHighlighted,
  isWorkOrderOverdue,
  nextDueAfter,
  pmCalendar,
  statusCounts,
} from './rules';

// 2026-11-25 15:00 UTC = 10:00 in New York (plants 1), 08:00 in Boise (plant 2); a Wednesday.
const NOW = Date.parse('2026-11-25T15:00:00Z');
const wo = (id: number, over: Partial<WorkOrder> = {}): WorkOrder => ({
  WorkOrderID: id,
  PlantID: 1,
  Asset: 'LV-RF01',
  AssetName: null,
  Description: `WO ${id}`,
  Priority: 'normal',
  Status: 'open',
  AssignedTo: null,
  AssignedName: null,
  CreatedAt: '2026-11-24T10:00:00Z',
  DueAt: null,
  CompletedAt: null,
  ...over,
});

describe('work-order monitor rules', () => {
  it('sorts by priority, then oldest first, done last; done only when done today (plant day)', () => {
    const list = [
      wo(1, { Priority: 'low', CreatedAt: '2026-11-01T00:00:00Z' }),
      wo(2, { Priority: 'urgent', CreatedAt: '2026-11-25T14:00:00Z' }),
      wo(3, { Priority: 'high', CreatedAt: '2026-11-25T12:00:00Z' }),
      wo(4, { Priority: 'high', CreatedAt: '2026-11-20T12:00:00Z' }),
      wo(5, { Priority: 'urgent', Status: 'done', CompletedAt: '2026-11-25T13:00:00Z' }),
      // Done yesterday in New York (04:00 UTC = 23:00 the day before): off the board.
      wo(6, { Status: 'done', CompletedAt: '2026-11-25T04:00:00Z' }),
      wo(7, { Priority: 'normal', Status: 'waitingParts', CreatedAt: '2026-11-22T00:00:00Z' }),
    ];
    expect(boardWorkOrders(list, NOW).map((w) => w.WorkOrderID)).toEqual([2, 4, 3, 7, 1, 5]);
  });

  it('counts the board per status', () => {
    const board = boardWorkOrders(
      [
        wo(1),
        wo(2, { Status: 'inProgress' }),
        wo(3, { Status: 'done', CompletedAt: '2026-11-25T14:59:00Z' }),
      ],
      NOW,
    );
    expect(statusCounts(board)).toEqual({ open: 1, inProgress: 1, waitingParts: 0, done: 1 });
  });

  it('overdue: due date passed and not done; highlighted: overdue, urgent or high', () => {
    expect(isWorkOrderOverdue(wo(1, { DueAt: '2026-11-25T14:59:00Z' }), NOW)).toBe(true);
    expect(isWorkOrderOverdue(wo(1, { DueAt: '2026-11-25T15:01:00Z' }), NOW)).toBe(false);
    expect(isWorkOrderOverdue(wo(1, { DueAt: null }), NOW)).toBe(false);
    expect(
      isWorkOrderOverdue(wo(1, { DueAt: '2026-11-20T00:00:00Z', Status: 'done', CompletedAt: 'x' }), NOW),
    ).toBe(false);
    expect(isWorkOrderHighlighted(wo(1, { DueAt: '2026-11-25T14:00:00Z', Priority: 'low' }), NOW)).toBe(true);
    expect(isWorkOrderHighlighted(wo(1, { Priority: 'high' }), NOW)).toBe(true);
    expect(isWorkOrderHighlighted(wo(1, { Priority: 'urgent' }), NOW)).toBe(true);
    expect(isWorkOrderHighlighted(wo(1, { Priority: 'normal' }), NOW)).toBe(false);
    expect(isWorkOrderHighlighted(wo(1, { Priority: 'urgent', Status: 'done' }), NOW)).toBe(false);
  });

  it('formats an age', () => {
    expect(formatAge(45 * 60_000)).toBe('45m');
    expect(formatAge((5 * 60 + 12) * 60_000)).toBe('5h 12m');
    expect(formatAge((3 * 1440 + 4 * 60 + 59) * 60_000)).toBe('3d 4h');
    expect(formatAge(-5000)).toBe('0m');
  });

  it('CompletedAt is set when done, kept while done, cleared when reopened', () => {
    expect(completedAtAfter(null, 'done', 'T1')).toBe('T1');
    expect(completedAtAfter({ Status: 'open', CompletedAt: null }, 'done', 'T2')).toBe('T2');
    expect(completedAtAfter({ Status: 'done', CompletedAt: 'T1' }, 'done', 'T2')).toBe('T1');
    expect(completedAtAfter({ Status: 'done', CompletedAt: 'T1' }, 'open', 'T2')).toBeNull();
  });
});

const fr = (id: number, over: Partial<FixtureRequest> = {}): FixtureRequest => ({
  FixtureRequestID: id,
  PlantID: 1,
  RequestedBy: 1,
  RequestedByName: 'A B',
  JobNumber: null,
  PartNum: null,
  Description: 'x',
  NeededBy: '2026-11-26T00:00:00Z',
  Status: 'requested',
  CreatedAt: '2026-11-24T00:00:00Z',
  ...over,
});

describe('fixture request rules', () => {
  it('open ones only, oldest first', () => {
    const list = [
      fr(1, { CreatedAt: '2026-11-24T05:00:00Z' }),
      fr(2, { CreatedAt: '2026-11-20T05:00:00Z' }),
      fr(3, { Status: 'delivered', CreatedAt: '2026-11-01T00:00:00Z' }),
      fr(4, { Status: 'cancelled' }),
      fr(5, { Status: 'ready', CreatedAt: '2026-11-22T00:00:00Z' }),
    ];
    expect(boardFixtureRequests(list).map((r) => r.FixtureRequestID)).toEqual([2, 5, 1]);
  });
  it('late: needed by passed and not ready yet', () => {
    expect(isFixtureLate(fr(1, { NeededBy: '2026-11-25T14:00:00Z' }), NOW)).toBe(true);
    expect(isFixtureLate(fr(1, { NeededBy: '2026-11-25T14:00:00Z', Status: 'inProgress' }), NOW)).toBe(true);
    expect(isFixtureLate(fr(1, { NeededBy: '2026-11-25T14:00:00Z', Status: 'ready' }), NOW)).toBe(false);
    expect(isFixtureLate(fr(1, { NeededBy: '2026-11-25T16:00:00Z' }), NOW)).toBe(false);
  });
});

const task = (id: number, over: Partial<PreventiveTask> = {}): PreventiveTask => ({
  PreventiveTaskID: id,
  PlantID: 1,
  Asset: 'A',
  AssetName: null,
  Description: 'x',
  IntervalDays: 30,
  NextDue: '2026-11-26',
  LastDone: null,
  AssignedTo: null,
  AssignedName: null,
  ...over,
});

describe('PM calendar rules', () => {
  it('two plant-local weeks from this Monday', () => {
    const dates = calendarDates(NOW, 'America/New_York');
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates[13]).toBe('2026-12-06');
    // Sunday 2026-11-29 23:30 in New York is still that week.
    expect(calendarDates(Date.parse('2026-11-30T04:30:00Z'), 'America/New_York')[0]).toBe('2026-11-23');
    expect(calendarDates(Date.parse('2026-11-30T05:30:00Z'), 'America/New_York')[0]).toBe('2026-11-30');
  });
  it('puts tasks on their dates, overdue ones apart (by their plant’s today), later ones off', () => {
    const cal = pmCalendar(
      [
        task(1, { NextDue: '2026-11-25' }),
        task(2, { NextDue: '2026-11-24' }),
        task(3, { NextDue: '2026-12-06', Asset: 'B' }),
        task(4, { NextDue: '2026-12-06', Asset: 'A' }),
        task(5, { NextDue: '2026-12-07' }),
        task(6, { NextDue: '2026-11-01' }),
      ],
      NOW,
      'America/New_York',
    );
    expect(cal.overdue.map((t) => t.PreventiveTaskID)).toEqual([6, 2]);
    expect(cal.byDate['2026-11-25']!.map((t) => t.PreventiveTaskID)).toEqual([1]);
    expect(cal.byDate['2026-12-06']!.map((t) => t.PreventiveTaskID)).toEqual([4, 3]);
    expect(Object.values(cal.byDate).flat()).toHaveLength(3);
  });
  it('overdue uses the task plant’s day: 03:00 UTC is still yesterday in Boise', () => {
    const early = Date.parse('2026-11-25T03:00:00Z');
    const cal = pmCalendar([task(1, { NextDue: '2026-11-24', PlantID: 2 })], early, 'America/New_York');
    expect(cal.overdue).toHaveLength(0);
    expect(cal.byDate['2026-11-24']).toHaveLength(1);
  });
  it('done: next due is the done date plus the interval', () => {
    expect(nextDueAfter('2026-11-25', 30)).toBe('2026-12-25');
  });
});

describe('maintenance topics', () => {
  it('are public (the TV boards have no login); malformed names match no rule', () => {
    expect(authorizeTopic(null, workOrdersTopic(1))).toBeNull();
    expect(authorizeTopic(null, fixtureRequestsTopic(2))).toBeNull();
    expect(authorizeTopic(null, pmCalendarTopic())).toBeNull();
    expect(authorizeTopic(null, 'workorders:abc')).toBe('There is no topic named workorders:abc.');
    expect(authorizeTopic(null, 'pmcalendar:1')).toBe('There is no topic named pmcalendar:1.');
  });
});
