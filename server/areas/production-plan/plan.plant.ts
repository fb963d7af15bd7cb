import type { Sql } from '../../db/database';

/**
 * The plant of the production-plan area's records, for the plant rule of the call pipeline
 * (server/rpc/plant-scope.ts). A job (and its plan, BOM lines, operations and backflushes) belongs to the
 * job's plant; a machine, workcenter or printer to its own. Null when the record does not exist: the
 * call's handler answers that as it always did.
 */
const plantOf = async (db: Sql, sql: string, key: unknown): Promise<number | null> =>
  (await db.query<{ plant_id: number }>(sql, [key]))[0]?.plant_id ?? null;

export const jobPlant = (db: Sql, jobNumber: string) =>
  plantOf(db, 'SELECT plant_id FROM jobs WHERE job_number = $1', jobNumber);

export const planPlant = (db: Sql, productionPlanId: number) =>
  plantOf(
    db,
    `SELECT j.plant_id FROM production_plans p JOIN jobs j USING (job_number)
      WHERE p.production_plan_id = $1`,
    productionPlanId,
  );

export const bomPlant = (db: Sql, productionPlanBomId: number) =>
  plantOf(
    db,
    `SELECT j.plant_id FROM production_plan_boms b
       JOIN production_plans p USING (production_plan_id) JOIN jobs j USING (job_number)
      WHERE b.production_plan_bom_id = $1`,
    productionPlanBomId,
  );

export const operationPlant = (db: Sql, productionPlanOperationId: number) =>
  plantOf(
    db,
    `SELECT j.plant_id FROM production_plan_operations o
       JOIN production_plans p USING (production_plan_id) JOIN jobs j USING (job_number)
      WHERE o.production_plan_operation_id = $1`,
    productionPlanOperationId,
  );

export const backflushPlant = (db: Sql, productionPlanBackflushId: number) =>
  plantOf(
    db,
    `SELECT j.plant_id FROM production_plan_backflushes f
       JOIN production_plan_operations o USING (production_plan_operation_id)
       JOIN production_plans p ON p.production_plan_id = o.production_plan_id
       JOIN jobs j ON j.job_number = p.job_number
      WHERE f.production_plan_backflush_id = $1`,
    productionPlanBackflushId,
  );

/** A machine (resource): LV-CUT01, a paint line, a roll former. */
export const resourcePlant = (db: Sql, resourceId: string) =>
  plantOf(db, 'SELECT plant_id FROM resources WHERE resource_id = $1', resourceId);

export const machineRatePlant = (db: Sql, machineRateId: number) =>
  plantOf(
    db,
    `SELECT r.plant_id FROM machine_rates m JOIN resources r USING (resource_id) WHERE m.machine_rate_id = $1`,
    machineRateId,
  );

export const workcenterPlant = (db: Sql, workcenterId: number) =>
  plantOf(db, 'SELECT plant_id FROM workcenters WHERE workcenter_id = $1', workcenterId);

export const printerPlant = (db: Sql, printerId: number) =>
  plantOf(db, 'SELECT plant_id FROM printers WHERE printer_id = $1', printerId);
