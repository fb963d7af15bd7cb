import type { Sql } from '../../db/database';

/**
 * The plant of a curing location, for the plant rule of the call pipeline (server/rpc/plant-scope.ts).
 * Null when there is no such location: the handler answers that.
 */
export async function curingLocationPlant(db: Sql, locationId: string): Promise<number | null> {
  const rows = await db.query<{ plant_id: number }>(
    'SELECT plant_id FROM curing_locations WHERE location_id = $1',
    [locationId],
  );
  return rows[0]?.plant_id ?? null;
}
