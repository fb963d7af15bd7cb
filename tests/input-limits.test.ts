import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../domain/contract/call';
import type { Envelope } from '../domain/contract/wire';
import { expectRefused } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint as platformFingerprint, type Wire, wire } from './support/wire';

/**
 * Issue 14 §1: every bad input the outside probe found answering 500, or accepted, sent to the real
 * server: each is an Error envelope (not 500) naming the field and saying what is allowed, and nothing
 * changed in any table the call could write (the platform tables plus scheduling, payroll and clock).
 */
const areaTables = [
  'scheduling_shifts',
  'scheduling_holidays',
  'scheduling_overrides',
  'schedules',
  'schedule_tasks',
  'payroll_entries',
  'payroll_week_locks',
  'clock_punches',
  'clock_punch_corrections',
];

/** Two calls only this test registers: a store the schema does not guard, and a plain fault. */
const StoreNumber = defineCall({
  method: 'POST',
  path: 'test/StoreNumber',
  summary: 'test only: casts Value to a PostgreSQL integer, with no bound in its schema',
  access: 'user',
  payload: z.object({ Value: z.number() }),
  result: z.number(),
});
const Fault = defineCall({
  method: 'POST',
  path: 'test/Fault',
  summary: 'test only: a programming error',
  access: 'user',
  payload: z.object({}),
  result: z.null(),
});

describe.skipIf(!dbAvailable)(`bad input never answers 500 (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: { token: string; employeeId: number };

  const fingerprint = async () => {
    const { tablesFingerprint } = await import('./support/refusals');
    return `${await platformFingerprint(server.db)} ${await tablesFingerprint(server.db, areaTables)}`;
  };
  const refusedPost = (
    path: string,
    payload: Record<string, unknown>,
    message: string | RegExp,
    who = admin,
  ) => expectRefused(fingerprint, () => api.post(path, payload, who), message);
  const refusedGet = (path: string, values: Record<string, unknown>, message: string | RegExp, who = admin) =>
    expectRefused(fingerprint, () => api.get(path, values, who), message);

  // Test-only calls have no entry in the plant-scope table (server/rpc/plant-scope.ts).
  const testOnly = { plant: { none: 'a call only this test registers' } };
  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    server.app.registry.handle(
      StoreNumber,
      async ({ db, payload }) => {
        const [row] = await db.query<{ n: number }>('SELECT $1::int AS n', [payload.Value]);
        return row!.n;
      },
      testOnly,
    );
    server.app.registry.handle(
      Fault,
      async () => {
        throw new Error('a programming error');
      },
      testOnly,
    );
  });
  afterAll(() => server?.close());

  describe('ids beyond their int4 column', () => {
    it('DeleteShift {ShiftID: 2147483648}', async () => {
      await refusedPost(
        'web/DeleteShift',
        { ShiftID: 2147483648 },
        'ShiftID must be a whole number from 1 to 2147483647',
      );
    });
    it('SavePunch, SavePayrollEntry, UpdateEmployee with an id past the column', async () => {
      await refusedPost(
        'timeclock/SavePunch',
        { ClockPunchID: 2 ** 40, ClockedInAt: '2026-12-21T12:00:00Z', ClockedOutAt: null },
        'ClockPunchID must be a whole number from 1 to 2147483647',
      );
      await refusedPost(
        'web/SavePayrollEntry',
        { PayrollID: 2147483648, FieldName: 'Notes', Value: 'x' },
        'PayrollID must be a whole number from 1 to 2147483647',
      );
      await refusedPost(
        'web/UpdateEmployee',
        { EmployeeID: 9007199254740991, FieldName: 'Language', Value: 'es' },
        'EmployeeID must be a whole number from 1 to 2147483647',
      );
    });
  });

  describe('NUL in text', () => {
    it('Login {UserName: "a\\u0000b"} is refused, and a good login still works', async () => {
      await refusedPost(
        'web/Login',
        { UserName: 'a\u0000b', Password: 'x' },
        'UserName must not contain the NUL character (\\u0000)',
        { token: '', employeeId: 0 },
      );
      expect((await api.login('admin')).token).toBeTruthy();
    });
    it('ReportClientError with a NUL in its message', async () => {
      await refusedPost(
        'web/ReportClientError',
        {
          Name: null,
          EmployeeID: null,
          PlantID: null,
          Browser: 'vitest',
          Message: 'broken\u0000',
          Stack: null,
          URL: '/x',
        },
        'Message must not contain the NUL character (\\u0000)',
        { token: '', employeeId: 0 },
      );
    });
    it('a NUL the schema does not look at (an unknown field, a nested key) is refused by the pipeline', async () => {
      await refusedPost(
        'web/DeleteShift',
        { ShiftID: 1, Extra: { Note: 'x\u0000' } },
        'Extra.Note must not contain the NUL character (\\u0000)',
      );
    });
  });

  describe('dates and times that do not exist', () => {
    it('SaveHoliday 2026-02-30', async () => {
      await refusedPost(
        'web/SaveHoliday',
        { HolidayID: 0, PlantID: 1, Date: '2026-02-30', Description: 'Never' },
        'Date must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
    it('UpdateSchedule StartDate 2026-99-99', async () => {
      await refusedPost(
        'web/UpdateSchedule',
        { ScheduleID: 1, FieldName: 'StartDate', Value: '2026-99-99' },
        'Value for StartDate must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
    it('GetTimecards WeekStart=9999-12-31', async () => {
      await refusedGet(
        'timeclock/GetTimecards',
        { PlantID: 1, WeekStart: '9999-12-31' },
        'WeekStart must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
    it('LockPayrollWeek 2026-02-30', async () => {
      await refusedPost(
        'web/LockPayrollWeek',
        { PlantID: 1, EmployeeID: 1001, WeekStart: '2026-02-30', Locked: true },
        'WeekStart must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
    it('SavePunch ClockedInAt 0000-01-01T00:00:00Z', async () => {
      await refusedPost(
        'timeclock/SavePunch',
        { ClockPunchID: 1, ClockedInAt: '0000-01-01T00:00:00Z', ClockedOutAt: null },
        'ClockedInAt must be a date and time such as 2026-12-21T12:00:00Z, from 1900 to 2199',
      );
    });
    it('GetPayroll WeekStart=2026-99-99 is refused and writes no payroll rows', async () => {
      await refusedGet(
        'web/GetPayroll',
        { PlantID: 1, WeekStart: '2026-99-99', Weeks: 1 },
        'WeekStart must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
      );
    });
  });

  describe('shift and override windows', () => {
    const shift = { ShiftID: 0, PlantID: 1, ResourceID: null, Name: 'Bad', DayOfWeek: 1 };
    const override = {
      OverrideID: 0,
      PlantID: 1,
      ResourceID: null,
      Date: '2026-12-21',
      Kind: 'Off',
      Description: 'x',
    };
    it('Start 24:00 is refused (the next day is 00:00)', async () => {
      await refusedPost(
        'web/SaveShift',
        { ...shift, Start: '24:00', End: '24:00' },
        /^Start must be a time written HH:mm, from 00:00 to 23:59/,
      );
      await refusedPost(
        'web/SaveOverride',
        { ...override, Start: '24:00', End: '06:00' },
        'Start must be a time written HH:mm, from 00:00 to 23:59',
      );
    });
    it('End equal to Start is refused, naming End', async () => {
      const message =
        'End must differ from Start: an End before the Start runs past midnight (a night shift); a whole day is 00:00 to 24:00';
      await refusedPost('web/SaveShift', { ...shift, Start: '08:00', End: '08:00' }, message);
      await refusedPost('web/SaveOverride', { ...override, Start: '00:00', End: '00:00' }, message);
    });
  });

  describe('messages people can use', () => {
    it('an object for SavePayrollEntry Value', async () => {
      await refusedPost(
        'web/SavePayrollEntry',
        { PayrollID: 1, FieldName: 'Notes', Value: { x: 1 } },
        'Value must be a number or text',
      );
    });
    it('0 for a field that must be more than 0', async () => {
      await refusedPost(
        'web/SplitScheduleTask',
        { ScheduleTaskID: 1, Quantity: 0 },
        'Quantity must be more than 0',
      );
    });
    it('one limit, not zod safe-integer bound beside ours', async () => {
      await refusedGet(
        'web/GetClientErrors',
        { Skip: 0, Take: 10000000000000000 },
        `Take must be at most 200`,
      );
    });
    it('X[a]=… names X and the shape to send', async () => {
      await refusedGet(
        'web/GetClientErrors',
        { Skip: 0, 'Take[a]': 5 },
        'Take must be sent as Take=value, not as Take[a]=…',
      );
    });
    it('a 1 MB FieldName is not echoed back', async () => {
      const reply = await refusedPost(
        'web/UpdateEmployee',
        { EmployeeID: 1001, FieldName: 'F'.repeat(1_000_000), Value: 'x' },
        'FieldName must be at most 100 characters',
      );
      expect(reply.envelope.Message.length).toBeLessThan(200);
    });
    it('a 1 MB GET query answers an envelope, not a bare 431', async () => {
      const res = await api.raw(`web/GetClientErrors?Skip=0&Take=5&Search=${'x'.repeat(1_000_000)}`);
      expect(res.status).toBe(431);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toMatch(/too large.*POST/);
    });
    it('valid JSON holding __proto__ is named as such, not "not valid JSON"', async () => {
      const before = await fingerprint();
      const res = await api.raw('web/Login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"UserName":"admin","Password":"admin","__proto__":{"isAdmin":true}}',
      });
      const envelope = (await res.json()) as Envelope;
      expect(res.status).toBe(400);
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toBe(
        'The request body holds a field named __proto__ or constructor.prototype, which is not allowed.',
      );
      expect(await fingerprint()).toBe(before);
    });
  });

  describe('the last net in the pipeline', () => {
    it('a value the database refuses answers an Error envelope naming the call, and rolls back', async () => {
      await refusedPost(
        'test/StoreNumber',
        { Value: 2147483648 },
        'The values sent to test/StoreNumber could not be stored: a number is out of range for its column. Nothing was saved.',
      );
    });
    it('a real fault still answers 500 with a reference', async () => {
      const reply = await api.post('test/Fault', {}, admin);
      expect(reply.status).toBe(500);
      expect(reply.envelope.Message).toMatch(/^Something went wrong on the server \(reference [0-9a-f]{8}\)/);
    });
  });
});
