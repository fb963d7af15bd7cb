import type { Sql } from '../../db/database';

/**
 * The plant of a work order, fixture request or PM task, for the plant rule of the call pipeline
 * (server/rpc/plant-scope.ts). Null when there is no such record: the handler answers that.
 */
const plantOf = async (db: Sql, sql: string, key: unknown): Promise<number | null> =>
  (await db.query<{ plant_id: number }>(sql, [key]))[0]?.plant_id ?? null;

export const workOrderPlant = (db: Sql, workOrderId: number) =>
  plantOf(db, 'SELECT plant_id FROM maintenance_work_orders WHERE work_order_id = $1', workOrderId);

export const fixtureRequestPlant = (db: Sql, fixtureRequestId: number) =>
  plantOf(db, 'SELECT plant_id FROM fixture_requests WHERE fixture_request_id = $1', fixtureRequestId);

export const preventiveTaskPlant = (db: Sql, preventiveTaskId: number) =>
  plantOf(db, 'SELECT plant_id FROM preventive_tasks WHERE preventive_task_id = $1', preventiveTaskId);
