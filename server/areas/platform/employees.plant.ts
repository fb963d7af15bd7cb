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
