import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KpiBoard } from '../domain/boards/entities';
import { currentWeekStart } from '../domain/payroll/rules';
import { MyWork } from '../domain/platform/my-work';
import { plantTimeZone } from '../domain/platform/plants';
import { addDays } from '../domain/scheduling/calendar';
import { createEmployee } from '../server/db/seed';
import { testCalls } from './support/calls';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/**
 * web/GetMyWork (Intro, issue 15) on plants 4 and 5, which the demo seed leaves empty: Wally (plant 4)
 * acts on every kind, Sal (plant 4) is a supervisor, Nora (plant 4) has no flags, Fred (plant 5) keeps
 * work orders. The two-hour checks are counted on the demo's plant 1 (akhan).
 */
describe.skipIf(!dbAvailable)(`web/GetMyWork (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let wally: Login;
  let sal: Login;
  let nora: Login;
  let fred: Login;
  const { get, post } = testCalls({ api: () => api });
  const myWork = async (who: Login) => MyWork.parse(await get('web/GetMyWork', {}, who));
  const counts = async (who: Login) =>
    Object.fromEntries((await myWork(who)).Items.map((i) => [i.Kind, i.Count]));
  const lastWeek = addDays(currentWeekStart(Date.now(), plantTimeZone(4)), -7);

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    const people: Array<[number, string, number, string[]]> = [
      [
        9501,
        'wally',
        4,
        ['approvesTime', 'viewPayroll', 'lockPayroll', 'createMaintenanceWorkOrder', 'accessManufacturing'],
      ],
      [9502, 'sal', 4, ['supervisor']],
      [9505, 'lou', 4, ['lockPayroll']],
      [9503, 'nora', 4, []],
      [9504, 'fred', 5, ['createMaintenanceWorkOrder']],
    ];
    for (const [employeeId, userName, plantId, flags] of people) {
      await createEmployee(server.db, {
        employeeId,
        userName,
        password: userName,
        firstName: userName[0]!.toUpperCase() + userName.slice(1),
        lastName: 'Work',
        title: 'Test',
        plantId,
        flags: flags as never,
      });
    }
    admin = await api.login('admin');
    wally = await api.login('wally');
    sal = await api.login('sal');
    nora = await api.login('nora');
    fred = await api.login('fred');
    // Work orders: two open and one done in plant 4, one open in plant 5.
    for (const [PlantID, Asset] of [
      [4, 'wtl-press'],
      [4, 'wtl-saw'],
      [4, 'wtl-old'],
      [5, 'fmm-press'],
    ] as const) {
      await post('maintenance/SaveWorkOrder', { PlantID, Asset, Description: `${Asset} check` }, admin);
    }
    const done = (await get<Array<{ WorkOrderID: number; Asset: string }>>(
      'maintenance/GetWorkOrders',
      { PlantID: 4 },
      admin,
    ))!.find((w) => w.Asset === 'wtl-old')!;
    await post('maintenance/SaveWorkOrder', { WorkOrderID: done.WorkOrderID, Status: 'done' }, admin);
    // One fixture request in each plant.
    const neededBy = new Date(Date.now() + 3 * 86_400_000).toISOString();
    for (const PlantID of [4, 5]) {
      await post(
        'maintenance/SaveFixtureRequest',
        { PlantID, Description: 'Weld jig', NeededBy: neededBy },
        admin,
      );
    }
    // Missing punch-outs: Nora's open punch of two days ago (plant 4), one in plant 5.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await server.db.query(
      `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at) VALUES (9503, 4, $1), (9504, 5, $1)`,
      [twoDaysAgo],
    );
  });
  afterAll(() => server?.close());

  it('counts each kind the caller acts on in their own plant, with the screen that acts on it', async () => {
    const work = await myWork(wally);
    expect(work.PlantID).toBe(4);
    const [employees] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM employees WHERE plant_id = 4 AND active',
    );
    expect(work.Items).toEqual([
      { Kind: 'missingPunchOuts', Count: 1, Path: '/analysis/clocks' },
      { Kind: 'weeksToLock', Count: employees!.n, Path: `/payroll?week=${lastWeek}` },
      { Kind: 'openWorkOrders', Count: 2, Path: '/tv/maintenance/womonitor/4' },
      { Kind: 'openFixtureRequests', Count: 1, Path: '/tv/maintenance/fixturerequests/4' },
      { Kind: 'twoHourChecks', Count: 0, Path: '/manufacturing/twohourchecksqueue' },
    ]);
  });

  it('gives no count for a kind without its flag', async () => {
    expect((await myWork(nora)).Items).toEqual([]);
    // A supervisor asks for fixtures but neither corrects punches nor keeps work orders; the checks
    // queue is a screen of the shop-floor app, which Sal (no accessManufacturing) cannot open.
    expect(Object.keys(await counts(sal))).toEqual(['openFixtureRequests']);
    // Locking without viewing payroll: /payroll would not open for them, so no count with a dead link.
    expect((await myWork(await api.login('lou'))).Items).toEqual([]);
  });

  it("never counts another plant's items", async () => {
    // Fred (plant 5): plant 5's one open work order and fixture request, not plant 4's.
    expect(await counts(fred)).toEqual({ openWorkOrders: 1, openFixtureRequests: 1 });
    // The administrator may cross plants, yet the list is of the plant they work in (1): none of these.
    const a = await counts(admin);
    expect(a.openWorkOrders).toBe(
      (await get<Array<{ Status: string }>>('maintenance/GetWorkOrders', { PlantID: 1 }, admin))!.filter(
        (w) => w.Status !== 'done',
      ).length,
    );
  });

  it('moves with the work: a new work order, a corrected punch, a locked week', async () => {
    const before = await counts(wally);
    await post('maintenance/SaveWorkOrder', { PlantID: 4, Asset: 'wtl-new', Description: 'Leak' }, admin);
    await post(
      'web/LockPayrollWeek',
      { PlantID: 4, EmployeeID: 9501, WeekStart: lastWeek, Locked: true },
      admin,
    );
    const [open] = await server.db.query<{ clock_punch_id: number; clocked_in_at: unknown }>(
      'SELECT clock_punch_id, clocked_in_at FROM clock_punches WHERE employee_id = 9503 AND clocked_out_at IS NULL',
    );
    const inAt = new Date(open!.clocked_in_at as string).toISOString();
    await post(
      'timeclock/SavePunch',
      {
        ClockPunchID: open!.clock_punch_id,
        ClockedInAt: inAt,
        ClockedOutAt: new Date(Date.parse(inAt) + 8 * 3_600_000).toISOString(),
      },
      admin,
    );
    const after = await counts(wally);
    expect(after.openWorkOrders).toBe(before.openWorkOrders! + 1);
    expect(after.weeksToLock).toBe(before.weeksToLock! - 1);
    expect(after.missingPunchOuts).toBe(0);
    await server.app.kpi.idle();
  });

  it("counts the two-hour checks due in the caller's plant (the demo's plant 1 saws)", async () => {
    const akhan = await api.login('akhan');
    const queue = await get<unknown[]>('shopfloor/GetTwoHourChecksQueue', { PlantID: 1 }, akhan);
    expect(queue!.length).toBeGreaterThan(0);
    expect((await counts(akhan)).twoHourChecks).toBe(queue!.length);
  });

  it('shortcuts: the screens opened most, still open to the caller, never Intro nor a TV board', async () => {
    const visits = [
      '/payroll',
      '/analysis/clocks',
      '/payroll',
      '/scheduling/plant',
      '/tv/kpimonitor/4',
      '/intro',
      '/payroll',
      '/analysis/clocks',
    ];
    for (const Path of visits) {
      await post('web/RecordPageView', { RouteName: 'x', Path }, wally);
    }
    // Wally may not open the plant schedule; Intro and TV boards are never shortcuts: payroll (3
    // views), then clock analysis (2).
    expect((await myWork(wally)).Shortcuts).toEqual([
      { Path: '/payroll', RouteName: 'Payroll', Views: 3 },
      { Path: '/analysis/clocks', RouteName: 'Clock Analysis', Views: 2 },
    ]);
    // Someone else's views are not theirs.
    expect((await myWork(sal)).Shortcuts).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const reply = await api.get('web/GetMyWork', {});
    expect(reply.status).toBe(401);
  });

  it("the KPI monitor counts the plant's machines down (demo: LV-PCH01 waits for material)", async () => {
    const kpi = KpiBoard.parse(await get('boards/GetKpiBoard', { PlantID: 1 }, null));
    const floor = await get<Array<{ Down: boolean }>>('shopfloor/GetFloorMachines', { PlantID: 1 }, admin);
    expect(kpi.MachinesDown).toBe(floor!.filter((m) => m.Down).length);
    expect(kpi.MachinesDown).toBeGreaterThan(0);
  });
});
