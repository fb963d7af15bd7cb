import type { UnscheduledOperation, WorkcenterSetting } from '../../../../domain/scheduling/entities';
import { nextPage } from '../../../kit/list-state';
import { compareLanes } from '../shared/lane-order';

/** Rows asked for at a time; the table draws only those on screen. */
export const UNSCHEDULED_PAGE = 100;
/** Typing pause before the search goes to the server. */
export const UNSCHEDULED_SEARCH_DEBOUNCE_MS = 250;
/**
 * How long a row stays hidden after its Schedule was queued while the server still lists it. The
 * schedule topic's change reads the list again once the task is committed and the row is gone for good;
 * if the post was refused (it is then in "failed saves"), the row comes back after this.
 */
export const HIDE_AFTER_SCHEDULE_MS = 30_000;

/** Pieces of the operation that no task of the official schedule covers. */
export function remainingQty(row: Pick<UnscheduledOperation, 'OperationQty' | 'ScheduledQty'>): number {
  return Math.max(0, Math.round((row.OperationQty - row.ScheduledQty) * 10_000) / 10_000);
}

/** Minutes the new task will take: setup plus the remaining pieces at the operation's rate. */
export function remainingMinutes(row: UnscheduledOperation): number {
  return Math.round((row.SetupMinutes + remainingQty(row) * row.ScheduledMinutesPerPiece) * 10) / 10;
}

/**
 * The rows to show: those the server lists, without the ones whose Schedule this screen queued in the
 * last {@link HIDE_AFTER_SCHEDULE_MS} (the row disappears at once, before the server answers). Also
 * answers which queued ids the server no longer lists, which the screen can forget.
 */
export function visibleRows(
  rows: readonly UnscheduledOperation[],
  scheduled: ReadonlyMap<number, number>,
  now: number,
): { rows: UnscheduledOperation[]; forget: number[] } {
  const listed = new Set(rows.map((r) => r.ProductionPlanOperationID));
  const forget = [...scheduled.keys()].filter((id) => !listed.has(id));
  const hidden = (id: number) => {
    const at = scheduled.get(id);
    return at !== undefined && now - at < HIDE_AFTER_SCHEDULE_MS;
  };
  return { rows: rows.filter((r) => !hidden(r.ProductionPlanOperationID)), forget };
}

/** The next page to ask for (the shared rule of src/kit/list-state.ts, pages of UNSCHEDULED_PAGE). */
export const nextPageSkip = (
  lastVisibleIndex: number,
  loaded: number,
  total: number | null,
  loading: boolean,
) => nextPage(lastVisibleIndex, loaded, total, loading, UNSCHEDULED_PAGE);

/** The lanes an operation can go to: the plant's scheduled workcenters in settings order. */
export function laneOptions(settings: readonly WorkcenterSetting[]): WorkcenterSetting[] {
  return settings.filter((w) => w.Scheduled).sort(compareLanes);
}

/** The lane the dialog proposes: the operation's own resource when it is a lane, else the first lane. */
export function defaultLane(row: UnscheduledOperation, lanes: readonly WorkcenterSetting[]): string | null {
  if (row.ResourceID && lanes.some((l) => l.ResourceID === row.ResourceID)) return row.ResourceID;
  return lanes[0]?.ResourceID ?? null;
}

/**
 * The ScheduleOperation payload for the dialog's choice: `position` is the 1-based place in the lane a
 * person types (blank: the end, the default). ProductionOrder is the 0-based list index.
 */
export function schedulePayload(
  scheduleId: number,
  row: UnscheduledOperation,
  lane: string,
  position: string,
): {
  payload: {
    ScheduleID: number;
    ProductionPlanOperationID: number;
    ResourceID: string;
    ProductionOrder?: number;
  };
  error: string | null;
} {
  const payload = {
    ScheduleID: scheduleId,
    ProductionPlanOperationID: row.ProductionPlanOperationID,
    ResourceID: lane,
  };
  const text = position.trim();
  if (!text) return { payload, error: null };
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) return { payload, error: 'Position must be a whole number from 1' };
  return { payload: { ...payload, ProductionOrder: n - 1 }, error: null };
}
