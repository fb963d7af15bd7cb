import type { CuringLocation, CuringSlot } from '../../../domain/curing/entities';
import type { Sql } from '../../db/database';

/**
 * SQL of the curing area (tables: server/db/migrations/0014_maintenance_curing.sql); instants as ISO
 * UTC strings. Nothing here decides a rule.
 */

const iso = (v: unknown): string => new Date(v as string).toISOString();

/** The location with every slot and its load (slot order); null when there is no such location. `lock` takes the location's row FOR UPDATE (one writer per location). */
export async function location(db: Sql, locationId: string, lock = false): Promise<CuringLocation | null> {
  const [loc] = await db.query<{ LocationID: string; PlantID: number; Description: string }>(
    `SELECT location_id AS "LocationID", plant_id AS "PlantID", description AS "Description"
       FROM curing_locations WHERE location_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [locationId],
  );
  if (!loc) return null;
  const rows = await db.query<{
    slot_id: string;
    curing_load_id: number | null;
    job_number: string | null;
    part_num: string | null;
    quantity: number | null;
    cure_minutes: number | null;
    loaded_at: unknown;
  }>(
    `SELECT s.slot_id, l.curing_load_id, l.job_number, l.part_num, l.quantity, l.cure_minutes, l.loaded_at
       FROM curing_slots s
       LEFT JOIN curing_loads l ON l.location_id = s.location_id AND l.slot_id = s.slot_id AND l.unloaded_at IS NULL
      WHERE s.location_id = $1
      ORDER BY s.sort_order, s.slot_id`,
    [locationId],
  );
  const Slots: CuringSlot[] = rows.map((r) => ({
    SlotID: r.slot_id,
    Load:
      r.curing_load_id === null
        ? null
        : {
            CuringLoadID: r.curing_load_id,
            JobNumber: r.job_number!,
            PartNum: r.part_num,
            Quantity: Number(r.quantity),
            CureMinutes: r.cure_minutes!,
            LoadedAt: iso(r.loaded_at),
          },
  }));
  return { ...loc, Slots };
}

export interface NewLoad {
  LocationID: string;
  SlotID: string;
  JobNumber: string;
  PartNum: string | null;
  Quantity: number;
  CureMinutes: number;
}

export async function insertLoad(db: Sql, l: NewLoad, at: string, by: number): Promise<void> {
  await db.query(
    `INSERT INTO curing_loads (location_id, slot_id, job_number, part_num, quantity, cure_minutes, loaded_at, loaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [l.LocationID, l.SlotID, l.JobNumber, l.PartNum, l.Quantity, l.CureMinutes, at, by],
  );
}

export async function unload(db: Sql, curingLoadId: number, at: string, by: number): Promise<void> {
  await db.query('UPDATE curing_loads SET unloaded_at = $2, unloaded_by = $3 WHERE curing_load_id = $1', [
    curingLoadId,
    at,
    by,
  ]);
}
