import type { Sql } from '../../db/database';

/**
 * The plant of the shop floor's records, for the plant rule of the call pipeline
 * (server/rpc/plant-scope.ts): a clock punch and a labour activity carry the plant they were made in.
 * Null when the record does not exist: the handler answers that.
 */
const plantOf = async (db: Sql, sql: string, key: unknown): Promise<number | null> =>
  (await db.query<{ plant_id: number }>(sql, [key]))[0]?.plant_id ?? null;

export const punchPlant = (db: Sql, clockPunchId: number) =>
  plantOf(db, 'SELECT plant_id FROM clock_punches WHERE clock_punch_id = $1', clockPunchId);

export const laborActivityPlant = (db: Sql, laborActivityId: number) =>
  plantOf(db, 'SELECT plant_id FROM labor_activities WHERE labor_activity_id = $1', laborActivityId);
