import type { PendingChange } from '../../domain/live/changes';
import { faceChange, faces, resourceChange, resourceStatus } from '../areas/shopfloor/shopfloor.documents';
import { appendChanges } from '../feed/feed.service';
import type { Sql } from './database';
import { createEmployee, portraitBmp } from './seed';

/**
 * Demo shop floor (issue 7), after the scheduling seed, relative to now so the boards show a shift in
 * progress in plant 1 (Long Valley): five operators clocked in about three hours ago (logins: their
 * user names, password the same), Maria Santos leading a team with Kevin Park on the roll former
 * LV-RF01, Ahmed Khan on the saw LV-CUT01, Grace Lee cleaning (indirect), Omar Diaz idle; completions
 * on both machines (some scrap), a downtime that ended on LV-CUT01 and one still open on LV-PCH01
 * (waiting for material). Every plant 1 face and machine status is written to the change log of
 * `faces:1` and `resource:{ResourceID}`, so a board that follows a topic from 0 has its document.
 */

export const shopfloorDemoPeople = [
  {
    employeeId: 1701,
    userName: 'msantos',
    firstName: 'Maria',
    lastName: 'Santos',
    title: 'Roll Former Lead',
  },
  {
    employeeId: 1702,
    userName: 'kpark',
    firstName: 'Kevin',
    lastName: 'Park',
    title: 'Roll Former Operator',
  },
  { employeeId: 1703, userName: 'akhan', firstName: 'Ahmed', lastName: 'Khan', title: 'Saw Operator' },
  { employeeId: 1704, userName: 'glee', firstName: 'Grace', lastName: 'Lee', title: 'Material Handler' },
  { employeeId: 1705, userName: 'odiaz', firstName: 'Omar', lastName: 'Diaz', title: 'Punch Operator' },
] as const;

export async function seedShopfloor(tx: Sql): Promise<void> {
  const existing = await tx.query('SELECT 1 FROM clock_punches LIMIT 1');
  if (existing.length) return;
  for (const [i, p] of shopfloorDemoPeople.entries()) {
    await createEmployee(tx, {
      ...p,
      password: p.userName,
      plantId: 1,
      flags: ['accessManufacturing'],
      photo: i % 2 === 0 ? portraitBmp([120 + i * 20, 60, 40]) : undefined,
    });
  }
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const op = async (resourceId: string) => {
    const [row] = await tx.query<{ id: number; job: string }>(
      `SELECT o.production_plan_operation_id AS id, p.job_number AS job FROM production_plan_operations o
         JOIN production_plans p USING (production_plan_id)
        WHERE o.resource_id = $1 AND NOT o.invalidated ORDER BY p.job_number, o.sequence LIMIT 1`,
      [resourceId],
    );
    return row ?? null;
  };
  for (const p of shopfloorDemoPeople) {
    await tx.query(`INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at) VALUES ($1, 1, $2)`, [
      p.employeeId,
      ago(180 + (p.employeeId % 7)),
    ]);
    // The employee record agrees with the open punch (as web/ClockIn keeps it).
    await tx.query('UPDATE employees SET clocked_in = true WHERE employee_id = $1', [p.employeeId]);
  }
  const activity = async (
    employeeId: number,
    resourceId: string | null,
    run: { id: number; job: string } | null,
    code: string | null,
    startedMinutesAgo: number,
    lead: number | null = null,
    endedMinutesAgo: number | null = null,
  ) => {
    const [row] = await tx.query<{ labor_activity_id: number }>(
      `INSERT INTO labor_activities (employee_id, plant_id, resource_id, job_number, production_plan_operation_id,
         indirect_code, started_at, ended_at, team_lead_activity_id)
       VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8) RETURNING labor_activity_id`,
      [
        employeeId,
        resourceId,
        run?.job ?? null,
        run?.id ?? null,
        code,
        ago(startedMinutesAgo),
        endedMinutesAgo === null ? null : ago(endedMinutesAgo),
        lead,
      ],
    );
    return row!.labor_activity_id;
  };
  const completion = async (
    activityId: number,
    employeeId: number,
    resourceId: string,
    run: { id: number; job: string },
    good: number,
    scrap: number,
    minutesAgo: number,
  ) =>
    tx.query(
      `INSERT INTO completions (labor_activity_id, employee_id, resource_id, job_number, production_plan_operation_id,
         quantity, scrap_quantity, scrap_reason, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        activityId,
        employeeId,
        resourceId,
        run.job,
        run.id,
        good,
        scrap,
        scrap ? 'Edge burr' : null,
        ago(minutesAgo),
      ],
    );

  const rf = await op('LV-RF01');
  const cut = await op('LV-CUT01');
  if (rf) {
    const lead = await activity(1701, 'LV-RF01', rf, null, 150);
    const member = await activity(1702, 'LV-RF01', rf, null, 150, lead);
    await completion(lead, 1701, 'LV-RF01', rf, 120, 0, 90);
    await completion(member, 1702, 'LV-RF01', rf, 95, 3, 30);
  }
  if (cut) {
    await activity(1703, null, null, 'MEET', 175, null, 160);
    const saw = await activity(1703, 'LV-CUT01', cut, null, 160);
    await completion(saw, 1703, 'LV-CUT01', cut, 60, 0, 100);
    await completion(saw, 1703, 'LV-CUT01', cut, 45, 2, 20);
    await tx.query(
      `INSERT INTO downtime_events (resource_id, plant_id, reason_code, started_at, ended_at, employee_id)
       VALUES ('LV-CUT01', 1, 'CHANGE', $1, $2, 1703)`,
      [ago(75), ago(60)],
    );
  }
  await activity(1704, null, null, 'CLEAN', 40);
  await activity(1705, null, null, 'TRAIN', 170, null, 25);
  await tx.query(
    `INSERT INTO downtime_events (resource_id, plant_id, reason_code, started_at, employee_id)
     SELECT 'LV-PCH01', 1, 'MATL', $1, 1705 WHERE EXISTS (SELECT 1 FROM resources WHERE resource_id = 'LV-PCH01')`,
    [ago(25)],
  );

  const now = new Date().toISOString();
  const changes: PendingChange[] = (
    await faces(
      tx,
      shopfloorDemoPeople.map((p) => p.employeeId),
    )
  ).map(faceChange);
  const machines = await tx.query<{ resource_id: string }>(
    `SELECT resource_id FROM resources WHERE plant_id = 1 AND active ORDER BY resource_id`,
  );
  for (const m of machines) {
    const s = await resourceStatus(tx, m.resource_id, now);
    if (s) changes.push(resourceChange(s));
  }
  await appendChanges(tx, changes, null);
}
