import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Completion,
  DowntimeEvent,
  Face,
  FaceboardDoc,
  LaborActivity,
  MyActivity,
  ResourceStatus,
} from '../domain/shopfloor/entities';
import type { Sql } from '../server/db/database';
import { createEmployee } from '../server/db/seed';
import { testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/**
 * Plant 4 (Waterloo, America/New_York) has no demo machines or shop-floor people: ours are TF-A and
 * TF-B (plant 4) and TF-X (plant 1); job JF0001 with operations 10 (TF-A, 100 pcs, 0.5 min/pc, BOM
 * line TF-BOM), 20 (TF-B, no plan rate: 2 min/pc from its official schedule task) and 30 (invalidated).
 * People (password = user name): Olga One 9301, Paul Two 9302, Tara Three 9303 (accessManufacturing),
 * Tim Keeper 9304 (approvesTime only), Fran Foreman 9305 (supervisor), Nat None 9306 (no flags).
 */
async function seedFloor(db: Sql) {
  await db.query(
    `INSERT INTO parts (part_num, description, part_class, material) VALUES ('TF-PART', 'Test upright', 'Upright', 'HR')`,
  );
  await db.query(`INSERT INTO resources (resource_id, plant_id, description, process)
    VALUES ('TF-A', 4, 'Test former', 'Roll forming'), ('TF-B', 4, 'Test saw', 'Cutting'), ('TF-X', 1, 'Elsewhere', 'Cutting')`);
  await db.query(
    `INSERT INTO jobs (job_number, plant_id, part_num, quantity, due_date) VALUES ('JF0001', 4, 'TF-PART', 100, '2026-12-22')`,
  );
  const [plan] = await db.query<{ production_plan_id: number }>(
    `INSERT INTO production_plans (job_number, quantity) VALUES ('JF0001', 100) RETURNING production_plan_id`,
  );
  const [bom] = await db.query<{ production_plan_bom_id: number }>(
    `INSERT INTO production_plan_boms (production_plan_id, sequence, part_num) VALUES ($1, 10, 'TF-BOM') RETURNING production_plan_bom_id`,
    [plan!.production_plan_id],
  );
  const ops = await db.query<{ production_plan_operation_id: number; sequence: number }>(
    `INSERT INTO production_plan_operations (production_plan_id, production_plan_bom_id, sequence, resource_id,
       production_quantity, production_minutes_per_piece, invalidated)
     VALUES ($1, $2, 10, 'TF-A', 100, 0.5, false), ($1, NULL, 20, 'TF-B', 40, 0, false), ($1, NULL, 30, 'TF-A', 10, 1, true)
     RETURNING production_plan_operation_id, sequence`,
    [plan!.production_plan_id, bom!.production_plan_bom_id],
  );
  const op = Object.fromEntries(ops.map((o) => [o.sequence, o.production_plan_operation_id])) as Record<
    number,
    number
  >;
  const [schedule] = await db.query<{ schedule_id: number }>(
    `INSERT INTO schedules (plant_id, name, official, planning, start_date, created_by)
     VALUES (4, 'Official', true, false, '2026-12-21', 'Test') RETURNING schedule_id`,
  );
  await db.query(
    `INSERT INTO schedule_tasks (schedule_id, resource_id, production_order, scheduled_minutes_per_piece, production_plan_operation_id, job_number)
     VALUES ($1, 'TF-B', 0, 2, $2, 'JF0001')`,
    [schedule!.schedule_id, op[20]],
  );
  const people: Array<[number, string, string, string, string[]]> = [
    [9301, 'olga', 'Olga', 'One', ['accessManufacturing']],
    [9302, 'paul', 'Paul', 'Two', ['accessManufacturing']],
    [9303, 'tara', 'Tara', 'Three', ['accessManufacturing']],
    [9304, 'timk', 'Tim', 'Keeper', ['approvesTime']],
    [9305, 'fran', 'Fran', 'Foreman', ['supervisor']],
    [9306, 'nat', 'Nat', 'None', []],
  ];
  for (const [employeeId, userName, firstName, lastName, flags] of people) {
    await createEmployee(db, {
      employeeId,
      userName,
      password: userName,
      firstName,
      lastName,
      title: 'Test',
      plantId: 4,
      flags: flags as never,
    });
  }
  return { op };
}

describe.skipIf(!dbAvailable)(`shop-floor calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let olga: Login;
  let paul: Login;
  let tara: Login;
  let tim: Login; // approvesTime
  let fran: Login; // supervisor
  let nat: Login; // no flags
  let fx: Awaited<ReturnType<typeof seedFloor>>;
  /** Olga (9301) on machine TF-A, job JF0001, operation 10: the direct activity most refusals start from. */
  const olgaOnTfA = () => ({
    EmployeeID: 9301,
    ResourceID: 'TF-A',
    JobNumber: 'JF0001',
    ProductionPlanOperationID: fx.op[10],
  });

  // KPI monitors are rebuilt after commit (coalesced): let owed rebuilds land before fingerprinting.
  const fingerprint = async () =>
    server.app.kpi
      .idle()
      .then(() =>
        tablesFingerprint(server.db, [
          'clock_punches',
          'labor_activities',
          'completions',
          'downtime_events',
          'topic_heads',
        ]),
      );
  const { get, post, refused, follow } = testCalls({ api: () => api, fingerprint, caller: () => olga });
  const face = async (id: number) => Face.parse(await get('web/GetFace', { EmployeeID: id }));
  const status = async (id: string) =>
    ResourceStatus.parse(await get('shopfloor/GetResourceStatus', { ResourceID: id }, null));
  const boardDoc = async (id: number) => (await follow('faces:4')).get(String(id));
  /** The production-monitor status on `resource:{id}`: a boardItems item of kind `resource`. */
  const monitorDoc = async (id: string) => {
    const item = (await follow(`resource:${id}`)).get(`resource:${id}`) as
      | { Kind: string; Key: string; Data: Record<string, unknown> }
      | undefined;
    expect(item).toMatchObject({ Kind: 'resource', Key: id });
    return item!.Data as ResourceStatus;
  };

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    fx = await seedFloor(server.db);
    olga = await api.login('olga');
    paul = await api.login('paul');
    tara = await api.login('tara');
    tim = await api.login('timk');
    fran = await api.login('fran');
    nat = await api.login('nat');
  });
  afterAll(() => server?.close());

  describe('lookups', () => {
    it('shopfloor/GetIndirectCodes and GetDowntimeReasons answer the seeded lists in order', async () => {
      const codes = await get<{ IndirectCode: string; Description: string }[]>(
        'shopfloor/GetIndirectCodes',
        {},
      );
      expect(codes.map((c) => c.Description).slice(0, 4)).toEqual([
        'Cleaning',
        'Training',
        'Meeting',
        'Material handling',
      ]);
      const reasons = await get<{ ReasonCode: string; Description: string }[]>(
        'shopfloor/GetDowntimeReasons',
        {},
      );
      expect(reasons.map((r) => r.Description).slice(0, 5)).toEqual([
        'Waiting for material',
        'Changeover',
        'Breakdown',
        'Quality hold',
        'No operator',
      ]);
      expect((await api.get('shopfloor/GetIndirectCodes', {})).status).toBe(401);
    });

    it("shopfloor/GetFloorMachines answers the plant's active machines with Down; GetJobOperations the valid operations", async () => {
      const machines = await get<{ ResourceID: string; Description: string; Down: boolean }[]>(
        'shopfloor/GetFloorMachines',
        { PlantID: 4 },
      );
      expect(machines).toEqual([
        { ResourceID: 'TF-A', Description: 'Test former', Down: false },
        { ResourceID: 'TF-B', Description: 'Test saw', Down: false },
      ]);
      const ops = await get<
        { ProductionPlanOperationID: number; Sequence: number; ResourceID: string; Item: string }[]
      >('shopfloor/GetJobOperations', { JobNumber: 'JF0001' });
      // Operation 30 is invalidated: not offered.
      expect(ops).toEqual([
        { ProductionPlanOperationID: fx.op[10], Sequence: 10, ResourceID: 'TF-A', Item: 'TF-BOM' },
        { ProductionPlanOperationID: fx.op[20], Sequence: 20, ResourceID: 'TF-B', Item: 'TF-PART' },
      ]);
      expect(await get('shopfloor/GetJobOperations', { JobNumber: 'NOPE-404' })).toEqual([]);
      expect((await api.get('shopfloor/GetFloorMachines', { PlantID: 4 })).status).toBe(401);
    });
  });

  describe('web/ClockIn and web/ClockOut', () => {
    it('clocks oneself in: the face, the punch row, the faceboard document', async () => {
      const f = Face.parse(await post('web/ClockIn', { EmployeeID: olga.employeeId }));
      expect(f).toMatchObject({
        EmployeeID: 9301,
        Name: 'Olga One',
        ClockedIn: true,
        Machine: null,
        PlantID: 4,
      });
      expect(Date.now() - Date.parse(f.ClockedInAt!)).toBeLessThan(60_000);
      expect(f.IdleSince).toBe(f.ClockedInAt);
      const [punch] = await server.db.query<{ clocked_in_by: number | null; plant_id: number }>(
        'SELECT clocked_in_by, plant_id FROM clock_punches WHERE employee_id = 9301',
      );
      expect(punch).toEqual({ clocked_in_by: null, plant_id: 4 });
      const doc = FaceboardDoc.strict().parse(await boardDoc(9301));
      expect(doc).toEqual({
        EmployeeID: 9301,
        Name: 'Olga One',
        PhotoFile: null,
        ClockedIn: true,
        Machine: null,
        Operation: null,
        WONumber: null,
        Indirect: null,
        StartActivity: null,
        IdleSince: f.IdleSince,
        TeamMembers: [],
        PlantID: 4,
      });
    });

    it('clocking in twice is refused, nothing changed', async () => {
      await refused(
        'web/ClockIn',
        { EmployeeID: 9301 },
        olga,
        /^Olga One is already clocked in since \w{3}-\d+-\d\d \d+:\d\d [ap]m\.$/,
      );
    });

    it('clocking in someone else without supervisor or approvesTime: 403, nothing changed', async () => {
      await refused(
        'web/ClockIn',
        { EmployeeID: 9302 },
        tara,
        'You can clock in only yourself (to clock in someone else you need: supervisor or approves time).',
        403,
      );
    });

    it('approvesTime clocks in someone else (recorded as the puncher); so does supervisor', async () => {
      expect(Face.parse(await post('web/ClockIn', { EmployeeID: 9302 }, tim)).ClockedIn).toBe(true);
      expect(Face.parse(await post('web/ClockIn', { EmployeeID: 9303 }, fran)).ClockedIn).toBe(true);
      const rows = await server.db.query<{ employee_id: number; clocked_in_by: number | null }>(
        'SELECT employee_id, clocked_in_by FROM clock_punches WHERE employee_id IN (9302, 9303) ORDER BY employee_id',
      );
      expect(rows).toEqual([
        { employee_id: 9302, clocked_in_by: 9304 },
        { employee_id: 9303, clocked_in_by: 9305 },
      ]);
    });

    it('bad input: a clear Error naming the field, or the unknown employee; nothing changed', async () => {
      await refused('web/ClockIn', { EmployeeID: 'abc' }, olga, /EmployeeID/);
      await refused('web/ClockIn', {}, olga, /EmployeeID/);
      await refused('web/ClockIn', { EmployeeID: 999999 }, fran, 'There is no employee 999999.');
    });

    it('clocking out someone else without the flag: 403; clocking out when not clocked in: Sorry', async () => {
      await refused(
        'web/ClockOut',
        { EmployeeID: 9301 },
        paul,
        'You can clock out only yourself (to clock out someone else you need: supervisor or approves time).',
        403,
      );
      await refused('web/ClockOut', { EmployeeID: 9306 }, nat, 'Nat None is not clocked in.');
    });
  });

  describe('activities', () => {
    it('starting an activity needs a clock-in', async () => {
      await refused(
        'shopfloor/StartIndirectActivity',
        { EmployeeID: 9305, IndirectCode: 'CLEAN' },
        fran,
        'Fran Foreman is not clocked in: clock in before starting an activity.',
      );
    });

    it('without accessManufacturing or supervisor the floor calls answer 403', async () => {
      await refused(
        'shopfloor/StartIndirectActivity',
        { EmployeeID: 9306, IndirectCode: 'CLEAN' },
        nat,
        /it needs one of: access manufacturing, supervisor/,
        403,
      );
    });

    it('bad input to StartDirectActivity: wrong job, unknown machine, unknown operation, invalidated, other plant', async () => {
      const base = olgaOnTfA();
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, JobNumber: 'J240001' },
        olga,
        `Operation ${fx.op[10]} is not an operation of job J240001.`,
      );
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, ResourceID: 'NOPE-1' },
        olga,
        'There is no machine NOPE-1.',
      );
      await refused('shopfloor/StartDirectActivity', { ...base, ResourceID: 'TF A' }, olga, /ResourceID/);
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, ProductionPlanOperationID: 99999999 },
        olga,
        'There is no production plan operation 99999999.',
      );
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, ProductionPlanOperationID: fx.op[30] },
        olga,
        'Operation 30 of job JF0001 is invalidated.',
      );
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, ResourceID: 'TF-X' },
        olga,
        'TF-X is in plant 1, Olga One in plant 4.',
      );
    });

    it('starting someone else, or naming team members, needs supervisor (403)', async () => {
      const base = olgaOnTfA();
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, TeamMemberIDs: [9302] },
        olga,
        /needs: supervisor/,
        403,
      );
      await refused('shopfloor/StartDirectActivity', base, paul, /needs: supervisor/, 403);
    });

    it('a direct activity: the face shows machine, operation, job and item (the BOM line part)', async () => {
      const a = LaborActivity.parse(
        await post('shopfloor/StartDirectActivity', {
          EmployeeID: 9301,
          ResourceID: 'TF-A',
          JobNumber: 'JF0001',
          ProductionPlanOperationID: fx.op[10],
        }),
      );
      expect(a).toMatchObject({
        Direct: true,
        ResourceID: 'TF-A',
        OperationSequence: 10,
        Item: 'TF-BOM',
        EndedAt: null,
      });
      const f = await face(9301);
      expect(f).toMatchObject({
        Machine: 'TF-A',
        Operation: 10,
        WONumber: 'JF0001',
        Item: 'TF-BOM',
        IdleSince: null,
        StartActivity: a.StartedAt,
      });
      expect(await boardDoc(9301)).toMatchObject({
        Machine: 'TF-A',
        Operation: 10,
        WONumber: 'JF0001',
        IdleSince: null,
      });
    });

    it('a supervisor starts a team: the previous activity ends, the lead face lists the member', async () => {
      const [before] = await server.db.query<{ labor_activity_id: number }>(
        'SELECT labor_activity_id FROM labor_activities WHERE employee_id = 9301 AND ended_at IS NULL',
      );
      const lead = LaborActivity.parse(
        await post(
          'shopfloor/StartDirectActivity',
          {
            EmployeeID: 9301,
            ResourceID: 'TF-A',
            JobNumber: 'JF0001',
            ProductionPlanOperationID: fx.op[10],
            TeamMemberIDs: [9302],
          },
          fran,
        ),
      );
      const [ended] = await server.db.query<{ ended_at: Date }>(
        'SELECT ended_at FROM labor_activities WHERE labor_activity_id = $1',
        [before!.labor_activity_id],
      );
      expect(new Date(ended!.ended_at).toISOString()).toBe(lead.StartedAt);
      expect((await face(9301)).TeamMembers).toEqual([{ EmployeeID: 9302, Name: 'Paul Two' }]);
      expect(await face(9302)).toMatchObject({ Machine: 'TF-A', Operation: 10, TeamMembers: [] });
      const [member] = await server.db.query<{ team_lead_activity_id: number }>(
        'SELECT team_lead_activity_id FROM labor_activities WHERE employee_id = 9302 AND ended_at IS NULL',
      );
      expect(member!.team_lead_activity_id).toBe(lead.LaborActivityID);
      expect((await boardDoc(9301))!.TeamMembers).toEqual([{ EmployeeID: 9302, Name: 'Paul Two' }]);
    });

    it('a team member must be clocked in; the lead cannot be a member', async () => {
      const base = olgaOnTfA();
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, TeamMemberIDs: [9306] },
        fran,
        'Nat None is not clocked in: clock in before starting an activity.',
      );
      await refused(
        'shopfloor/StartDirectActivity',
        { ...base, TeamMemberIDs: [9301] },
        fran,
        'TeamMemberIDs cannot include the lead (EmployeeID).',
      );
    });
  });

  describe('completions and the production monitor', () => {
    let leadActivity: number;
    it('shopfloor/RecordCompletions: good and scrap with a reason, on the lead activity', async () => {
      const mine = MyActivity.parse(await get('shopfloor/GetMyActivity', {}));
      leadActivity = mine.Activity!.LaborActivityID;
      const c = Completion.parse(
        await post('shopfloor/RecordCompletions', {
          LaborActivityID: leadActivity,
          Quantity: 40,
          ScrapQuantity: 2,
          ScrapReason: ' Burr ',
        }),
      );
      expect(c).toMatchObject({
        EmployeeID: 9301,
        ResourceID: 'TF-A',
        JobNumber: 'JF0001',
        Quantity: 40,
        ScrapQuantity: 2,
        ScrapReason: 'Burr',
      });
      const again = MyActivity.parse(await get('shopfloor/GetMyActivity', {}));
      expect(again.CompletionsToday.map((x) => x.CompletionID)).toEqual([c.CompletionID]);
      expect(again.Face.Machine).toBe('TF-A');
    });

    it('bad completions are refused with a clear Error and change nothing', async () => {
      const c = { LaborActivityID: leadActivity };
      await refused(
        'shopfloor/RecordCompletions',
        { ...c, Quantity: 5, ScrapQuantity: 1 },
        olga,
        'Scrapped pieces need a scrap reason.',
      );
      await refused(
        'shopfloor/RecordCompletions',
        { ...c, Quantity: 0, ScrapQuantity: 0 },
        olga,
        'Report at least one good or scrapped piece.',
      );
      await refused(
        'shopfloor/RecordCompletions',
        { ...c, Quantity: -3 },
        olga,
        'Quantity cannot be negative.',
      );
      await refused('shopfloor/RecordCompletions', { ...c, Quantity: 'ten' }, olga, /Quantity/);
      await refused(
        'shopfloor/RecordCompletions',
        { LaborActivityID: 99999999, Quantity: 1 },
        olga,
        'There is no labor activity 99999999.',
      );
      await refused('shopfloor/RecordCompletions', { ...c, Quantity: 1 }, tara, /needs: supervisor/, 403);
    });

    it('shopfloor/GetResourceStatus (public): run, operators, target vs actual, rate', async () => {
      const s = await status('TF-A');
      expect(s).toMatchObject({
        ResourceID: 'TF-A',
        PlantID: 4,
        JobNumber: 'JF0001',
        Operation: 10,
        Item: 'TF-BOM',
        OperationQuantity: 100,
        MinutesPerPiece: 0.5,
        TargetPiecesPerHour: 120,
        ActualPieces: 40,
        ScrapPieces: 2,
        OpenDowntime: null,
        DowntimeMinutesToday: 0,
      });
      expect(s.Operators.map((o) => o.EmployeeID).sort()).toEqual([9301, 9302]);
      expect(s.TargetPieces).toBe(Math.floor(s.ElapsedMinutes / 0.5 + 1e-9));
      const doc = ResourceStatus.parse(await monitorDoc('TF-A'));
      expect(doc).toMatchObject({ JobNumber: 'JF0001', ActualPieces: 40, ScrapPieces: 2 });
      const bad = await api.get('shopfloor/GetResourceStatus', { ResourceID: 'NOPE-1' });
      expect(bad.envelope.Message).toBe('There is no machine NOPE-1.');
    });

    it('the rate comes from the official schedule task when the plan operation has none', async () => {
      await post(
        'shopfloor/StartDirectActivity',
        { EmployeeID: 9303, ResourceID: 'TF-B', JobNumber: 'JF0001', ProductionPlanOperationID: fx.op[20] },
        tara,
      );
      const s = await status('TF-B');
      expect(s).toMatchObject({
        MinutesPerPiece: 2,
        TargetPiecesPerHour: 30,
        Item: 'TF-PART',
        Operation: 20,
      });
    });
  });

  describe('downtime', () => {
    it('start, refuse a second, end, refuse ending again; the monitor document follows', async () => {
      const d = DowntimeEvent.parse(
        await post('shopfloor/StartDowntime', { ResourceID: 'TF-A', ReasonCode: 'BREAK' }, paul),
      );
      expect(d).toMatchObject({
        ResourceID: 'TF-A',
        PlantID: 4,
        ReasonCode: 'BREAK',
        Reason: 'Breakdown',
        EndedAt: null,
        EmployeeID: 9302,
      });
      expect((await monitorDoc('TF-A'))!.OpenDowntime).toMatchObject({
        Reason: 'Breakdown',
      });
      await refused(
        'shopfloor/StartDowntime',
        { ResourceID: 'TF-A', ReasonCode: 'MATL' },
        paul,
        /^TF-A is already down \(Breakdown\) since /,
      );
      await refused(
        'shopfloor/StartDowntime',
        { ResourceID: 'TF-B', ReasonCode: 'NOPE' },
        paul,
        'There is no downtime reason NOPE.',
      );
      await refused(
        'shopfloor/StartDowntime',
        { ResourceID: 'NOPE-1', ReasonCode: 'BREAK' },
        paul,
        'There is no machine NOPE-1.',
      );
      await refused(
        'shopfloor/StartDowntime',
        { ResourceID: 'TF-B', ReasonCode: 'BREAK' },
        nat,
        /it needs one of/,
        403,
      );
      const e = DowntimeEvent.parse(await post('shopfloor/EndDowntime', { ResourceID: 'TF-A' }, paul));
      expect(e.EndedAt).not.toBeNull();
      await refused('shopfloor/EndDowntime', { ResourceID: 'TF-A' }, paul, 'TF-A is not down.');
      const doc = ResourceStatus.parse(await monitorDoc('TF-A'));
      expect(doc.OpenDowntime).toBeNull();
      expect(doc.DowntimeMinutesToday).toBeGreaterThanOrEqual(0);
    });
  });

  describe('indirect work, stopping, the plant faces', () => {
    it('a member leaving for indirect work leaves the team: the lead face is republished', async () => {
      await refused(
        'shopfloor/StartIndirectActivity',
        { EmployeeID: 9302, IndirectCode: 'NOPE' },
        paul,
        'There is no indirect code NOPE.',
      );
      const a = LaborActivity.parse(
        await post('shopfloor/StartIndirectActivity', { EmployeeID: 9302, IndirectCode: 'CLEAN' }, paul),
      );
      expect(a).toMatchObject({
        Direct: false,
        IndirectCode: 'CLEAN',
        IndirectDescription: 'Cleaning',
        ResourceID: null,
      });
      expect(await face(9302)).toMatchObject({ Indirect: 'Cleaning', Machine: null, WONumber: null });
      expect((await face(9301)).TeamMembers).toEqual([]);
      expect((await boardDoc(9301))!.TeamMembers).toEqual([]);
      expect((await boardDoc(9302))!.Indirect).toBe('Cleaning');
    });

    it('shopfloor/StopActivity: someone else needs supervisor; the face is idle since the end', async () => {
      await refused('shopfloor/StopActivity', { EmployeeID: 9302 }, tara, /needs: supervisor/, 403);
      const f = Face.parse(await post('shopfloor/StopActivity', { EmployeeID: 9302 }, paul));
      const [row] = await server.db.query<{ ended_at: Date }>(
        'SELECT max(ended_at) AS ended_at FROM labor_activities WHERE employee_id = 9302',
      );
      expect(f.IdleSince).toBe(new Date(row!.ended_at).toISOString());
      expect((await boardDoc(9302))!.IdleSince).toBe(f.IdleSince);
      await refused('shopfloor/StopActivity', { EmployeeID: 9302 }, paul, 'Paul Two has no open activity.');
    });

    it('shopfloor/GetFaces: everyone of the plant clocked in today, by name', async () => {
      const all = (await get<Face[]>('shopfloor/GetFaces', { PlantID: 4 })).map((f) => Face.parse(f));
      expect(all.map((f) => f.Name)).toEqual(['Olga One', 'Paul Two', 'Tara Three']);
      const bad = await api.get('shopfloor/GetFaces', { PlantID: -1 }, olga);
      expect(bad.envelope.Error).toBe(true);
      expect(bad.envelope.Message).toMatch(/PlantID/);
    });
  });

  describe('clocking out', () => {
    it('someone else by approvesTime: ends the open activity too; the machine loses its operator', async () => {
      const f = Face.parse(await post('web/ClockOut', { EmployeeID: 9301 }, tim));
      expect(f).toMatchObject({
        ClockedIn: false,
        ClockedInAt: null,
        Machine: null,
        IdleSince: null,
        TeamMembers: [],
      });
      const rows = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM labor_activities WHERE employee_id = 9301 AND ended_at IS NULL',
      );
      expect(rows[0]!.n).toBe(0);
      const [punch] = await server.db.query<{ clocked_out_by: number }>(
        'SELECT clocked_out_by FROM clock_punches WHERE employee_id = 9301',
      );
      expect(punch!.clocked_out_by).toBe(9304);
      expect((await status('TF-A')).Operators).toEqual([]);
      expect((await monitorDoc('TF-A'))!.Operators).toEqual([]);
      expect(await boardDoc(9301)).toMatchObject({ ClockedIn: false, Machine: null });
      await refused('web/ClockOut', { EmployeeID: 9301 }, olga, 'Olga One is not clocked in.');
    });

    it('someone else by a supervisor (recorded as the puncher)', async () => {
      const f = Face.parse(await post('web/ClockOut', { EmployeeID: 9302 }, fran));
      expect(f).toMatchObject({ ClockedIn: false, IdleSince: null });
      const [punch] = await server.db.query<{ clocked_out_by: number }>(
        'SELECT clocked_out_by FROM clock_punches WHERE employee_id = 9302',
      );
      expect(punch!.clocked_out_by).toBe(9305);
      expect(await boardDoc(9302)).toMatchObject({ ClockedIn: false, IdleSince: null });
    });

    it('oneself; the spec call web/GetFace answers the same', async () => {
      const f = Face.parse(await post('web/ClockOut', { EmployeeID: 9303 }, tara));
      expect(f.ClockedIn).toBe(false);
      expect(await face(9303)).toEqual(f);
      const bad = await api.get('web/GetFace', { EmployeeID: 424242 }, olga);
      expect(bad.envelope.Message).toBe('There is no employee 424242.');
    });
  });

  describe('races', () => {
    it('two clock-ins at once: one punch, the other refused (row lock on the employee)', async () => {
      const replies = await Promise.all([
        api.post('web/ClockIn', { EmployeeID: 9306 }, nat),
        api.post('web/ClockIn', { EmployeeID: 9306 }, nat),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies.filter((r) => !r.envelope.Error && !r.envelope.Sorry)).toHaveLength(1);
      expect(replies.filter((r) => r.envelope.Sorry).map((r) => r.envelope.Message)[0]).toMatch(
        /^Nat None is already clocked in since /,
      );
      const rows = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM clock_punches WHERE employee_id = 9306',
      );
      expect(rows[0]!.n).toBe(1);
      await post('web/ClockOut', { EmployeeID: 9306 }, nat);
    });
  });

  describe('public topics', () => {
    it('anonymous clients pull faces:{PlantID} and resource:{ResourceID}, but not a private topic', async () => {
      const anon = await api.get('sync/Pull', { Topic: 'faces:4', Since: 0 });
      expect(anon.status).toBe(200);
      expect(anon.envelope.Error).toBe(false);
      expect((await api.get('sync/Pull', { Topic: 'resource:TF-A', Since: 0 })).status).toBe(200);
      expect((await api.get('sync/Pull', { Topic: 'schedule:1', Since: 0 })).status).toBe(401);
      expect((await api.get('sync/Pull', { Topic: 'employee:9301', Since: 0 })).status).toBe(401);
    });

    it('shopfloor/GetFacePhoto: no login, only the photo of someone who clocks', async () => {
      const photo = (name: string) =>
        fetch(`${server.url}shopfloor/GetFacePhoto?${new URLSearchParams({ photo: name, Token: '' })}`);
      const ok = await photo('1701.bmp');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('image/bmp');
      expect(
        Buffer.from(await ok.arrayBuffer())
          .subarray(0, 2)
          .toString('ascii'),
      ).toBe('BM');
      // 1001 (the administrator) has a photo but never clocks: it stays behind a login.
      const office = await photo('1001.bmp');
      expect(office.status).toBe(404);
      expect(((await office.json()) as { message: string }).message).toBe(
        'There is no faceboard photo for employee 1001.',
      );
      expect((await photo('1702.bmp')).status).toBe(404);
      expect((await photo('x.bmp')).status).toBe(400);
    });

    it('faceboard documents carry only the board fields', async () => {
      for (const doc of (await follow('faces:4')).values()) FaceboardDoc.strict().parse(doc);
    });

    it('the demo seed: plant 1 faces and machine monitors, with an open downtime', async () => {
      const faces = await follow('faces:1');
      expect(faces.size).toBeGreaterThanOrEqual(5);
      expect(faces.get('1701')).toMatchObject({
        Machine: 'LV-RF01',
        TeamMembers: [{ EmployeeID: 1702, Name: 'Kevin Park' }],
      });
      expect(faces.get('1705')).toMatchObject({ ClockedIn: true, Machine: null });
      expect(typeof faces.get('1705')!.IdleSince).toBe('string');
      const punch = ResourceStatus.parse(await monitorDoc('LV-PCH01'));
      expect(punch.OpenDowntime).toMatchObject({ ReasonCode: 'MATL', Reason: 'Waiting for material' });
      const rf = await status('LV-RF01');
      expect(rf.Operators).toHaveLength(2);
      expect(rf.ActualPieces).toBe(215);
    });
  });
});
