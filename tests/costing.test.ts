import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostingEngine, CostingEngineRow, EngineStep } from '../domain/costing/engines';
import { sampleEngineInputs } from '../domain/costing/engines';
import type { OperationInputs } from '../domain/production-plan/inputs';
import { runEngineForResource } from '../server/areas/costing';
import { demoEngines } from '../server/db/seed-costing';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

const inputs = (over: Partial<OperationInputs> = {}): OperationInputs => ({ ...sampleEngineInputs, ...over });

/**
 * The costing engines' maintenance and testing calls (beyond the specification; server/areas/costing/README.md)
 * and the seam the production plan runs engines through, over the real wire, on both databases.
 */
describe.skipIf(!dbAvailable)(`costing engines (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  /** admin holds every flag. */
  let admin: Login;
  /** scheduler edits plans and machine rates but holds no costing-engine flag. */
  let scheduler: Login;
  /** operator: the shop floor only. */
  let operator: Login;
  /** supervisor, given viewCostingEngines only (beforeAll). */
  let viewer: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await server.db.query('UPDATE employees SET view_costing_engines = true WHERE employee_id = 1004');
    admin = await api.login('admin');
    // The demo plans and machines used here are of several plants (mostly plant 1's): the demo scheduler
    // (plant 2) and supervisor (plant 6) may change plant in this test, since plant-scoped data is
    // otherwise only read and changed within one's own plant (issue 14 §3; tests/plant-scope.test.ts).
    await server.db.query('UPDATE employees SET can_change_plant = true WHERE employee_id IN (1003, 1004)');
    scheduler = await api.login('scheduler');
    operator = await api.login('operator');
    viewer = await api.login('supervisor');
  });
  afterAll(() => server?.close());

  /** Every platform table plus the engines: equal before and after means nothing was written. */
  const everything = async () => {
    const [row] = await server.db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM costing_engines x`,
    );
    return `${await fingerprint(server.db)} costing_engines:${row?.h}`;
  };

  async function refusedUnchanged(
    send: () => Promise<{ status: number; envelope: { Error: boolean; Message: string } }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await everything();
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.envelope.Error).toBe(true);
    if (typeof message === 'string') expect(reply.envelope.Message).toBe(message);
    else expect(reply.envelope.Message).toMatch(message);
    expect(await everything()).toBe(before);
  }

  const list = async (values: Record<string, unknown> = {}, who: Login = admin) => {
    const reply = await api.get<CostingEngineRow[]>('costing/GetEngines', values, who);
    expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
    return reply.result;
  };
  const engineOf = async (resourceId: string, status: string) => {
    const row = (await list({ ResourceID: resourceId })).find((r) => r.Status === status);
    if (!row) throw new Error(`no ${status} engine of ${resourceId}`);
    return row;
  };
  const get = async (id: number) => {
    const reply = await api.get<CostingEngine>('costing/GetEngine', { CostingEngineID: id }, admin);
    expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
    return reply.result;
  };

  describe('costing/GetEngines and costing/GetEngine', () => {
    it('lists every seeded version by resource, newest first, with who and when', async () => {
      const rows = await list();
      expect(rows).toHaveLength(demoEngines.length + 1);
      expect(rows.map((r) => r.ResourceID)).toEqual([...rows.map((r) => r.ResourceID)].sort());
      const lv = rows.filter((r) => r.ResourceID === 'LV-CUT01');
      expect(lv.map((r) => [r.Version, r.Status])).toEqual([
        [2, 'draft'],
        [1, 'published'],
      ]);
      expect(lv[1]).toMatchObject({
        Name: 'Cold saw, beams and braces',
        PlantID: 1,
        CreatedBy: 1001,
        CreatedByName: 'Alex Morgan',
        StepCount: 6,
        PublishedAt: expect.any(String),
      });
      expect(lv[0]?.PublishedAt).toBeNull();
    });

    it('narrows to a resource (any letter case) or a plant', async () => {
      expect((await list({ ResourceID: 'lv-wld02' })).map((r) => r.ResourceID)).toEqual(['LV-WLD02']);
      expect((await list({ PlantID: 2 })).map((r) => r.ResourceID)).toEqual([
        'IDF-CUT01',
        'IDF-PCH01',
        'IDF-WLD01',
      ]);
      expect(await list({ ResourceID: 'NONE-01' })).toEqual([]);
    });

    it('gives one version with its steps; an unknown id is a clear error', async () => {
      const row = await engineOf('LV-WLD01', 'published');
      const engine = await get(row.CostingEngineID);
      expect(engine.Steps.map((s) => [s.Kind, s.Name])).toEqual([
        ['stop', ''],
        ['set', 'WeldMinutes'],
        ['set', 'WeightFactor'],
        ['set', 'ProductionMinutes'],
        ['set', 'SetupMinutes'],
      ]);
      expect(engine.Steps[1]).toEqual({
        StepID: expect.any(String),
        Kind: 'set',
        Name: 'WeldMinutes',
        Formula: 'Welds * 0.5',
        Condition: '',
        Message: '',
      });
      const missing = await api.get('costing/GetEngine', { CostingEngineID: 999999 }, admin);
      expect(missing.envelope).toMatchObject({
        Error: true,
        Message:
          'Costing engine 999999 does not exist; it may have been deleted by someone else. Reload the list.',
      });
    });

    it('is open to viewCostingEngines; refused (403) to the scheduler and the operator; needs a session', async () => {
      expect((await list({}, viewer)).length).toBe(demoEngines.length + 1);
      for (const who of [scheduler, operator]) {
        const reply = await api.get('costing/GetEngines', {}, who);
        expect(reply.status).toBe(403);
        expect(reply.envelope.Message).toBe(
          'You do not have permission to do this (it needs one of: view costing engines, edit costing engines, costing management access).',
        );
        expect((await api.get('costing/GetEngine', { CostingEngineID: 1 }, who)).status).toBe(403);
      }
      expect((await api.get('costing/GetEngines', {})).status).toBe(401);
    });

    it('is open to costingManagementAccess, which opens every /costing screen, but not for edits', async () => {
      await server.db.query('UPDATE employees SET costing_management_access = true WHERE employee_id = 1002');
      const manager = await api.login('pm');
      expect((await list({}, manager)).length).toBe(demoEngines.length + 1);
      const draft = await api.post('costing/CreateEngineDraft', { ResourceID: 'LV-PCH01' }, manager);
      expect(draft.status).toBe(403);
    });
  });

  describe('runEngineForResource (the production plan seam)', () => {
    it('runs the published engine of a seeded saw with the expected minutes', async () => {
      const run = await runEngineForResource(server.db, 'LV-CUT01', inputs());
      // (12 + 96 x 0.08 + 4) s = 23.68 s a cut; 120 cuts = 47.36 min; 6 bundles x 2.5 = 15 min; setup 15.
      expect(run).toMatchObject({
        Version: 1,
        CostingEngineID: (await engineOf('LV-CUT01', 'published')).CostingEngineID,
        results: { stopMessage: null, productionMinutes: 62.36, setupMinutes: 15 },
      });
      expect(run?.log.split('\n')[2]).toBe(
        '3. CutMinutes = Quantity * CutSeconds / 60 = 120 * 23.68 / 60 = 47.36',
      );
      expect(run?.htmlLog).toMatch(/^<table class="engine-log">/);
    });

    it('runs a welding cell and a punch press; stops without welds; null without a published engine', async () => {
      expect((await runEngineForResource(server.db, 'LV-WLD01', inputs()))?.results).toEqual({
        stopMessage: null,
        productionMinutes: 240, // 4 welds x 0.5 min x weight factor 1 x 120 pieces
        setupMinutes: 20,
      });
      expect((await runEngineForResource(server.db, 'IDF-PCH01', inputs()))?.results).toEqual({
        stopMessage: null,
        // 2880 hits / 45 a minute = 64; 120 x (0.15 + 96 / 1200) = 27.6
        productionMinutes: 91.6,
        setupMinutes: 30,
      });
      expect((await runEngineForResource(server.db, 'DYB-WLD01', inputs({ Welds: null })))?.results).toEqual({
        stopMessage: 'No weld count on the part: add it to the part or choose a rate manually',
        productionMinutes: null,
        setupMinutes: null,
      });
      expect(await runEngineForResource(server.db, 'LV-PNT01', inputs())).toBeNull();
      expect((await runEngineForResource(server.db, 'lv-wld01', inputs()))?.results.productionMinutes).toBe(
        240,
      );
    });
  });

  describe('editing a draft', () => {
    it("costing/UpdateEngine changes a draft's Name and Notes, and publishes the change live", async () => {
      const draft = await engineOf('LV-CUT01', 'draft');
      const reply = await api.post<CostingEngine>(
        'costing/UpdateEngine',
        {
          CostingEngineID: draft.CostingEngineID,
          FieldName: 'Notes',
          Value: '  Trial with the new strapper ',
        },
        admin,
      );
      expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
      expect(reply.result).toMatchObject({
        Notes: 'Trial with the new strapper',
        Status: 'draft',
        Version: 2,
      });
      const pulled = await api.get<{ documents: { id: string; doc: CostingEngine | null }[] }>(
        'sync/Pull',
        { Topic: 'costing:engines', Since: 0, Limit: 1000 },
        viewer,
      );
      expect(pulled.envelope.Error, pulled.envelope.Message).toBe(false);
      expect(pulled.result.documents.at(-1)).toMatchObject({
        id: String(draft.CostingEngineID),
        doc: { Notes: 'Trial with the new strapper' },
      });
      expect(
        (await api.get('sync/Pull', { Topic: 'costing:engines', Since: 0, Limit: 10 }, scheduler)).status,
      ).toBe(403);
    });

    it('refuses an unknown FieldName, an empty Name and a published engine, changing nothing', async () => {
      const draft = await engineOf('LV-CUT01', 'draft');
      const published = await engineOf('LV-CUT01', 'published');
      await refusedUnchanged(
        () =>
          api.post(
            'costing/UpdateEngine',
            { CostingEngineID: draft.CostingEngineID, FieldName: 'Status', Value: 'published' },
            admin,
          ),
        200,
        /'Status' is not a field of a costing engine that can be changed \(allowed: Name, Notes\)/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'costing/UpdateEngine',
            { CostingEngineID: draft.CostingEngineID, FieldName: 'Name', Value: ' ' },
            admin,
          ),
        200,
        /Name must not be empty/,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'costing/UpdateEngine',
            { CostingEngineID: published.CostingEngineID, FieldName: 'Name', Value: 'Renamed' },
            admin,
          ),
        200,
        'The LV-CUT01 engine version 1 is published, and published versions are never changed. Create a draft to change the engine.',
      );
    });

    it("costing/SaveEngineSteps saves a draft's steps; a formula that does not parse is refused naming the step", async () => {
      const draft = await get((await engineOf('LV-CUT01', 'draft')).CostingEngineID);
      const steps: EngineStep[] = draft.Steps.map((s) =>
        s.Name === 'BundleMinutes' ? { ...s, Formula: 'Bundles * 2 + 1' } : s,
      );
      const saved = await api.post<CostingEngine>(
        'costing/SaveEngineSteps',
        { CostingEngineID: draft.CostingEngineID, Steps: steps },
        admin,
      );
      expect(saved.envelope.Error, saved.envelope.Message).toBe(false);
      expect(saved.result.Steps.find((s) => s.Name === 'BundleMinutes')?.Formula).toBe('Bundles * 2 + 1');

      const broken = steps.map((s) =>
        s.Name === 'CutMinutes' ? { ...s, Formula: 'Quantity * (CutSeconds / 60' } : s,
      );
      await refusedUnchanged(
        () =>
          api.post(
            'costing/SaveEngineSteps',
            { CostingEngineID: draft.CostingEngineID, Steps: broken },
            admin,
          ),
        200,
        /^Step 3 \(CutMinutes\): the formula cannot be used: The formula "Quantity \* \(CutSeconds \/ 60" cannot be read/,
      );
      const sneaky = [...steps, { StepID: 'x1', Kind: 'set', Name: 'X', Formula: 'process.exit(1)' }];
      await refusedUnchanged(
        () =>
          api.post(
            'costing/SaveEngineSteps',
            { CostingEngineID: draft.CostingEngineID, Steps: sneaky },
            admin,
          ),
        200,
        /^Step 7 \(X\): the formula cannot be used/,
      );
      const published = await get((await engineOf('LV-CUT01', 'published')).CostingEngineID);
      await refusedUnchanged(
        () =>
          api.post(
            'costing/SaveEngineSteps',
            { CostingEngineID: published.CostingEngineID, Steps: steps },
            admin,
          ),
        200,
        /^The LV-CUT01 engine version 1 is published, and published versions are never changed/,
      );
    });

    it('refuses every edit to a user without editCostingEngines (403), changing nothing', async () => {
      const draft = await engineOf('LV-CUT01', 'draft');
      const calls: [string, Record<string, unknown>][] = [
        ['costing/CreateEngineDraft', { ResourceID: 'LV-PCH01' }],
        ['costing/UpdateEngine', { CostingEngineID: draft.CostingEngineID, FieldName: 'Name', Value: 'x' }],
        ['costing/SaveEngineSteps', { CostingEngineID: draft.CostingEngineID, Steps: [] }],
        ['costing/PublishEngine', { CostingEngineID: draft.CostingEngineID }],
        ['costing/DeleteEngineDraft', { CostingEngineID: draft.CostingEngineID }],
      ];
      for (const who of [scheduler, operator, viewer]) {
        for (const [path, payload] of calls) {
          await refusedUnchanged(
            () => api.post(path, payload, who),
            403,
            'You do not have permission to do this (it needs: edit costing engines).',
          );
        }
      }
      await refusedUnchanged(
        () =>
          api.post(
            'costing/TestEngine',
            { CostingEngineID: draft.CostingEngineID, Inputs: inputs() },
            scheduler,
          ),
        403,
        /needs one of: view costing engines, edit costing engines/,
      );
    });
  });

  describe('drafts, publishing and testing', () => {
    it('costing/CreateEngineDraft copies the active version; a second draft is refused', async () => {
      const v1 = await get((await engineOf('LV-PCH01', 'published')).CostingEngineID);
      const reply = await api.post<CostingEngine>(
        'costing/CreateEngineDraft',
        { ResourceID: 'LV-PCH01' },
        admin,
      );
      expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
      expect(reply.result).toMatchObject({
        ResourceID: 'LV-PCH01',
        PlantID: 1,
        Version: 2,
        Status: 'draft',
        Name: v1.Name,
        Notes: 'Copied from version 1.',
        CreatedBy: 1001,
        Steps: v1.Steps,
      });
      await refusedUnchanged(
        () => api.post('costing/CreateEngineDraft', { ResourceID: 'LV-PCH01' }, admin),
        200,
        'LV-PCH01 already has a draft (version 2); change that draft, or delete it first.',
      );
      // Resource ids compare in any letter case: no second engine for the same machine.
      await refusedUnchanged(
        () => api.post('costing/CreateEngineDraft', { ResourceID: 'lv-pch01' }, admin),
        200,
        'LV-PCH01 already has a draft (version 2); change that draft, or delete it first.',
      );
      await refusedUnchanged(
        () => api.post('costing/CreateEngineDraft', { ResourceID: 'LV PCH01<script>' }, admin),
        200,
        'ResourceID is not in the right format',
      );
    });

    it('costing/PublishEngine makes the new version active and retires the old one', async () => {
      const draft = await get((await engineOf('LV-PCH01', 'draft')).CostingEngineID);
      const old = await engineOf('LV-PCH01', 'published');
      const steps = draft.Steps.map((s) => (s.Name === 'SetupMinutes' ? { ...s, Formula: '18' } : s));
      await api.post(
        'costing/SaveEngineSteps',
        { CostingEngineID: draft.CostingEngineID, Steps: steps },
        admin,
      );
      const reply = await api.post<CostingEngine>(
        'costing/PublishEngine',
        { CostingEngineID: draft.CostingEngineID },
        admin,
      );
      expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
      expect(reply.result).toMatchObject({
        Status: 'published',
        Version: 2,
        PublishedAt: expect.any(String),
      });
      expect((await list({ ResourceID: 'LV-PCH01' })).map((r) => [r.Version, r.Status])).toEqual([
        [2, 'published'],
        [1, 'retired'],
      ]);
      expect((await get(old.CostingEngineID)).Status).toBe('retired');
      const run = await runEngineForResource(server.db, 'LV-PCH01', inputs());
      expect(run).toMatchObject({
        Version: 2,
        CostingEngineID: draft.CostingEngineID,
        results: { setupMinutes: 18 },
      });
      await refusedUnchanged(
        () => api.post('costing/PublishEngine', { CostingEngineID: draft.CostingEngineID }, admin),
        200,
        /^The LV-PCH01 engine version 2 is published, and published versions are never changed/,
      );
      await refusedUnchanged(
        () => api.post('costing/PublishEngine', { CostingEngineID: old.CostingEngineID }, admin),
        200,
        /^The LV-PCH01 engine version 1 is retired, and retired versions are never changed/,
      );
    });

    it('starts an empty engine for a resource without one; refuses to publish it without ProductionMinutes; deletes the draft', async () => {
      const reply = await api.post<CostingEngine>(
        'costing/CreateEngineDraft',
        { ResourceID: 'MIL-WLD01' },
        admin,
      );
      expect(reply.result).toMatchObject({
        ResourceID: 'MIL-WLD01',
        PlantID: 3,
        Version: 1,
        Status: 'draft',
        Steps: [],
      });
      const id = reply.result.CostingEngineID;
      await refusedUnchanged(
        () => api.post('costing/PublishEngine', { CostingEngineID: id }, admin),
        200,
        'The MIL-WLD01 engine version 1 cannot be published: no step sets ProductionMinutes.',
      );
      const deleted = await api.post('costing/DeleteEngineDraft', { CostingEngineID: id }, admin);
      expect(deleted.envelope.Error, deleted.envelope.Message).toBe(false);
      expect(await list({ ResourceID: 'MIL-WLD01' })).toEqual([]);
      expect(await runEngineForResource(server.db, 'MIL-WLD01', inputs())).toBeNull();
      await refusedUnchanged(
        () => api.post('costing/DeleteEngineDraft', { CostingEngineID: id }, admin),
        200,
        `Costing engine ${id} does not exist; it may have been deleted by someone else. Reload the list.`,
      );
      const published = await engineOf('IDF-WLD01', 'published');
      await refusedUnchanged(
        () => api.post('costing/DeleteEngineDraft', { CostingEngineID: published.CostingEngineID }, admin),
        200,
        /^The IDF-WLD01 engine version 1 is published, and published versions are never changed/,
      );
    });

    it('costing/TestEngine runs any version against given inputs and writes nothing', async () => {
      const draft = await engineOf('LV-CUT01', 'draft');
      const before = await everything();
      const reply = await api.post<{
        results: {
          stopMessage: string | null;
          productionMinutes: number | null;
          setupMinutes: number | null;
        };
        log: string;
        htmlLog: string;
        Version: number;
        Entries: { Step: number; Outcome: string }[];
      }>(
        'costing/TestEngine',
        { CostingEngineID: draft.CostingEngineID, Inputs: inputs({ PartClass: '<img onerror=x>' }) },
        viewer,
      );
      expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
      // The draft's bundle handling was changed to Bundles * 2 + 1 above: 47.36 + 13.
      expect(reply.result.results).toEqual({ stopMessage: null, productionMinutes: 60.36, setupMinutes: 15 });
      expect(reply.result.Version).toBe(2);
      expect(reply.result.log.split('\n')[3]).toBe('4. BundleMinutes = Bundles * 2 + 1 = 6 * 2 + 1 = 13');
      expect(reply.result.Entries.map((e) => e.Outcome)).toEqual([
        'skipped',
        'set',
        'set',
        'set',
        'set',
        'set',
        'result',
      ]);
      expect(await everything()).toBe(before);

      await refusedUnchanged(
        () =>
          api.post(
            'costing/TestEngine',
            { CostingEngineID: draft.CostingEngineID, Inputs: { ...inputs(), Quantity: 'many' } },
            admin,
          ),
        200,
        /Quantity/,
      );
    });
  });
});
