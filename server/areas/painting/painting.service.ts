import type { PendingChange } from '../../../domain/live/changes';
import type {
  Paint,
  PaintLine,
  PaintLineChoice,
  PaintLoad,
  ViscosityReading,
  ViscosityReport,
} from '../../../domain/painting/entities';
import { inRange, readingProblem } from '../../../domain/painting/rules';
import type { PermissionFlag } from '../../../domain/platform/permissions';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays, localInstant } from '../../../domain/scheduling/calendar';
import type { Sql } from '../../db/database';
import { forbidden, invalid, sorry } from '../../rpc/errors';
import * as docs from './painting.documents';

/**
 * The paint line's rules as the server applies them: a reading or a load goes on an active paint line
 * (a resource whose process is Painting) of the caller's plant, for an active paint; a reading's seconds
 * and temperature must be ones a person can read (domain/painting/rules.ts). Every write locks the
 * line's resource row, writes, and republishes the line's document on `painting:{ResourceID}` in the
 * same transaction. Bad input answers an Error and changes nothing.
 */

export interface PaintingWrite {
  db: Sql;
  employeeId: number;
  flags: ReadonlySet<PermissionFlag>;
  publish(change: PendingChange): void;
}

const now = () => new Date().toISOString();

export class PaintingService {
  constructor(private readonly clock: () => string = now) {}

  paintLines(db: Sql, plantId: number): Promise<PaintLineChoice[]> {
    return docs.paintLines(db, plantId);
  }

  paints(db: Sql): Promise<Paint[]> {
    return docs.paints(db);
  }

  async paintLine(db: Sql, resourceId: string): Promise<PaintLine> {
    const r = await docs.line(db, resourceId);
    if (!r) throw invalid(`There is no machine ${resourceId}.`);
    if (r.Process !== 'Painting') throw invalid(`${resourceId} is not a paint line.`);
    return (await docs.paintLine(db, resourceId, this.clock()))!;
  }

  async recordViscosity(
    w: PaintingWrite,
    p: { ResourceID: string; PaintCode: string; Seconds: number; TemperatureF: number },
  ): Promise<ViscosityReading> {
    const problem = readingProblem(p);
    if (problem) throw invalid(problem);
    const { line, paint, plantId } = await this.checkLine(w, p.ResourceID, p.PaintCode);
    const [row] = await w.db.query<{ viscosity_reading_id: number }>(
      `INSERT INTO viscosity_readings (resource_id, plant_id, paint_code, seconds, temperature_f, employee_id,
         recorded_at, min_seconds, max_seconds, in_range)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING viscosity_reading_id`,
      [
        line.ResourceID,
        plantId,
        paint.PaintCode,
        p.Seconds,
        p.TemperatureF,
        w.employeeId,
        this.clock(),
        paint.MinSeconds,
        paint.MaxSeconds,
        inRange(p.Seconds, paint),
      ],
    );
    await this.publish(w, line.ResourceID);
    return docs.readingById(w.db, row!.viscosity_reading_id);
  }

  async startLoad(
    w: PaintingWrite,
    p: { ResourceID: string; JobNumber: string; PartNum: string; PaintCode: string; Quantity: number },
  ): Promise<PaintLoad> {
    const { line, paint, plantId } = await this.checkLine(w, p.ResourceID, p.PaintCode);
    const at = this.clock();
    await w.db.query('UPDATE paint_loads SET ended_at = $2 WHERE resource_id = $1 AND ended_at IS NULL', [
      line.ResourceID,
      at,
    ]);
    const [row] = await w.db.query<{ paint_load_id: number }>(
      `INSERT INTO paint_loads (resource_id, plant_id, job_number, part_num, paint_code, quantity, started_at, started_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING paint_load_id`,
      [line.ResourceID, plantId, p.JobNumber, p.PartNum, paint.PaintCode, p.Quantity, at, w.employeeId],
    );
    await this.publish(w, line.ResourceID);
    return docs.loadById(w.db, row!.paint_load_id);
  }

  async viscosityReport(
    db: Sql,
    caller: { employeeId: number; flags: ReadonlySet<PermissionFlag> },
    p: { EmployeeID: number; From: string; To: string },
  ): Promise<ViscosityReport> {
    if (p.EmployeeID !== caller.employeeId && !caller.flags.has('supervisor')) {
      throw forbidden(
        "You do not have permission to see someone else's viscosity readings (it needs: supervisor).",
      );
    }
    if (p.From > p.To) throw invalid('From must be on or before To.');
    if (addDays(p.From, 366) < p.To) throw invalid('A report covers at most 366 days.');
    const [e] = await db.query<{ name: string; plant_id: number }>(
      `SELECT first_name || ' ' || last_name AS name, plant_id FROM employees WHERE employee_id = $1`,
      [p.EmployeeID],
    );
    if (!e) throw invalid(`There is no employee ${p.EmployeeID}.`);
    const tz = plantTimeZone(e.plant_id);
    const from = new Date(localInstant(p.From, '00:00', tz)).toISOString();
    const to = new Date(localInstant(addDays(p.To, 1), '00:00', tz)).toISOString();
    const readings = await docs.readingsOf(db, p.EmployeeID, from, to);
    return {
      EmployeeID: p.EmployeeID,
      Name: e.name,
      From: from,
      To: to,
      Readings: readings,
      InRange: readings.filter((r) => r.InRange).length,
      OutOfRange: readings.filter((r) => !r.InRange).length,
    };
  }

  /** Republishes the line's document (also called by the shop-floor hook on completions). */
  async publish(
    w: Pick<PaintingWrite, 'db' | 'publish'>,
    resourceId: string,
    at = this.clock(),
  ): Promise<void> {
    const doc = await docs.paintLine(w.db, resourceId, at);
    if (doc) w.publish(docs.paintLineChange(doc));
  }

  /** The line (locked), the paint and the caller's plant, or the refusal. */
  private async checkLine(w: PaintingWrite, resourceId: string, paintCode: string) {
    const line = await docs.line(w.db, resourceId, true);
    if (!line) throw invalid(`There is no machine ${resourceId}.`);
    if (line.Process !== 'Painting') throw invalid(`${resourceId} is not a paint line.`);
    if (!line.Active) throw sorry(`${resourceId} is not active.`);
    const [paint] = await docs.paints(w.db, paintCode);
    if (!paint) throw invalid(`There is no paint ${paintCode}.`);
    const [me] = await w.db.query<{ plant_id: number; name: string }>(
      `SELECT plant_id, first_name || ' ' || last_name AS name FROM employees WHERE employee_id = $1`,
      [w.employeeId],
    );
    if (me!.plant_id !== line.PlantID && !w.flags.has('supervisor')) {
      throw sorry(`${resourceId} is in plant ${line.PlantID}, ${me!.name} in plant ${me!.plant_id}.`);
    }
    return { line, paint, plantId: line.PlantID };
  }
}
