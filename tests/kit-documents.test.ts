import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The document kit's server half (issue 16) on its first document type, /devices: list with filters,
 * sort, paging and total; record; field update under a row lock with the history and the change log in
 * the same transaction; create; soft delete; plant scope; permissions; bad input refused with nothing
 * written.
 */
interface Device {
  DeviceID: number;
  Name: string;
  Kind: string;
  PlantID: number;
  Location: string | null;
  InService: boolean;
  InstalledOn: string | null;
  Deleted: boolean;
}

describe.skipIf(!dbAvailable)(`document kit: devices (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let itPlant6: Caller;
  let nobody: Caller;
  const fingerprint = () =>
    tablesFingerprint(server.db, ['devices', 'document_history', 'change_log', 'topic_heads']);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    // The demo seed's devices out of the way: the counts below are of this file's own.
    await server.db.query('DELETE FROM devices');
    await createEmployee(server.db, {
      employeeId: 9401,
      userName: 'it6',
      password: 'it6',
      firstName: 'Ivy',
      lastName: 'Tech',
      title: 'IT',
      plantId: 6,
      flags: ['informationTechnology'],
    });
    await createEmployee(server.db, {
      employeeId: 9402,
      userName: 'noflags',
      password: 'noflags',
      firstName: 'No',
      lastName: 'Flags',
      title: 'Test',
      plantId: 1,
      flags: [],
    });
    admin = await api.login('admin');
    itPlant6 = await api.login('it6');
    nobody = await api.login('noflags');
  }, 120_000);
  afterAll(() => server?.close());

  const add = (values: Record<string, unknown>, who: Caller = admin) =>
    post<{ Record: Device }>('web/AddDevice', values, who).then((r) => r.Record);
  const list = (values: Record<string, unknown>, who: Caller = admin) =>
    get<{ Rows: Device[]; Total: number }>('web/GetDevices', values, who);

  it('creates, lists with filters, sort and paging, and counts the total', async () => {
    const a = await add({
      Name: 'Saw tablet',
      Kind: 'tablet',
      PlantID: 1,
      Location: 'Bay 3',
      InstalledOn: '2026-03-01',
    });
    expect(a).toMatchObject({
      Name: 'Saw tablet',
      Kind: 'tablet',
      PlantID: 1,
      InService: true,
      Deleted: false,
    });
    expect(a.InstalledOn).toBe('2026-03-01');
    for (let i = 0; i < 12; i++) {
      await add({
        Name: `TV ${String(i).padStart(2, '0')}`,
        Kind: 'tv',
        PlantID: 1,
        InstalledOn: `2026-01-${String(i + 1).padStart(2, '0')}`,
      });
    }
    await add({ Name: 'Dock scanner', Kind: 'scanner', PlantID: 6 }, itPlant6);

    const page = await list({ PlantID: 1, Take: 5, Skip: 5 });
    expect(page.Total).toBe(13);
    expect(page.Rows.map((r) => r.Name)).toEqual(['TV 04', 'TV 05', 'TV 06', 'TV 07', 'TV 08']);

    const tvs = await list({
      Filters: JSON.stringify({ Kind: { AnyOf: ['tv'] } }),
      Sort: 'InstalledOn',
      Desc: true,
      Take: 2,
    });
    expect(tvs.Total).toBe(12);
    expect(tvs.Rows.map((r) => r.InstalledOn)).toEqual(['2026-01-12', '2026-01-11']);

    const january = await list({
      Filters: JSON.stringify({ InstalledOn: { From: '2026-01-05', To: '2026-01-07' } }),
    });
    expect(january.Rows.map((r) => r.Name)).toEqual(['TV 04', 'TV 05', 'TV 06']);

    // Search is anywhere in the searchable fields, with LIKE's own characters taken literally.
    expect((await list({ Search: 'bay 3' })).Rows.map((r) => r.Name)).toEqual(['Saw tablet']);
    expect((await list({ Search: '%' })).Total).toBe(0);
    // The administrator crosses plants: every plant's devices without a PlantID.
    expect((await list({})).Total).toBe(14);
  });

  it('a plant-bound user sees and changes only their own plant', async () => {
    // Left out, PlantID is the user's own.
    const own = await list({}, itPlant6);
    expect(own.Rows.map((r) => r.Name)).toEqual(['Dock scanner']);
    const reply = await api.get('web/GetDevices', { PlantID: 1 }, itPlant6);
    expect(reply.status).toBe(403);
    const [tablet] = (await list({ Search: 'Saw tablet' })).Rows;
    await refused(
      'web/UpdateDevice',
      { DeviceID: tablet!.DeviceID, FieldName: 'Location', Value: 'x' },
      itPlant6,
      /plant 1/,
      403,
    );
    // Nor may they move their own device into another plant.
    const [scanner] = own.Rows;
    await refused(
      'web/UpdateDevice',
      { DeviceID: scanner!.DeviceID, FieldName: 'PlantID', Value: 1 },
      itPlant6,
      /plant 1/,
      403,
    );
  });

  it('needs an IT or administrator flag for every call', async () => {
    const reply = await api.get('web/GetDevices', {}, nobody);
    expect(reply.status).toBe(403);
    await refused('web/AddDevice', { Name: 'x', Kind: 'tv', PlantID: 1 }, nobody, /permission/, 403);
  });

  it('a field update writes the record, its history and the live topic together', async () => {
    const [tablet] = (await list({ Search: 'Saw tablet' })).Rows;
    const id = tablet!.DeviceID;
    const updated = await post<{ Record: Device }>('web/UpdateDevice', {
      DeviceID: id,
      FieldName: 'Location',
      Value: 'Bay 4',
    });
    expect(updated.Record.Location).toBe('Bay 4');
    await post('web/UpdateDevice', { DeviceID: id, FieldName: 'InService', Value: false });
    const history = await get<{
      Rows: Array<{ Field: string; Old: unknown; New: unknown; Name: string; Call: string }>;
      Total: number;
    }>('web/GetDeviceHistory', { DeviceID: id });
    expect(history.Total).toBe(3);
    expect(history.Rows.map((r) => [r.Field, r.Old, r.New])).toEqual([
      ['InService', true, false],
      ['Location', 'Bay 3', 'Bay 4'],
      ['(created)', null, expect.objectContaining({ Name: 'Saw tablet' })],
    ]);
    expect(history.Rows[0]).toMatchObject({ Name: 'Alex Morgan', Call: 'web/UpdateDevice' });
    // The same value again changes nothing and adds no history.
    await post('web/UpdateDevice', { DeviceID: id, FieldName: 'InService', Value: false });
    expect((await get<{ Total: number }>('web/GetDeviceHistory', { DeviceID: id })).Total).toBe(3);
  });

  it('publishes every change on the type’s plant topic, for those who may read it', async () => {
    const topic = await get<{ documents: Array<{ id: string; doc: Device | null }> }>('sync/Pull', {
      Topic: 'docs:device:1',
      Since: 0,
      Limit: 1000,
    });
    const last = new Map(topic.documents.map((d) => [d.id, d.doc]));
    const tablet = [...last.values()].find((d) => d?.Name === 'Saw tablet');
    expect(tablet).toMatchObject({ Location: 'Bay 4', InService: false, Type: 'device' });
    // Another plant's topic is refused to a plant-bound reader.
    const other = await api.get('sync/Pull', { Topic: 'docs:device:1', Since: 0 }, itPlant6);
    expect(other.envelope.Error || other.status >= 400).toBe(true);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const [tablet] = (await list({ Search: 'Saw tablet' })).Rows;
    const id = tablet!.DeviceID;
    await refused(
      'web/UpdateDevice',
      { DeviceID: id, FieldName: 'Deleted', Value: true },
      admin,
      /'Deleted' is not a field of device/,
    );
    await refused('web/UpdateDevice', { DeviceID: id, FieldName: 'Kind', Value: 'toaster' }, admin, /Kind/);
    await refused(
      'web/UpdateDevice',
      { DeviceID: id, FieldName: 'IPAddress', Value: '10.0.0.1; DROP' },
      admin,
      /IPv4 or IPv6/,
    );
    await refused(
      'web/UpdateDevice',
      { DeviceID: id, FieldName: 'InstalledOn', Value: '2026-02-30' },
      admin,
      /InstalledOn/,
    );
    await refused(
      'web/UpdateDevice',
      { DeviceID: 999999, FieldName: 'Location', Value: 'x' },
      admin,
      /there is no device 999999/,
    );
    await refused('web/AddDevice', { Kind: 'tv', PlantID: 1 }, admin, /Name/);
    const bad = async (values: Record<string, unknown>, message: RegExp) => {
      const reply = await api.get('web/GetDevices', values, admin);
      expect(reply.status).toBe(200);
      expect(reply.envelope.Error, reply.envelope.Message).toBe(true);
      expect(reply.envelope.Message).toMatch(message);
    };
    await bad({ Filters: '{"Notes":{"Contains":"x"}}' }, /cannot be filtered by 'Notes'/);
    await bad({ Filters: '{"Name":{"AnyOf":["x"]}}' }, /Name is filtered by text/);
    await bad({ Filters: 'not json' }, /Filters must be a JSON object/);
    await bad({ Sort: 'Notes' }, /Sort/);
    await bad({ Take: 501 }, /Take/);
  });

  it('deletes softly: gone from the list, kept with its history, shown with IncludeDeleted', async () => {
    const [tv] = (await list({ Search: 'TV 00' })).Rows;
    const deleted = await post<{ Record: Device }>('web/DeleteDevice', { DeviceID: tv!.DeviceID });
    expect(deleted.Record.Deleted).toBe(true);
    expect((await list({ Search: 'TV 00' })).Total).toBe(0);
    expect((await list({ Search: 'TV 00', IncludeDeleted: true })).Rows[0]).toMatchObject({ Deleted: true });
    const history = await get<{ Rows: Array<{ Field: string }> }>('web/GetDeviceHistory', {
      DeviceID: tv!.DeviceID,
    });
    expect(history.Rows[0]!.Field).toBe('(deleted)');
    await refused(
      'web/UpdateDevice',
      { DeviceID: tv!.DeviceID, FieldName: 'Location', Value: 'x' },
      admin,
      /is deleted/,
    );
  });

  it('concurrent changes of one record keep an unbroken old → new chain', async () => {
    const d = await add({ Name: 'Race', Kind: 'kiosk', PlantID: 1 });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('web/UpdateDevice', { DeviceID: d.DeviceID, FieldName: 'Location', Value: `L${i}` }),
      ),
    );
    const history = await get<{ Rows: Array<{ Field: string; Old: unknown; New: unknown }> }>(
      'web/GetDeviceHistory',
      { DeviceID: d.DeviceID },
    );
    const chain = history.Rows.filter((r) => r.Field === 'Location').reverse();
    expect(chain).toHaveLength(8);
    expect(chain[0]!.Old).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.Old).toBe(chain[i - 1]!.New);
  });
});
