import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { Device } from '../domain/platform/devices';
import { createEmployee } from '../server/db/seed';
import { DocumentRepository } from '../server/kit/document.repository';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The kit list's server half beyond paging (issue 16 item 5) on /devices: saved views (each
 * employee's own, one default, live on kit:<EmployeeID>), group counts over the whole filtered set and
 * a group's rows, and the xlsx export (streamed, read back with exceljs; refused by flag and by plant).
 */
interface View {
  ViewID: number;
  Name: string;
  State: Record<string, unknown>;
  IsDefault: boolean;
}

describe.skipIf(!dbAvailable)(`kit lists: saved views, groups, export (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let itPlant6: Caller;
  let otherIt: Caller;
  let nobody: Caller;
  const fingerprint = () =>
    tablesFingerprint(server.db, ['saved_views', 'devices', 'change_log', 'topic_heads']);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await server.db.query('DELETE FROM devices');
    const people = [
      { employeeId: 9501, userName: 'lists6', plantId: 6, flags: ['informationTechnology'] },
      { employeeId: 9502, userName: 'lists1', plantId: 1, flags: ['informationTechnology'] },
      { employeeId: 9503, userName: 'listsnone', plantId: 1, flags: [] },
    ] as const;
    for (const p of people) {
      await createEmployee(server.db, {
        ...p,
        password: p.userName,
        firstName: 'List',
        lastName: p.userName,
        title: 'IT',
        flags: [...p.flags],
      });
    }
    admin = await api.login('admin');
    itPlant6 = await api.login('lists6');
    otherIt = await api.login('lists1');
    nobody = await api.login('listsnone');
    // 30 devices in plant 1 (kinds and months spread), 3 in plant 6, one never installed.
    await server.db.query(
      `INSERT INTO devices (name, kind, plant_id, location, in_service, installed_on)
       SELECT 'Device ' || lpad(i::text, 3, '0'),
              (ARRAY['tablet','tv','scanner'])[1 + i % 3],
              1, 'Bay ' || (i % 4), i % 5 <> 0,
              CASE WHEN i = 30 THEN NULL ELSE date '2026-01-10' + (i * 7) END
         FROM generate_series(1, 30) AS i`,
    );
    await server.db.query(
      `INSERT INTO devices (name, kind, plant_id, in_service) VALUES
         ('P6 one', 'tv', 6, true), ('P6 two', 'tv', 6, true), ('P6 three', 'kiosk', 6, false)`,
    );
  }, 120_000);
  afterAll(() => server?.close());

  const pull = async (topic: string, who: Caller) => {
    const reply = await api.get<{ documents: ChangeItem[] }>(
      'sync/Pull',
      { Topic: topic, Since: 0, Limit: 1000 },
      who,
    );
    return reply;
  };

  describe('saved views', () => {
    const state = {
      Search: 'bay',
      Filters: { Kind: { AnyOf: ['tv'] } },
      Sort: 'InstalledOn',
      Desc: true,
      Columns: ['Name', 'InstalledOn'],
      GroupBy: 'Kind',
    };

    it("saves, renames, makes default, lists and deletes the caller's own views, live on kit:<id>", async () => {
      const a = await post<{ View: View }>(
        'web/SaveSavedView',
        { Type: 'device', Name: 'TVs', State: state },
        otherIt,
      );
      expect(a.View).toMatchObject({ Name: 'TVs', IsDefault: false, State: state });
      const b = await post<{ View: View }>(
        'web/SaveSavedView',
        { Type: 'device', Name: 'All', State: {}, IsDefault: true },
        otherIt,
      );
      expect(b.View.IsDefault).toBe(true);
      // A second default takes the mark from the first.
      const renamed = await post<{ View: View }>(
        'web/SaveSavedView',
        { Type: 'device', ViewID: a.View.ViewID, Name: 'Televisions', State: state, IsDefault: true },
        otherIt,
      );
      expect(renamed.View).toMatchObject({ ViewID: a.View.ViewID, Name: 'Televisions', IsDefault: true });
      const mine = await get<{ Rows: View[] }>('web/GetSavedViews', { Type: 'device' }, otherIt);
      expect(mine.Rows.map((v) => [v.Name, v.IsDefault])).toEqual([
        ['All', false],
        ['Televisions', true],
      ]);
      // Every tab of the user hears it: the views' latest state on the user's own topic.
      const live = await pull(`kit:${otherIt.employeeId}`, otherIt);
      expect(live.envelope.Error).toBe(false);
      const latest = new Map(live.result.documents.map((d) => [d.id, d.doc]));
      expect(latest.get(`view:${b.View.ViewID}`)).toMatchObject({ IsDefault: false });
      expect(latest.get(`view:${a.View.ViewID}`)).toMatchObject({ Name: 'Televisions', IsDefault: true });

      await post('web/DeleteSavedView', { ViewID: b.View.ViewID }, otherIt);
      expect(
        (await get<{ Rows: View[] }>('web/GetSavedViews', { Type: 'device' }, otherIt)).Rows,
      ).toHaveLength(1);
      const after = await pull(`kit:${otherIt.employeeId}`, otherIt);
      expect(after.result.documents.filter((d) => d.id === `view:${b.View.ViewID}`).at(-1)?.doc).toBeNull();
    });

    it('another user can neither read, change, delete nor follow my views', async () => {
      const mine = await post<{ View: View }>(
        'web/SaveSavedView',
        { Type: 'device', Name: 'Mine', State: {} },
        otherIt,
      );
      const theirs = await get<{ Rows: View[] }>('web/GetSavedViews', { Type: 'device' }, itPlant6);
      expect(theirs.Rows.map((v) => v.ViewID)).not.toContain(mine.View.ViewID);
      await refused(
        'web/SaveSavedView',
        { Type: 'device', ViewID: mine.View.ViewID, Name: 'Stolen', State: {} },
        itPlant6,
        `ViewID: you have no saved view ${mine.View.ViewID} of devices`,
      );
      await refused(
        'web/DeleteSavedView',
        { ViewID: mine.View.ViewID },
        itPlant6,
        `ViewID: you have no saved view ${mine.View.ViewID}`,
      );
      const follow = await pull(`kit:${otherIt.employeeId}`, itPlant6);
      expect(follow.envelope.Message).toMatch(/only your own saved views/);
    });

    it('refuses a view naming what the type does not offer, a taken name, a type one may not read', async () => {
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'x', State: { Columns: ['Salary'] } },
        otherIt,
        "State.Columns: devices have no field 'Salary'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'x', State: { Sort: 'Notes' } },
        otherIt,
        "State.Sort: devices cannot be sorted by 'Notes'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'x', State: { GroupBy: 'Name' } },
        otherIt,
        "State.GroupBy: devices cannot be grouped by 'Name'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'x', State: { Filters: { Notes: { Contains: 'a' } } } },
        otherIt,
        "State.Filters: devices cannot be filtered by 'Notes'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'mine', State: {} },
        otherIt,
        "Name: you already have a view named 'mine'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'invoice', Name: 'x', State: {} },
        otherIt,
        "Type: there is no document type 'invoice'",
      );
      await refused(
        'web/SaveSavedView',
        { Type: 'device', Name: 'x', State: {} },
        nobody,
        /permission to read devices/,
        403,
      );
    });
  });

  describe('group-by', () => {
    const list = (values: Record<string, unknown>, who: Caller = admin) =>
      get<{
        Rows: Array<Record<string, unknown>>;
        Total: number;
        Groups?: Array<{ Value: unknown; Count: number }>;
      }>('web/GetDevices', values, who);

    it('counts the whole filtered set by a choice, a yes/no, the plant and a date by month', async () => {
      const byKind = await list({ PlantID: 1, GroupBy: 'Kind' });
      expect(byKind.Rows).toEqual([]);
      expect(byKind.Total).toBe(30);
      expect(byKind.Groups).toEqual([
        { Value: 'scanner', Count: 10 },
        { Value: 'tablet', Count: 10 },
        { Value: 'tv', Count: 10 },
      ]);
      // Filters apply before counting.
      const filtered = await list({
        PlantID: 1,
        GroupBy: 'InService',
        Filters: JSON.stringify({ Kind: { AnyOf: ['tv'] } }),
      });
      expect(filtered.Groups).toEqual([
        { Value: false, Count: 2 },
        { Value: true, Count: 8 },
      ]);
      const byPlant = await list({ GroupBy: 'PlantID' });
      expect(byPlant.Groups).toEqual([
        { Value: 1, Count: 30 },
        { Value: 6, Count: 3 },
      ]);
      const byMonth = await list({ PlantID: 1, GroupBy: 'InstalledOn' });
      expect(byMonth.Groups?.[0]).toEqual({ Value: '2026-01', Count: 3 });
      expect(byMonth.Groups?.at(-1)).toEqual({ Value: null, Count: 1 });
      expect(byMonth.Groups?.reduce((n, g) => n + g.Count, 0)).toBe(30);
      // A plant-bound user's groups are their own plant's only.
      const own = await list({ GroupBy: 'Kind' }, itPlant6);
      expect(own.Groups).toEqual([
        { Value: 'kiosk', Count: 1 },
        { Value: 'tv', Count: 2 },
      ]);
    });

    it("pages one group's rows, the empty group too", async () => {
      const tvs = await list({ PlantID: 1, GroupBy: 'Kind', Group: '"tv"', Take: 4 });
      expect(tvs.Total).toBe(10);
      expect(tvs.Rows).toHaveLength(4);
      expect(tvs.Rows.every((r) => r.Kind === 'tv')).toBe(true);
      const never = await list({ PlantID: 1, GroupBy: 'InstalledOn', Group: 'null' });
      expect(never.Rows.map((r) => r.Name)).toEqual(['Device 030']);
      const feb = await list({ PlantID: 1, GroupBy: 'InstalledOn', Group: '"2026-02"' });
      expect(feb.Rows.every((r) => String(r.InstalledOn).startsWith('2026-02'))).toBe(true);
      expect(feb.Total).toBe(4);
    });

    it('refuses a field it cannot group by and a value of the wrong kind', async () => {
      const bad = await api.get('web/GetDevices', { GroupBy: 'Name' }, admin);
      expect(bad.envelope.Error).toBe(true);
      expect(bad.envelope.Message).toMatch(/GroupBy/);
      const wrong = await api.get('web/GetDevices', { GroupBy: 'InService', Group: '"maybe"' }, admin);
      expect(wrong.envelope.Message).toBe('Group: In service groups are true or false, or null');
      const month = await api.get('web/GetDevices', { GroupBy: 'InstalledOn', Group: '"2026-13"' }, admin);
      expect(month.envelope.Message).toMatch(/a month such as/);
      const lone = await api.get('web/GetDevices', { Group: '"tv"' }, admin);
      expect(lone.envelope.Message).toBe('Group: needs GroupBy, the field it is a value of');
    });
  });

  describe('export', () => {
    const download = (values: Record<string, string>, who: Caller) => {
      const q = new URLSearchParams({
        TransmissionInfoJSON: '{}',
        Interface: 'pm',
        Token: who.token,
        ...values,
      });
      return api.raw(`web/ExportDevices?${q}`, { who });
    };
    const readBack = async (res: Response) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    it('streams the whole filtered set in the list order with named columns, dates as dates, numbers as numbers', async () => {
      const res = await download(
        {
          PlantID: '1',
          Filters: JSON.stringify({ Kind: { AnyOf: ['tv'] } }),
          Sort: 'InstalledOn',
          Desc: 'true',
          Columns: 'Name,InstalledOn,PlantID,InService',
          ExportID: 'test-1',
        },
        otherIt,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(res.headers.get('content-disposition')).toMatch(/devices-\d{4}-\d{2}-\d{2}\.xlsx/);
      const rows = await readBack(res);
      expect(rows[0]).toEqual(['Name', 'Installed on', 'Plant', 'In service']);
      expect(rows).toHaveLength(11);
      // The tvs are devices 1, 4, …, 28 (kind 1 + i % 3): newest first.
      expect(rows[1]).toEqual(['Device 028', new Date(Date.UTC(2026, 0, 10 + 28 * 7)), 1, 'Yes']);
      expect(rows.at(-1)?.[0]).toBe('Device 001');
      // Progress: the last item on the user's own topic says every row was written.
      const live = await pull(`kit:${otherIt.employeeId}`, otherIt);
      const last = live.result.documents.filter((d) => d.id === 'export:test-1').at(-1);
      expect(last?.doc).toEqual({ ExportID: 'test-1', Rows: 10, Total: 10, Done: true });
    });

    it('scans batch after batch without repeating or skipping a row, within equal and empty sort values', async () => {
      const repo = new DocumentRepository(Device, {
        table: 'devices',
        key: 'device_id',
        deletedAt: 'deleted_at',
        columns: {
          Name: 'name',
          Kind: 'kind',
          PlantID: 'plant_id',
          Location: 'location',
          SerialNumber: 'serial_number',
          IPAddress: 'ip_address',
          InService: 'in_service',
          InstalledOn: { column: 'installed_on', as: 'date' },
          Notes: 'notes',
        },
      });
      for (const [sort, desc] of [
        ['Kind', false],
        ['InstalledOn', true],
        ['InstalledOn', false],
        ['Name', true],
      ] as const) {
        const seen: string[] = [];
        for await (const rows of repo.scan(server.db, { plantId: 1, sort, desc }, 4))
          seen.push(...rows.map((r) => String(r.Name)));
        const page = await repo.list(server.db, { plantId: 1, sort, desc, take: 100 });
        expect(seen, `${sort} ${desc}`).toEqual(page.Rows.map((r) => String(r.Name)));
        expect(new Set(seen).size).toBe(30);
      }
    });

    it('is refused without the read flag, in another plant, and for a column that is not a field', async () => {
      const none = await download({}, nobody);
      expect(none.status).toBe(403);
      expect((await none.json()).message).toMatch(/permission/);
      const plant = await download({ PlantID: '1' }, itPlant6);
      expect(plant.status).toBeGreaterThanOrEqual(400);
      expect((await plant.json()).message).toMatch(/plant 6/);
      const column = await download({ Columns: 'Name,Salary' }, otherIt);
      expect(column.status).toBe(400);
      expect((await column.json()).message).toBe("Columns: there is no field 'Salary'");
      // A plant-bound user's export without a PlantID is their own plant's.
      const own = await readBack(await download({ Columns: 'Name' }, itPlant6));
      expect(own.slice(1).map((r) => r[0])).toEqual(['P6 one', 'P6 three', 'P6 two']);
    });
  });
});
