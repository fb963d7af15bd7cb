import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_MINUTE } from '../server/areas/platform/platform.routes';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

interface Row {
  ClientErrorID: number;
  At: string;
  Name: string | null;
  EmployeeID: number | null;
  PlantID: number | null;
  Browser: string;
  Message: string;
  Stack: string | null;
  URL: string;
  Verified: boolean;
}

const report = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Someone Else',
  EmployeeID: 4242,
  PlantID: 45,
  Browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
  Message: 'TypeError: x is undefined',
  Stack: 'TypeError: x is undefined\n    at render (Plan.tsx:10:5)',
  URL: 'http://localhost/productionplans',
  ...overrides,
});

/** web/ReportClientError (who the reporter is) and web/GetClientErrors (IT's list), over the real wire. */
describe.skipIf(!dbAvailable)(`client errors (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let pm: Login;
  let scheduler: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    pm = await api.login('pm');
    scheduler = await api.login('scheduler');
  });
  afterAll(() => server?.close());

  const list = async (values: Record<string, unknown>, who: Login = admin) => {
    const reply = await api.get<{ Rows: Row[]; Total: number }>('web/GetClientErrors', values, who);
    expect(reply.envelope.Error).toBe(false);
    return reply.result;
  };

  describe('web/ReportClientError', () => {
    it('with a valid session, takes name, employee id and plant from the session, not from the report', async () => {
      const sent = await api.post('web/ReportClientError', report({ Message: 'from pm' }), pm);
      expect(sent.envelope.Error).toBe(false);
      const { Rows } = await list({ Search: 'from pm', Skip: 0, Take: 10 });
      expect(Rows).toEqual([
        expect.objectContaining({
          Name: 'Priya Mehta',
          EmployeeID: 1002,
          PlantID: 1,
          Message: 'from pm',
          Browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
          Verified: true,
        }),
      ]);
    });

    it('without a session (or with a stale token), keeps what the report claims and marks it unverified', async () => {
      await api.post('web/ReportClientError', report({ Message: 'from the login page' }));
      await api.post('web/ReportClientError', report({ Message: 'stale token' }), {
        token: 'no-such-token',
      });
      const { Rows } = await list({ Search: 'from the login page', Skip: 0, Take: 10 });
      expect(Rows).toEqual([
        expect.objectContaining({ Name: 'Someone Else', EmployeeID: 4242, PlantID: 45, Verified: false }),
      ]);
      const stale = await list({ Search: 'stale token', Skip: 0, Take: 10 });
      expect(stale.Rows).toEqual([expect.objectContaining({ EmployeeID: 4242, Verified: false })]);
    });

    it(`keeps at most ${REPORTS_PER_MINUTE} different errors a minute from one session; the rest answer Silent`, async () => {
      const replies = [];
      for (let i = 0; i < REPORTS_PER_MINUTE + 3; i++) {
        replies.push(await api.post('web/ReportClientError', report({ Message: `flood ${i}` }), scheduler));
      }
      expect(replies.slice(0, REPORTS_PER_MINUTE).every((r) => !r.envelope.Silent && !r.envelope.Error)).toBe(
        true,
      );
      for (const r of replies.slice(REPORTS_PER_MINUTE)) {
        expect(r.envelope).toMatchObject({ Silent: true, Error: false });
      }
      expect((await list({ Search: 'flood', Skip: 0, Take: 200 })).Total).toBe(REPORTS_PER_MINUTE);
      // Another reporter is not held back by this one.
      const other = await api.post('web/ReportClientError', report({ Message: 'flood from pm' }), pm);
      expect(other.envelope.Silent).toBe(false);
    });
  });

  describe('web/GetClientErrors', () => {
    it('answers a page, newest first, with the total, and every field of a row', async () => {
      for (const m of ['page one', 'page two', 'page three']) {
        await api.post(
          'web/ReportClientError',
          report({ Message: `paging ${m}`, URL: `http://localhost/${m}` }),
          admin,
        );
      }
      const all = await list({ Search: 'paging', Skip: 0, Take: 200 });
      expect(all.Total).toBe(3);
      expect(all.Rows.map((r) => r.Message)).toEqual([
        'paging page three',
        'paging page two',
        'paging page one',
      ]);
      const ids = all.Rows.map((r) => r.ClientErrorID);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const page = await list({ Search: 'paging', Skip: 1, Take: 1 });
      expect(page).toEqual({ Rows: [all.Rows[1]], Total: 3 });
      expect(all.Rows[0]).toEqual({
        ClientErrorID: expect.any(Number),
        At: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        Name: 'Alex Morgan',
        EmployeeID: 1001,
        PlantID: 1,
        Browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
        Message: 'paging page three',
        Stack: 'TypeError: x is undefined\n    at render (Plan.tsx:10:5)',
        URL: 'http://localhost/page three',
        Verified: true,
      });
      expect(Math.abs(Date.parse(all.Rows[0]!.At) - Date.now())).toBeLessThan(60_000);
    });

    it('searches name, employee id, page address and stack, taking % and _ literally', async () => {
      await api.post(
        'web/ReportClientError',
        report({ Message: 'ratio 100% off', Stack: 'at special_frame (a.ts:1:1)' }),
        pm,
      );
      expect(
        (await list({ Search: 'Priya', Skip: 0, Take: 200 })).Rows.every((r) => r.Name === 'Priya Mehta'),
      ).toBe(true);
      expect(
        (await list({ Search: '1002', Skip: 0, Take: 200 })).Rows.every((r) => r.EmployeeID === 1002),
      ).toBe(true);
      expect((await list({ Search: 'page two', Skip: 0, Take: 200 })).Rows.map((r) => r.Message)).toEqual([
        'paging page two',
      ]);
      expect((await list({ Search: 'special_frame', Skip: 0, Take: 200 })).Total).toBe(1);
      expect((await list({ Search: '100%', Skip: 0, Take: 200 })).Total).toBe(1);
      // "%" alone would match everything if it were a wildcard.
      expect((await list({ Search: '0% ', Skip: 0, Take: 200 })).Rows.map((r) => r.Message)).toEqual([
        'ratio 100% off',
      ]);
      expect((await list({ Search: 'sp_cial', Skip: 0, Take: 200 })).Total).toBe(0);
      // No search (or an empty one) lists everything.
      const total = Number(
        (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors'))[0]!.n,
      );
      expect((await list({ Skip: 0, Take: 1 })).Total).toBe(total);
      expect((await list({ Search: '', Skip: 0, Take: 1 })).Total).toBe(total);
    });

    const bad: Array<[string, Record<string, unknown>, string]> = [
      ['no Skip', { Take: 10 }, 'Skip is required'],
      ['a negative Skip', { Skip: -1, Take: 10 }, 'Skip must be at least 0'],
      ['Take 0', { Skip: 0, Take: 0 }, 'Take must be at least 1'],
      ['Take 201', { Skip: 0, Take: 201 }, 'Take must be at most 200'],
      ['Take as text', { Skip: 0, Take: 'ten' }, 'Take must be a number'],
      [
        'a search of 201 characters',
        { Skip: 0, Take: 10, Search: 'x'.repeat(201) },
        'Search must be at most 200 characters',
      ],
    ];
    it.each(bad)('refuses %s with a clear sentence and changes nothing', async (_name, values, message) => {
      const before = await fingerprint(server.db);
      const reply = await api.get('web/GetClientErrors', values, admin);
      expect(reply.envelope).toMatchObject({ Error: true, Message: message });
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('refuses a user without informationTechnology or superAdministrator with 403', async () => {
      const reply = await api.get('web/GetClientErrors', { Skip: 0, Take: 10 }, pm);
      expect(reply.status).toBe(403);
      expect(reply.envelope).toMatchObject({
        Error: true,
        Message:
          'You do not have permission to do this (it needs one of: information technology, super administrator).',
      });
    });

    it('lets an IT employee in who is no super administrator', async () => {
      await server.db.query(
        'UPDATE employees SET information_technology = true, super_administrator = false WHERE employee_id = 1004',
      );
      const itPerson = await api.login('supervisor');
      expect((await list({ Skip: 0, Take: 5 }, itPerson)).Rows.length).toBeGreaterThan(0);
    });
  });
});
