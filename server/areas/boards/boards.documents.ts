import type { BayBoard, KpiBoard, ScoreRow } from '../../../domain/boards/entities';
import { BAY_KIND, bayTopic, KPI_KIND, kpiTopic } from '../../../domain/boards/live';
import {
  bayTotals,
  hourlyPieces,
  peopleCounts,
  scrapPercent,
  shiftStart,
  targetPieces,
  topDowntime,
  workingMinutes,
} from '../../../domain/boards/rules';
import { levelsFor } from '../../../domain/boards/thresholds';
import { boardItemChange } from '../../../domain/live/board-items';
import type { PendingChange } from '../../../domain/live/changes';
import { plantTimeZone } from '../../../domain/platform/plants';
import { minutesWithin, plantDay, type Window } from '../../../domain/shopfloor/rules';
import type { Sql } from '../../db/database';
import { thresholdRows } from './thresholds.repository';

/**
 * The scoreboard (`bay:{BayNumber}`) and KPI monitor (`kpi:{PlantID}`) documents, one builder for the
 * calls, the shop-floor publish hook and the seed. Both read one snapshot of a plant's floor today
 * (plant day): machines with their rate, completions, downtime, open activities and punches; the pure
 * rules of domain/boards/rules.ts make the figures.
 */

const iso = (v: unknown): string => new Date(v as string).toISOString();

interface MachineRow {
  ResourceID: string;
  Description: string;
  BayNumber: number | null;
  MinutesPerPiece: number | null;
}

interface PlantFloor {
  plantId: number;
  now: string;
  shift: string | null;
  machines: MachineRow[];
  completions: { ResourceID: string; Quantity: number; Scrap: number; RecordedAt: string }[];
  downtime: { ResourceID: string; Reason: string; Start: string; End: string | null }[];
  activities: { ResourceID: string | null; IndirectCode: string | null; EmployeeID: number; Name: string }[];
  /** Direct activities on the plant's machines that ran today (open ones too). */
  staffed: { ResourceID: string; Start: string; End: string | null }[];
  clockedIn: number[];
  dayFrom: string;
}

async function plantFloor(db: Sql, plantId: number, now: string): Promise<PlantFloor> {
  const day = plantDay(now, plantTimeZone(plantId));
  const machines = await db.query<MachineRow>(
    `SELECT r.resource_id AS "ResourceID", r.description AS "Description", r.bay_number AS "BayNumber",
            coalesce(
              (SELECT coalesce(nullif(o.production_minutes_per_piece, 0), nullif(o.scheduled_minutes_per_piece, 0))
                 FROM labor_activities a
                 JOIN production_plan_operations o ON o.production_plan_operation_id = a.production_plan_operation_id
                WHERE a.resource_id = r.resource_id AND a.ended_at IS NULL
                ORDER BY a.started_at DESC, a.labor_activity_id DESC LIMIT 1),
              (SELECT coalesce(nullif(m.production_minutes_per_piece, 0), nullif(m.scheduling_minutes_per_piece, 0))
                 FROM machine_rates m WHERE m.resource_id = r.resource_id AND m.official AND NOT m.deleted
                ORDER BY m.machine_rate_id LIMIT 1)) AS "MinutesPerPiece"
       FROM resources r WHERE r.plant_id = $1 AND r.active ORDER BY r.resource_id`,
    [plantId],
  );
  const completions = await db.query<{
    ResourceID: string;
    Quantity: number;
    Scrap: number;
    RecordedAt: unknown;
  }>(
    `SELECT c.resource_id AS "ResourceID", c.quantity AS "Quantity", c.scrap_quantity AS "Scrap", c.recorded_at AS "RecordedAt"
       FROM completions c JOIN resources r ON r.resource_id = c.resource_id
      WHERE r.plant_id = $1 AND c.recorded_at >= $2 AND c.recorded_at < $3`,
    [plantId, day.From, day.To],
  );
  const downtime = await db.query<{ ResourceID: string; Reason: string; Start: unknown; End: unknown }>(
    `SELECT d.resource_id AS "ResourceID", r.description AS "Reason", d.started_at AS "Start", d.ended_at AS "End"
       FROM downtime_events d JOIN downtime_reasons r ON r.reason_code = d.reason_code
      WHERE d.plant_id = $1 AND d.started_at < $3 AND (d.ended_at IS NULL OR d.ended_at > $2)
      ORDER BY d.started_at`,
    [plantId, day.From, day.To],
  );
  const activities = await db.query<PlantFloor['activities'][number]>(
    `SELECT a.resource_id AS "ResourceID", a.indirect_code AS "IndirectCode", a.employee_id AS "EmployeeID",
            e.first_name || ' ' || e.last_name AS "Name"
       FROM labor_activities a JOIN employees e ON e.employee_id = a.employee_id
      WHERE a.plant_id = $1 AND a.ended_at IS NULL ORDER BY a.started_at, a.labor_activity_id`,
    [plantId],
  );
  const staffed = await db.query<{ ResourceID: string; Start: unknown; End: unknown }>(
    `SELECT a.resource_id AS "ResourceID", a.started_at AS "Start", a.ended_at AS "End"
       FROM labor_activities a
      WHERE a.plant_id = $1 AND a.resource_id IS NOT NULL AND a.started_at < $3
        AND (a.ended_at IS NULL OR a.ended_at > $2)`,
    [plantId, day.From, day.To],
  );
  const punches = await db.query<{ employee_id: number; clocked_in_at: unknown; open: boolean }>(
    `SELECT employee_id, clocked_in_at, clocked_out_at IS NULL AS open FROM clock_punches
      WHERE plant_id = $1 AND (clocked_out_at IS NULL OR clocked_out_at >= $2)`,
    [plantId, day.From],
  );
  return {
    plantId,
    now,
    dayFrom: day.From,
    shift: shiftStart(
      punches.map((p) => iso(p.clocked_in_at)),
      day.From,
    ),
    machines: machines.map((m) => ({ ...m, MinutesPerPiece: m.MinutesPerPiece ?? null })),
    completions: completions.map((c) => ({
      ...c,
      Quantity: Number(c.Quantity),
      Scrap: Number(c.Scrap),
      RecordedAt: iso(c.RecordedAt),
    })),
    downtime: downtime.map((d) => ({
      ...d,
      Start: iso(d.Start),
      End: d.End === null || d.End === undefined ? null : iso(d.End),
    })),
    activities,
    staffed: staffed.map((a) => ({
      ResourceID: a.ResourceID,
      Start: iso(a.Start),
      End: a.End === null || a.End === undefined ? null : iso(a.End),
    })),
    clockedIn: punches.filter((p) => p.open).map((p) => p.employee_id),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function scoreRow(f: PlantFloor, m: MachineRow): ScoreRow {
  const done = f.completions.filter((c) => c.ResourceID === m.ResourceID);
  const down = f.downtime.filter((d) => d.ResourceID === m.ResourceID);
  const windows: Window[] = down.map((d) => ({ Start: d.Start, End: d.End }));
  const open = down.find((d) => d.End === null) ?? null;
  const staffed: Window[] = f.staffed
    .filter((a) => a.ResourceID === m.ResourceID)
    .map((a) => ({ Start: a.Start, End: a.End }));
  const working = f.shift ? workingMinutes(staffed, windows, f.shift, f.now) : 0;
  return {
    ResourceID: m.ResourceID,
    Description: m.Description,
    Pieces: round2(done.reduce((s, c) => s + c.Quantity, 0)),
    TargetPieces: targetPieces(working, m.MinutesPerPiece),
    ScrapPieces: round2(done.reduce((s, c) => s + c.Scrap, 0)),
    DowntimeMinutes: minutesWithin(windows, f.dayFrom, f.now),
    DownReason: open?.Reason ?? null,
    MinutesPerPiece: m.MinutesPerPiece,
    WorkingMinutes: working,
    Operators: f.activities.filter((a) => a.ResourceID === m.ResourceID).map((a) => a.Name),
  };
}

/** The scoreboard of a bay as of `now`; null when there is no such bay. */
export async function bayBoard(db: Sql, bayNumber: number, now: string): Promise<BayBoard | null> {
  const [bay] = await db.query<{ plant_id: number; description: string }>(
    'SELECT plant_id, description FROM bays WHERE bay_number = $1',
    [bayNumber],
  );
  if (!bay) return null;
  const f = await plantFloor(db, bay.plant_id, now);
  // Each machine's levels (its own thresholds, else the plant's, else the defaults): /thresholds.
  const limits = await thresholdRows(db, bay.plant_id);
  const rows = f.machines
    .filter((m) => m.BayNumber === bayNumber)
    .map((m) => ({ ...scoreRow(f, m), Thresholds: levelsFor(limits, bay.plant_id, m.ResourceID) }));
  return {
    BayNumber: bayNumber,
    PlantID: bay.plant_id,
    Description: bay.description,
    ShiftStart: f.shift,
    Rows: rows,
    Totals: bayTotals(rows),
    Thresholds: levelsFor(limits, bay.plant_id),
    AsOf: now,
  };
}

/** The KPI monitor of a plant as of `now`. */
export async function kpiBoard(db: Sql, plantId: number, now: string): Promise<KpiBoard> {
  const f = await plantFloor(db, plantId, now);
  const rows = f.machines.map((m) => scoreRow(f, m));
  const totals = bayTotals(rows);
  const open = new Map(f.activities.map((a) => [a.EmployeeID, a]));
  return {
    PlantID: plantId,
    ShiftStart: f.shift,
    Pieces: totals.Pieces,
    TargetPieces: totals.TargetPieces,
    TargetPiecesPerMinute:
      Math.round(
        rows.reduce(
          (s, r) =>
            s +
            (f.shift && !r.DownReason && r.Operators.length && r.MinutesPerPiece ? 1 / r.MinutesPerPiece : 0),
          0,
        ) * 10_000,
      ) / 10_000,
    ScrapPieces: totals.ScrapPieces,
    ScrapPercent: scrapPercent(totals.Pieces, totals.ScrapPieces),
    DowntimeMinutes: totals.DowntimeMinutes,
    TopDowntime: topDowntime(f.downtime, f.dayFrom, now),
    People: peopleCounts(
      f.clockedIn.map((id) => {
        const a = open.get(id);
        return { ClockedIn: true, Machine: a?.ResourceID ?? null, Indirect: a?.IndirectCode ?? null };
      }),
    ),
    MachinesDown: rows.filter((r) => r.DownReason !== null).length,
    Thresholds: levelsFor(await thresholdRows(db, plantId), plantId),
    Hourly: hourlyPieces(
      f.completions.map((c) => ({ RecordedAt: c.RecordedAt, Quantity: c.Quantity })),
      f.shift,
      now,
    ),
    AsOf: now,
  };
}

export const bayChange = (b: BayBoard): PendingChange =>
  boardItemChange(bayTopic(b.BayNumber), BAY_KIND, String(b.BayNumber), b.PlantID, b);

export const kpiChange = (k: KpiBoard): PendingChange =>
  boardItemChange(kpiTopic(k.PlantID), KPI_KIND, String(k.PlantID), k.PlantID, k);

/** The bay numbers of a plant (a threshold change republishes them). */
export async function baysOfPlant(db: Sql, plantId: number): Promise<number[]> {
  const rows = await db.query<{ bay_number: number }>(
    'SELECT bay_number FROM bays WHERE plant_id = $1 ORDER BY bay_number',
    [plantId],
  );
  return rows.map((r) => Number(r.bay_number));
}

/** The bays and plants of these machines and employees (what a shop-floor write must republish). */
export async function affected(
  db: Sql,
  touched: { resources: readonly string[]; employees: readonly number[] },
): Promise<{ bays: number[]; plants: number[]; paintLines: string[] }> {
  const machines = touched.resources.length
    ? await db.query<{ resource_id: string; plant_id: number; bay_number: number | null; process: string }>(
        'SELECT resource_id, plant_id, bay_number, process FROM resources WHERE resource_id = ANY($1::text[])',
        [[...touched.resources]],
      )
    : [];
  const people = touched.employees.length
    ? await db.query<{ plant_id: number }>(
        'SELECT DISTINCT plant_id FROM employees WHERE employee_id = ANY($1::int[])',
        [[...touched.employees]],
      )
    : [];
  const sorted = <T>(xs: T[]) => [...new Set(xs)].sort();
  return {
    bays: sorted(machines.flatMap((m) => (m.bay_number === null ? [] : [m.bay_number]))).sort(
      (a, b) => a - b,
    ),
    plants: sorted([...machines.map((m) => m.plant_id), ...people.map((p) => p.plant_id)]).sort(
      (a, b) => a - b,
    ),
    paintLines: sorted(machines.filter((m) => m.process === 'Painting').map((m) => m.resource_id)),
  };
}
