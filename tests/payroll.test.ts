import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { PayrollPerson, type PayrollRecord } from '../domain/payroll/entities';
import { currentWeekStart } from '../domain/payroll/rules';
import { addDays } from '../domain/scheduling/calendar';
import { createEmployee } from '../server/db/seed';
import { expectRefused, type RefusableReply, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/**
 * Plant 4 (Waterloo, America/New_York) has no demo people: the test makes its own, so the people list
 * is exactly ours. Weeks used: Monday 2026-12-21 and 2026-12-28 (across the year end).
 */
const MONDAY = '2026-12-21';
const people = [
  { employeeId: 9201, userName: 'paywatch', first: 'Vera', last: 'Viewer', flags: ['viewPayroll'] },
  { employeeId: 9202, userName: 'payedit', first: 'Eddie', last: 'Editor', flags: ['editPayroll'] },
  {
    employeeId: 9203,
    userName: 'paylock',
    first: 'Lena',
    last: 'Locker',
    flags: ['viewPayroll', 'lockPayroll'],
  },
  { employeeId: 9204, userName: 'payworker', first: 'Walt', last: 'Worker', flags: [] },
];

describe.skipIf(!dbAvailable)(`payroll calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  const who: Record<string, Login> = {};

  const get = async <T>(path: string, values: Record<string, unknown>, as: Login = who.payedit!) => {
    const reply = await api.get<T>(path, values, as);
    expect(reply.envelope.Error || reply.envelope.Sorry, `${path}: ${reply.envelope.Message}`).toBe(false);
    return reply.result;
  };
  const post = async <T>(path: string, payload: Record<string, unknown>, as: Login = who.payedit!) => {
    const reply = await api.post<T>(path, payload, as);
    expect(reply.envelope.Error || reply.envelope.Sorry, `${path}: ${reply.envelope.Message}`).toBe(false);
    return reply.result;
  };
  const payroll = async (WeekStart = MONDAY, Weeks = 1, as: Login = who.payedit!) =>
    PayrollPerson.array().parse(await get('web/GetPayroll', { PlantID: 4, WeekStart, Weeks }, as));
  const cell = async (employeeId: number, date: string) => {
    const list = await payroll(date);
    return list
      .find((p) => p.Employee.EmployeeID === employeeId)!
      .PayrollWeeks[0]!.PayrollDates.find((d) => d.PayrollDate === date)!.Payroll;
  };
  const save = (PayrollID: number, FieldName: string, Value: unknown, as: Login = who.payedit!) =>
    api.post<PayrollRecord>('web/SavePayrollEntry', { PayrollID, FieldName, Value }, as);

  /** The payroll tables and the change log: equal before and after means nothing was written. */
  const fingerprint = () =>
    tablesFingerprint(server.db, ['payroll_entries', 'payroll_week_locks', 'change_log', 'topic_heads']);
  const refused = (send: () => Promise<RefusableReply>, message: string | RegExp, status = 200) =>
    expectRefused(fingerprint, send, message, status);
  /** The latest document of every id on a topic, from seq 0. */
  async function follow(topic: string) {
    const page = await get<{ documents: ChangeItem[]; latestSeq: number }>('sync/Pull', {
      Topic: topic,
      Since: 0,
      Limit: 1000,
    });
    const docs = new Map<string, unknown>();
    for (const d of page.documents) docs.set(d.id, d.doc);
    return docs;
  }

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    for (const p of people) {
      await createEmployee(server.db, {
        employeeId: p.employeeId,
        userName: p.userName,
        password: p.userName,
        firstName: p.first,
        lastName: p.last,
        title: 'Test',
        plantId: 4,
        flags: p.flags as never,
      });
      who[p.userName] = await api.login(p.userName);
    }
    who.admin = await api.login('admin');
  });
  afterAll(() => server?.close());

  describe('web/GetPayroll', () => {
    it("the spec's shape: people → Employee → PayrollWeeks → PayrollDates → Payroll (PayrollID), Monday to Sunday", async () => {
      const list = await payroll('2026-12-23', 2); // a Wednesday: the answer starts on its Monday
      expect(list.map((p) => p.Employee.EmployeeID)).toEqual([9202, 9203, 9201, 9204]); // by last name
      expect(list[0]!.Employee).toEqual({
        EmployeeID: 9202,
        Name: 'Eddie Editor',
        FirstName: 'Eddie',
        LastName: 'Editor',
        Title: 'Test',
        PlantID: 4,
        Salaried: false,
      });
      for (const p of list) {
        expect(p.PayrollWeeks.map((w) => w.WeekStart)).toEqual(['2026-12-21', '2026-12-28']);
        expect(p.PayrollWeeks[1]!.PayrollDates.map((d) => d.PayrollDate)).toEqual([
          '2026-12-28',
          '2026-12-29',
          '2026-12-30',
          '2026-12-31',
          '2027-01-01',
          '2027-01-02',
          '2027-01-03',
        ]);
        for (const w of p.PayrollWeeks) {
          expect(w.Locked).toBe(false);
          expect(w.Totals).toEqual({
            RegularHours: 0,
            OvertimeHours: 0,
            HolidayHours: 0,
            TotalHours: 0,
            PrepayAmount: 0,
          });
          for (const d of w.PayrollDates) {
            expect(d.Payroll.PayrollID).toBeGreaterThan(0);
            expect(d.Payroll).toMatchObject({ EmployeeID: p.Employee.EmployeeID, PlantID: 4, Notes: '' });
            expect(d.Payroll.PayrollDate).toBe(d.PayrollDate);
          }
        }
      }
    });

    it('records are made once: a second read answers the same PayrollIDs', async () => {
      const ids = (l: PayrollPerson[]) =>
        l.flatMap((p) => p.PayrollWeeks.flatMap((w) => w.PayrollDates.map((d) => d.Payroll.PayrollID)));
      const first = ids(await payroll(MONDAY, 2));
      expect(new Set(first).size).toBe(4 * 14);
      expect(ids(await payroll(MONDAY, 2, who.paywatch))).toEqual(first);
    });

    it('viewPayroll or editPayroll; bad input refused', async () => {
      const values = { PlantID: 4, WeekStart: MONDAY, Weeks: 1 };
      await refused(() => api.get('web/GetPayroll', values, who.payworker), /permission/, 403);
      await refused(() => api.get('web/GetPayroll', { ...values, Weeks: 9 }, who.payedit), /Weeks/);
      await refused(
        () => api.get('web/GetPayroll', { ...values, WeekStart: '21/12/2026' }, who.payedit),
        /WeekStart/,
      );
      await refused(
        () => api.get('web/GetPayroll', { ...values, PlantID: 999 }, who.payedit),
        'Plant 999 does not exist.',
      );
    });
  });

  describe('web/SavePayrollEntry', () => {
    it('saves one field, answers the record, shows in the totals and writes the topic document', async () => {
      const before = await cell(9204, '2026-12-22');
      const reply = await save(before.PayrollID, 'RegularHours', 7.5);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result).toMatchObject({
        PayrollID: before.PayrollID,
        RegularHours: 7.5,
        ModifiedBy: 'Eddie Editor',
        RowVersion: before.RowVersion + 1,
        Locked: false,
      });
      await post('web/SavePayrollEntry', {
        PayrollID: before.PayrollID,
        FieldName: 'OvertimeHours',
        Value: '1.25',
      });
      await post('web/SavePayrollEntry', {
        PayrollID: before.PayrollID,
        FieldName: 'PrepayAmount',
        Value: 80.5,
      });
      const wed = await cell(9204, '2026-12-23');
      await post('web/SavePayrollEntry', { PayrollID: wed.PayrollID, FieldName: 'HolidayHours', Value: 8 });
      await post('web/SavePayrollEntry', {
        PayrollID: wed.PayrollID,
        FieldName: 'Notes',
        Value: ' Holiday ',
      });

      const walt = (await payroll()).find((p) => p.Employee.EmployeeID === 9204)!;
      expect(walt.PayrollWeeks[0]!.Totals).toEqual({
        RegularHours: 7.5,
        OvertimeHours: 1.25,
        HolidayHours: 8,
        TotalHours: 16.75,
        PrepayAmount: 80.5,
      });
      expect(walt.PayrollWeeks[0]!.PayrollDates[2]!.Payroll.Notes).toBe('Holiday');

      const docs = await follow('payroll:4');
      const doc = docs.get(`payroll:${before.PayrollID}`) as { Kind: string; Data: PayrollRecord };
      expect(doc.Kind).toBe('payroll');
      expect(doc.Data).toEqual(walt.PayrollWeeks[0]!.PayrollDates[1]!.Payroll);
      expect(doc.Data).toMatchObject({ RegularHours: 7.5, OvertimeHours: 1.25, PrepayAmount: 80.5 });
    });

    it('bad input changes nothing', async () => {
      const c = await cell(9204, '2026-12-24');
      await refused(() => save(c.PayrollID, 'RegularHours', 25), 'Regular hours must be between 0 and 24.');
      await refused(() => save(c.PayrollID, 'HolidayHours', 'eight'), 'Holiday hours must be a number.');
      await refused(() => save(c.PayrollID, 'PrepayAmount', -1), 'Prepay must be between 0 and 100,000.');
      await refused(
        () => save(c.PayrollID, 'EmployeeID', 9201),
        /'EmployeeID' is not a field of a payroll record/,
      );
      await post('web/SavePayrollEntry', { PayrollID: c.PayrollID, FieldName: 'RegularHours', Value: 16 });
      await refused(
        () => save(c.PayrollID, 'OvertimeHours', 9),
        'A day holds at most 24 hours: 2026-12-24 would have 25.',
      );
      await refused(() => save(999_999, 'RegularHours', 1), 'Payroll record 999999 was not found.');
      await refused(
        () =>
          api.post(
            'web/SavePayrollEntry',
            { PayrollID: c.PayrollID, FieldName: 'Notes', Value: { x: 1 } },
            who.payedit,
          ),
        /Value/,
      );
    });

    it('needs editPayroll', async () => {
      const c = await cell(9204, '2026-12-25');
      await refused(() => save(c.PayrollID, 'RegularHours', 4, who.paywatch), /permission/, 403);
      await refused(() => save(c.PayrollID, 'RegularHours', 4, who.paylock), /permission/, 403);
    });
  });

  describe('web/LockPayrollWeek', () => {
    it('locks a week: edits refused, the lock shown and published; unlocking allows them again', async () => {
      const lock = await post<{ Locked: boolean; LockedBy: string; WeekStart: string }>(
        'web/LockPayrollWeek',
        { PlantID: 4, EmployeeID: 9201, WeekStart: MONDAY, Locked: true },
        who.paylock,
      );
      expect(lock).toMatchObject({
        EmployeeID: 9201,
        WeekStart: MONDAY,
        Locked: true,
        LockedBy: 'Lena Locker',
      });
      const vera = (await payroll()).find((p) => p.Employee.EmployeeID === 9201)!;
      expect(vera.PayrollWeeks[0]).toMatchObject({ Locked: true, LockedBy: 'Lena Locker' });
      expect(vera.PayrollWeeks[0]!.PayrollDates.every((d) => d.Payroll.Locked)).toBe(true);
      // Another employee's week, and the next week, stay open.
      expect((await cell(9204, '2026-12-22')).Locked).toBe(false);
      expect((await cell(9201, '2026-12-28')).Locked).toBe(false);

      const fri = await cell(9201, '2026-12-25');
      await refused(
        () => save(fri.PayrollID, 'HolidayHours', 8),
        'The week of 2026-12-25 is locked: unlock it to change it.',
      );
      await refused(() => save(fri.PayrollID, 'Notes', 'late', who.admin), /is locked/);

      const docs = await follow('payroll:4');
      expect(docs.get(`week:9201:${MONDAY}`)).toMatchObject({
        Kind: 'week',
        Data: { EmployeeID: 9201, WeekStart: MONDAY, Locked: true },
      });

      await post(
        'web/LockPayrollWeek',
        { PlantID: 4, EmployeeID: 9201, WeekStart: MONDAY, Locked: false },
        who.paylock,
      );
      const saved = await save(fri.PayrollID, 'HolidayHours', 8);
      expect(saved.result).toMatchObject({ HolidayHours: 8, Locked: false });
      expect((await follow('payroll:4')).get(`week:9201:${MONDAY}`)).toMatchObject({
        Data: { Locked: false },
      });
    });

    it('needs lockPayroll; bad input changes nothing', async () => {
      const values = { PlantID: 4, EmployeeID: 9201, WeekStart: MONDAY, Locked: true };
      await refused(() => api.post('web/LockPayrollWeek', values, who.payedit), /permission/, 403);
      await refused(() => api.post('web/LockPayrollWeek', values, who.paywatch), /permission/, 403);
      await refused(
        () => api.post('web/LockPayrollWeek', { ...values, WeekStart: '2026-12-22' }, who.paylock),
        /WeekStart must be a Monday/,
      );
      await refused(
        () => api.post('web/LockPayrollWeek', { ...values, EmployeeID: 1001 }, who.paylock),
        'Employee 1001 is not an employee of plant 4.',
      );
      await refused(
        () => api.post('web/LockPayrollWeek', { ...values, EmployeeID: 424242 }, who.paylock),
        'Employee 424242 does not exist.',
      );
    });
  });

  describe('the payroll:{PlantID} topic', () => {
    it('viewPayroll or editPayroll may follow it; others are refused', async () => {
      expect((await api.get('sync/Pull', { Topic: 'payroll:4', Since: 0 }, who.paywatch)).status).toBe(200);
      expect((await api.get('sync/Pull', { Topic: 'payroll:4', Since: 0 }, who.payworker)).status).toBe(403);
    });
  });

  describe('demo data', () => {
    it("plant 1's employees have last week (locked) and this week up to today", async () => {
      const list = PayrollPerson.array().parse(
        await get(
          'web/GetPayroll',
          { PlantID: 1, WeekStart: new Date().toISOString().slice(0, 10), Weeks: 1 },
          who.admin,
        ),
      );
      expect(list.length).toBeGreaterThanOrEqual(3);
      const rows = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payroll_week_locks l JOIN employees e USING (employee_id) WHERE e.plant_id = 1 AND l.locked',
      );
      expect(rows[0]!.n).toBe(list.length);
    });
  });

  describe('where the hours come from: punches, salaried default, a person’s entry (issue 15)', () => {
    const thisMonday = currentWeekStart(Date.now(), 'America/New_York');
    const lastMonday = addDays(thisMonday, -7);
    const days = async (employeeId: number) =>
      (await payroll(lastMonday, 2))
        .find((p) => p.Employee.EmployeeID === employeeId)!
        .PayrollWeeks.flatMap((w) => w.PayrollDates);
    const on = async (employeeId: number, date: string) =>
      (await days(employeeId)).find((d) => d.PayrollDate === date)!;

    beforeAll(async () => {
      await createEmployee(server.db, {
        employeeId: 9211,
        userName: 'hourly',
        password: 'hourly',
        firstName: 'Hana',
        lastName: 'Hourly',
        title: 'Welder',
        plantId: 4,
        flags: [],
      });
      await createEmployee(server.db, {
        employeeId: 9212,
        userName: 'salaried',
        password: 'salaried',
        firstName: 'Sal',
        lastName: 'Aried',
        title: 'Office',
        plantId: 4,
        flags: ['salaried'] as never,
      });
      // Last Monday 08:00–15:30 and Tuesday 07:00–16:00 New York (EST): 7.5 h and 9 h; an open punch
      // from an hour ago.
      await server.db.query(
        `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at, clocked_out_at)
         VALUES (9211, 4, $1, $2), (9211, 4, $3, $4), (9211, 4, now() - interval '1 hour', NULL)`,
        [
          `${lastMonday}T13:00:00Z`,
          `${lastMonday}T20:30:00Z`,
          `${addDays(lastMonday, 1)}T12:00:00Z`,
          `${addDays(lastMonday, 1)}T21:00:00Z`,
        ],
      );
    });

    it('an hourly employee is paid their closed punches, marked clock; an open punch is shown, not paid', async () => {
      const week = await days(9211);
      expect(week[0]).toMatchObject({
        ClockedHours: 7.5,
        Payroll: { RegularHours: 7.5, HoursSource: 'clock' },
      });
      expect(week[1]).toMatchObject({ ClockedHours: 9, Payroll: { RegularHours: 9, HoursSource: 'clock' } });
      expect(week[2]!.Payroll).toMatchObject({ RegularHours: 0, HoursSource: 'clock' });
      // The open punch: about an hour so far, on today's (or, just after midnight, yesterday's) date.
      const open = week.reduce((n, d) => n + (d.OpenPunchHours ?? 0), 0);
      expect(open).toBeGreaterThan(0.9);
      expect(open).toBeLessThan(1.2);
      expect(
        week.every((d) => d.Payroll.RegularHours + d.Payroll.OvertimeHours === (d.ClockedHours ?? 0)),
      ).toBe(true);
    });

    it('a salaried employee who never clocks gets the default 8 h on working days up to today, marked salaried', async () => {
      const week = await days(9212);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      for (const d of week) {
        const weekday = new Date(`${d.PayrollDate}T12:00:00Z`).getUTCDay();
        const working = weekday >= 1 && weekday <= 5 && d.PayrollDate <= today;
        expect(d.Payroll, d.PayrollDate).toMatchObject({
          RegularHours: working ? 8 : 0,
          OvertimeHours: 0,
          HoursSource: 'salaried',
        });
        expect(d.ClockedHours).toBe(0);
      }
    });

    it('a person’s entry wins and is marked manual; it is never refilled; a note does not freeze the clock', async () => {
      const monday = await on(9211, lastMonday);
      const saved = await post<PayrollRecord>('web/SavePayrollEntry', {
        PayrollID: monday.Payroll.PayrollID,
        FieldName: 'RegularHours',
        Value: 6,
      });
      expect(saved).toMatchObject({ RegularHours: 6, HoursSource: 'manual', ModifiedBy: 'Eddie Editor' });
      // Another punch that day does not change the typed hours.
      await server.db.query(
        `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at, clocked_out_at) VALUES (9211, 4, $1, $2)`,
        [`${lastMonday}T21:00:00Z`, `${lastMonday}T22:00:00Z`],
      );
      expect(await on(9211, lastMonday)).toMatchObject({
        ClockedHours: 8.5,
        Payroll: { RegularHours: 6, HoursSource: 'manual' },
      });
      // A note on Tuesday leaves its hours to the clock: a later correction still reaches payroll.
      const tuesday = addDays(lastMonday, 1);
      const tue = await on(9211, tuesday);
      await post('web/SavePayrollEntry', {
        PayrollID: tue.Payroll.PayrollID,
        FieldName: 'Notes',
        Value: 'Late truck',
      });
      await server.db.query(
        `INSERT INTO clock_punches (employee_id, plant_id, clocked_in_at, clocked_out_at) VALUES (9211, 4, $1, $2)`,
        [`${tuesday}T21:30:00Z`, `${tuesday}T22:00:00Z`],
      );
      expect(await on(9211, tuesday)).toMatchObject({
        ClockedHours: 9.5,
        Payroll: { RegularHours: 9.5, HoursSource: 'clock', Notes: 'Late truck' },
      });
    });
  });
});
