import { describe, expect, it } from 'vitest';
import type { UnscheduledOperation, WorkcenterSetting } from '../../../../domain/scheduling/entities';
import {
  defaultLane,
  HIDE_AFTER_SCHEDULE_MS,
  laneOptions,
  nextPageSkip,
  remainingMinutes,
  remainingQty,
  schedulePayload,
  visibleRows,
} from './unscheduled';

const op = (id: number, over: Partial<UnscheduledOperation> = {}): UnscheduledOperation => ({
  ProductionPlanOperationID: id,
  JobNumber: `J${id}`,
  PartNum: 'COL-12',
  PartDescription: 'Column 12 ft',
  OperationSequence: 10,
  ResourceID: 'IF-SAW01',
  DueDate: '2025-06-20',
  OperationQty: 40,
  ScheduledQty: 0,
  ScheduledMinutesPerPiece: 1.5,
  SetupMinutes: 20,
  ...over,
});
const wc = (id: string, over: Partial<WorkcenterSetting> = {}): WorkcenterSetting => ({
  ResourceID: id,
  PlantID: 2,
  Description: id,
  Scheduled: true,
  EfficiencyPercent: 100,
  Color: 'n/a',
  SortOrder: 0,
  ...over,
});

describe('unscheduled operations', () => {
  it('pieces and minutes left: what the official schedule does not cover yet', () => {
    expect(remainingQty(op(1, { OperationQty: 40, ScheduledQty: 15 }))).toBe(25);
    expect(remainingQty(op(1, { OperationQty: 40, ScheduledQty: 45 }))).toBe(0);
    expect(remainingMinutes(op(1, { OperationQty: 40, ScheduledQty: 15 }))).toBe(20 + 25 * 1.5);
  });

  it('a row disappears as soon as its Schedule is queued, and for good once the server stops listing it', () => {
    const rows = [op(1), op(2), op(3)];
    const now = 1_000_000;
    const queued = new Map([[2, now - 1000]]);
    expect(visibleRows(rows, queued, now).rows.map((r) => r.ProductionPlanOperationID)).toEqual([1, 3]);
    expect(visibleRows(rows, queued, now).forget).toEqual([]);
    // The topic's change read the list again: operation 2 is covered and no longer listed.
    const after = visibleRows([op(1), op(3)], queued, now + 500);
    expect(after.rows.map((r) => r.ProductionPlanOperationID)).toEqual([1, 3]);
    expect(after.forget).toEqual([2]);
  });

  it('a row whose Schedule was refused comes back once the hiding time has passed', () => {
    const queued = new Map([[2, 0]]);
    expect(visibleRows([op(2)], queued, HIDE_AFTER_SCHEDULE_MS - 1).rows).toHaveLength(0);
    expect(visibleRows([op(2)], queued, HIDE_AFTER_SCHEDULE_MS).rows).toHaveLength(1);
  });

  it('pages: the first at once, the next when the last visible row nears the end, none while loading', () => {
    expect(nextPageSkip(0, 0, null, false)).toBe(0);
    expect(nextPageSkip(10, 100, 250, false)).toBeNull();
    expect(nextPageSkip(75, 100, 250, false)).toBe(100);
    expect(nextPageSkip(75, 100, 250, true)).toBeNull();
    expect(nextPageSkip(249, 250, 250, false)).toBeNull();
  });

  it("the dialog's lanes are the scheduled workcenters in settings order; the operation's own is proposed", () => {
    const lanes = laneOptions([
      wc('IF-PNT01', { SortOrder: 2 }),
      wc('IF-SAW01', { SortOrder: 1 }),
      wc('IF-OLD', { Scheduled: false, SortOrder: 0 }),
    ]);
    expect(lanes.map((l) => l.ResourceID)).toEqual(['IF-SAW01', 'IF-PNT01']);
    expect(defaultLane(op(1, { ResourceID: 'IF-PNT01' }), lanes)).toBe('IF-PNT01');
    expect(defaultLane(op(1, { ResourceID: 'IF-OLD' }), lanes)).toBe('IF-SAW01');
    expect(defaultLane(op(1, { ResourceID: null }), [])).toBeNull();
  });

  it('position: blank is the end (no ProductionOrder); a typed place is 1-based', () => {
    expect(schedulePayload(5, op(1), 'IF-SAW01', '  ')).toEqual({
      payload: { ScheduleID: 5, ProductionPlanOperationID: 1, ResourceID: 'IF-SAW01' },
      error: null,
    });
    expect(schedulePayload(5, op(1), 'IF-SAW01', '3').payload.ProductionOrder).toBe(2);
    expect(schedulePayload(5, op(1), 'IF-SAW01', '0').error).toBe('Position must be a whole number from 1');
    expect(schedulePayload(5, op(1), 'IF-SAW01', '2.5').error).toBe('Position must be a whole number from 1');
  });
});
