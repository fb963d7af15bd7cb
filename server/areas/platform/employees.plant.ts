import type { Sql } from '../../db/database';

/**
 * The plant of an employee, for the plant rule of the call pipeline (server/rpc/plant-scope.ts): a
 * call that addresses an employee (clock in, activities, face history) belongs to that employee's plant.
 * Null when there is no such employee (the call's handler answers that).
 */
export async function employeePlant(db: Sql, employeeId: number): Promise<number | null> {
  const rows = await db.query<{ plant_id: number }>('SELECT plant_id FROM employees WHERE employee_id = $1', [
    employeeId,
  ]);
  return rows[0]?.plant_id ?? null;
}

/** False for a PlantID that names no plant: the plant rule leaves that to the handler ("Plant 999 does not exist."). */
export async function plantExists(db: Sql, plantId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM plants WHERE plant_id = $1', [plantId])).length > 0;
}
