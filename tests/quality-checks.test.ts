import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DueCheck, QualityCheck } from '../domain/quality-checks/calls';
import { createEmployee } from '../server/db/seed';
import { testCalls } from './support/calls';
import { expectRefused, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

const MIN = 60_000;
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MIN).toISOString();

/**
 * Two-hour checks on the demo seed: in plant 1, Ahmed Khan (akhan) runs the saw LV-CUT01 since about
 * 160 minutes and Maria Santos's team the roll former LV-RF01 since about 150, so each has one slot
 * due (start + 2 h), both already 15 minutes past it (late). QC-IDLE (plant 1) is ours: no run.
 * Nat None (9316) has no flags.
 */
describe.skipIf(!dbAvailable)(`two-hour checks (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let akhan: Login;
  const { get, post } = testCalls({ api: () => api });
  let nat: Login;

  // KPI monitors are rebuilt after commit (coalesced): let owed rebuilds land before fingerprinting.
  const fingerprint = () =>
    server.app.kpi.idle().then(() => tablesFingerprint(server.db, ['quality_checks', 'topic_heads']));
  const refused = (payload: Record<string, unknown>, who: Login, message: string | RegExp, status = 200) =>
    expectRefused(fingerprint, () => api.post('shopfloor/RecordTwoHourCheck', payload, who), message, status);
  const queue = async () =>
    DueCheck.array().parse(await get('shopfloor/GetTwoHourChecksQueue', { PlantID: 1 }, akhan));

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await server.db.query(
      `INSERT INTO resources (resource_id, plant_id, description, process) VALUES ('QC-IDLE', 1, 'Idle saw', 'Cutting')`,
    );
    await createEmployee(server.db, {
      employeeId: 9316,
      userName: 'natqc',
      password: 'natqc',
      firstName: 'Nat',
      lastName: 'None',
      title: 'Test',
      plantId: 1,
      flags: [],
    });
    akhan = await api.login('akhan');
    nat = await api.login('natqc');
  });
  afterAll(() => server?.close());

  it("the queue: each running machine's due slot (run start + 2 h), late first then oldest", async () => {
    const q = await queue();
    const cut = q.find((c) => c.ResourceID === 'LV-CUT01')!;
    const rf = q.find((c) => c.ResourceID === 'LV-RF01')!;
    expect(q.filter((c) => c.ResourceID === 'LV-CUT01')).toHaveLength(1);
    expect(cut.DueAt).toBe(plus(cut.RunStartedAt, 120));
    expect(cut).toMatchObject({ Late: true, PlantID: 1 });
    expect(cut.JobNumber).toBeTruthy();
    expect(cut.ProductionPlanOperationID).toBeGreaterThan(0);
    expect(rf.DueAt).toBe(plus(rf.RunStartedAt, 120));
    // Both late: the older slot (LV-CUT01's run started earlier) first.
    expect(q.indexOf(cut)).toBeLessThan(q.indexOf(rf));
    expect(q.some((c) => c.ResourceID === 'QC-IDLE')).toBe(false);
    for (let i = 1; i < q.length; i++) {
      const [a, b] = [q[i - 1]!, q[i]!];
      expect(a.Late > b.Late || (a.Late === b.Late && a.DueAt <= b.DueAt)).toBe(true);
    }
  });

  it('refuses, changing nothing: not a slot, the future, no run, fail without notes, bad input, no flag', async () => {
    const cut = (await queue()).find((c) => c.ResourceID === 'LV-CUT01')!;
    const base = { ResourceID: 'LV-CUT01', CheckTime: cut.DueAt, Result: 'pass' };
    await refused(
      { ...base, CheckTime: plus(cut.DueAt, 1) },
      akhan,
      /is not a two-hour check of the run on LV-CUT01/,
    );
    await refused({ ...base, CheckTime: cut.RunStartedAt }, akhan, /is not a two-hour check/);
    await refused({ ...base, CheckTime: plus(cut.DueAt, 120) }, akhan, /check of LV-CUT01 is not due yet\.$/);
    await refused(
      { ...base, ResourceID: 'QC-IDLE' },
      akhan,
      'QC-IDLE is not running a job, so no two-hour check is due.',
    );
    await refused(
      { ...base, Result: 'fail', Notes: '   ' },
      akhan,
      'A failed check needs notes: what was measured and what was wrong.',
    );
    await refused({ ...base, Result: 'fail' }, akhan, /A failed check needs notes/);
    await refused({ ...base, CheckTime: 'yesterday' }, akhan, /CheckTime/);
    await refused({ ...base, Result: 'ok' }, akhan, /Result/);
    await refused({ ...base, ResourceID: 'NOPE-1' }, akhan, 'There is no machine NOPE-1.');
    await refused(base, nat, /accessManufacturing|supervisor|permission/i, 403);
    expect((await api.get('shopfloor/GetTwoHourChecksQueue', { PlantID: 1 }, nat)).status).toBe(403);
  });

  it('records a pass: the slot leaves the queue and cannot be recorded twice', async () => {
    const cut = (await queue()).find((c) => c.ResourceID === 'LV-CUT01')!;
    const saved = QualityCheck.parse(
      await post(
        'shopfloor/RecordTwoHourCheck',
        { ResourceID: 'LV-CUT01', CheckTime: cut.DueAt, Result: 'pass' },
        akhan,
      ),
    );
    expect(saved).toMatchObject({
      ResourceID: 'LV-CUT01',
      PlantID: 1,
      DueAt: cut.DueAt,
      EmployeeID: 1703,
      JobNumber: cut.JobNumber,
      ProductionPlanOperationID: cut.ProductionPlanOperationID,
      Result: 'pass',
      Notes: null,
    });
    expect((await queue()).some((c) => c.ResourceID === 'LV-CUT01')).toBe(false);
    await refused(
      { ResourceID: 'LV-CUT01', CheckTime: cut.DueAt, Result: 'fail', Notes: 'again' },
      akhan,
      /check of LV-CUT01 is already recorded\.$/,
    );
  });

  it('records a fail with notes (the same instant in another ISO spelling)', async () => {
    const rf = (await queue()).find((c) => c.ResourceID === 'LV-RF01')!;
    const spelled = rf.DueAt.replace('.000Z', 'Z');
    const saved = QualityCheck.parse(
      await post(
        'shopfloor/RecordTwoHourCheck',
        { ResourceID: 'LV-RF01', CheckTime: spelled, Result: 'fail', Notes: '  Flange 3 mm short  ' },
        akhan,
      ),
    );
    expect(saved).toMatchObject({ DueAt: rf.DueAt, Result: 'fail', Notes: 'Flange 3 mm short' });
    const [row] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quality_checks WHERE resource_id = 'LV-RF01'`,
    );
    expect(row!.n).toBe(1);
    expect((await queue()).some((c) => c.ResourceID === 'LV-RF01')).toBe(false);
  });
});
