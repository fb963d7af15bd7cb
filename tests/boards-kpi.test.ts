import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BayBoard, KpiBoard } from '../domain/boards/entities';
import { scrapPercent } from '../domain/boards/rules';
import type { ChangeItem } from '../domain/live/changes';
import type { MyActivity } from '../domain/shopfloor/entities';
import { testCalls } from './support/calls';
import { expectRefused, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/**
 * The scoreboard (bay:{BayNumber}) and KPI monitor (kpi:{PlantID}) against the demo seed: plant 1 bay 1
 * is LV-SLT01, LV-RF01 (Maria Santos leading Kevin Park), LV-RF02 and LV-PCH01 (down, waiting for
 * material); bay 2 holds LV-CUT01 (Ahmed Khan). Grace Lee cleans (indirect); Omar Diaz is idle.
 */
describe.skipIf(!dbAvailable)(`scoreboard and KPI boards (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let maria: Login;
  const { get, post } = testCalls({ api: () => api });
  let grace: Login;

  /** The topic's latest item of `id` and the topic's head, pulled from 0 without a login. */
  async function pull(topic: string, id: string) {
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
      if (since >= page.latestSeq) break;
    }
    return {
      item: docs.get(id) as { Kind: string; Key: string; PlantID: number; Data: unknown },
      seq: since,
    };
  }
  const bay = async (n: number) => {
    const { item, seq } = await pull(`bay:${n}`, `bay:${n}`);
    expect(item).toMatchObject({ Kind: 'bay', Key: String(n) });
    return { board: BayBoard.parse(item.Data), seq };
  };
  const kpi = async (plant: number) => {
    // The KPI monitor is rebuilt after commit, coalesced per plant (server/areas/boards/kpi-publisher.ts):
    // read it once the rebuilds owed for the writes so far are done.
    await server.app.kpi.idle();
    const { item, seq } = await pull(`kpi:${plant}`, `kpi:${plant}`);
    expect(item).toMatchObject({ Kind: 'kpi', Key: String(plant), PlantID: plant });
    return { board: KpiBoard.parse(item.Data), seq };
  };

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    maria = await api.login('msantos');
    grace = await api.login('glee');
  });
  afterAll(() => server?.close());

  it('anyone, without a login, follows the seeded bay and plant boards', async () => {
    const { board } = await bay(1);
    expect(board.Rows.map((r) => r.ResourceID)).toEqual(['LV-PCH01', 'LV-RF01', 'LV-RF02', 'LV-SLT01']);
    const rf = board.Rows.find((r) => r.ResourceID === 'LV-RF01')!;
    expect([...rf.Operators].sort()).toEqual(['Kevin Park', 'Maria Santos']);
    expect(rf.MinutesPerPiece).toBeGreaterThan(0);
    expect(board.Rows.find((r) => r.ResourceID === 'LV-PCH01')!.DownReason).toBe('Waiting for material');
    expect(board.Totals.Pieces).toBe(board.Rows.reduce((s, r) => s + r.Pieces, 0));
    // Nothing of the employee record: operators are names.
    expect(JSON.stringify(board)).not.toMatch(/ClockedInAt|EmployeeID|Pay/);
    const { board: plant } = await kpi(1);
    expect(plant.People.Direct).toBeGreaterThanOrEqual(3);
    expect(plant.People.Indirect).toBeGreaterThanOrEqual(1);
    expect(plant.ScrapPercent).toBe(scrapPercent(plant.Pieces, plant.ScrapPieces));
    expect(plant.Hourly.reduce((s, h) => s + h.Pieces, 0)).toBeLessThanOrEqual(plant.Pieces);
    // The calls answer the same documents.
    const called = BayBoard.parse(await get('boards/GetBayBoard', { BayNumber: 1 }));
    expect(called.Rows.map((r) => r.Operators)).toEqual(board.Rows.map((r) => r.Operators));
    expect(KpiBoard.parse(await get('boards/GetKpiBoard', { PlantID: 1 })).People).toEqual(plant.People);
  });

  it('a completion republishes its bay and its plant KPIs (and no other bay)', async () => {
    const { result: mine } = await api.get<MyActivity>('shopfloor/GetMyActivity', {}, maria);
    const before = await bay(1);
    const other = await bay(2);
    const plant = await kpi(1);
    await post(
      'shopfloor/RecordCompletions',
      {
        LaborActivityID: mine.Activity!.LaborActivityID,
        Quantity: 25,
        ScrapQuantity: 5,
        ScrapReason: 'Bent',
      },
      maria,
    );
    const after = await bay(1);
    expect(after.seq).toBe(before.seq + 1);
    const rf = (b: BayBoard) => b.Rows.find((r) => r.ResourceID === 'LV-RF01')!;
    expect(rf(after.board).Pieces).toBe(rf(before.board).Pieces + 25);
    expect(rf(after.board).ScrapPieces).toBe(rf(before.board).ScrapPieces + 5);
    expect(after.board.Totals.Pieces).toBe(before.board.Totals.Pieces + 25);
    const plantAfter = await kpi(1);
    expect(plantAfter.seq).toBe(plant.seq + 1);
    expect(plantAfter.board.Pieces).toBe(plant.board.Pieces + 25);
    expect(plantAfter.board.ScrapPieces).toBe(plant.board.ScrapPieces + 5);
    expect(plantAfter.board.Hourly.at(-1)!.Pieces).toBe(plant.board.Hourly.at(-1)!.Pieces + 25);
    expect((await bay(2)).seq).toBe(other.seq);
  });

  it('downtime shows on the bay with its reason and in the plant’s top reasons', async () => {
    await post('shopfloor/StartDowntime', { ResourceID: 'LV-RF02', ReasonCode: 'BREAK' }, maria);
    const { board } = await bay(1);
    expect(board.Rows.find((r) => r.ResourceID === 'LV-RF02')!.DownReason).toBe('Breakdown');
    const { board: plant } = await kpi(1);
    expect(plant.TopDowntime.map((r) => r.Reason)).toContain('Waiting for material');
    await post('shopfloor/EndDowntime', { ResourceID: 'LV-RF02' }, maria);
    expect((await bay(1)).board.Rows.find((r) => r.ResourceID === 'LV-RF02')!.DownReason).toBeNull();
  });

  it('people counts follow activities: indirect work stopped is idle', async () => {
    const before = (await kpi(1)).board.People;
    await post('shopfloor/StopActivity', { EmployeeID: grace.employeeId }, grace);
    const after = (await kpi(1)).board.People;
    expect(after).toEqual({ ...before, Indirect: before.Indirect - 1, Idle: before.Idle + 1 });
  });

  it('a burst of completions publishes far fewer KPI documents than writes, ending on the final state', async () => {
    const { result: mine } = await api.get<MyActivity>('shopfloor/GetMyActivity', {}, maria);
    const bayBefore = await bay(1);
    const before = await kpi(1);
    const writes = 30;
    // Five at a time, as a busy floor sends them: the burst lasts about a second or more.
    for (let i = 0; i < writes; i += 5) {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post(
            'shopfloor/RecordCompletions',
            { LaborActivityID: mine.Activity!.LaborActivityID, Quantity: 1, ScrapQuantity: 0 },
            maria,
          ),
        ),
      );
    }
    const after = await kpi(1);
    const published = after.seq - before.seq;
    expect(published).toBeGreaterThanOrEqual(1);
    expect(published).toBeLessThan(writes / 3);
    // The bay board (the operator's own) still follows every write.
    expect((await bay(1)).seq).toBe(bayBefore.seq + writes);
    // The last document is the state after the last write: what a fresh rebuild answers now.
    expect(after.board.Pieces).toBe(before.board.Pieces + writes);
    const fresh = KpiBoard.parse(await get('boards/GetKpiBoard', { PlantID: 1 }));
    expect(after.board.Pieces).toBe(fresh.Pieces);
    expect(after.board.ScrapPieces).toBe(fresh.ScrapPieces);
    expect(after.board.People).toEqual(fresh.People);
    expect(after.board.TopDowntime.map((d) => d.Reason)).toEqual(fresh.TopDowntime.map((d) => d.Reason));
    expect(after.board.Hourly.reduce((s, h) => s + h.Pieces, 0)).toBe(
      fresh.Hourly.reduce((s, h) => s + h.Pieces, 0),
    );
  });

  it('a refused completion republishes nothing; bad board numbers are refused', async () => {
    await server.app.kpi.idle();
    const { result: mine } = await api.get<MyActivity>('shopfloor/GetMyActivity', {}, maria);
    await expectRefused(
      () => tablesFingerprint(server.db, ['completions', 'topic_heads']),
      () =>
        api.post(
          'shopfloor/RecordCompletions',
          { LaborActivityID: mine.Activity!.LaborActivityID, Quantity: 0 },
          maria,
        ),
      'Report at least one good or scrapped piece.',
    );
    expect((await api.get('boards/GetBayBoard', { BayNumber: 0 })).envelope.Error).toBe(true);
    expect((await api.get('boards/GetBayBoard', { BayNumber: 998 })).envelope.Message).toBe(
      'There is no bay 998.',
    );
    expect((await api.get('boards/GetKpiBoard', { PlantID: 'one' })).envelope.Error).toBe(true);
  });
});
