import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_401_TEXT } from '../domain/contract/wire';
import { Avatar } from '../domain/platform/employees';
import { flagColumn, permissionFlags } from '../domain/platform/permissions';
import type { UserRecord } from '../domain/platform/session';
import { spanishTranslations } from '../server/db/translations-es';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/** Spec 000 §3.5: the plants; spec 000 §9: their time zones (any plant not named is New York). */
const specPlants = [
  [0, 'OM', 'OM', 'America/New_York'],
  [1, 'Long Valley', 'LV', 'America/New_York'],
  [2, 'Idaho Falls', 'IDF', 'America/Boise'],
  [3, 'Milton', 'MIL', 'America/New_York'],
  [4, 'Waterloo', 'WTL', 'America/New_York'],
  [5, 'FMM', 'FMM', 'America/New_York'],
  [6, 'Dyersburg', 'DYB', 'America/Chicago'],
  [7, 'Trenton', 'TRN', 'America/New_York'],
  [10, 'Lamar', 'LAM', 'America/New_York'],
  [13, 'Walco', 'WAL', 'America/New_York'],
  [19, 'Cataforesis', 'CAT', 'America/Monterrey'],
  [45, 'STG', 'STG', 'America/Monterrey'],
] as const;

describe.skipIf(!dbAvailable)(`platform calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let pm: Login;

  const employee = async (id: number) =>
    (
      await server.db.query<Record<string, unknown>>('SELECT * FROM employees WHERE employee_id = $1', [id])
    )[0]!;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    pm = await api.login('pm');
  });
  afterAll(() => server?.close());

  describe('web/GetPlants', () => {
    it('answers exactly the plants of spec 000 §3.5 with the time zones of §9', async () => {
      const reply = await api.get<Array<Record<string, unknown>>>('web/GetPlants', {}, pm);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result.map((p) => [p.PlantID, p.PlantName, p.ShortName, p.TimeZone])).toEqual(
        specPlants.map((p) => [...p]),
      );
      for (const p of reply.result) {
        expect(['US', 'CA', 'MX']).toContain(p.Country);
        expect(typeof p.Subcontractor).toBe('boolean');
      }
    });
  });

  describe('avatars and names', () => {
    it('cache/GetAvatars: every active employee, with colours and whether a photo exists', async () => {
      await server.db.query('UPDATE employees SET active = false WHERE employee_id = 1008');
      try {
        const reply = await api.get<Avatar[]>('cache/GetAvatars', {}, pm);
        const avatars = Avatar.array().parse(reply.result);
        const active = await server.db.query<{ employee_id: number }>(
          'SELECT employee_id FROM employees WHERE active ORDER BY employee_id',
        );
        expect(avatars.map((a) => a.EmployeeID).sort()).toEqual(active.map((r) => r.employee_id));
        expect(avatars.map((a) => a.EmployeeID)).not.toContain(1008);
        for (const a of avatars) {
          expect(a.BackColor).toMatch(/^#[0-9a-f]{6}$/i);
          expect(a.TextColor).toMatch(/^#[0-9a-f]{6}$/i);
          expect(a.Name).toBe(`${a.FirstName} ${a.LastName}`);
        }
        const byId = new Map(avatars.map((a) => [a.EmployeeID, a]));
        expect(byId.get(1001)?.PhotoExists).toBe(true);
        expect(byId.get(1005)?.PhotoExists).toBe(true);
        expect(byId.get(1002)?.PhotoExists).toBe(false);
      } finally {
        await server.db.query('UPDATE employees SET active = true WHERE employee_id = 1008');
      }
    });

    it('cache/GetEmployeeAvatar: one avatar, or null for an unknown id', async () => {
      const found = await api.get<Avatar>('cache/GetEmployeeAvatar', { EmployeeID: 1001 }, pm);
      expect(Avatar.parse(found.result)).toMatchObject({
        EmployeeID: 1001,
        FirstName: 'Alex',
        LastName: 'Morgan',
        Name: 'Alex Morgan',
        Title: 'Systems Administrator',
        PhotoExists: true,
      });
      const unknown = await api.get('cache/GetEmployeeAvatar', { EmployeeID: 999999 }, pm);
      expect(unknown.envelope.Error).toBe(false);
      expect(unknown.envelope.ResultJSON).toBe('null');
    });

    it('web/GetAllEmployeeNamesFirstLast: every active employee as "First Last", sorted by name', async () => {
      const reply = await api.get<
        Array<{ EmployeeID: number; FirstName: string; LastName: string; Name: string }>
      >('web/GetAllEmployeeNamesFirstLast', {}, pm);
      const names = reply.result.map((r) => r.Name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      // Sorted by the whole name ("Alex Morgan" before "Carmen Diaz"), not by last name.
      expect(names.indexOf('Alex Morgan')).toBeLessThan(names.indexOf('Carmen Diaz'));
      const active = await server.db.query<{ employee_id: number }>(
        'SELECT employee_id FROM employees WHERE active',
      );
      expect(reply.result.map((r) => r.EmployeeID).sort()).toEqual(active.map((r) => r.employee_id).sort());
      expect(reply.result.find((r) => r.EmployeeID === 1002)).toEqual({
        EmployeeID: 1002,
        FirstName: 'Priya',
        LastName: 'Mehta',
        Name: 'Priya Mehta',
      });
    });
  });

  describe('help links', () => {
    it('web/VideoLinksForRoute and web/SOPLinksForRoute answer the seeded links of a route', async () => {
      const videos = await api.get<Array<Record<string, unknown>>>(
        'web/VideoLinksForRoute',
        { RouteName: 'Intro' },
        pm,
      );
      expect(videos.result).toEqual([
        {
          HelpLinkID: expect.any(Number),
          Title: 'Getting around the application',
          URL: '/help/getting-around.html#menu',
        },
      ]);
      const sops = await api.get<Array<Record<string, unknown>>>(
        'web/SOPLinksForRoute',
        { RouteName: 'Intro' },
        pm,
      );
      expect(sops.result).toEqual([
        {
          HelpLinkID: expect.any(Number),
          Title: 'SOP-001 Logging in and choosing a plant',
          URL: '/help/getting-around.html#login',
        },
      ]);
      // A route with only an SOP has no video.
      const noVideo = await api.get('web/VideoLinksForRoute', { RouteName: 'Connections' }, pm);
      expect(noVideo.result).toEqual([]);
    });

    it('an unknown route answers an empty list', async () => {
      for (const path of ['web/VideoLinksForRoute', 'web/SOPLinksForRoute']) {
        const reply = await api.get(path, { RouteName: 'NoSuchScreen' }, pm);
        expect(reply.envelope.Error).toBe(false);
        expect(reply.result).toEqual([]);
      }
    });
  });

  describe('translations', () => {
    const translations = (english: string) =>
      server.db.query<{ language: string; translated: string | null }>(
        'SELECT language, translated FROM translations WHERE english = $1 ORDER BY language',
        [english],
      );

    it('translation/Translate answers a seeded Spanish text', async () => {
      const reply = await api.get('translation/Translate', { English: 'Log in', language: 'es' }, pm);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result).toBe('Iniciar sesión');
    });

    it('accepts the lowercase field name `english` (spec 001 §7)', async () => {
      const reply = await api.get('translation/Translate', { english: 'Log out', language: 'es' }, pm);
      expect(reply.result).toBe('Cerrar sesión');
    });

    it('an unknown text answers the English text and is recorded as missing (once)', async () => {
      const english = `Untranslated ${Date.now()}`;
      const first = await api.get('translation/Translate', { English: english, language: 'es' }, pm);
      expect(first.result).toBe(english);
      expect(await translations(english)).toEqual([{ language: 'es', translated: null }]);
      const second = await api.get('translation/Translate', { English: english, language: 'es' }, pm);
      expect(second.result).toBe(english);
      expect(await translations(english)).toHaveLength(1);
    });

    it('language en answers the text itself and records nothing', async () => {
      const english = `English only ${Date.now()}`;
      const reply = await api.get('translation/Translate', { English: english, language: 'en' }, pm);
      expect(reply.result).toBe(english);
      expect(await translations(english)).toEqual([]);
    });

    it('paths are matched case-insensitively (translation/translate)', async () => {
      const reply = await api.get('translation/translate', { English: 'Welcome', language: 'es' }, pm);
      expect(reply.status).toBe(200);
      expect(reply.result).toBe('Bienvenido');
    });

    it('translation/GetDefaultTranslations: the seeded entries, not the missing ones, without a login', async () => {
      const missing = `Missing ${Date.now()}`;
      await api.get('translation/Translate', { English: missing, language: 'es' }, pm);
      expect(await translations(missing)).toEqual([{ language: 'es', translated: null }]);
      const reply = await api.get<Record<string, string>>('translation/GetDefaultTranslations', {
        language: 'es',
      });
      expect(reply.status).toBe(200);
      expect(reply.result).toEqual(spanishTranslations);
      expect(Object.keys(reply.result)).not.toContain(missing);
      for (const value of Object.values(reply.result)) expect(typeof value).toBe('string');
      const english = await api.get('translation/GetDefaultTranslations', { language: 'en' });
      expect(english.result).toEqual({});
    });
  });

  describe('web/UpdateEmployee', () => {
    const change = (who: Login, EmployeeID: number, FieldName: string, Value: unknown) =>
      api.post('web/UpdateEmployee', { EmployeeID, FieldName, Value }, who);

    it('an employee changes their own Language and ShowMyHelp', async () => {
      const scheduler = await api.login('scheduler');
      expect(await employee(1003)).toMatchObject({ language: 'en', show_my_help: true });
      const language = await change(scheduler, 1003, 'Language', 'es');
      expect(language.envelope.Error).toBe(false);
      expect(language.result).toEqual({ EmployeeID: 1003, FieldName: 'Language', Value: 'es' });
      const help = await change(scheduler, 1003, 'ShowMyHelp', false);
      expect(help.envelope.Error).toBe(false);
      expect(await employee(1003)).toMatchObject({ language: 'es', show_my_help: false });
      const session = await api.get<UserRecord>('web/GetSession', {}, scheduler);
      expect(session.result).toMatchObject({ Language: 'es', ShowMyHelp: false });
    });

    it('a non-administrator changing another employee: 403 with an Error envelope, no row changed', async () => {
      const before = await fingerprint(server.db);
      const reply = await change(pm, 1003, 'Language', 'en');
      expect(reply.status).toBe(403);
      expect(reply.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(reply.envelope.Message).toBe('Only an employee administrator can change another employee.');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('a non-administrator changing their own Email: 403', async () => {
      const before = await fingerprint(server.db);
      const reply = await change(pm, 1002, 'Email', 'priya@example.com');
      expect(reply.status).toBe(403);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toBe('Only an employee administrator can change Email.');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('a non-administrator cannot give themselves a permission flag', async () => {
      const reply = await change(pm, 1002, 'EmployeeAdministrator', true);
      expect(reply.status).toBe(403);
      expect((await employee(1002)).employee_administrator).toBe(false);
    });

    it('changing your own plant needs canChangePlant', async () => {
      const before = await fingerprint(server.db);
      const reply = await change(pm, 1002, 'PlantID', 2);
      expect(reply.status).toBe(403);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toBe('You are not allowed to change plant.');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('finance (canChangePlant) changes their own plant to 2, not to a plant that does not exist', async () => {
      const finance = await api.login('finance');
      const ok = await change(finance, 1009, 'PlantID', 2);
      expect(ok.status).toBe(200);
      expect(ok.envelope.Error).toBe(false);
      expect((await employee(1009)).plant_id).toBe(2);
      const before = await fingerprint(server.db);
      const bad = await change(finance, 1009, 'PlantID', 99);
      expect(bad.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(bad.envelope.Message).toBe('There is no plant 99.');
      expect(await fingerprint(server.db)).toBe(before);
      expect((await employee(1009)).plant_id).toBe(2);
    });

    it("an administrator changes another employee's flag; that user's next session record shows it", async () => {
      expect((await employee(1002)).edit_stock).toBe(false);
      const reply = await change(admin, 1002, 'EditStock', true);
      expect(reply.envelope.Error).toBe(false);
      expect((await employee(1002)).edit_stock).toBe(true);
      const session = await api.get<UserRecord>('web/GetSession', {}, pm);
      expect(session.result.EditStock).toBe(true);
    });

    it("an administrator changes another employee's other fields", async () => {
      const reply = await change(admin, 1011, 'Title', 'Shipping Manager');
      expect(reply.envelope.Error).toBe(false);
      expect((await employee(1011)).title).toBe('Shipping Manager');
      const unknown = await change(admin, 999999, 'Title', 'Nobody');
      expect(unknown.envelope.Error).toBe(true);
      expect(unknown.envelope.Message).toBe('There is no employee 999999.');
    });

    it("an administrator disabling an employee ends that employee's sessions", async () => {
      const vendor = await api.login('vendor');
      expect((await api.get('web/GetPlants', {}, vendor)).status).toBe(200);
      const reply = await change(admin, 1007, 'Active', false);
      expect(reply.envelope.Error).toBe(false);
      expect((await employee(1007)).active).toBe(false);
      const after = await api.get('web/GetPlants', {}, vendor);
      expect(after.status).toBe(401);
      expect(after.statusText).toBe(EXPIRED_401_TEXT);
    });
  });

  describe('recording', () => {
    it("web/RecordPageView stores a row with the session's employee", async () => {
      const route = `Screen ${Date.now()}`;
      const reply = await api.post('web/RecordPageView', { RouteName: route, Path: '/pm/projects/7' }, pm);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.envelope.ResultJSON).toBe('null');
      const rows = await server.db.query('SELECT employee_id, path FROM page_views WHERE route_name = $1', [
        route,
      ]);
      expect(rows).toEqual([{ employee_id: 1002, path: '/pm/projects/7' }]);
    });

    it('web/RecordPageView needs a login', async () => {
      const reply = await api.post('web/RecordPageView', { RouteName: 'x', Path: '/x' });
      expect(reply.status).toBe(401);
    });

    const report = (message: string) => ({
      Name: 'Luis Romero',
      EmployeeID: 1005,
      PlantID: 19,
      Browser: 'Firefox 140',
      Message: message,
      Stack: 'at render (app.js:1:1)',
      URL: '/manufacturing',
    });
    const stored = (message: string) =>
      server.db.query(
        'SELECT employee_id, name, plant_id, browser, stack, url FROM client_errors WHERE message = $1',
        [message],
      );

    it('web/ReportClientError without a token stores what the report says', async () => {
      const message = `anonymous ${Date.now()}`;
      const reply = await api.post('web/ReportClientError', report(message));
      expect(reply.status).toBe(200);
      expect(reply.envelope.Error).toBe(false);
      expect(await stored(message)).toEqual([
        {
          employee_id: 1005,
          name: 'Luis Romero',
          plant_id: 19,
          browser: 'Firefox 140',
          stack: 'at render (app.js:1:1)',
          url: '/manufacturing',
        },
      ]);
    });

    it("web/ReportClientError with a token: the session's employee wins over the report's", async () => {
      const message = `logged in ${Date.now()}`;
      const reply = await api.post('web/ReportClientError', report(message), pm);
      expect(reply.envelope.Error).toBe(false);
      expect(await stored(message)).toEqual([
        expect.objectContaining({ employee_id: 1002, name: 'Priya Mehta', plant_id: 1 }),
      ]);
    });
  });

  it('every permission flag has its boolean column on employees', async () => {
    const columns = await server.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'employees'`,
    );
    const types = new Map(columns.map((c) => [c.column_name, c.data_type]));
    const wrong = permissionFlags.filter((f) => types.get(flagColumn(f)) !== 'boolean');
    expect(wrong).toEqual([]);
    expect(permissionFlags.length).toBeGreaterThan(100);
  });
});
