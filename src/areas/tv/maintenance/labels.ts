import type {
  FixtureStatus,
  WorkOrderPriority,
  WorkOrderStatus,
} from '../../../../domain/maintenance/entities';

/** The English of each status and priority the maintenance boards show (translated with t()). */
export const STATUS_LABELS: Record<WorkOrderStatus, string> = {
  open: 'Open',
  inProgress: 'In progress',
  waitingParts: 'Waiting parts',
  done: 'Done today',
};

export const PRIORITY_LABELS: Record<WorkOrderPriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  normal: 'Normal',
  low: 'Low',
};

export const FIXTURE_STATUS_LABELS: Record<FixtureStatus, string> = {
  requested: 'Requested',
  inProgress: 'In progress',
  ready: 'Ready',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A route's numeric parameter (a plant id), or null when it is not one. */
export function plantParam(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
