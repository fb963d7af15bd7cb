import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import type { PlanListRow } from '../domain/production-plan/calls';
import type { Machine, MachineRate, Printer, Workcenter } from '../domain/production-plan/entities';
import { TopicFollower } from './support/follower';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

interface PlanPage {
  Rows: PlanListRow[];
  Total: number;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The plan list, machines and their rates, workcenters and printers (issue 5), over the real wire on the
 * small demo seed: plants 1 (LV), 2 (IDF), 3 (MIL), 6 (DYB), 40 jobs J240001… plus J299300.
 */
describe.skipIf(!dbAvailable)(`machines, rates, workcenters and the plan list (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  /** viewProductionPlans, editProductionPlans, editMachineRates; not editWorkcenters. Plant 2. */
  let scheduler: Login;
  /** viewProductionPlans only. */
  let supervisor: Login;
  /** No planning flag. */
  let operator: Login;
  let pm: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    // The demo plans and machines used here are of several plants (mostly plant 1's): the demo scheduler
    // (plant 2) and supervisor (plant 6) may change plant in this test, since plant-scoped data is
    // otherwise only read and changed within one's own plant (issue 14 §3; tests/plant-scope.test.ts).
    await server.db.query('UPDATE employees SET can_change_plant = true WHERE employee_id IN (1003, 1004)');
    scheduler = await api.login('scheduler');
    supervisor = await api.login('supervisor');
    operator = await api.login('operator');
    pm = await api.login('pm');
  });
  afterAll(() => server?.close());

  /**
   * Every platform table and every table of this area: equal before and after means nothing changed.
   * The change log leaves out topic `connections`: presence writes there on its own when a hub
   * connection of an earlier test closes.
   */
  const everything = async () => {
    const parts = (await fingerprint(server.db))
      .split(/\s+/)
      .filter((p) => !p.startsWith('change_log:') && !p.startsWith('topic_heads:'));
    const tables: [string, string][] = [
      ['change_log', "WHERE topic <> 'connections'"],
      ['topic_heads', "WHERE topic <> 'connections'"],
      ['workcenters', ''],
      ['resources', ''],
      ['machine_rates', ''],
      ['printers', ''],
      ['jobs', ''],
      ['production_plans', ''],
    ];
    for (const [t, where] of tables) {
      const [row] = await server.db.query<{ h: string }>(
        `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x ${where}`,
      );
      parts.push(`${t}:${row?.h}`);
    }
    return parts.join('\n');
  };

  /**
   * Sends a call and checks it was refused with `message` (a Sorry for a business rule: unknown or
   * foreign references, duplicates; else an Error envelope), leaving every table as it was.
   */
  async function refusedUnchanged(
    send: () => Promise<{ status: number; envelope: { Error: boolean; Message: string; Sorry?: boolean } }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await everything();
    const reply = await send();
    expect(reply.status).toBe(status);
    const sorry = /was not found|belongs to plant|already has a workcenter/.test(String(message));
    expect(reply.envelope.Error).toBe(!sorry);
    expect(Boolean(reply.envelope.Sorry)).toBe(sorry);
    if (typeof message === 'string') expect(reply.envelope.Message).toBe(message);
    else expect(reply.envelope.Message).toMatch(message);
    expect(await everything()).toBe(before);
  }

  const get = async <T>(path: string, payload: Record<string, unknown>, who: Login = admin) => {
    const reply = await api.get<T>(path, payload, who);
    expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
    return reply.result;
  };
  const post = async <T>(path: string, payload: Record<string, unknown>, who: Login = admin) => {
    const reply = await api.post<T>(path, payload, who);
    expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
    expect((reply.envelope as { Sorry?: boolean }).Sorry ?? false, reply.envelope.Message).toBe(false);
    return reply.result;
  };
  const hubConnection = (token: string) =>
    new HubConnectionBuilder()
      .withUrl(`${server.url.replace(/api\/$/, 'hub')}?interface=test`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
      })
      .configureLogging(LogLevel.None)
      .build();

  const plans = (payload: Record<string, unknown>, who: Login = supervisor) =>
    get<PlanPage>('web/GetProductionPlanList', payload, who);

  describe('web/GetPrinterList', () => {
    it("lists every plant's printers, or one plant's", async () => {
      const all = await get<Printer[]>('web/GetPrinterList', {}, supervisor);
      // Two per demo plant: 1, 2, 3, 6 and 19.
      expect(all).toHaveLength(10);
      const lv = await get<Printer[]>('web/GetPrinterList', { PlantID: 1 }, supervisor);
      expect(lv).toEqual([
        { PrinterID: 2, PlantID: 1, Name: 'LV Floor Zebra', Location: 'Shop floor, bay 2' },
        { PrinterID: 1, PlantID: 1, Name: 'LV Office LaserJet', Location: 'Planning office' },
      ]);
    });

    it('refuses a user without a planning flag (403)', async () => {
      await refusedUnchanged(
        () => api.get('web/GetPrinterList', {}, operator),
        403,
        /needs one of: view production plans, edit production plans/,
      );
    });
  });

  describe('web/GetMachinesForPlan', () => {
    it("lists the machines of the job's plant with their rates (J240001 is a plant 1 job)", async () => {
      const machines = await get<Machine[]>('web/GetMachinesForPlan', { JobNumber: 'J240001' }, supervisor);
      expect(machines.map((m) => m.ResourceID)).toEqual([
        'LV-ASM01',
        'LV-CUT01',
        'LV-CUT02',
        'LV-PCH01',
        'LV-PNT01',
        'LV-RF01',
        'LV-RF02',
        'LV-SLT01',
        'LV-WLD01',
        'LV-WLD02',
      ]);
      const rf = machines.find((m) => m.ResourceID === 'LV-RF01')!;
      expect(rf).toMatchObject({
        PlantID: 1,
        WorkcenterID: 2,
        Description: 'Roll former 1',
        Process: 'Roll forming',
        DefaultWorkerCount: 2,
        EngineActive: false,
        AlgorithmActive: true,
        Active: true,
      });
      expect(rf.MachineRates).toEqual([
        {
          MachineRateID: 3,
          ResourceID: 'LV-RF01',
          Description: 'Beam profile',
          ProductionMinutesPerPiece: 0,
          ProductionMinutesPerBundle: 0,
          ProductionFeetPerMinute: 60,
          SetupMinutes: 40,
          SchedulingMinutesPerPiece: 0.12,
          Official: true,
        },
        expect.objectContaining({ MachineRateID: 4, Description: 'Upright column 12 ga', Official: false }),
        expect.objectContaining({ MachineRateID: 5, Description: 'Brace channel', Official: false }),
      ]);
      // Every machine has one official rate.
      for (const m of machines) expect(m.MachineRates.filter((r) => r.Official)).toHaveLength(1);
    });

    it('a plant 2 job lists the IDF machines only', async () => {
      const machines = await get<Machine[]>('web/GetMachinesForPlan', { JobNumber: 'J240002' }, supervisor);
      expect(machines.map((m) => m.ResourceID)).toEqual([
        'IDF-ASM01',
        'IDF-CUT01',
        'IDF-PCH01',
        'IDF-PNT01',
        'IDF-RF01',
        'IDF-WLD01',
      ]);
    });

    it('answers Sorry for an unknown job, an Error for a malformed one, 403 without the flag', async () => {
      await refusedUnchanged(
        () => api.get('web/GetMachinesForPlan', { JobNumber: 'J999999' }, supervisor),
        200,
        'Job J999999 was not found.',
      );
      await refusedUnchanged(
        () => api.get('web/GetMachinesForPlan', { JobNumber: 'J24 0001;' }, supervisor),
        200,
        /JobNumber/,
      );
      await refusedUnchanged(
        () => api.get('web/GetMachinesForPlan', { JobNumber: 'J240001' }, operator),
        403,
        /permission/,
      );
    });
  });

  describe('web/GetMachineRates', () => {
    it("lists a machine's rates", async () => {
      const rates = await get<MachineRate[]>('web/GetMachineRates', { ResourceID: 'LV-CUT01' }, supervisor);
      expect(rates.map((r) => [r.Description, r.ProductionMinutesPerPiece, r.Official])).toEqual([
        ['Light section', 0.35, true],
        ['Heavy section', 0.6, false],
      ]);
    });

    it('answers Sorry for an unknown machine; 403 for the operator', async () => {
      await refusedUnchanged(
        () => api.get('web/GetMachineRates', { ResourceID: 'LV-NOPE99' }, supervisor),
        200,
        'Machine LV-NOPE99 was not found.',
      );
      await refusedUnchanged(
        () => api.get('web/GetMachineRates', { ResourceID: 'LV-CUT01' }, operator),
        403,
        /permission/,
      );
    });
  });

  describe('web/GetProductionPlanList', () => {
    it('lists every plant by default, by due date then job number, with the operation figures', async () => {
      const page = await plans({});
      // 40 jobs, the plan bench's J299300 and plant 19's two (J219001, J219002).
      expect(page.Total).toBe(43);
      expect(page.Rows).toHaveLength(43);
      const keys = page.Rows.map((r) => `${r.DueDate} ${r.JobNumber}`);
      expect(keys).toEqual([...keys].sort());
      const [count] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM production_plan_operations o JOIN production_plans p USING (production_plan_id) WHERE p.job_number = 'J299300'`,
      );
      const big = page.Rows.find((r) => r.JobNumber === 'J299300')!;
      expect(count!.n).toBe(300);
      expect(big).toMatchObject({ PlantID: 1, PartNum: 'UP-3X4-288', Quantity: 120, Operations: 300 });
      const [sums] = await server.db.query<{ locked: number; estimate: number }>(
        `SELECT count(*) FILTER (WHERE locked)::int AS locked, sum(production_estimate)::float8 AS estimate
           FROM production_plan_operations o JOIN production_plans p USING (production_plan_id) WHERE p.job_number = 'J240001'`,
      );
      const first = page.Rows.find((r) => r.JobNumber === 'J240001')!;
      expect(first).toMatchObject({
        PlantID: 1,
        PartNum: 'BM-4814-96',
        PartDescription: 'Step beam 4.8" × 96", 14 ga',
        CustomerName: 'Northline Distribution',
        LockedOperations: sums!.locked,
      });
      expect(first.ProductionEstimate).toBeCloseTo(sums!.estimate, 2);
      expect(first.Operations).toBeGreaterThanOrEqual(3);
      expect(first.DueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it("one plant's plans", async () => {
      const page = await plans({ PlantID: 2 });
      expect(page.Total).toBe(12);
      expect(page.Rows.every((r) => r.PlantID === 2)).toBe(true);
    });

    it("search 'BM-4814' finds the BM-4814 beams only, in any case, and Total matches", async () => {
      const page = await plans({ Search: 'bm-4814' });
      expect(page.Total).toBe(8);
      expect(page.Rows).toHaveLength(8);
      expect(page.Rows.every((r) => r.PartNum.startsWith('BM-4814-'))).toBe(true);
    });

    it('searches the job number, the part description and the customer too', async () => {
      expect((await plans({ Search: 'j299300' })).Rows.map((r) => r.JobNumber)).toEqual(['J299300']);
      const beams = await plans({ Search: 'step beam' });
      expect(beams.Total).toBeGreaterThan(0);
      expect(beams.Rows.every((r) => r.PartDescription.startsWith('Step beam'))).toBe(true);
      const northline = await plans({ Search: 'NORTHLINE' });
      expect(northline.Total).toBeGreaterThan(0);
      expect(northline.Rows.every((r) => r.CustomerName === 'Northline Distribution')).toBe(true);
      // % and _ are plain characters, not wildcards.
      expect((await plans({ Search: '%' })).Total).toBe(0);
    });

    it('pages with Skip and Take, Total unchanged', async () => {
      const all = (await plans({})).Rows.map((r) => r.JobNumber);
      const first = await plans({ Skip: 0, Take: 10 });
      const second = await plans({ Skip: 10, Take: 10 });
      const last = await plans({ Skip: 40, Take: 10 });
      expect(first.Rows.map((r) => r.JobNumber)).toEqual(all.slice(0, 10));
      expect(second.Rows.map((r) => r.JobNumber)).toEqual(all.slice(10, 20));
      expect(last.Rows.map((r) => r.JobNumber)).toEqual(all.slice(40));
      for (const p of [first, second, last]) expect(p.Total).toBe(43);
      const past = await plans({ Skip: 100, Take: 10 });
      expect(past).toEqual({ Rows: [], Total: 43 });
    });

    it('filters by status: not ready, ready for review, reviewed, on hold', async () => {
      const notReady = await plans({ Status: 'notReady' });
      const ready = await plans({ Status: 'readyForReview' });
      const reviewed = await plans({ Status: 'reviewed' });
      const hold = await plans({ Status: 'hold' });
      expect(notReady.Total).toBe(28);
      expect(notReady.Rows.every((r) => !r.ReadyForReview)).toBe(true);
      expect(ready.Total).toBe(11);
      expect(ready.Rows.every((r) => r.ReadyForReview && r.PlanReviewedAt === null)).toBe(true);
      expect(reviewed.Total).toBe(4);
      expect(reviewed.Rows.every((r) => r.PlanReviewedBy === 'Sam Ortiz' && r.PlanReviewedAt !== null)).toBe(
        true,
      );
      expect(hold.Total).toBe(2);
      expect(hold.Rows.every((r) => r.FabricationHold)).toBe(true);
      // Filters combine.
      const lvHold = await plans({ Status: 'hold', PlantID: 1, Search: 'J2' });
      expect(lvHold.Rows.every((r) => r.FabricationHold && r.PlantID === 1)).toBe(true);
    });

    it('refuses bad input and a user without the flag', async () => {
      await refusedUnchanged(
        () => api.get('web/GetProductionPlanList', { Status: 'late' }, supervisor),
        200,
        /Status/,
      );
      await refusedUnchanged(
        () => api.get('web/GetProductionPlanList', { Take: 501 }, supervisor),
        200,
        /Take/,
      );
      await refusedUnchanged(
        () => api.get('web/GetProductionPlanList', { Skip: -1 }, supervisor),
        200,
        /Skip/,
      );
      await refusedUnchanged(() => api.get('web/GetProductionPlanList', {}, operator), 403, /permission/);
    });
  });

  describe('web/GetMachines and web/UpdateMachine', () => {
    it("lists a plant's machines, or all", async () => {
      expect(await get<Machine[]>('web/GetMachines', { PlantID: 3 }, supervisor)).toHaveLength(4);
      expect(await get<Machine[]>('web/GetMachines', {}, supervisor)).toHaveLength(27);
      await refusedUnchanged(() => api.get('web/GetMachines', {}, operator), 403, /permission/);
    });

    it('changes a switch, the worker count and the workcenter', async () => {
      const m1 = await post<Machine>(
        'web/UpdateMachine',
        { ResourceID: 'MIL-CUT01', FieldName: 'EngineActive', Value: false },
        scheduler,
      );
      expect(m1.EngineActive).toBe(false);
      const m2 = await post<Machine>(
        'web/UpdateMachine',
        { ResourceID: 'MIL-CUT01', FieldName: 'DefaultWorkerCount', Value: 3 },
        scheduler,
      );
      expect(m2).toMatchObject({ EngineActive: false, DefaultWorkerCount: 3 });
      const workcenters = await get<Workcenter[]>('web/GetWorkcenters', { PlantID: 3 });
      const punching = workcenters.find((w) => w.Name === 'Punching')!;
      const m3 = await post<Machine>(
        'web/UpdateMachine',
        { ResourceID: 'MIL-CUT01', FieldName: 'WorkcenterID', Value: punching.WorkcenterID },
        scheduler,
      );
      expect(m3.WorkcenterID).toBe(punching.WorkcenterID);
      const after = await get<Workcenter[]>('web/GetWorkcenters', { PlantID: 3 });
      expect(after.find((w) => w.Name === 'Punching')!.Resources).toEqual(['MIL-CUT01', 'MIL-PCH01']);
      expect(after.find((w) => w.Name === 'Cutting')!.Resources).toEqual([]);
    });

    it('refuses an unknown machine, an unknown or foreign workcenter, a bad field or value', async () => {
      const lvWorkcenter = (await get<Workcenter[]>('web/GetWorkcenters', { PlantID: 1 }))[0]!;
      const update =
        (payload: Record<string, unknown>, who: Login = scheduler) =>
        () =>
          api.post('web/UpdateMachine', payload, who);
      await refusedUnchanged(
        update({ ResourceID: 'XX-RF09', FieldName: 'EngineActive', Value: true }),
        200,
        'Machine XX-RF09 was not found.',
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'WorkcenterID', Value: 9999 }),
        200,
        'Workcenter 9999 was not found.',
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'WorkcenterID', Value: lvWorkcenter.WorkcenterID }),
        200,
        `Workcenter ${lvWorkcenter.Name} belongs to plant 1, not to plant 2 of machine IDF-RF01.`,
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'PlantID', Value: 1 }),
        200,
        /'PlantID' is not a field of a machine that can be changed/,
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'DefaultWorkerCount', Value: 'two' }),
        200,
        /DefaultWorkerCount/,
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'DefaultWorkerCount', Value: 0 }),
        200,
        /DefaultWorkerCount/,
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'EngineActive', Value: true }, supervisor),
        403,
        /edit machine rates/,
      );
      await refusedUnchanged(
        update({ ResourceID: 'IDF-RF01', FieldName: 'EngineActive', Value: true }, pm),
        403,
        /edit machine rates/,
      );
    });
  });

  describe('machine rates: add, update, official, delete', () => {
    it('adds a rate, changes its minutes, makes it official (the others stop being), deletes it', async () => {
      const added = await post<MachineRate>(
        'web/AddMachineRate',
        { ResourceID: 'IDF-CUT01', Description: 'Galvanized section' },
        scheduler,
      );
      expect(added).toMatchObject({
        ResourceID: 'IDF-CUT01',
        Description: 'Galvanized section',
        ProductionMinutesPerPiece: 0,
        Official: false,
      });
      const changed = await post<MachineRate>(
        'web/UpdateMachineRate',
        { MachineRateID: added.MachineRateID, FieldName: 'ProductionMinutesPerPiece', Value: 0.42 },
        scheduler,
      );
      expect(changed.ProductionMinutesPerPiece).toBe(0.42);
      const official = await post<MachineRate>(
        'web/UpdateMachineRate',
        { MachineRateID: added.MachineRateID, FieldName: 'Official', Value: true },
        scheduler,
      );
      expect(official.Official).toBe(true);
      let rates = await get<MachineRate[]>('web/GetMachineRates', { ResourceID: 'IDF-CUT01' });
      expect(rates.filter((r) => r.Official).map((r) => r.MachineRateID)).toEqual([added.MachineRateID]);
      expect(rates).toHaveLength(3);

      expect(await post('web/DeleteMachineRate', { MachineRateID: added.MachineRateID }, scheduler)).toEqual({
        Deleted: true,
      });
      rates = await get<MachineRate[]>('web/GetMachineRates', { ResourceID: 'IDF-CUT01' });
      expect(rates.map((r) => r.Description)).toEqual(['Light section', 'Heavy section']);
      // Soft: the row stays, marked deleted.
      const [row] = await server.db.query<{ deleted: boolean }>(
        'SELECT deleted FROM machine_rates WHERE machine_rate_id = $1',
        [added.MachineRateID],
      );
      expect(row!.deleted).toBe(true);
      // A deleted rate cannot be changed or deleted again.
      await refusedUnchanged(
        () =>
          api.post(
            'web/UpdateMachineRate',
            { MachineRateID: added.MachineRateID, FieldName: 'SetupMinutes', Value: 5 },
            scheduler,
          ),
        200,
        `Machine rate ${added.MachineRateID} was not found; it may have been deleted. Reload the list.`,
      );
      await refusedUnchanged(
        () => api.post('web/DeleteMachineRate', { MachineRateID: added.MachineRateID }, scheduler),
        200,
        /was not found/,
      );
    });

    it('refuses bad rate input and users without editMachineRates, changing nothing', async () => {
      await refusedUnchanged(
        () => api.post('web/AddMachineRate', { ResourceID: 'LV-NOPE', Description: 'x' }, scheduler),
        200,
        'Machine LV-NOPE was not found.',
      );
      await refusedUnchanged(
        () => api.post('web/DeleteMachineRate', { MachineRateID: 'six' }, scheduler),
        200,
        /MachineRateID/,
      );
      await refusedUnchanged(
        () => api.get('web/GetMachineRates', { ResourceID: 'LV CUT01;' }, scheduler),
        200,
        /ResourceID/,
      );
      await refusedUnchanged(
        () => api.post('web/AddMachineRate', { ResourceID: 'LV-CUT01', Description: '  ' }, scheduler),
        200,
        /Description/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'web/UpdateMachineRate',
            { MachineRateID: 6, FieldName: 'Deleted', Value: true },
            scheduler,
          ),
        200,
        /'Deleted' is not a field of a machine rate that can be changed/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'web/UpdateMachineRate',
            { MachineRateID: 6, FieldName: 'SetupMinutes', Value: '10' },
            scheduler,
          ),
        200,
        /SetupMinutes/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'web/UpdateMachineRate',
            { MachineRateID: 6, FieldName: 'SetupMinutes', Value: -1 },
            scheduler,
          ),
        200,
        /SetupMinutes/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'web/UpdateMachineRate',
            { MachineRateID: 99999, FieldName: 'SetupMinutes', Value: 1 },
            scheduler,
          ),
        200,
        /Machine rate 99999 was not found/,
      );
      for (const who of [supervisor, pm]) {
        await refusedUnchanged(
          () =>
            api.post('web/UpdateMachineRate', { MachineRateID: 6, FieldName: 'SetupMinutes', Value: 1 }, who),
          403,
          /edit machine rates/,
        );
        await refusedUnchanged(
          () => api.post('web/AddMachineRate', { ResourceID: 'LV-CUT01', Description: 'New' }, who),
          403,
          /edit machine rates/,
        );
        await refusedUnchanged(
          () => api.post('web/DeleteMachineRate', { MachineRateID: 6 }, who),
          403,
          /edit machine rates/,
        );
      }
    });

    it('publishes the machine on machines:{PlantID} after UpdateMachineRate', async () => {
      const connection = hubConnection(supervisor.token);
      const received: ChangeItem[] = [];
      connection.on('changes', (items: ChangeItem[]) => received.push(...items));
      await connection.start();
      const heads = (await connection.invoke('Subscribe', ['machines:6'])) as Record<string, number>;
      const before = heads['machines:6'] ?? 0;
      const [rate] = await get<MachineRate[]>('web/GetMachineRates', { ResourceID: 'DYB-CUT01' });
      await post(
        'web/UpdateMachineRate',
        { MachineRateID: rate!.MachineRateID, FieldName: 'SetupMinutes', Value: 12.5 },
        scheduler,
      );
      await until(() => received.length > 0);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        topic: 'machines:6',
        seq: before + 1,
        collection: 'machines',
        id: 'DYB-CUT01',
        doc: { ResourceID: 'DYB-CUT01', PlantID: 6, Description: 'Cold saw' },
      });
      const machine = received[0]!.doc as unknown as Machine;
      expect(machine.MachineRates.find((r) => r.MachineRateID === rate!.MachineRateID)!.SetupMinutes).toBe(
        12.5,
      );
      // And a follower catching up from 0 (sync/Pull) gets the same document.
      const follower = new TopicFollower(server.url.replace(/api\/$/, ''), supervisor.token, 'machines:6');
      await follower.start();
      expect(follower.docs.get(before + 1)).toEqual(received[0]!.doc);
      await Promise.all([follower.stop(), connection.stop()]);
    });

    it('refuses the machines topic to a user without a planning flag', async () => {
      const connection = hubConnection(operator.token);
      await connection.start();
      await expect(connection.invoke('Subscribe', ['machines:1'])).rejects.toThrow(
        'You do not have permission to follow machines.',
      );
      await connection.stop();
    });
  });

  describe('workcenters', () => {
    it("lists a plant's workcenters with their machines", async () => {
      const list = await get<Workcenter[]>('web/GetWorkcenters', { PlantID: 1 }, supervisor);
      expect(list.map((w) => w.Name)).toEqual([
        'Assembly',
        'Cutting',
        'Painting',
        'Punching',
        'Roll forming',
        'Slitting',
        'Welding',
      ]);
      expect(list.find((w) => w.Name === 'Roll forming')).toEqual({
        WorkcenterID: 2,
        PlantID: 1,
        Name: 'Roll forming',
        Description: 'Roll forming at LV',
        Color: '#1f6feb',
        Active: true,
        Resources: ['LV-RF01', 'LV-RF02'],
      });
      await refusedUnchanged(() => api.get('web/GetWorkcenters', {}, operator), 403, /permission/);
    });

    it('adds a workcenter (Sorry for a name the plant has), changes it, publishes on workcenters:{PlantID}', async () => {
      const follower = new TopicFollower(server.url.replace(/api\/$/, ''), admin.token, 'workcenters:6');
      await follower.start();
      const added = await post<Workcenter>('web/AddWorkcenter', { PlantID: 6, Name: 'Packing' });
      expect(added).toMatchObject({
        PlantID: 6,
        Name: 'Packing',
        Color: '#64748b',
        Active: true,
        Resources: [],
      });
      await refusedUnchanged(
        () => api.post('web/AddWorkcenter', { PlantID: 6, Name: 'packing' }, admin),
        200,
        'Plant 6 already has a workcenter named Packing.',
      );
      // Another plant may use the name.
      await post<Workcenter>('web/AddWorkcenter', { PlantID: 3, Name: 'Packing' });
      const colored = await post<Workcenter>('web/UpdateWorkcenter', {
        WorkcenterID: added.WorkcenterID,
        FieldName: 'Color',
        Value: '#ff8800',
      });
      expect(colored.Color).toBe('#ff8800');
      const off = await post<Workcenter>('web/UpdateWorkcenter', {
        WorkcenterID: added.WorkcenterID,
        FieldName: 'Active',
        Value: false,
      });
      expect(off.Active).toBe(false);
      await until(() => follower.applied.length >= 3);
      expect(follower.docs.get(follower.lastSeq)).toEqual({ ...off });
      expect(follower.docs.get(follower.lastSeq)).toMatchObject({
        WorkcenterID: added.WorkcenterID,
        Name: 'Packing',
        Color: '#ff8800',
        Active: false,
      });
      await follower.stop();
    });

    it('refuses bad workcenter input and users without editWorkcenters', async () => {
      await refusedUnchanged(
        () =>
          api.post('web/UpdateWorkcenter', { WorkcenterID: 1, FieldName: 'Name', Value: 'Cutting' }, admin),
        200,
        'Plant 1 already has a workcenter named Cutting.',
      );
      await refusedUnchanged(
        () => api.post('web/UpdateWorkcenter', { WorkcenterID: 1, FieldName: 'Color', Value: 'red' }, admin),
        200,
        /Value for Color/,
      );
      await refusedUnchanged(
        () => api.post('web/UpdateWorkcenter', { WorkcenterID: 1, FieldName: 'PlantID', Value: 2 }, admin),
        200,
        /'PlantID' is not a field of a workcenter/,
      );
      await refusedUnchanged(
        () =>
          api.post('web/UpdateWorkcenter', { WorkcenterID: 9999, FieldName: 'Active', Value: false }, admin),
        200,
        'Workcenter 9999 was not found.',
      );
      await refusedUnchanged(
        () => api.post('web/UpdateWorkcenter', { WorkcenterID: 1, FieldName: 'Active', Value: 'yes' }, admin),
        200,
        /Value for Active/,
      );
      await refusedUnchanged(
        () =>
          api.post('web/UpdateWorkcenter', { WorkcenterID: 'one', FieldName: 'Active', Value: true }, admin),
        200,
        /WorkcenterID/,
      );
      await refusedUnchanged(
        () => api.post('web/AddWorkcenter', { PlantID: 1, Name: '   ' }, admin),
        200,
        /Name/,
      );
      await refusedUnchanged(() => api.get('web/GetWorkcenters', { PlantID: 'x' }, admin), 200, /PlantID/);
      await refusedUnchanged(
        () => api.post('web/AddWorkcenter', { PlantID: 999, Name: 'Anything' }, admin),
        200,
        'Plant 999 was not found.',
      );
      await refusedUnchanged(
        () => api.post('web/AddWorkcenter', { PlantID: 1, Name: 'Packing' }, scheduler),
        403,
        /edit workcenters/,
      );
      await refusedUnchanged(
        () =>
          api.post('web/UpdateWorkcenter', { WorkcenterID: 1, FieldName: 'Active', Value: false }, scheduler),
        403,
        /edit workcenters/,
      );
    });
  });
});
