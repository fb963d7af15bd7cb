import { boardItemChange } from '../../../domain/live/board-items';
import type { PendingChange } from '../../../domain/live/changes';
import type { Paint, PaintLine, PaintLoad, ViscosityReading } from '../../../domain/painting/entities';
import { PAINT_LINE_KIND, paintingTopic } from '../../../domain/painting/live';
import { nextReadingDue, READING_EVERY_MINUTES } from '../../../domain/painting/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { plantDay } from '../../../domain/shopfloor/rules';
import type { Sql } from '../../db/database';

/**
 * SQL of the paint line (tables: server/db/migrations/0015_painting.sql) and its document on
 * `painting:{ResourceID}`, one builder for the calls, the shop-floor publish hook and the seed.
 */

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export interface LineRow {
  ResourceID: string;
  PlantID: number;
  Description: string;
  Process: string;
  Active: boolean;
}

export async function line(db: Sql, resourceId: string, lock = false): Promise<LineRow | null> {
  const [row] = await db.query<LineRow>(
    `SELECT resource_id AS "ResourceID", plant_id AS "PlantID", description AS "Description",
            process AS "Process", active AS "Active"
       FROM resources WHERE resource_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [resourceId],
  );
  return row ?? null;
}

export function paintLines(db: Sql, plantId: number) {
  return db.query<{ ResourceID: string; Description: string; PlantID: number }>(
    `SELECT resource_id AS "ResourceID", description AS "Description", plant_id AS "PlantID"
       FROM resources WHERE plant_id = $1 AND active AND process = 'Painting' ORDER BY resource_id`,
    [plantId],
  );
}

export function paints(db: Sql, code?: string): Promise<Paint[]> {
  return db.query<Paint>(
    `SELECT paint_code AS "PaintCode", description AS "Description", colour AS "Colour", colour_hex AS "ColourHex",
            min_seconds AS "MinSeconds", max_seconds AS "MaxSeconds"
       FROM paints WHERE active AND ($1::text IS NULL OR paint_code = $1) ORDER BY sort_order, paint_code`,
    [code ?? null],
  );
}

const LOAD_SELECT = `SELECT l.paint_load_id AS "PaintLoadID", l.resource_id AS "ResourceID", l.plant_id AS "PlantID",
  l.job_number AS "JobNumber", l.part_num AS "PartNum", l.paint_code AS "PaintCode", p.colour AS "Colour",
  p.colour_hex AS "ColourHex", l.quantity AS "Quantity", l.started_at AS "StartedAt", l.ended_at AS "EndedAt"
  FROM paint_loads l JOIN paints p ON p.paint_code = l.paint_code`;

const toLoad = (r: PaintLoad): PaintLoad => ({
  ...r,
  Quantity: Number(r.Quantity),
  StartedAt: iso(r.StartedAt),
  EndedAt: isoOrNull(r.EndedAt),
});

export async function openLoad(db: Sql, resourceId: string): Promise<PaintLoad | null> {
  const [row] = await db.query<PaintLoad>(`${LOAD_SELECT} WHERE l.resource_id = $1 AND l.ended_at IS NULL`, [
    resourceId,
  ]);
  return row ? toLoad(row) : null;
}

export async function loadById(db: Sql, id: number): Promise<PaintLoad> {
  const [row] = await db.query<PaintLoad>(`${LOAD_SELECT} WHERE l.paint_load_id = $1`, [id]);
  return toLoad(row!);
}

const READING_SELECT = `SELECT v.viscosity_reading_id AS "ViscosityReadingID", v.resource_id AS "ResourceID",
  v.plant_id AS "PlantID", v.paint_code AS "PaintCode", p.colour AS "Colour", v.seconds AS "Seconds",
  v.temperature_f AS "TemperatureF", v.employee_id AS "EmployeeID",
  e.first_name || ' ' || e.last_name AS "EmployeeName", v.recorded_at AS "RecordedAt",
  v.min_seconds AS "MinSeconds", v.max_seconds AS "MaxSeconds", v.in_range AS "InRange"
  FROM viscosity_readings v JOIN paints p ON p.paint_code = v.paint_code
  JOIN employees e ON e.employee_id = v.employee_id`;

const toReading = (r: ViscosityReading): ViscosityReading => ({
  ...r,
  Seconds: Number(r.Seconds),
  TemperatureF: Number(r.TemperatureF),
  MinSeconds: Number(r.MinSeconds),
  MaxSeconds: Number(r.MaxSeconds),
  RecordedAt: iso(r.RecordedAt),
});

export async function readingById(db: Sql, id: number): Promise<ViscosityReading> {
  const [row] = await db.query<ViscosityReading>(`${READING_SELECT} WHERE v.viscosity_reading_id = $1`, [id]);
  return toReading(row!);
}

export async function lastReadings(db: Sql, resourceId: string, n: number): Promise<ViscosityReading[]> {
  const rows = await db.query<ViscosityReading>(
    `${READING_SELECT} WHERE v.resource_id = $1 ORDER BY v.recorded_at DESC, v.viscosity_reading_id DESC LIMIT $2`,
    [resourceId, n],
  );
  return rows.map(toReading);
}

export async function readingsOf(db: Sql, employeeId: number, from: string, to: string) {
  const rows = await db.query<ViscosityReading>(
    `${READING_SELECT} WHERE v.employee_id = $1 AND v.recorded_at >= $2 AND v.recorded_at < $3
      ORDER BY v.recorded_at DESC, v.viscosity_reading_id DESC`,
    [employeeId, from, to],
  );
  return rows.map(toReading);
}

/** The paint-line document as of `now`; null when there is no such resource. */
export async function paintLine(db: Sql, resourceId: string, now: string): Promise<PaintLine | null> {
  const r = await line(db, resourceId);
  if (!r) return null;
  const day = plantDay(now, plantTimeZone(r.PlantID));
  const [load, readings, [pieces]] = await Promise.all([
    openLoad(db, resourceId),
    lastReadings(db, resourceId, 8),
    db.query<{ good: number | null; scrap: number | null }>(
      `SELECT sum(quantity) AS good, sum(scrap_quantity) AS scrap FROM completions
        WHERE resource_id = $1 AND recorded_at >= $2 AND recorded_at < $3`,
      [resourceId, day.From, day.To],
    ),
  ]);
  return {
    ResourceID: r.ResourceID,
    PlantID: r.PlantID,
    Description: r.Description,
    CurrentLoad: load,
    Readings: readings,
    ReadingEveryMinutes: READING_EVERY_MINUTES,
    NextReadingDueAt: nextReadingDue(load?.StartedAt ?? null, readings[0]?.RecordedAt ?? null),
    GoodPiecesToday: Number(pieces?.good ?? 0),
    ScrapPiecesToday: Number(pieces?.scrap ?? 0),
    AsOf: now,
  };
}

export const paintLineChange = (l: PaintLine): PendingChange =>
  boardItemChange(paintingTopic(l.ResourceID), PAINT_LINE_KIND, l.ResourceID, l.PlantID, l);
