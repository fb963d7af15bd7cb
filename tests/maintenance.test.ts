import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureRequest, PreventiveTask, WorkOrder } from '../domain/maintenance/entities';
import { plantTimeZone } from '../domain/platform/plants';
import { addDays, localDateOf } from '../domain/scheduling/calendar';
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
 * The maintenance calls of the TV boards (issue 7 part 3) on plant 4 (Waterloo, no demo maintenance):
 * Mia Maint 9401 (createMaintenanceWorkOrder), Pat Planner 9402 (createMaintenanceProcedures), Sue
 * Super 9403 (supervisor), Vic Viewer 9404 (viewMaintenance only).
 */
describe.skipIf(!dbAvailable)(`maintenance calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let mia: Login;
  let pat: Login;
  let sue: Login;
  let vic: Login;

  const fingerprint = () =>
    tablesFingerprint(server.db, [
      'maintenance_work_orders',
      'fixture_requests',
      'preventive_tasks',
      'topic_heads',
    ]);
  const { get, post, refused, follow } = testCalls({ api: () => api, fingerprint });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    const people: Array<[number, string, string, string, string[]]> = [
      [9401, 'mia', 'Mia', 'Maint', ['createMaintenanceWorkOrder']],
      [9402, 'pat', 'Pat', 'Planner', ['createMaintenanceProcedures']],
      [9403, 'sue', 'Sue', 'Super', ['supervisor']],
      [9404, 'vic', 'Vic', 'Viewer', ['viewMaintenance']],
    ];
    for (const [employeeId, userName, firstName, lastName, flags] of people) {
      await createEmployee(server.db, {
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
    mia = await api.login('mia');
    pat = await api.login('pat');
    sue = await api.login('sue');
    vic = await api.login('vic');
  });
  afterAll(() => server?.close());

  describe('work orders', () => {
    let id = 0;
    it('creates one, published on workorders:{PlantID} as a boardItems item of the board fields only', async () => {
      const saved = WorkOrder.parse(
        await post(
          'maintenance/SaveWorkOrder',
          {
            PlantID: 4,
            Asset: 'wtl-press',
            Description: 'Press guard loose',
            Priority: 'high',
            AssignedTo: 9404,
          },
          mia,
        ),
      );
      id = saved.WorkOrderID;
      expect(saved).toMatchObject({
        PlantID: 4,
        Asset: 'wtl-press',
        Status: 'open',
        Priority: 'high',
        AssignedTo: 9404,
        AssignedName: 'Vic Viewer',
        CompletedAt: null,
        DueAt: null,
      });
      const item = (await follow('workorders:4')).get(`workOrder:${id}`);
      expect(item).toMatchObject({ id: `workOrder:${id}`, Kind: 'workOrder', Key: String(id), PlantID: 4 });
      expect(WorkOrder.strict().parse(item!.Data)).toEqual(saved);
    });

    it('changes status, priority and assignee; done sets CompletedAt; GetWorkOrders (public) lists it', async () => {
      const changed = WorkOrder.parse(
        await post(
          'maintenance/SaveWorkOrder',
          { WorkOrderID: id, Status: 'waitingParts', Priority: 'urgent', AssignedTo: null },
          mia,
        ),
      );
      expect(changed).toMatchObject({
        Status: 'waitingParts',
        Priority: 'urgent',
        AssignedTo: null,
        AssignedName: null,
      });
      const done = WorkOrder.parse(
        await post('maintenance/SaveWorkOrder', { WorkOrderID: id, Status: 'done' }, mia),
      );
      expect(typeof done.CompletedAt).toBe('string');
      const list = (await get<WorkOrder[]>('maintenance/GetWorkOrders', { PlantID: 4 })).map((w) =>
        WorkOrder.parse(w),
      );
      expect(list.find((w) => w.WorkOrderID === id)).toEqual(done);
      expect(((await follow('workorders:4')).get(`workOrder:${id}`)!.Data as WorkOrder).Status).toBe('done');
    });

    it('refuses bad input and changes nothing', async () => {
      await refused(
        'maintenance/SaveWorkOrder',
        { PlantID: 4, Description: 'x' },
        mia,
        'Asset is required for a new work order.',
      );
      await refused(
        'maintenance/SaveWorkOrder',
        { PlantID: 4, Asset: 'A1' },
        mia,
        'Description is required for a new work order.',
      );
      await refused(
        'maintenance/SaveWorkOrder',
        { Asset: 'A1', Description: 'x' },
        mia,
        'PlantID is required for a new work order.',
      );
      await refused(
        'maintenance/SaveWorkOrder',
        { PlantID: 999, Asset: 'A1', Description: 'x' },
        mia,
        'PlantID: there is no plant 999.',
      );
      await refused(
        'maintenance/SaveWorkOrder',
        { PlantID: 4, Asset: 'A1', Description: 'x', AssignedTo: 987654 },
        mia,
        'AssignedTo: there is no active employee 987654.',
      );
      await refused('maintenance/SaveWorkOrder', { WorkOrderID: id, Status: 'closed' }, mia, /Status/);
      await refused('maintenance/SaveWorkOrder', { WorkOrderID: id, Priority: 'someday' }, mia, /Priority/);
      await refused('maintenance/SaveWorkOrder', { WorkOrderID: id, DueAt: 'tomorrow' }, mia, /DueAt/);
      await refused(
        'maintenance/SaveWorkOrder',
        { WorkOrderID: 99_999_999, Status: 'open' },
        mia,
        'There is no work order 99999999.',
      );
      await refused('maintenance/SaveWorkOrder', { WorkOrderID: id }, mia, /^Nothing to change/);
      await refused(
        'maintenance/SaveWorkOrder',
        { WorkOrderID: id, PlantID: 1, Status: 'open' },
        mia,
        /cannot move/,
      );
      await refused(
        'maintenance/SaveWorkOrder',
        { PlantID: 4, Asset: 'A B', Description: 'x' },
        mia,
        /Asset/,
      );
    });

    it('needs createMaintenanceWorkOrder (403, nothing changed)', async () => {
      const create = { PlantID: 4, Asset: 'A1', Description: 'x' };
      await refused('maintenance/SaveWorkOrder', create, vic, /permission/i, 403);
      await refused('maintenance/SaveWorkOrder', create, sue, /permission/i, 403);
      await refused(
        'maintenance/SaveWorkOrder',
        { WorkOrderID: id, Status: 'open' },
        pat,
        /permission/i,
        403,
      );
    });
  });

  describe('fixture requests', () => {
    it('a supervisor asks; requested by the caller; closed ones leave the topic', async () => {
      const neededBy = new Date(Date.now() + 86_400_000).toISOString();
      const r = FixtureRequest.parse(
        await post(
          'maintenance/SaveFixtureRequest',
          {
            PlantID: 4,
            JobNumber: 'J240001',
            PartNum: 'BM-4814-96',
            Description: 'Weld jig',
            NeededBy: neededBy,
          },
          sue,
        ),
      );
      expect(r).toMatchObject({
        RequestedBy: 9403,
        RequestedByName: 'Sue Super',
        Status: 'requested',
        JobNumber: 'J240001',
      });
      const key = `fixtureRequest:${r.FixtureRequestID}`;
      const item = (await follow('fixturerequests:4')).get(key);
      expect(item).toMatchObject({ Kind: 'fixtureRequest', Key: String(r.FixtureRequestID), PlantID: 4 });
      expect(FixtureRequest.strict().parse(item!.Data)).toEqual(r);
      const ready = await post<FixtureRequest>(
        'maintenance/SaveFixtureRequest',
        { FixtureRequestID: r.FixtureRequestID, Status: 'ready' },
        mia,
      );
      expect(ready.Status).toBe('ready');
      expect(
        (await get<FixtureRequest[]>('maintenance/GetFixtureRequests', { PlantID: 4 })).map(
          (x) => x.FixtureRequestID,
        ),
      ).toContain(r.FixtureRequestID);
      await post(
        'maintenance/SaveFixtureRequest',
        { FixtureRequestID: r.FixtureRequestID, Status: 'delivered' },
        mia,
      );
      expect((await follow('fixturerequests:4')).has(key)).toBe(false);
      expect(
        (await get<FixtureRequest[]>('maintenance/GetFixtureRequests', { PlantID: 4 })).map(
          (x) => x.FixtureRequestID,
        ),
      ).not.toContain(r.FixtureRequestID);
      await refused(
        'maintenance/SaveFixtureRequest',
        { FixtureRequestID: r.FixtureRequestID, Status: 'requested' },
        mia,
        `Fixture request ${r.FixtureRequestID} is delivered and can no longer change.`,
      );
    });

    it('refuses bad input and a missing flag, changing nothing', async () => {
      await refused(
        'maintenance/SaveFixtureRequest',
        { PlantID: 4, Description: 'x' },
        sue,
        'NeededBy is required for a new fixture request.',
      );
      await refused(
        'maintenance/SaveFixtureRequest',
        { PlantID: 4, Description: 'x', NeededBy: '2026-13-45' },
        sue,
        /NeededBy/,
      );
      await refused(
        'maintenance/SaveFixtureRequest',
        { PlantID: 4, Description: 'x', NeededBy: '2026-12-01T00:00:00Z', RequestedBy: 987654 },
        sue,
        'RequestedBy: there is no active employee 987654.',
      );
      await refused(
        'maintenance/SaveFixtureRequest',
        { PlantID: 4, Description: 'x', NeededBy: '2026-12-01T00:00:00Z', JobNumber: 'J 1' },
        sue,
        /JobNumber/,
      );
      await refused(
        'maintenance/SaveFixtureRequest',
        { PlantID: 4, Description: 'x', NeededBy: '2026-12-01T00:00:00Z' },
        vic,
        /permission/i,
        403,
      );
    });
  });

  describe('PM tasks', () => {
    it('creates one on pmcalendar; Done moves NextDue to today + interval; Active false removes it', async () => {
      const t = PreventiveTask.parse(
        await post(
          'maintenance/SavePreventiveTask',
          {
            PlantID: 4,
            Asset: 'WTL-COMP',
            Description: 'Compressor service',
            IntervalDays: 30,
            NextDue: '2026-12-01',
            AssignedTo: 9401,
          },
          pat,
        ),
      );
      expect(t).toMatchObject({ NextDue: '2026-12-01', LastDone: null, AssignedName: 'Mia Maint' });
      const key = `pmTask:${t.PreventiveTaskID}`;
      const item = (await follow('pmcalendar')).get(key);
      expect(item).toMatchObject({ Kind: 'pmTask', PlantID: 4 });
      expect(PreventiveTask.strict().parse(item!.Data)).toEqual(t);
      const today = localDateOf(Date.now(), plantTimeZone(4));
      const done = await post<PreventiveTask>(
        'maintenance/SavePreventiveTask',
        { PreventiveTaskID: t.PreventiveTaskID, Done: true },
        pat,
      );
      expect(done).toMatchObject({ LastDone: today, NextDue: addDays(today, 30) });
      expect(
        (await get<PreventiveTask[]>('maintenance/GetPreventiveTasks', { PlantID: 4 })).map(
          (x) => x.PreventiveTaskID,
        ),
      ).toEqual([t.PreventiveTaskID]);
      await post(
        'maintenance/SavePreventiveTask',
        { PreventiveTaskID: t.PreventiveTaskID, Active: false },
        pat,
      );
      expect((await follow('pmcalendar')).has(key)).toBe(false);
      expect(await get<PreventiveTask[]>('maintenance/GetPreventiveTasks', { PlantID: 4 })).toEqual([]);
    });

    it('refuses bad input and a missing flag, changing nothing', async () => {
      const base = { PlantID: 4, Asset: 'X1', Description: 'x', IntervalDays: 7, NextDue: '2026-12-01' };
      await refused(
        'maintenance/SavePreventiveTask',
        { ...base, NextDue: '2026-02-31' },
        pat,
        'NextDue must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
      await refused('maintenance/SavePreventiveTask', { ...base, IntervalDays: 0 }, pat, /IntervalDays/);
      await refused(
        'maintenance/SavePreventiveTask',
        { ...base, IntervalDays: undefined },
        pat,
        'IntervalDays is required for a new PM task.',
      );
      await refused('maintenance/SavePreventiveTask', base, mia, /permission/i, 403);
    });
  });

  describe('public topics and the demo seed', () => {
    it('anonymous clients pull the maintenance topics, not a private one', async () => {
      for (const topic of ['workorders:1', 'fixturerequests:2', 'pmcalendar']) {
        const reply = await api.get('sync/Pull', { Topic: topic, Since: 0 });
        expect(reply.status, topic).toBe(200);
        expect(reply.envelope.Error).toBe(false);
      }
      expect((await api.get('sync/Pull', { Topic: 'payroll:1', Since: 0 })).status).toBe(401);
    });

    it('the demo seed: work orders, fixture requests and PM tasks in plants 1 and 2', async () => {
      const wo1 = [...(await follow('workorders:1')).values()].map((i) => WorkOrder.strict().parse(i.Data));
      expect(wo1.length).toBeGreaterThanOrEqual(5);
      expect(wo1.some((w) => w.Priority === 'urgent' && w.AssignedName === 'Rita Vance')).toBe(true);
      expect((await follow('workorders:2')).size).toBeGreaterThanOrEqual(3);
      expect((await follow('fixturerequests:1')).size).toBeGreaterThanOrEqual(3);
      const tasks = [...(await follow('pmcalendar')).values()].map((i) =>
        PreventiveTask.strict().parse(i.Data),
      );
      expect(new Set(tasks.map((t) => t.PlantID))).toEqual(new Set([1, 2]));
    });
  });
});
