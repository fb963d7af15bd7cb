import type { PlanListRow } from '../../../domain/production-plan/calls';
import type { Sql } from '../../db/database';

export type PlanListStatus = 'all' | 'notReady' | 'readyForReview' | 'reviewed' | 'hold';

export interface PlanListFilters {
  plantId: number | null;
  search: string | null;
  status: PlanListStatus;
}

/** `text` as a LIKE pattern that matches it anywhere, with its own % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL condition of each status filter (p: production_plans, j: jobs). */
export const statusConditions: Record<PlanListStatus, string | null> = {
  all: null,
  notReady: 'NOT p.ready_for_review',
  readyForReview: 'p.ready_for_review AND p.plan_reviewed_at IS NULL',
  reviewed: 'p.plan_reviewed_at IS NOT NULL',
  hold: 'j.fabrication_hold',
};

/**
 * The WHERE clause and its parameters for the plan list's filters, parameters numbered from $1. Search
 * is case-insensitive, anywhere in the job number, part number, part description or customer.
 */
export function planListWhere(f: PlanListFilters): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (f.plantId !== null) {
    params.push(f.plantId);
    conditions.push(`j.plant_id = $${params.length}`);
  }
  const search = f.search?.trim();
  if (search) {
    params.push(containsPattern(search));
    const n = params.length;
    conditions.push(
      `(j.job_number ILIKE $${n} OR j.part_num ILIKE $${n} OR pt.description ILIKE $${n} OR j.customer_name ILIKE $${n})`,
    );
  }
  const status = statusConditions[f.status];
  if (status) conditions.push(status);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const FROM = `FROM production_plans p
  JOIN jobs j ON j.job_number = p.job_number
  JOIN parts pt ON pt.part_num = j.part_num`;

/**
 * One query for a page: the filtered plans ordered by due date (undated last) then job number, the
 * total counted by a window before OFFSET/LIMIT, and the operation aggregates computed for the page's
 * rows only (a lateral join on the page, not on every plan).
 */
export function planListQuery(
  f: PlanListFilters,
  skip: number,
  take: number,
): { text: string; params: unknown[] } {
  const { where, params } = planListWhere(f);
  const n = params.length;
  const text = `WITH page AS (
  SELECT p.production_plan_id, j.job_number, j.plant_id, j.part_num, pt.description AS part_description,
         j.quantity, j.due_date, j.customer_name, j.order_type, j.status, j.fabrication_hold,
         p.ready_for_review, p.plan_reviewed_by, p.plan_reviewed_at,
         count(*) OVER () AS total
  ${FROM}
  ${where}
  ORDER BY j.due_date ASC NULLS LAST, j.job_number ASC
  OFFSET $${n + 1} LIMIT $${n + 2}
)
SELECT page.*, to_char(page.due_date, 'YYYY-MM-DD') AS due, coalesce(o.operations, 0) AS operations,
       coalesce(o.locked, 0) AS locked_operations, coalesce(o.estimate, 0) AS production_estimate
  FROM page
  LEFT JOIN LATERAL (
    SELECT count(*) AS operations, count(*) FILTER (WHERE locked) AS locked,
           sum(production_estimate) AS estimate
      FROM production_plan_operations WHERE production_plan_id = page.production_plan_id
  ) o ON true
 ORDER BY page.due_date ASC NULLS LAST, page.job_number ASC`;
  return { text, params: [...params, skip, take] };
}

interface PlanListDbRow {
  production_plan_id: number;
  job_number: string;
  plant_id: number;
  part_num: string;
  part_description: string;
  quantity: number;
  due: string | null;
  customer_name: string | null;
  order_type: string;
  status: string;
  fabrication_hold: boolean;
  ready_for_review: boolean;
  plan_reviewed_by: string | null;
  plan_reviewed_at: Date | string | null;
  total: number | string;
  operations: number | string;
  locked_operations: number | string;
  production_estimate: number | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** One page of the plan list and how many plans match in all. */
export async function listPlans(
  db: Sql,
  f: PlanListFilters,
  skip: number,
  take: number,
): Promise<{ rows: PlanListRow[]; total: number }> {
  const q = planListQuery(f, skip, take);
  const rows = await db.query<PlanListDbRow>(q.text, q.params);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && skip > 0) {
    // Past the end: the window counted nothing, so count on its own.
    const { where, params } = planListWhere(f);
    const [count] = await db.query<{ n: number | string }>(`SELECT count(*) AS n ${FROM} ${where}`, params);
    total = Number(count?.n ?? 0);
  }
  return {
    total,
    rows: rows.map((r) => ({
      JobNumber: r.job_number,
      ProductionPlanID: r.production_plan_id,
      PlantID: r.plant_id,
      PartNum: r.part_num,
      PartDescription: r.part_description,
      Quantity: r.quantity,
      DueDate: r.due,
      CustomerName: r.customer_name,
      OrderType: r.order_type,
      Status: r.status,
      FabricationHold: r.fabrication_hold,
      ReadyForReview: r.ready_for_review,
      PlanReviewedBy: r.plan_reviewed_by,
      PlanReviewedAt: r.plan_reviewed_at === null ? null : iso(r.plan_reviewed_at),
      Operations: Number(r.operations),
      LockedOperations: Number(r.locked_operations),
      ProductionEstimate: Math.round(Number(r.production_estimate) * 100) / 100,
    })),
  };
}
