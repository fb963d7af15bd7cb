import type { PendingChange } from '../../domain/live/changes';
import { bayBoard, bayChange, kpiBoard, kpiChange } from '../areas/boards/boards.documents';
import { paintLine, paintLineChange } from '../areas/painting/painting.documents';
import { faceChange, faces, resourceChange, resourceStatus } from '../areas/shopfloor/shopfloor.documents';
import { appendChanges } from '../feed/feed.service';
import type { Sql } from './database';
import { createEmployee } from './seed';

/**
 * Demo paint lines, bays and the TV boards' documents (issue 7 parts 2-3), after the shop-floor seed,
 * relative to now:
 *
 * - bays (our model: `bays` and `resources.bay_number`, migration 0015): plant 1 bay 1 Forming
 *   (LV-SLT01, LV-RF01, LV-RF02, LV-PCH01), bay 2 Cutting and welding (LV-CUT01, LV-CUT02, LV-WLD01,
 *   LV-WLD02), bay 3 Paint and assembly (LV-PNT01, LV-ASM01); plant 2 bay 21 Forming and cutting
 *   (IDF-RF01, IDF-PCH01, IDF-CUT01), bay 22 Welding, paint and assembly (IDF-WLD01, IDF-PNT01,
 *   IDF-ASM01);
 * - Julia Reyes (jreyes, 1706, password jreyes), paint line operator of plant 1, clocked in and
 *   running LV-PNT01, with good pieces and a little scrap today;
 * - LV-PNT01: an ended blue load and an orange load running; viscosity readings today (the last one
 *   out of range) and on the two days before (her viscosity report); IDF-PNT01: a yellow load and a
 *   reading by Sam Ortiz;
 * - every paint line's `painting:`, every bay's `bay:` and plants 1, 2, 3 and 6's `kpi:` documents on
 *   the change log, so a board following its topic from 0 has its document.
 */

const BAYS: ReadonlyArray<readonly [number, number, string, readonly string[]]> = [
  [1, 1, 'Forming', ['LV-SLT01', 'LV-RF01', 'LV-RF02', 'LV-PCH01']],
  [2, 1, 'Cutting and welding', ['LV-CUT01', 'LV-CUT02', 'LV-WLD01', 'LV-WLD02']],
  [3, 1, 'Paint and assembly', ['LV-PNT01', 'LV-ASM01']],
  [21, 2, 'Forming and cutting', ['IDF-RF01', 'IDF-PCH01', 'IDF-CUT01']],
  [22, 2, 'Welding, paint and assembly', ['IDF-WLD01', 'IDF-PNT01', 'IDF-ASM01']],
];

export const PAINTER = { employeeId: 1706, userName: 'jreyes' } as const;

export async function seedPainting(tx: Sql): Promise<void> {
  const existing = await tx.query('SELECT 1 FROM bays LIMIT 1');
  if (existing.length) return;
  for (const [bay, plant, description, machines] of BAYS) {
    await tx.query('INSERT INTO bays (bay_number, plant_id, description) VALUES ($1, $2, $3)', [
      bay,
      plant,
      description,
    ]);
    await tx.query(
      'UPDATE resources SET bay_number = $1 WHERE resource_id = ANY($2::text[]) AND plant_id = $3',
      [bay, [...machines], plant],
    );
  }
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const op = async (resourceId: string) => {
    const [row] = await tx.query<{ id: number; job: string; part: string }>(
      `SELECT o.production_plan_operation_id AS id, p.job_number AS job, coalesce(b.part_num, j.part_num) AS part
         FROM production_plan_operations o
         JOIN production_plans p ON p.production_plan_id = o.production_plan_id
         JOIN jobs j ON j.job_number = p.job_number
         LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
        WHERE o.resource_id = $1 AND NOT o.invalidated ORDER BY p.job_number, o.sequence LIMIT 1`,
      [resourceId],
    );
    return row ?? null;
  };
  const reading = (
    resourceId: string,
    plantId: number,
    paint: string,
    seconds: number,
    temperature: number,
    employeeId: number,
    minutesAgo: number,
  ) =>
    tx.query(
      `INSERT INTO viscosity_readings (resource_id, plant_id, paint_code, seconds, temperature_f, employee_id,
         recorded_at, min_seconds, max_seconds, in_range)
       SELECT $1, $2, p.paint_code, $4, $5, $6, $7, p.min_seconds, p.max_seconds, $4 BETWEEN p.min_seconds AND p.max_seconds
         FROM paints p WHERE p.paint_code = $3`,
      [resourceId, plantId, paint, seconds, temperature, employeeId, ago(minutesAgo)],
    );
  const load = (
    resourceId: string,
    plantId: number,
    run: { job: string; part: string },
    paint: string,
    quantity: number,
    startedMinutesAgo: number,
    endedMinutesAgo: number | null,
  ) =>
    tx.query(
      `INSERT INTO paint_loads (resource_id, plant_id, job_number, part_num, paint_code, quantity, started_at, ended_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        resourceId,
        plantId,
        run.job,
        run.part,
        paint,
        quantity,
        ago(startedMinutesAgo),
        endedMinutesAgo === null ? null : ago(endedMinutesAgo),
      ],
    );

  const lv = await op('LV-PNT01');
  if (lv) {
    await createEmployee(tx, {
      ...PAINTER,
      password: PAINTER.userName,
      firstName: 'Julia',
      lastName: 'Reyes',
      title: 'Paint Line Operator',
      plantId: 1,
      flags: ['accessManufacturing'],
    });
    await tx.query(`INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at) VALUES ($1, 1, $2)`, [
      PAINTER.employeeId,
      ago(178),
    ]);
    const [a] = await tx.query<{ labor_activity_id: number }>(
      `INSERT INTO labor_activities (employee_id, plant_id, resource_id, job_number, production_plan_operation_id, started_at)
       VALUES ($1, 1, 'LV-PNT01', $2, $3, $4) RETURNING labor_activity_id`,
      [PAINTER.employeeId, lv.job, lv.id, ago(170)],
    );
    for (const [good, scrap, minutes] of [
      [48, 0, 120],
      [52, 2, 70],
      [36, 0, 20],
    ] as const) {
      await tx.query(
        `INSERT INTO completions (labor_activity_id, employee_id, resource_id, job_number, production_plan_operation_id,
           quantity, scrap_quantity, scrap_reason, recorded_at)
         VALUES ($1, $2, 'LV-PNT01', $3, $4, $5, $6, $7, $8)`,
        [
          a!.labor_activity_id,
          PAINTER.employeeId,
          lv.job,
          lv.id,
          good,
          scrap,
          scrap ? 'Paint run' : null,
          ago(minutes),
        ],
      );
    }
    await load('LV-PNT01', 1, lv, 'BLU-ENM', 160, 240, 105);
    await load('LV-PNT01', 1, lv, 'ORG-ENM', 240, 100, null);
    await reading('LV-PNT01', 1, 'BLU-ENM', 21.5, 71, PAINTER.employeeId, 2 * 1440 + 60);
    await reading('LV-PNT01', 1, 'GRY-PRM', 23.4, 69, PAINTER.employeeId, 1440 + 30);
    await reading('LV-PNT01', 1, 'BLU-ENM', 22.0, 72, PAINTER.employeeId, 170);
    await reading('LV-PNT01', 1, 'ORG-ENM', 23.5, 73, PAINTER.employeeId, 95);
    await reading('LV-PNT01', 1, 'ORG-ENM', 27.2, 74, PAINTER.employeeId, 40);
  }
  const idf = await op('IDF-PNT01');
  if (idf) {
    await load('IDF-PNT01', 2, idf, 'YEL-ENM', 120, 60, null);
    await reading('IDF-PNT01', 2, 'YEL-ENM', 21.0, 68, 1003, 50);
  }

  const now = new Date().toISOString();
  const changes: PendingChange[] = [];
  if (lv) {
    changes.push(...(await faces(tx, [PAINTER.employeeId])).map(faceChange));
    const s = await resourceStatus(tx, 'LV-PNT01', now);
    if (s) changes.push(resourceChange(s));
  }
  const lines = await tx.query<{ resource_id: string }>(
    `SELECT resource_id FROM resources WHERE process = 'Painting' AND active ORDER BY resource_id`,
  );
  for (const l of lines) {
    const doc = await paintLine(tx, l.resource_id, now);
    if (doc) changes.push(paintLineChange(doc));
  }
  for (const [bay] of BAYS) {
    const b = await bayBoard(tx, bay, now);
    if (b) changes.push(bayChange(b));
  }
  for (const plant of [1, 2, 3, 6]) changes.push(kpiChange(await kpiBoard(tx, plant, now)));
  await appendChanges(tx, changes, null);
}
