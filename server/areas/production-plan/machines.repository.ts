import type { Machine, MachineRate, Printer, Workcenter } from '../../../domain/production-plan/entities';
import type { Sql } from '../../db/database';

// --------------------------------------------------------------------------- rows and their mapping

interface ResourceDbRow {
  resource_id: string;
  plant_id: number;
  workcenter_id: number | null;
  description: string;
  process: string;
  default_worker_count: number;
  engine_active: boolean;
  algorithm_active: boolean;
  active: boolean;
}

interface RateDbRow {
  machine_rate_id: number;
  resource_id: string;
  description: string;
  production_minutes_per_piece: number | string;
  production_minutes_per_bundle: number | string;
  production_feet_per_minute: number | string;
  setup_minutes: number | string;
  scheduling_minutes_per_piece: number | string;
  official: boolean;
}

interface WorkcenterDbRow {
  workcenter_id: number;
  plant_id: number;
  name: string;
  description: string;
  color: string;
  active: boolean;
  resources: string[] | null;
}

const RESOURCE_COLUMNS =
  'resource_id, plant_id, workcenter_id, description, process, default_worker_count, engine_active, algorithm_active, active';
const RATE_COLUMNS =
  'machine_rate_id, resource_id, description, production_minutes_per_piece, production_minutes_per_bundle, production_feet_per_minute, setup_minutes, scheduling_minutes_per_piece, official';

export const toRate = (r: RateDbRow): MachineRate => ({
  MachineRateID: r.machine_rate_id,
  ResourceID: r.resource_id,
  Description: r.description,
  ProductionMinutesPerPiece: Number(r.production_minutes_per_piece),
  ProductionMinutesPerBundle: Number(r.production_minutes_per_bundle),
  ProductionFeetPerMinute: Number(r.production_feet_per_minute),
  SetupMinutes: Number(r.setup_minutes),
  SchedulingMinutesPerPiece: Number(r.scheduling_minutes_per_piece),
  Official: r.official,
});

const toMachine = (r: ResourceDbRow, rates: MachineRate[]): Machine => ({
  ResourceID: r.resource_id,
  PlantID: r.plant_id,
  WorkcenterID: r.workcenter_id,
  Description: r.description,
  Process: r.process,
  DefaultWorkerCount: r.default_worker_count,
  EngineActive: r.engine_active,
  AlgorithmActive: r.algorithm_active,
  Active: r.active,
  MachineRates: rates,
});

const toWorkcenter = (r: WorkcenterDbRow): Workcenter => ({
  WorkcenterID: r.workcenter_id,
  PlantID: r.plant_id,
  Name: r.name,
  Description: r.description,
  Color: r.color,
  Active: r.active,
  Resources: r.resources ?? [],
});

// --------------------------------------------------------------------------- machines

/** Machines of one plant (every plant when null) or one machine, each with its rates that are not deleted. */
async function machinesWhere(db: Sql, where: string, params: unknown[]): Promise<Machine[]> {
  const resources = await db.query<ResourceDbRow>(
    `SELECT ${RESOURCE_COLUMNS} FROM resources r ${where} ORDER BY plant_id, resource_id`,
    params,
  );
  if (!resources.length) return [];
  const rates = await db.query<RateDbRow>(
    `SELECT ${RATE_COLUMNS} FROM machine_rates
      WHERE NOT deleted AND resource_id = ANY($1::text[])
      ORDER BY resource_id, machine_rate_id`,
    [resources.map((r) => r.resource_id)],
  );
  const byResource = new Map<string, MachineRate[]>();
  for (const rate of rates) {
    const list = byResource.get(rate.resource_id) ?? [];
    list.push(toRate(rate));
    byResource.set(rate.resource_id, list);
  }
  return resources.map((r) => toMachine(r, byResource.get(r.resource_id) ?? []));
}

export const listMachines = (db: Sql, plantId: number | null) =>
  machinesWhere(db, 'WHERE ($1::int IS NULL OR r.plant_id = $1::int)', [plantId]);

/** The machines of a job's plant; null when the job does not exist. */
export async function listMachinesForJob(db: Sql, jobNumber: string): Promise<Machine[] | null> {
  const [job] = await db.query<{ plant_id: number }>('SELECT plant_id FROM jobs WHERE job_number = $1', [
    jobNumber,
  ]);
  if (!job) return null;
  return listMachines(db, job.plant_id);
}

export async function findMachine(db: Sql, resourceId: string): Promise<Machine | null> {
  const [machine] = await machinesWhere(db, 'WHERE r.resource_id = $1', [resourceId]);
  return machine ?? null;
}

/** The column of each machine field UpdateMachine may change. */
export const machineColumns = {
  Description: 'description',
  WorkcenterID: 'workcenter_id',
  DefaultWorkerCount: 'default_worker_count',
  EngineActive: 'engine_active',
  AlgorithmActive: 'algorithm_active',
  Active: 'active',
} as const;

export async function updateMachineField(
  db: Sql,
  resourceId: string,
  field: keyof typeof machineColumns,
  value: unknown,
): Promise<void> {
  await db.query(`UPDATE resources SET ${machineColumns[field]} = $2 WHERE resource_id = $1`, [
    resourceId,
    value,
  ]);
}

// --------------------------------------------------------------------------- rates

export async function listRates(db: Sql, resourceId: string): Promise<MachineRate[]> {
  const rows = await db.query<RateDbRow>(
    `SELECT ${RATE_COLUMNS} FROM machine_rates WHERE resource_id = $1 AND NOT deleted ORDER BY machine_rate_id`,
    [resourceId],
  );
  return rows.map(toRate);
}

/** A rate that is not deleted. */
export async function findRate(db: Sql, rateId: number): Promise<MachineRate | null> {
  const [row] = await db.query<RateDbRow>(
    `SELECT ${RATE_COLUMNS} FROM machine_rates WHERE machine_rate_id = $1 AND NOT deleted`,
    [rateId],
  );
  return row ? toRate(row) : null;
}

export async function insertRate(db: Sql, resourceId: string, description: string): Promise<MachineRate> {
  const [row] = await db.query<RateDbRow>(
    `INSERT INTO machine_rates (resource_id, description) VALUES ($1, $2) RETURNING ${RATE_COLUMNS}`,
    [resourceId, description],
  );
  return toRate(row!);
}

/** The column of each rate field UpdateMachineRate may change. */
export const rateColumns = {
  Description: 'description',
  ProductionMinutesPerPiece: 'production_minutes_per_piece',
  ProductionMinutesPerBundle: 'production_minutes_per_bundle',
  ProductionFeetPerMinute: 'production_feet_per_minute',
  SetupMinutes: 'setup_minutes',
  SchedulingMinutesPerPiece: 'scheduling_minutes_per_piece',
  Official: 'official',
} as const;

export async function updateRateField(
  db: Sql,
  rateId: number,
  field: keyof typeof rateColumns,
  value: unknown,
): Promise<void> {
  await db.query(`UPDATE machine_rates SET ${rateColumns[field]} = $2 WHERE machine_rate_id = $1`, [
    rateId,
    value,
  ]);
}

/** Every other rate of the machine stops being official. */
export async function clearOtherOfficial(db: Sql, resourceId: string, exceptRateId: number): Promise<void> {
  await db.query(
    'UPDATE machine_rates SET official = false WHERE resource_id = $1 AND machine_rate_id <> $2 AND official',
    [resourceId, exceptRateId],
  );
}

/** Soft delete: the row stays (operations may still point at it), no longer listed nor official. */
export async function softDeleteRate(db: Sql, rateId: number): Promise<void> {
  await db.query('UPDATE machine_rates SET deleted = true, official = false WHERE machine_rate_id = $1', [
    rateId,
  ]);
}

// --------------------------------------------------------------------------- workcenters

const WORKCENTER_SELECT = `SELECT w.workcenter_id, w.plant_id, w.name, w.description, w.color, w.active,
   array(SELECT r.resource_id FROM resources r WHERE r.workcenter_id = w.workcenter_id ORDER BY r.resource_id) AS resources
  FROM workcenters w`;

export async function listWorkcenters(db: Sql, plantId: number | null): Promise<Workcenter[]> {
  const rows = await db.query<WorkcenterDbRow>(
    `${WORKCENTER_SELECT} WHERE ($1::int IS NULL OR w.plant_id = $1::int) ORDER BY w.plant_id, lower(w.name)`,
    [plantId],
  );
  return rows.map(toWorkcenter);
}

export async function findWorkcenter(db: Sql, workcenterId: number): Promise<Workcenter | null> {
  const [row] = await db.query<WorkcenterDbRow>(`${WORKCENTER_SELECT} WHERE w.workcenter_id = $1`, [
    workcenterId,
  ]);
  return row ? toWorkcenter(row) : null;
}

/** A workcenter of the plant with that name (any case), other than `exceptId`. */
export async function findWorkcenterByName(
  db: Sql,
  plantId: number,
  name: string,
  exceptId: number | null,
): Promise<{ workcenter_id: number; name: string } | null> {
  const [row] = await db.query<{ workcenter_id: number; name: string }>(
    `SELECT workcenter_id, name FROM workcenters
      WHERE plant_id = $1 AND lower(name) = lower($2) AND ($3::int IS NULL OR workcenter_id <> $3::int)`,
    [plantId, name, exceptId],
  );
  return row ?? null;
}

export async function insertWorkcenter(db: Sql, plantId: number, name: string): Promise<number> {
  const [row] = await db.query<{ workcenter_id: number }>(
    'INSERT INTO workcenters (plant_id, name) VALUES ($1, $2) RETURNING workcenter_id',
    [plantId, name],
  );
  return row!.workcenter_id;
}

export const workcenterColumns = {
  Name: 'name',
  Description: 'description',
  Color: 'color',
  Active: 'active',
} as const;

export async function updateWorkcenterField(
  db: Sql,
  workcenterId: number,
  field: keyof typeof workcenterColumns,
  value: unknown,
): Promise<void> {
  await db.query(`UPDATE workcenters SET ${workcenterColumns[field]} = $2 WHERE workcenter_id = $1`, [
    workcenterId,
    value,
  ]);
}

// --------------------------------------------------------------------------- plants and printers

export async function plantExists(db: Sql, plantId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM plants WHERE plant_id = $1', [plantId]);
  return rows.length > 0;
}

export async function listPrinters(db: Sql, plantId: number | null): Promise<Printer[]> {
  const rows = await db.query<{ printer_id: number; plant_id: number; name: string; location: string }>(
    `SELECT printer_id, plant_id, name, location FROM printers
      WHERE ($1::int IS NULL OR plant_id = $1::int) ORDER BY plant_id, name, printer_id`,
    [plantId],
  );
  return rows.map((r) => ({
    PrinterID: r.printer_id,
    PlantID: r.plant_id,
    Name: r.name,
    Location: r.location,
  }));
}
