import type { Sql } from '../../db/database';

/**
 * The plant of the scheduling area's records, for the plant rule of the call pipeline
 * (server/rpc/plant-scope.ts): a schedule and its tasks, shifts, holidays, overrides and statuses each
 * belong to one plant. Null when the record does not exist (or is new: id 0): the handler decides.
 */
const plantOf = async (db: Sql, sql: string, key: unknown): Promise<number | null> =>
  (await db.query<{ plant_id: number }>(sql, [key]))[0]?.plant_id ?? null;

export const schedulePlant = (db: Sql, scheduleId: number) =>
  plantOf(db, 'SELECT plant_id FROM schedules WHERE schedule_id = $1', scheduleId);

export const scheduleTaskPlant = (db: Sql, scheduleTaskId: number) =>
  plantOf(
    db,
    'SELECT s.plant_id FROM schedule_tasks t JOIN schedules s USING (schedule_id) WHERE t.schedule_task_id = $1',
    scheduleTaskId,
  );

/** Every distinct plant of these tasks (a move names several). */
export async function scheduleTasksPlants(db: Sql, scheduleTaskIds: readonly number[]): Promise<number[]> {
  if (!scheduleTaskIds.length) return [];
  const rows = await db.query<{ plant_id: number }>(
    `SELECT DISTINCT s.plant_id FROM schedule_tasks t JOIN schedules s USING (schedule_id)
      WHERE t.schedule_task_id IN (SELECT value::int FROM json_array_elements_text($1::json))`,
    // As JSON text: one form both PGlite and pg pass without array parameter handling.
    [JSON.stringify(scheduleTaskIds)],
  );
  return rows.map((r) => r.plant_id);
}

export const shiftPlant = (db: Sql, shiftId: number) =>
  plantOf(db, 'SELECT plant_id FROM scheduling_shifts WHERE shift_id = $1', shiftId);

export const holidayPlant = (db: Sql, holidayId: number) =>
  plantOf(db, 'SELECT plant_id FROM scheduling_holidays WHERE holiday_id = $1', holidayId);

export const overridePlant = (db: Sql, overrideId: number) =>
  plantOf(db, 'SELECT plant_id FROM scheduling_overrides WHERE override_id = $1', overrideId);

export const statusPlant = (db: Sql, statusId: number) =>
  plantOf(db, 'SELECT plant_id FROM scheduling_statuses WHERE status_id = $1', statusId);
