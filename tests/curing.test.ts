import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuringLocation } from '../domain/curing/entities';
import type { ChangeItem } from '../domain/live/changes';
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
 * The curing calls of the TV curing board (issue 7 part 3) on a test location `TCURE` (plant 4, slots
 * S1–S3): Flo Floor 9451 (accessManufacturing), Sid Super 9452 (supervisor), Nan None 9453 (no flags).
 */
describe.skipIf(!dbAvailable)(`curing calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let flo: Login;
  let sid: Login;
  let nan: Login;

  const fingerprint = () => tablesFingerprint(server.db, ['curing_loads', 'curing_slots', 'topic_heads']);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint });
  async function follow(topic: string) {
    const docs = new Map<string, Record<string, unknown>>();
    let since = 0;
    for (;;) {
      const page = await get<{ documents: ChangeItem[]; latestSeq: number }>('sync/Pull', {
        Topic: topic,
        Since: since,
        Limit: 1000,
      });
      for (const d of page.documents) {
        since = d.seq;
        if (d.doc === null) docs.delete(d.id);
        else docs.set(d.id, d.doc);
      }
      if (since >= page.latestSeq) return docs;
    }
  }
  const board = async (locationId: string) => {
    const item = (await follow(`curing:${locationId}`)).get(`curingLocation:${locationId}`);
    expect(item).toMatchObject({ Kind: 'curingLocation', Key: locationId });
    return CuringLocation.strict().parse(item!.Data);
  };
  const load = {
    LocationID: 'TCURE',
    SlotID: 'S2',
    JobNumber: 'J240001',
    PartNum: 'BM-4814-96',
    Quantity: 50,
    CureMinutes: 20,
  };

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await server.db.query(
      `INSERT INTO curing_locations (location_id, plant_id, description) VALUES ('TCURE', 4, 'Test oven')`,
    );
    await server.db.query(
      `INSERT INTO curing_slots (location_id, slot_id, sort_order) VALUES ('TCURE', 'S1', 0), ('TCURE', 'S2', 1), ('TCURE', 'S3', 2)`,
    );
    const people: Array<[number, string, string, string, string[]]> = [
      [9451, 'flo', 'Flo', 'Floor', ['accessManufacturing']],
      [9452, 'sid', 'Sid', 'Super', ['supervisor']],
      [9453, 'nan', 'Nan', 'None', []],
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
    flo = await api.login('flo');
    sid = await api.login('sid');
    nan = await api.login('nan');
  });
  afterAll(() => server?.close());

  it('GetLocation (public) answers every slot in order, empty ones with Load null', async () => {
    const loc = CuringLocation.parse(await get('curing/GetLocation', { LocationID: 'tcure' }));
    expect(loc).toEqual({
      LocationID: 'TCURE',
      PlantID: 4,
      Description: 'Test oven',
      Slots: [
        { SlotID: 'S1', Load: null },
        { SlotID: 'S2', Load: null },
        { SlotID: 'S3', Load: null },
      ],
    });
  });

  it('LoadRack puts a load in a slot with its start and cure minutes, published on curing:{LocationID}', async () => {
    const before = Date.now();
    const loc = CuringLocation.parse(await post('curing/LoadRack', { ...load, SlotID: 's2' }, flo));
    const slot = loc.Slots.find((s) => s.SlotID === 'S2')!;
    expect(slot.Load).toMatchObject({
      JobNumber: 'J240001',
      PartNum: 'BM-4814-96',
      Quantity: 50,
      CureMinutes: 20,
    });
    expect(Date.parse(slot.Load!.LoadedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await board('TCURE')).toEqual(loc);
    // A supervisor may load too.
    await post('curing/LoadRack', { ...load, SlotID: 'S3', JobNumber: 'J240002', PartNum: null }, sid);
    expect((await board('TCURE')).Slots.map((s) => s.Load?.JobNumber ?? null)).toEqual([
      null,
      'J240001',
      'J240002',
    ]);
  });

  it('refuses a full slot, an unknown location or slot and bad values, changing nothing', async () => {
    await refused(
      'curing/LoadRack',
      load,
      flo,
      'Slot S2 at TCURE already holds job J240001. Unload it first.',
    );
    await refused(
      'curing/LoadRack',
      { ...load, LocationID: 'NOPE' },
      flo,
      'LocationID: there is no curing location NOPE.',
    );
    await refused('curing/LoadRack', { ...load, SlotID: 'S9' }, flo, 'SlotID: There is no slot S9 at TCURE.');
    await refused('curing/LoadRack', { ...load, SlotID: 'S1', CureMinutes: 0 }, flo, /CureMinutes/);
    await refused('curing/LoadRack', { ...load, SlotID: 'S1', Quantity: -1 }, flo, /Quantity/);
    await refused('curing/LoadRack', { ...load, SlotID: 'S1', JobNumber: '' }, flo, /JobNumber/);
    await refused(
      'curing/UnloadRack',
      { LocationID: 'TCURE', SlotID: 'S1' },
      flo,
      'Slot S1 at TCURE is empty.',
    );
  });

  it('needs accessManufacturing or supervisor (403, nothing changed)', async () => {
    await refused('curing/LoadRack', { ...load, SlotID: 'S1' }, nan, /permission/i, 403);
    await refused('curing/UnloadRack', { LocationID: 'TCURE', SlotID: 'S2' }, nan, /permission/i, 403);
  });

  it('UnloadRack empties the slot and republishes the location', async () => {
    const loc = CuringLocation.parse(
      await post('curing/UnloadRack', { LocationID: 'TCURE', SlotID: 'S2' }, flo),
    );
    expect(loc.Slots.find((s) => s.SlotID === 'S2')!.Load).toBeNull();
    expect((await board('TCURE')).Slots.map((s) => s.Load?.JobNumber ?? null)).toEqual([
      null,
      null,
      'J240002',
    ]);
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM curing_loads WHERE location_id = 'TCURE' AND unloaded_at IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('anonymous clients pull curing topics; the demo seed has CURE1 with loads', async () => {
    const reply = await api.get('sync/Pull', { Topic: 'curing:CURE1', Since: 0 });
    expect(reply.status).toBe(200);
    const cure1 = await board('CURE1');
    expect(cure1.PlantID).toBe(1);
    expect(cure1.Slots.length).toBe(8);
    expect(cure1.Slots.filter((s) => s.Load).length).toBeGreaterThanOrEqual(4);
    expect((await board('RACK2')).PlantID).toBe(2);
  });
});
