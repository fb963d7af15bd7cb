import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionFlag } from '../domain/platform/permissions';
import { createEmployee } from '../server/db/seed';
import { plantRules } from '../server/rpc/plant-scope';
import { expectRefused, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/**
 * Issue 14 §3 "Plants": the probe's own examples (the demo `supervisor` of plant 6 reading and changing
 * plant 1's payroll and punches and clocking out a plant 1 employee; the demo `operator` of plant 19
 * starting downtime on a plant 1 machine) are refused with 403 and change nothing; the same calls are
 * allowed in the user's own plant, and across plants with canChangePlant or an administrator flag.
 */
const supervisorFlags: PermissionFlag[] = [
  'accessManufacturing',
  'supervisor',
  'approvesTime',
  'viewPayroll',
  'editPayroll',
];
const extraPeople: Array<{ id: number; user: string; plant: number; flags: PermissionFlag[] }> = [
  // The demo supervisor's flags, in plant 1: the same calls in one's own plant.
  { id: 9801, user: 'suplv', plant: 1, flags: supervisorFlags },
  // The demo supervisor's flags and plant, plus one flag that crosses plants.
  { id: 9802, user: 'supcross', plant: 6, flags: [...supervisorFlags, 'canChangePlant'] },
  { id: 9803, user: 'supmes', plant: 6, flags: [...supervisorFlags, 'mesAdministrator'] },
  { id: 9804, user: 'supsuper', plant: 6, flags: [...supervisorFlags, 'superAdministrator'] },
  // Not a crossing flag: administering employee records opens no other plant's payroll.
  { id: 9805, user: 'supemp', plant: 6, flags: [...supervisorFlags, 'employeeAdministrator'] },
  // The demo operator's flags and plant, plus canChangePlant.
  { id: 9806, user: 'opcross', plant: 19, flags: ['accessManufacturing', 'canChangePlant'] },
];
const PLANT_1 =
  /^This belongs to plant 1 \(Long Valley\)\. You may read and change only the data of plant (6 \(Dyersburg\)|19 \(Cataforesis\)) \(other plants need one of: can change plant, super administrator, mes administrator\)\.$/;

const today = new Date().toISOString().slice(0, 10);
const lastMonth = { From: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), To: today };

describe.skipIf(!dbAvailable)(`plant scope (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  const who: Record<string, Login> = {};
  const clients: HubConnection[] = [];

  /**
   * Every table these calls could write, and the change log: equal before and after = nothing written.
   * After the KPI monitor is idle: its rebuild, owed by an earlier test's accepted change and coalesced up
   * to a second after commit, writes the change log too.
   */
  const fingerprint = async () =>
    server.app.kpi
      .idle()
      .then(() =>
        tablesFingerprint(server.db, [
          'employees',
          'clock_punches',
          'labor_activities',
          'downtime_events',
          'payroll_entries',
          'payroll_week_locks',
          'change_log',
          'topic_heads',
        ]),
      );
  const refusedPost = (path: string, payload: Record<string, unknown>, as: Login) =>
    expectRefused(fingerprint, () => api.post(path, payload, as), PLANT_1, 403);
  const refusedGet = (path: string, values: Record<string, unknown>, as: Login) =>
    expectRefused(fingerprint, () => api.get(path, values, as), PLANT_1, 403);
  const ok = async <T>(
    reply: Promise<{ envelope: { Error: boolean; Sorry: boolean; Message: string }; result: T }>,
  ) => {
    const r = await reply;
    expect(r.envelope.Error || r.envelope.Sorry, r.envelope.Message).toBe(false);
    return r.result;
  };
  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params))[0]!;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    for (const p of extraPeople) {
      await createEmployee(server.db, {
        employeeId: p.id,
        userName: p.user,
        password: p.user,
        firstName: p.user,
        lastName: 'Test',
        title: 'Test',
        plantId: p.plant,
        flags: p.flags,
      });
    }
    for (const name of [
      'admin',
      'supervisor',
      'operator',
      'akhan',
      'scheduler',
      ...extraPeople.map((p) => p.user),
    ]) {
      who[name] = await api.login(name);
    }
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.stop()));
    await server?.close();
  });

  it('every registered call has a plant rule, and every rule names a registered call', () => {
    const registered = server.app.registry.all().map((e) => e.call.path.toLowerCase());
    // Kit documents (server/kit) register each call with the rule their declaration implies.
    const ownRule = new Set(
      server.app.registry
        .all()
        .filter((e) => e.plant)
        .map((e) => e.call.path.toLowerCase()),
    );
    const missing = registered.filter((path) => !(path in plantRules) && !ownRule.has(path));
    expect(missing, 'calls without a plant rule in server/rpc/plant-scope.ts').toEqual([]);
    const stale = Object.keys(plantRules).filter((path) => !registered.includes(path));
    expect(stale, 'plant rules of calls that do not exist').toEqual([]);
    // Every "not plant data" entry says why.
    for (const [path, rule] of Object.entries(plantRules)) {
      if ('none' in rule) expect(rule.none.length, path).toBeGreaterThan(10);
    }
  });

  describe('payroll', () => {
    const week = new Date().toISOString().slice(0, 10);
    let payrollId: number;
    beforeAll(async () => {
      // Plant 1's records of this week exist (GetPayroll makes missing ones; admin may read any plant).
      await ok(api.get('web/GetPayroll', { PlantID: 1, WeekStart: week, Weeks: 1 }, who.admin));
      ({ payroll_id: payrollId } = await one<{ payroll_id: number }>(
        `SELECT e.payroll_id FROM payroll_entries e
          WHERE e.plant_id = 1 AND NOT EXISTS (
            SELECT 1 FROM payroll_week_locks l WHERE l.employee_id = e.employee_id AND l.locked
               AND e.payroll_date BETWEEN l.week_start AND l.week_start + 6)
          ORDER BY e.payroll_id LIMIT 1`,
      ));
    });

    it('the supervisor of plant 6 can neither read nor change plant 1 payroll (403, nothing written)', async () => {
      await refusedGet('web/GetPayroll', { PlantID: 1, WeekStart: week, Weeks: 1 }, who.supervisor!);
      await refusedPost(
        'web/SavePayrollEntry',
        { PayrollID: payrollId, FieldName: 'Notes', Value: 'x' },
        who.supervisor!,
      );
      // employeeAdministrator does not cross plants.
      await refusedPost(
        'web/SavePayrollEntry',
        { PayrollID: payrollId, FieldName: 'Notes', Value: 'x' },
        who.supemp!,
      );
    });

    it('the same calls are allowed in one’s own plant and with canChangePlant or an administrator flag', async () => {
      // Own plant: the demo supervisor reads plant 6.
      await ok(api.get('web/GetPayroll', { PlantID: 6, WeekStart: week, Weeks: 1 }, who.supervisor));
      for (const name of ['suplv', 'supcross', 'supmes', 'supsuper']) {
        await ok(api.get('web/GetPayroll', { PlantID: 1, WeekStart: week, Weeks: 1 }, who[name]));
        const saved = await ok(
          api.post<{ Notes: string }>(
            'web/SavePayrollEntry',
            { PayrollID: payrollId, FieldName: 'Notes', Value: `by ${name}` },
            who[name],
          ),
        );
        expect(saved.Notes).toBe(`by ${name}`);
      }
    });
  });

  describe('punches and clocking', () => {
    it('the supervisor of plant 6 can neither read nor correct plant 1 punches, nor clock out a plant 1 employee', async () => {
      const punch = await one<{ clock_punch_id: number; clocked_in_at: Date }>(
        'SELECT clock_punch_id, clocked_in_at FROM clock_punches WHERE employee_id = 1701 AND clocked_out_at IS NULL',
      );
      await refusedGet('timeclock/GetClockPunches', { PlantID: 1, ...lastMonth }, who.supervisor!);
      await refusedPost(
        'timeclock/SavePunch',
        {
          ClockPunchID: punch.clock_punch_id,
          ClockedInAt: new Date(new Date(punch.clocked_in_at).getTime() - 60_000).toISOString(),
          ClockedOutAt: null,
        },
        who.supervisor!,
      );
      await refusedPost('web/ClockOut', { EmployeeID: 1704 }, who.supervisor!);
      await refusedGet('timeclock/GetPlantPeople', { PlantID: 1 }, who.supervisor!);
      await refusedGet('web/GetFace', { EmployeeID: 1704 }, who.supervisor!);
    });

    it('allowed in one’s own plant and across plants with canChangePlant or an administrator flag', async () => {
      const punch = await one<{ clock_punch_id: number; clocked_in_at: Date }>(
        'SELECT clock_punch_id, clocked_in_at FROM clock_punches WHERE employee_id = 1701 AND clocked_out_at IS NULL',
      );
      const start = new Date(punch.clocked_in_at).getTime();
      // glee, odiaz, kpark and akhan are clocked in at plant 1: each allowed user clocks out one.
      const people: Array<[string, number]> = [
        ['suplv', 1704],
        ['supcross', 1705],
        ['supmes', 1702],
        ['supsuper', 1703],
      ];
      for (const [i, [name, employeeId]] of people.entries()) {
        await ok(api.get('timeclock/GetClockPunches', { PlantID: 1, ...lastMonth }, who[name]));
        await ok(
          api.post(
            'timeclock/SavePunch',
            {
              ClockPunchID: punch.clock_punch_id,
              ClockedInAt: new Date(start - (i + 1) * 60_000).toISOString(),
              ClockedOutAt: null,
            },
            who[name],
          ),
        );
        await ok(api.post('web/ClockOut', { EmployeeID: employeeId }, who[name]));
        const row = await one<{ open: number }>(
          'SELECT count(*)::int AS open FROM clock_punches WHERE employee_id = $1 AND clocked_out_at IS NULL',
          [employeeId],
        );
        expect(row.open).toBe(0);
      }
    });
  });

  describe('downtime', () => {
    let reason: string;
    let machines: string[];
    beforeAll(async () => {
      ({ reason_code: reason } = await one<{ reason_code: string }>(
        'SELECT reason_code FROM downtime_reasons ORDER BY reason_code LIMIT 1',
      ));
      machines = (
        await server.db.query<{ resource_id: string }>(
          `SELECT resource_id FROM resources WHERE plant_id = 1 AND active AND resource_id NOT IN
             (SELECT resource_id FROM downtime_events WHERE ended_at IS NULL) ORDER BY resource_id LIMIT 3`,
        )
      ).map((r) => r.resource_id);
      expect(machines).toHaveLength(3);
    });

    it('the operator of plant 19 cannot start downtime on a plant 1 machine (403, nothing written)', async () => {
      await refusedPost(
        'shopfloor/StartDowntime',
        { ResourceID: machines[0], ReasonCode: reason },
        who.operator!,
      );
    });

    it('a plant 1 operator may; so may an operator with canChangePlant, and an administrator', async () => {
      const allowed: Array<[string, string]> = [
        ['akhan', machines[0]!],
        ['opcross', machines[1]!],
        ['admin', machines[2]!],
      ];
      for (const [name, machine] of allowed) {
        await ok(api.post('shopfloor/StartDowntime', { ResourceID: machine, ReasonCode: reason }, who[name]));
        const row = await one<{ open: number }>(
          'SELECT count(*)::int AS open FROM downtime_events WHERE resource_id = $1 AND ended_at IS NULL',
          [machine],
        );
        expect(row.open).toBe(1);
      }
    });
  });

  describe('lists without PlantID', () => {
    it('show a plant-bound user their own plant; a user who may cross plants still sees every plant', async () => {
      const plantsOf = (rows: Array<{ PlantID: number }>) => [...new Set(rows.map((r) => r.PlantID))].sort();
      const own = await ok(api.get<Array<{ PlantID: number }>>('web/GetMachines', {}, who.scheduler));
      expect(plantsOf(own)).toEqual([2]);
      const all = await ok(api.get<Array<{ PlantID: number }>>('web/GetMachines', {}, who.admin));
      expect(plantsOf(all).length).toBeGreaterThan(1);
    });
  });

  describe('topics', () => {
    function hub(token: string): HubConnection {
      const conn = new HubConnectionBuilder()
        .withUrl(`${server.url.replace(/api\/$/, 'hub')}?interface=test`, {
          transport: HttpTransportType.WebSockets,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      clients.push(conn);
      return conn;
    }

    it('the hub refuses another plant’s payroll topic to the supervisor of plant 6, and allows their own', async () => {
      const conn = hub(who.supervisor!.token);
      await conn.start();
      await expect(conn.invoke('Subscribe', ['payroll:1'])).rejects.toThrow(
        "payroll:1 is plant 1's: you may follow only plant 6's topics (other plants need one of: can change plant, super administrator, mes administrator).",
      );
      expect(await conn.invoke('Subscribe', ['payroll:6'])).toEqual({ 'payroll:6': expect.any(Number) });
      // Public TV topics stay public, whatever the plant.
      expect(await conn.invoke('Subscribe', ['faces:1'])).toEqual({ 'faces:1': expect.any(Number) });
    });

    it('the hub allows another plant’s topic with canChangePlant or an administrator flag', async () => {
      for (const name of ['supcross', 'supmes', 'supsuper']) {
        const conn = hub(who[name]!.token);
        await conn.start();
        expect(await conn.invoke('Subscribe', ['payroll:1'])).toEqual({ 'payroll:1': expect.any(Number) });
      }
    });

    it('sync/Pull refuses another plant’s topic, by name or through the schedule it names', async () => {
      const pull = (Topic: string, as: Login) => api.get('sync/Pull', { Topic, Since: 0, Limit: 10 }, as);
      const byName = await pull('payroll:1', who.supervisor!);
      expect(byName.status).toBe(403);
      expect(byName.envelope.Message).toMatch(/^payroll:1 is plant 1's/);
      const { schedule_id } = await one<{ schedule_id: number }>(
        'SELECT schedule_id FROM schedules WHERE plant_id = 1 AND official',
      );
      const bySchedule = await pull(`schedule:${schedule_id}`, who.scheduler!);
      expect(bySchedule.status).toBe(403);
      expect(bySchedule.envelope.Message).toMatch(
        /^This belongs to plant 1 \(Long Valley\)\. You may read and change only the data of plant 2 \(Idaho Falls\)/,
      );
      const { schedule_id: own } = await one<{ schedule_id: number }>(
        'SELECT schedule_id FROM schedules WHERE plant_id = 2 AND official',
      );
      expect((await pull(`schedule:${own}`, who.scheduler!)).status).toBe(200);
      expect((await pull('payroll:1', who.supcross!)).status).toBe(200);
    });
  });
});
