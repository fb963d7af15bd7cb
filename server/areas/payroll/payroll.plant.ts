import type { Sql } from '../../db/database';

/**
 * The plant of a payroll record, for the plant rule of the call pipeline (server/rpc/plant-scope.ts).
 * Null when there is no such record: SavePayrollEntry answers that.
 */
export async function payrollRecordPlant(db: Sql, payrollId: number): Promise<number | null> {
  const rows = await db.query<{ plant_id: number }>(
    'SELECT plant_id FROM payroll_entries WHERE payroll_id = $1',
    [payrollId],
  );
  return rows[0]?.plant_id ?? null;
}
