import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentWeekStart } from '../domain/payroll/rules';
import { formatLocalDate } from '../domain/platform/dates';
import { addDays } from '../domain/scheduling/calendar';
import { FaceHistory, MyTime, Punch, Timecard } from '../domain/timeclock/entities';
import type { Sql } from '../server/db/database';
import { createEmployee } from '../server/db/seed';
import { testCalls } from './support/calls';
import { expectRefused, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

const NY = 'America/New_York';

/**
 * Plant 4 (Waterloo, America/New_York) has no demo shop-floor people. Ours (password = user name):
 * Olga One 9401 and Paul Two 9402 (accessManufacturing), Tim Keeper 9403 (approvesTime), Fran Foreman
 * 9404 (supervisor), Val Payroll 9405 (viewPayroll), Nat None 9406 (no flags). Punches are of last week
 * (plant-local), written directly, so the rules see fixed past times whatever day the test runs.
 */
async function seedPeople(db: Sql) {
  const people: Array<[number, string, string, string, string[]]> = [
    [9401, 'olga', 'Olga', 'One', ['accessManufacturing']],
    [9402, 'paul', 'Paul', 'Two', ['accessManufacturing']],
    [9403, 'timk', 'Tim', 'Keeper', ['approvesTime']],
    [9404, 'fran', 'Fran', 'Foreman', ['supervisor']],
    [9405, 'val', 'Val', 'Payroll', ['viewPayroll']],
    [9406, 'nat', 'Nat', 'None', []],
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
}

describe.skipIf(!dbAvailable)(`time-clock calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let olga: Login;
  const { get, post } = testCalls({ api: () => api });
  let tim: Login; // approvesTime
  let fran: Login; // supervisor
  let val: Login; // viewPayroll
  let nat: Login; // no flags
  /** Monday of last week (plant 4 local) and its punches: 07:00–16:00 New York Monday to Friday for Olga. */
  const lastMonday = addDays(currentWeekStart(Date.now(), NY), -7);
  const at = (date: string, hhmm: string) => {
    // New York is UTC-5 in winter and UTC-4 in summer: find the instant whose local time is hhmm.
    for (const offset of [5, 4]) {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCHours(h + offset, m);
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: NY,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
      if (local === hhmm) return d.toISOString();
    }
    throw new Error('no such local time');
  };
  const punchIds: number[] = [];

  // KPI monitors are rebuilt after commit (coalesced): let owed rebuilds land before fingerprinting.
  const fingerprint = async () =>
    server.app.kpi
      .idle()
      .then(() =>
        tablesFingerprint(server.db, [
          'clock_punches',
          'clock_punch_corrections',
          'labor_activities',
          'employees',
          'topic_heads',
        ]),
      );
  const refusedPost = (
    path: string,
    payload: Record<string, unknown>,
    who: Login,
    message: string | RegExp,
    status = 200,
  ) => expectRefused(fingerprint, () => api.post(path, payload, who), message, status);
  const refusedGet = (
    path: string,
    payload: Record<string, unknown>,
    who: Login,
    message: string | RegExp,
    status = 200,
  ) => expectRefused(fingerprint, () => api.get(path, payload, who), message, status);
  const clockedIn = async (id: number) =>
    (
      await server.db.query<{ clocked_in: boolean }>(
        'SELECT clocked_in FROM employees WHERE employee_id = $1',
        [id],
      )
    )[0]!.clocked_in;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await seedPeople(server.db);
    for (let i = 0; i < 5; i++) {
      const day = addDays(lastMonday, i);
      const [row] = await server.db.query<{ clock_punch_id: number }>(
        `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at, clocked_out_at) VALUES (9401, 4, $1, $2)
         RETURNING clock_punch_id`,
        [at(day, '07:00'), at(day, '16:00')],
      );
      punchIds.push(row!.clock_punch_id);
    }
    // Olga's Monday: 6 h direct-free indirect cleaning 07:00–13:00.
    await server.db.query(
      `INSERT INTO labor_activities (employee_id, plant_id, indirect_code, started_at, ended_at) VALUES (9401, 4, 'CLEAN', $1, $2)`,
      [at(lastMonday, '07:00'), at(lastMonday, '13:00')],
    );
    // Paul forgot to punch out last Tuesday: an open punch (missing punch-out, long shift).
    const [paulOpen] = await server.db.query<{ clock_punch_id: number }>(
      `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at) VALUES (9402, 4, $1) RETURNING clock_punch_id`,
      [at(addDays(lastMonday, 1), '07:00')],
    );
    await server.db.query('UPDATE employees SET clocked_in = true WHERE employee_id = 9402');
    punchIds.push(paulOpen!.clock_punch_id);
    olga = await api.login('olga');
    tim = await api.login('timk');
    fran = await api.login('fran');
    val = await api.login('val');
    nat = await api.login('nat');
  });
  afterAll(() => server?.close());

  describe('the employee record follows the punches (clocked_in)', () => {
    it("the demo operators' records say clocked in, as their open punches do", async () => {
      const rows = await server.db.query<{ clocked_in: boolean }>(
        'SELECT clocked_in FROM employees WHERE employee_id BETWEEN 1701 AND 1705',
      );
      expect(rows.map((r) => r.clocked_in)).toEqual([true, true, true, true, true]);
    });

    it('web/ClockIn sets clocked_in and republishes employee:{id}; web/ClockOut clears it', async () => {
      expect(await clockedIn(9401)).toBe(false);
      await post('web/ClockIn', { EmployeeID: 9401 }, olga);
      expect(await clockedIn(9401)).toBe(true);
      const [doc] = await server.db.query<{ doc: { ClockedIn: boolean } }>(
        `SELECT doc FROM change_log WHERE topic = 'employee:9401' ORDER BY seq DESC LIMIT 1`,
      );
      expect(doc?.doc.ClockedIn).toBe(true);
      const mine = MyTime.parse(await get('timeclock/GetMyTime', {}, olga));
      expect(mine.Face.ClockedIn).toBe(true);
      expect(mine.Punches.map((p) => p.ClockedOutAt)).toEqual([null]);
      expect(mine.HoursToday).toBeLessThan(0.1);
      await post('web/ClockOut', { EmployeeID: 9401 }, olga);
      expect(await clockedIn(9401)).toBe(false);
    });
  });

  describe('timeclock/GetPlantPeople', () => {
    it("a plant's active people with ClockedIn, for supervisors and time approvers only", async () => {
      const people = await get<{ EmployeeID: number; Name: string; ClockedIn: boolean }[]>(
        'timeclock/GetPlantPeople',
        { PlantID: 4 },
        fran,
      );
      const ours = people.filter((p) => p.EmployeeID >= 9401 && p.EmployeeID <= 9406);
      expect(ours.map((p) => [p.Name, p.ClockedIn])).toEqual([
        ['Fran Foreman', false],
        ['Nat None', false],
        ['Olga One', false],
        ['Paul Two', true],
        ['Tim Keeper', false],
        ['Val Payroll', false],
      ]);
      await refusedGet('timeclock/GetPlantPeople', { PlantID: 4 }, olga, /approves time|supervisor/i, 403);
    });
  });

  describe('timeclock/GetFaceHistory', () => {
    it('oneself: punches and activities over the range; someone else or a plant needs supervisor or approvesTime', async () => {
      const mine = FaceHistory.parse(
        await get(
          'timeclock/GetFaceHistory',
          { PlantID: 4, From: lastMonday, To: addDays(lastMonday, 6), EmployeeID: 9401 },
          olga,
        ),
      );
      expect(mine.Punches).toHaveLength(5);
      expect(mine.Activities.map((a) => [a.Name, a.IndirectCode, a.IndirectDescription])).toEqual([
        ['Olga One', 'CLEAN', 'Cleaning'],
      ]);
      await refusedGet(
        'timeclock/GetFaceHistory',
        { PlantID: 4, From: lastMonday, To: lastMonday },
        olga,
        /only your own face history/,
        403,
      );
      await refusedGet(
        'timeclock/GetFaceHistory',
        { PlantID: 4, From: lastMonday, To: lastMonday, EmployeeID: 9402 },
        olga,
        /only your own face history/,
        403,
      );
      const plant = FaceHistory.parse(
        await get(
          'timeclock/GetFaceHistory',
          { PlantID: 4, From: lastMonday, To: addDays(lastMonday, 1) },
          fran,
        ),
      );
      expect(plant.Punches.map((p) => p.Name)).toEqual(['Olga One', 'Olga One', 'Paul Two']);
      await refusedGet(
        'timeclock/GetFaceHistory',
        { PlantID: 4, From: lastMonday, To: addDays(lastMonday, -1) },
        fran,
        /From must not be after To/,
      );
      await refusedGet(
        'timeclock/GetFaceHistory',
        { PlantID: 4, From: 'monday', To: lastMonday },
        fran,
        'From must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
  });

  describe('timeclock/GetClockPunches', () => {
    it("flags Paul's missing punch-out and long shift; needs approvesTime or supervisor", async () => {
      const punches = Punch.array().parse(
        await get(
          'timeclock/GetClockPunches',
          { PlantID: 4, From: lastMonday, To: addDays(lastMonday, 6) },
          tim,
        ),
      );
      expect(punches).toHaveLength(6);
      const paul = punches.find((p) => p.EmployeeID === 9402)!;
      expect([paul.MissingOut, paul.LongShift]).toEqual([true, true]);
      const olgaMonday = punches.find((p) => p.EmployeeID === 9401)!;
      expect([olgaMonday.MissingOut, olgaMonday.LongShift, olgaMonday.Minutes]).toEqual([false, false, 540]);
      await refusedGet(
        'timeclock/GetClockPunches',
        { PlantID: 4, From: lastMonday, To: lastMonday },
        olga,
        /approves time|supervisor/i,
        403,
      );
      await refusedGet(
        'timeclock/GetClockPunches',
        { PlantID: 4, From: lastMonday, To: lastMonday },
        nat,
        /approves time|supervisor/i,
        403,
      );
    });
  });

  describe('timeclock/SavePunch and timeclock/GetTimecards', () => {
    it('timecards: daily paid hours, direct and indirect, overtime over 40, the payroll lock', async () => {
      const cards = Timecard.array().parse(
        await get('timeclock/GetTimecards', { PlantID: 4, WeekStart: lastMonday }, val),
      );
      const o = cards.find((c) => c.EmployeeID === 9401)!;
      expect(o.Days.map((d) => d.PaidHours)).toEqual([9, 9, 9, 9, 9, 0, 0]);
      expect([o.TotalHours, o.RegularHours, o.OvertimeHours, o.IndirectHours, o.DirectHours]).toEqual([
        45, 40, 5, 6, 0,
      ]);
      expect([o.Locked, o.MissingOut]).toEqual([false, false]);
      // Paul's forgotten punch-out is flagged and not paid until corrected (not counted until now).
      expect(cards.find((c) => c.EmployeeID === 9402)).toMatchObject({ MissingOut: true, TotalHours: 0 });
      await refusedGet(
        'timeclock/GetTimecards',
        { PlantID: 4, WeekStart: lastMonday },
        nat,
        /approves time|payroll/i,
        403,
      );
    });

    it('refuses bad corrections and missing flags, changing nothing', async () => {
      const monday = punchIds[0]!;
      const good = {
        ClockPunchID: monday,
        ClockedInAt: at(lastMonday, '06:00'),
        ClockedOutAt: at(lastMonday, '14:00'),
      };
      await refusedPost('timeclock/SavePunch', good, fran, /approves time/i, 403);
      await refusedPost('timeclock/SavePunch', good, olga, /approves time/i, 403);
      await refusedPost(
        'timeclock/SavePunch',
        { ...good, ClockedOutAt: at(lastMonday, '05:00') },
        tim,
        'The punch-out must be after the punch-in.',
      );
      await refusedPost(
        'timeclock/SavePunch',
        { ...good, ClockedOutAt: at(addDays(lastMonday, 1), '08:00') },
        tim,
        /^It overlaps the punch of /,
      );
      await refusedPost(
        'timeclock/SavePunch',
        { ...good, ClockedOutAt: null },
        tim,
        /^It overlaps the punch of /,
      );
      await refusedPost(
        'timeclock/SavePunch',
        { ...good, ClockPunchID: 999999 },
        tim,
        'There is no clock punch 999999.',
      );
      await refusedPost(
        'timeclock/SavePunch',
        { ...good, ClockedInAt: 'yesterday' },
        tim,
        /ClockedInAt must be a date and time such as/,
      );
    });

    it('an approver corrects a punch: recorded with who, the timecard reflects it', async () => {
      const monday = punchIds[0]!;
      const saved = Punch.parse(
        await post(
          'timeclock/SavePunch',
          {
            ClockPunchID: monday,
            ClockedInAt: at(lastMonday, '06:00'),
            ClockedOutAt: at(lastMonday, '14:00'),
          },
          tim,
        ),
      );
      expect([saved.Minutes, saved.CorrectedBy, saved.CorrectedByName]).toEqual([480, 9403, 'Tim Keeper']);
      const [c] = await server.db.query<{ corrected_by: number; old_in: string; new_in: string }>(
        `SELECT corrected_by, old_clocked_in_at::text AS old_in, new_clocked_in_at::text AS new_in
           FROM clock_punch_corrections WHERE clock_punch_id = $1`,
        [monday],
      );
      expect(c?.corrected_by).toBe(9403);
      const cards = Timecard.array().parse(
        await get('timeclock/GetTimecards', { PlantID: 4, WeekStart: lastMonday }, tim),
      );
      const o = cards.find((x) => x.EmployeeID === 9401)!;
      expect(o.Days[0]!.PaidHours).toBe(8);
      expect([o.TotalHours, o.OvertimeHours]).toEqual([44, 4]);
    });

    it("closing Paul's open punch clears his clocked_in; a locked payroll week refuses corrections", async () => {
      const paulPunch = punchIds[5]!;
      const tuesday = addDays(lastMonday, 1);
      expect(await clockedIn(9402)).toBe(true);
      await post(
        'timeclock/SavePunch',
        { ClockPunchID: paulPunch, ClockedInAt: at(tuesday, '07:00'), ClockedOutAt: at(tuesday, '15:30') },
        tim,
      );
      expect(await clockedIn(9402)).toBe(false);
      await server.db.query(
        `INSERT INTO payroll_week_locks (employee_id, week_start, locked, locked_by) VALUES (9402, $1, true, 'Test')`,
        [lastMonday],
      );
      await refusedPost(
        'timeclock/SavePunch',
        { ClockPunchID: paulPunch, ClockedInAt: at(tuesday, '07:00'), ClockedOutAt: at(tuesday, '15:00') },
        tim,
        `The payroll week of ${formatLocalDate(lastMonday)} of Paul Two is locked: unlock it to correct its punches.`,
      );
      const cards = Timecard.array().parse(
        await get('timeclock/GetTimecards', { PlantID: 4, WeekStart: lastMonday }, tim),
      );
      expect(cards.find((x) => x.EmployeeID === 9402)).toMatchObject({
        Locked: true,
        MissingOut: false,
        TotalHours: 8.5,
      });
    });
  });

  describe('the face never disagrees with the punches', () => {
    it('closing an open punch by correction ends the open activity; face, faceboard and clocked_in follow', async () => {
      await post('web/ClockIn', { EmployeeID: 9401 }, olga);
      await post('shopfloor/StartIndirectActivity', { EmployeeID: 9401, IndirectCode: 'CLEAN' }, olga);
      const [open] = await server.db.query<{ clock_punch_id: number; clocked_in_at: Date }>(
        'SELECT clock_punch_id, clocked_in_at FROM clock_punches WHERE employee_id = 9401 AND clocked_out_at IS NULL',
      );
      const start = new Date(new Date(open!.clocked_in_at).getTime() - 60_000).toISOString();
      const end = new Date(new Date(open!.clocked_in_at).getTime() - 30_000).toISOString();
      await post(
        'timeclock/SavePunch',
        { ClockPunchID: open!.clock_punch_id, ClockedInAt: start, ClockedOutAt: end },
        tim,
      );
      const face = (await get<{ ClockedIn: boolean; Indirect: string | null; IdleSince: string | null }>(
        'web/GetFace',
        { EmployeeID: 9401 },
        olga,
      ))!;
      expect([face.ClockedIn, face.Indirect, face.IdleSince]).toEqual([false, null, null]);
      const [activity] = await server.db.query<{ open: boolean }>(
        `SELECT ended_at IS NULL AS open FROM labor_activities WHERE employee_id = 9401 ORDER BY started_at DESC LIMIT 1`,
      );
      expect(activity?.open).toBe(false);
      const [board] = await server.db.query<{ doc: { ClockedIn: boolean; Indirect: string | null } }>(
        `SELECT doc FROM change_log WHERE topic = 'faces:4' AND doc_id = '9401' ORDER BY seq DESC LIMIT 1`,
      );
      expect(board?.doc).toMatchObject({ ClockedIn: false, Indirect: null });
      expect(await clockedIn(9401)).toBe(false);
    });
  });

  describe('payroll hours from punches (web/GetPayroll)', () => {
    interface Day {
      PayrollDate: string;
      Payroll: {
        RegularHours: number;
        OvertimeHours: number;
        ModifiedBy: string | null;
      };
      ClockedHours?: number;
    }
    type People = { Employee: { EmployeeID: number }; PayrollWeeks: { PayrollDates: Day[] }[] }[];
    const week = async (id: number) => {
      const people = await get<People>(
        'web/GetPayroll',
        { PlantID: 4, WeekStart: lastMonday, Weeks: 1 },
        val,
      );
      return people
        .find((p) => p.Employee.EmployeeID === id)!
        .PayrollWeeks[0]!.PayrollDates.map((d) => ({ ...d.Payroll, ClockedHours: d.ClockedHours }));
    };

    it('records nobody edited take the clocked hours (regular up to 40 a week, then overtime)', async () => {
      const olga = await week(9401);
      // After the correction above: Monday 8 h, Tuesday to Friday 9 h each (44 h).
      expect(olga.map((r) => r.ClockedHours)).toEqual([8, 9, 9, 9, 9, 0, 0]);
      expect(olga.map((r) => [r.RegularHours, r.OvertimeHours])).toEqual([
        [8, 0],
        [9, 0],
        [9, 0],
        [9, 0],
        [5, 4],
        [0, 0],
        [0, 0],
      ]);
    });

    it('a record a person edited keeps its hours; a locked week is never refilled', async () => {
      await server.db.query(
        `UPDATE payroll_entries SET regular_hours = 7, modified_by = 'Typist', hours_source = 'manual' WHERE employee_id = 9401 AND payroll_date = $1::date`,
        [addDays(lastMonday, 3)],
      );
      const olga = await week(9401);
      expect(olga[3]).toMatchObject({
        RegularHours: 7,
        OvertimeHours: 0,
        ClockedHours: 9,
        ModifiedBy: 'Typist',
      });
      // Paul's week is locked (above): his 8.5 clocked hours on Tuesday are shown, not filled in.
      const paul = await week(9402);
      expect(paul[1]).toMatchObject({ RegularHours: 0, OvertimeHours: 0, ClockedHours: 8.5 });
    });
  });
});
