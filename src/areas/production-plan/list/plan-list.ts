import { formatDate } from '../../../../domain/platform/dates';
import type { PlanListRow } from '../../../../domain/production-plan/calls';
import { nextPage } from '../../../kit/list-state';

export type PlanListStatus = 'all' | 'notReady' | 'readyForReview' | 'reviewed' | 'hold';
export const planListStatuses: readonly PlanListStatus[] = [
  'all',
  'notReady',
  'readyForReview',
  'reviewed',
  'hold',
];

/** Rows asked per call (GetProductionPlanList Take). */
export const PLAN_LIST_PAGE = 100;
/** Quiet time after typing in the search box before the list reloads. */
export const PLAN_SEARCH_DEBOUNCE_MS = 250;

/** What the list shows: a plant (null: every plant), the search text and the status filter. */
export interface PlanListQuery {
  plantId: number | null;
  search: string;
  status: PlanListStatus;
}

/**
 * The list's filters from the URL query (`?plant=2&q=BM-4814&status=reviewed`), so a reload or a shared
 * link shows the same list. No `plant`: the user's plant; `plant=all`: every plant.
 */
export function readListQuery(params: URLSearchParams, userPlantId: number | null): PlanListQuery {
  const plant = params.get('plant');
  const plantId =
    plant === 'all' ? null : plant && /^\d{1,9}$/.test(plant) ? Number(plant) : (userPlantId ?? null);
  const status = params.get('status') as PlanListStatus | null;
  return {
    plantId,
    search: params.get('q') ?? '',
    status: status && planListStatuses.includes(status) ? status : 'all',
  };
}

/** The URL query for `q`, leaving out what is the default (the user's plant, no search, every status). */
export function writeListQuery(q: PlanListQuery, userPlantId: number | null): URLSearchParams {
  const params = new URLSearchParams();
  if (q.plantId !== (userPlantId ?? null))
    params.set('plant', q.plantId === null ? 'all' : String(q.plantId));
  if (q.search.trim()) params.set('q', q.search);
  if (q.status !== 'all') params.set('status', q.status);
  return params;
}

/** A due date (a calendar date, `YYYY-MM-DD`) in the date format: the same day in every zone. */
export function dueDateText(due: string | null, plantId: number): string {
  return due ? formatDate(due, plantId) : '';
}

/** The review state of a plan, in English (the screen translates it). */
export function reviewStateText(row: Pick<PlanListRow, 'ReadyForReview' | 'PlanReviewedAt'>): string {
  if (row.PlanReviewedAt) return 'Reviewed';
  return row.ReadyForReview ? 'Ready for review' : 'Not ready';
}

/** The next page to ask for (the shared rule of src/kit/list-state.ts, pages of PLAN_LIST_PAGE). */
export const nextPageSkip = (
  lastVisibleIndex: number,
  loaded: number,
  total: number | null,
  loading: boolean,
) => nextPage(lastVisibleIndex, loaded, total, loading, PLAN_LIST_PAGE);

/** Minutes with at most one decimal and thousands separators. */
export function minutesText(minutes: number): string {
  return minutes.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
