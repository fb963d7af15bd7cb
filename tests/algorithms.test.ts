import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Algorithm, AlgorithmGroup, AlgorithmRun } from '../domain/algorithms/algorithm';
import {
  algorithmCalls,
  GetAlgorithmAnalysis,
  type OperationOutcomeCounts,
} from '../domain/algorithms/calls';
import { sampleInputs, sampleParts } from '../domain/algorithms/samples';
import { runAlgorithmForResource } from '../server/areas/algorithms';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}
type Group = AlgorithmGroup & { AlgorithmCount: number; ActiveCount: number };

const part = (num: string) => {
  const p = sampleParts.find((s) => s.PartNum === num);
  if (!p) throw new Error(num);
  return p;
};

/**
 * The rate algorithms' calls (domain/algorithms/calls.ts) over the real wire, on the demo data of
 * server/db/seed-algorithms.ts, and the seam the production-plan area calls.
 */
describe.skipIf(!dbAvailable)(`algorithm calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  /** Every flag. */
  let admin: Login;
  /** No flag of this area. */
  let operator: Login;
  /** editProductionPlans, but no algorithm flag. */
  let scheduler: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    // The demo plans and machines used here are of several plants (mostly plant 1's): the demo scheduler
    // (plant 2) and supervisor (plant 6) may change plant in this test, since plant-scoped data is
    // otherwise only read and changed within one's own plant (issue 14 §3; tests/plant-scope.test.ts).
    await server.db.query('UPDATE employees SET can_change_plant = true WHERE employee_id IN (1003, 1004)');
    operator = await api.login('operator');
    scheduler = await api.login('scheduler');
  });
  afterAll(() => server?.close());

  /** The platform tables and this area's: equal before and after means nothing changed. */
  async function snapshot(): Promise<string> {
    const parts = [await fingerprint(server.db)];
    for (const t of [
      'algorithm_groups',
      'algorithm_group_resources',
      'algorithms',
      'pb_properties',
      'algorithm_rates',
    ]) {
      const [row] = await server.db.query<{ h: string }>(
        `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
      );
      parts.push(`${t}:${row?.h}`);
    }
    return parts.join(' ');
  }

  async function refusedUnchanged(
    send: () => Promise<{ status: number; envelope: { Error: boolean; Message: string } }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await snapshot();
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.envelope.Error).toBe(true);
    if (typeof message === 'string') expect(reply.envelope.Message).toBe(message);
    else expect(reply.envelope.Message).toMatch(message);
    expect(await snapshot()).toBe(before);
  }

  const groups = async () => {
    const reply = await api.get<Group[]>('algorithm/GetAlgorithmGroups', {}, admin);
    expect(reply.envelope.Error).toBe(false);
    return reply.result;
  };
  const groupNamed = async (name: string) => {
    const g = (await groups()).find((x) => x.Name === name);
    if (!g) throw new Error(`no group ${name}`);
    return g;
  };
  const algorithmsOf = async (groupId: number) => {
    const reply = await api.get<{ Group: AlgorithmGroup; Algorithms: Algorithm[] }>(
      'algorithm/GetAlgorithms',
      { AlgorithmGroupID: groupId },
      admin,
    );
    expect(reply.envelope.Error).toBe(false);
    return reply.result.Algorithms;
  };

  describe('groups', () => {
    it('lists the demo groups with their resources and algorithm counts', async () => {
      const list = await groups();
      expect(list.map((g) => g.Name)).toEqual(['Painting', 'Roll forming']);
      expect(list[1]).toMatchObject({
        Process: 'Roll forming',
        ResourceIDs: ['DYB-RF01', 'IDF-RF01', 'LV-RF01', 'LV-RF02', 'MIL-RF01'],
        AlgorithmCount: 3,
        ActiveCount: 3,
      });
      expect(list[0]?.ResourceIDs).toEqual(['DYB-PNT01', 'IDF-PNT01', 'LV-PNT01', 'MIL-PNT01']);
    });

    it('adds a group (resources in capitals), changes it, and deletes it once empty', async () => {
      const added = await api.post<AlgorithmGroup>(
        'algorithm/SaveAlgorithmGroup',
        {
          Name: ' Slitting ',
          Description: 'Coil slitters',
          Process: 'Slitting',
          ResourceIDs: ['lv-sl01', 'LV-SL01'],
        },
        admin,
      );
      expect(added.envelope.Error).toBe(false);
      expect(added.result).toMatchObject({ Name: 'Slitting', ResourceIDs: ['LV-SL01'] });
      const id = added.result.AlgorithmGroupID;
      const changed = await api.post<AlgorithmGroup>(
        'algorithm/SaveAlgorithmGroup',
        {
          AlgorithmGroupID: id,
          Name: 'Slitting',
          Description: '',
          Process: 'Slitting',
          ResourceIDs: ['LV-SL01', 'IDF-SL01'],
        },
        admin,
      );
      expect(changed.result.ResourceIDs).toEqual(['IDF-SL01', 'LV-SL01']);
      // Published for the other editors.
      const [logged] = await server.db.query<{ doc: { Name: string } }>(
        `SELECT doc FROM change_log WHERE topic = 'algorithms' AND collection = 'algorithmGroups' AND doc_id = $1
          ORDER BY seq DESC LIMIT 1`,
        [String(id)],
      );
      expect(logged?.doc.Name).toBe('Slitting');

      // With an algorithm it cannot go; without, it can.
      const alg = await api.post<Algorithm>('algorithm/AddAlgorithm', { AlgorithmGroupID: id }, admin);
      await refusedUnchanged(
        () => api.post('algorithm/DeleteAlgorithmGroup', { AlgorithmGroupID: id }, admin),
        200,
        'The group "Slitting" still has 1 algorithm; delete it first.',
      );
      expect(
        (await api.post('algorithm/DeleteAlgorithm', { AlgorithmID: alg.result.AlgorithmID }, admin)).envelope
          .Error,
      ).toBe(false);
      expect(
        (await api.post('algorithm/DeleteAlgorithmGroup', { AlgorithmGroupID: id }, admin)).envelope.Error,
      ).toBe(false);
      expect((await groups()).map((g) => g.Name)).toEqual(['Painting', 'Roll forming']);
    });

    it('refuses a resource another group rates, a taken name and a missing group, changing nothing', async () => {
      await refusedUnchanged(
        () =>
          api.post(
            'algorithm/SaveAlgorithmGroup',
            { Name: 'Beams only', Process: 'Roll forming', ResourceIDs: ['LV-RF01'] },
            admin,
          ),
        200,
        'LV-RF01 is already rated by the group "Roll forming". A resource belongs to one group; remove it there first.',
      );
      await refusedUnchanged(
        () =>
          api.post(
            'algorithm/SaveAlgorithmGroup',
            { Name: 'painting', Process: 'Painting', ResourceIDs: [] },
            admin,
          ),
        200,
        'There is already an algorithm group named "Painting"; choose another name.',
      );
      await refusedUnchanged(
        () =>
          api.post(
            'algorithm/SaveAlgorithmGroup',
            { AlgorithmGroupID: 999, Name: 'X', Process: 'X', ResourceIDs: [] },
            admin,
          ),
        200,
        'Algorithm group 999 does not exist; it may have been deleted. Reload the list.',
      );
      await refusedUnchanged(
        () =>
          api.post(
            'algorithm/SaveAlgorithmGroup',
            { Name: 'X', Process: 'X', ResourceIDs: ['LV RF 01'] },
            admin,
          ),
        200,
        /ResourceIDs\.0 must use only letters, digits and -/,
      );
    });
  });

  describe('algorithms', () => {
    it('lists a group in the order its algorithms are tried, and reads one', async () => {
      const rf = await groupNamed('Roll forming');
      const list = await algorithmsOf(rf.AlgorithmGroupID);
      expect(list.map((a) => [a.Name, a.Priority])).toEqual([
        ['Beams', 10],
        ['Uprights and columns', 20],
        ['Anything else', 90],
      ]);
      const beams = list[0] as Algorithm;
      const one = await api.get<Algorithm>(
        'algorithm/GetAlgorithm',
        { AlgorithmID: beams.AlgorithmID },
        admin,
      );
      expect(one.result).toEqual(beams);
      expect(one.result.RateLookups).toEqual([{ Name: 'FPM', Table: 'RollFormerFPM', Key: 'Gauge' }]);
      const missing = await api.get('algorithm/GetAlgorithms', { AlgorithmGroupID: 999 }, admin);
      expect(missing.envelope).toMatchObject({
        Error: true,
        Message: 'Algorithm group 999 does not exist; it may have been deleted. Reload the list.',
      });
    });

    it('adds an inactive algorithm last, changes its fields, and deletes it', async () => {
      const rf = await groupNamed('Roll forming');
      const added = await api.post<Algorithm>(
        'algorithm/AddAlgorithm',
        { AlgorithmGroupID: rf.AlgorithmGroupID, Name: 'Braces' },
        admin,
      );
      expect(added.result).toMatchObject({
        Name: 'Braces',
        Priority: 100,
        Active: false,
        MinutesPerPiece: '',
        Questions: [],
      });
      const id = added.result.AlgorithmID;
      const set = (FieldName: string, Value: unknown) =>
        api.post<Algorithm>('algorithm/UpdateAlgorithm', { AlgorithmID: id, FieldName, Value }, admin);
      expect((await set('MinutesPerPiece', 'CutLength / 12 / 50')).result.MinutesPerPiece).toBe(
        'CutLength / 12 / 50',
      );
      expect((await set('Priority', 50)).result.Priority).toBe(50);
      expect((await set('Active', true)).result.Active).toBe(true);
      const q = [{ Key: 'Notched', Text: 'Are the braces notched?', Kind: 'yesno' }];
      expect((await set('Questions', q)).result.Questions).toEqual([{ ...q[0], Choices: [] }]);
      expect(
        (await set('RateLookups', [{ Name: 'FPM', Table: 'RollFormerFPM', Key: 'Gauge' }])).result
          .RateLookups,
      ).toHaveLength(1);
      expect((await algorithmsOf(rf.AlgorithmGroupID)).map((a) => a.Name)).toEqual([
        'Beams',
        'Uprights and columns',
        'Braces',
        'Anything else',
      ]);
      expect((await api.post('algorithm/DeleteAlgorithm', { AlgorithmID: id }, admin)).envelope.Error).toBe(
        false,
      );
      await refusedUnchanged(
        () => api.post('algorithm/DeleteAlgorithm', { AlgorithmID: id }, admin),
        200,
        `Algorithm ${id} does not exist; it may have been deleted already.`,
      );
    });

    it('refuses a formula that does not parse, an unknown field, a bad question and a missing algorithm, changing nothing', async () => {
      const rf = await groupNamed('Roll forming');
      const beams = (await algorithmsOf(rf.AlgorithmGroupID))[0] as Algorithm;
      const update = (FieldName: string, Value: unknown, AlgorithmID = beams.AlgorithmID) =>
        api.post('algorithm/UpdateAlgorithm', { AlgorithmID, FieldName, Value }, admin);
      await refusedUnchanged(
        () => update('MinutesPerPiece', 'CutLength / 12 /'),
        200,
        /^MinutesPerPiece: The formula "CutLength \/ 12 \/" cannot be read/,
      );
      await refusedUnchanged(
        () => update('AppliesWhen', 'process.exit(1)'),
        200,
        'AppliesWhen: Only the listed functions can be called in a formula',
      );
      await refusedUnchanged(
        () => update('SetupMinutes', 'eval("1")'),
        200,
        /^SetupMinutes: There is no function eval/,
      );
      await refusedUnchanged(
        () => update('AlgorithmGroupID', 2),
        200,
        /^'AlgorithmGroupID' is not a field of an algorithm that can be changed \(allowed: Name, Priority, Active, AppliesWhen/,
      );
      await refusedUnchanged(() => update('Priority', 'first'), 200, 'Value for Priority must be a number');
      await refusedUnchanged(
        () => update('Questions', [{ Key: 'Gauge', Text: 'Which gauge?', Kind: 'number' }]),
        200,
        'The question key Gauge is already an input of every operation; choose another name',
      );
      await refusedUnchanged(
        () => update('Name', 'X', 99999),
        200,
        'Algorithm 99999 does not exist; it may have been deleted. Reload the list.',
      );
      await refusedUnchanged(
        () => api.post('algorithm/AddAlgorithm', { AlgorithmGroupID: 999 }, admin),
        200,
        'Algorithm group 999 does not exist; it may have been deleted. Reload the list.',
      );
    });
  });

  describe('PB properties and rate tables', () => {
    it('lists, sets and removes a part property', async () => {
      const beam = await api.get<{ PartNum: string; Property: string; Value: string }[]>(
        'algorithm/GetPbProperties',
        { PartNum: 'BM-4814-96' },
        admin,
      );
      expect(beam.result).toEqual([
        { PartNum: 'BM-4814-96', Property: 'ProfileDepth', Value: '4.8' },
        { PartNum: 'BM-4814-96', Property: 'StepHeight', Value: '1.625' },
      ]);
      const saved = await api.post(
        'algorithm/SavePbProperty',
        { PartNum: 'BR-H-42', Property: 'Flange', Value: '1.5' },
        admin,
      );
      expect(saved.result).toEqual({ PartNum: 'BR-H-42', Property: 'Flange', Value: '1.5' });
      const all = await api.get<unknown[]>('algorithm/GetPbProperties', {}, admin);
      expect(all.result).toContainEqual({ PartNum: 'BR-H-42', Property: 'Flange', Value: '1.5' });
      expect(
        (await api.post('algorithm/DeletePbProperty', { PartNum: 'BR-H-42', Property: 'Flange' }, admin))
          .envelope.Error,
      ).toBe(false);
      await refusedUnchanged(
        () => api.post('algorithm/DeletePbProperty', { PartNum: 'BR-H-42', Property: 'Flange' }, admin),
        200,
        'Part BR-H-42 has no property Flange.',
      );
      await refusedUnchanged(
        () =>
          api.post(
            'algorithm/SavePbProperty',
            { PartNum: 'BR-H-42', Property: 'Step Height', Value: '2' },
            admin,
          ),
        200,
        'Property must start with a letter and use only letters, digits and _',
      );
    });

    it('lists, sets and removes a rate', async () => {
      const rates = await api.get<{ RateTable: string; Key: string; Value: number }[]>(
        'algorithm/GetRateTables',
        {},
        admin,
      );
      expect(rates.result.filter((r) => r.RateTable === 'RollFormerFPM')).toEqual([
        { RateTable: 'RollFormerFPM', Key: '12', Value: 45 },
        { RateTable: 'RollFormerFPM', Key: '14', Value: 60 },
        { RateTable: 'RollFormerFPM', Key: '16', Value: 75 },
      ]);
      const saved = await api.post(
        'algorithm/SaveRate',
        { RateTable: 'RollFormerFPM', Key: '18', Value: 82.5 },
        admin,
      );
      expect(saved.result).toEqual({ RateTable: 'RollFormerFPM', Key: '18', Value: 82.5 });
      const [logged] = await server.db.query<{ doc: unknown }>(
        `SELECT doc FROM change_log WHERE topic = 'algorithms' AND doc_id = 'RollFormerFPM|18' ORDER BY seq DESC LIMIT 1`,
      );
      expect(logged?.doc).toEqual({ RateTable: 'RollFormerFPM', Key: '18', Value: 82.5 });
      expect(
        (await api.post('algorithm/DeleteRate', { RateTable: 'RollFormerFPM', Key: '18' }, admin)).envelope
          .Error,
      ).toBe(false);
      await refusedUnchanged(
        () => api.post('algorithm/DeleteRate', { RateTable: 'RollFormerFPM', Key: '18' }, admin),
        200,
        'Rate table RollFormerFPM has no rate for 18.',
      );
      await refusedUnchanged(
        () => api.post('algorithm/SaveRate', { RateTable: 'RollFormerFPM', Key: '14', Value: -5 }, admin),
        200,
        'Value must be at least 0',
      );
    });
  });

  describe('testing and analysis', () => {
    it('tests one algorithm on typed inputs: a roll-formed beam from the rate table', async () => {
      const rf = await groupNamed('Roll forming');
      const beams = (await algorithmsOf(rf.AlgorithmGroupID))[0] as Algorithm;
      const reply = await api.post<AlgorithmRun>(
        'algorithm/TestAlgorithm',
        { AlgorithmID: beams.AlgorithmID, Inputs: sampleInputs(part('BM-5016-144'), 'LV-RF01'), Answers: {} },
        admin,
      );
      expect(reply.envelope.Error).toBe(false);
      // 16 ga: 75 ft/min; 144 / 12 / 75 = 0.16; bundle 0.16 * 25 + 3 = 7; setup 20 + 5 * 4 = 40.
      expect(reply.result.result).toEqual({
        Success: true,
        QuestionPosed: false,
        Question: null,
        Result: {
          FeetPerMinute: 75,
          MinutesPerPiece: 0.16,
          MinutesPerBundle: 7,
          SetupMinutes: 40,
          SchedulingMinutesPerPiece: 0.184,
        },
      });
      expect(reply.result.calculation.RateLog).toContain('FPM = rate table RollFormerFPM[16] = 75');
    });

    it('tests a group: the galvanized column poses the touch-up question, and the answer gives the rate', async () => {
      const paint = await groupNamed('Painting');
      const inputs = sampleInputs(part('COL-C4-192'), 'LV-PNT01');
      const asked = await api.post<AlgorithmRun>(
        'algorithm/TestAlgorithm',
        { AlgorithmGroupID: paint.AlgorithmGroupID, Inputs: inputs, Answers: {} },
        admin,
      );
      expect(asked.result.result).toMatchObject({
        Success: false,
        QuestionPosed: true,
        Question: { Key: 'TouchUpOnly', Text: 'Is this a touch-up only?', Kind: 'yesno', Choices: [] },
      });
      const answered = await api.post<AlgorithmRun>(
        'algorithm/TestAlgorithm',
        { AlgorithmGroupID: paint.AlgorithmGroupID, Inputs: inputs, Answers: { TouchUpOnly: true } },
        admin,
      );
      // Touch-up: 4 + 58 * 25 / 500 = 6.9 min a bundle, 0.276 a piece, 5 min setup, no line speed.
      expect(answered.result.result.Result).toEqual({
        FeetPerMinute: 0,
        MinutesPerPiece: 0.276,
        MinutesPerBundle: 6.9,
        SetupMinutes: 5,
        SchedulingMinutesPerPiece: 0.276,
      });
      await refusedUnchanged(
        () => api.post('algorithm/TestAlgorithm', { Inputs: inputs }, admin),
        200,
        'Say which algorithm (AlgorithmID) or group (AlgorithmGroupID) to test',
      );
    });

    it('analyses a group over the demo parts (Source sample)', async () => {
      const paint = await groupNamed('Painting');
      const reply = await api.get<{
        ResourceID: string;
        Source: string;
        Rows: {
          PartNum: string;
          Outcome: string;
          AlgorithmName: string | null;
          MinutesPerBundle: number;
          Message: string;
        }[];
        Counts: { Rate: number; Question: number; Failed: number };
      }>(
        'algorithm/GetAlgorithmAnalysis',
        { AlgorithmGroupID: paint.AlgorithmGroupID, Source: 'sample' },
        admin,
      );
      expect(reply.result.Source).toBe('sample');
      expect(reply.result.ResourceID).toBe('DYB-PNT01');
      expect(reply.result.Counts).toEqual({ Rate: 5, Question: 1, Failed: 1 });
      expect(reply.result.Rows.find((r) => r.PartNum === 'COL-C4-192')).toMatchObject({
        Outcome: 'question',
        AlgorithmName: 'Galvanized parts',
        Message: 'Is this a touch-up only?',
      });
      // An unpainted HR brace is nothing the paint lines rate.
      expect(reply.result.Rows.find((r) => r.PartNum === 'BR-H-42')).toMatchObject({
        Outcome: 'failed',
        AlgorithmName: null,
        Message: 'No algorithm of group Painting applies to this part (PartClass Brace, Gauge 16)',
      });
      // BM-4814-96: 6 + 24.5 * 25 / 150 = 10.0833 min a bundle.
      expect(reply.result.Rows.find((r) => r.PartNum === 'BM-4814-96')).toMatchObject({
        Outcome: 'rate',
        AlgorithmName: 'Painted steel',
        MinutesPerBundle: 10.0833,
      });
    });
  });

  describe("analysis of the plans' operations", () => {
    type Counts = OperationOutcomeCounts;
    const analysis = async (group: string, extra: Record<string, unknown> = {}) => {
      const g = await groupNamed(group);
      const reply = await api.get(
        'algorithm/GetAlgorithmAnalysis',
        { AlgorithmGroupID: g.AlgorithmGroupID, ...extra },
        admin,
      );
      expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
      const result = GetAlgorithmAnalysis.result.parse(reply.result);
      if (result.Source !== 'operations') throw new Error('expected the operations');
      return result;
    };
    const counts = (c: Partial<Counts>): Counts => ({
      Total: 0,
      Algorithm: 0,
      Overridden: 0,
      Question: 0,
      Failed: 0,
      NeverRun: 0,
      ...c,
    });
    const operationOf = async (job: string, sequence: number) => {
      const [row] = await server.db.query<{ id: number }>(
        `SELECT o.production_plan_operation_id AS id FROM production_plan_operations o
           JOIN production_plans p ON p.production_plan_id = o.production_plan_id
          WHERE p.job_number = $1 AND o.sequence = $2 AND o.production_plan_bom_id IS NULL`,
        [job, sequence],
      );
      if (!row) throw new Error(`${job} has no top-level operation ${sequence}`);
      return row.id;
    };
    const change = async (id: number, FieldName: string, Value: unknown) => {
      const reply = await api.post(
        'web/UpdateProductionOperation',
        { ProductionPlanOperationID: id, FieldName, Value },
        scheduler,
      );
      expect(reply.envelope.Error || reply.envelope.Sorry, reply.envelope.Message).toBe(false);
    };

    it('counts the seeded operations on the roll formers: none has run its algorithm yet', async () => {
      const a = await analysis('Roll forming', { Take: 3 });
      // The small seed: LV-RF01 37 operations, LV-RF02 36 (J299300's 300 operations included), IDF-RF01
      // 10, DYB-RF01 7, MIL-RF01 2. The seed stores no algorithm runs.
      expect(a.Counts).toEqual(counts({ Total: 92, NeverRun: 92 }));
      expect(a.ByResource.map((r) => [r.ResourceID, r.Total, r.NeverRun])).toEqual([
        ['DYB-RF01', 7, 7],
        ['IDF-RF01', 10, 10],
        ['LV-RF01', 37, 37],
        ['LV-RF02', 36, 36],
        ['MIL-RF01', 2, 2],
      ]);
      expect(a.Total).toBe(92);
      expect(a.Rows).toHaveLength(3);
      // By job and sequence: J240001's roll forming (operation 1 of a fresh seed) on its coil line.
      expect(a.Rows[0]).toMatchObject({
        JobNumber: 'J240001',
        Sequence: 10,
        ResourceID: 'LV-RF01',
        PartNum: 'COIL-14-HR',
        Outcome: 'neverRun',
        AlgorithmMinutesPerPiece: null,
        Message: '',
      });
      expect(a.OverriddenBy).toEqual([]);
    });

    it('a resource change runs the algorithm: the operation moves to the algorithm count; an override moves it on', async () => {
      const id = (await analysis('Roll forming', { Take: 1 })).Rows[0]!.ProductionPlanOperationID;
      await change(id, 'ResourceID', 'LV-RF02');
      let a = await analysis('Roll forming', { Outcome: 'algorithm' });
      expect(a.Counts).toEqual(counts({ Total: 92, Algorithm: 1, NeverRun: 91 }));
      expect(a.ByResource.find((r) => r.ResourceID === 'LV-RF01')).toMatchObject({ Total: 36, NeverRun: 36 });
      expect(a.ByResource.find((r) => r.ResourceID === 'LV-RF02')).toMatchObject({ Total: 37, Algorithm: 1 });
      expect(a.Total).toBe(1);
      // A coil is no beam or upright: "Anything else", max(0.25, 96 / 12 / 40 = 0.2) = 0.25 min a piece.
      expect(a.Rows).toEqual([
        expect.objectContaining({
          ProductionPlanOperationID: id,
          ResourceID: 'LV-RF02',
          Outcome: 'algorithm',
          AlgorithmMinutesPerPiece: 0.25,
          AlgorithmOverrideBy: null,
        }),
      ]);

      // The planner types another rate: overridden, by them.
      await change(id, 'ProductionMinutesPerPiece', 0.5);
      a = await analysis('Roll forming', { Outcome: 'overridden' });
      expect(a.Counts).toEqual(counts({ Total: 92, Overridden: 1, NeverRun: 91 }));
      expect(a.OverriddenBy).toEqual([{ Name: 'Sam Ortiz', Count: 1 }]);
      expect(a.Rows).toEqual([
        expect.objectContaining({
          ProductionPlanOperationID: id,
          Outcome: 'overridden',
          MinutesPerPiece: 0.5,
          AlgorithmMinutesPerPiece: 0.25,
          AlgorithmOverrideBy: 'Sam Ortiz',
        }),
      ]);
    });

    it('on the paint lines: a galvanized column poses the question, an unpainted brace gets no rate', async () => {
      expect((await analysis('Painting')).Counts).toEqual(counts({ Total: 85, NeverRun: 85 }));
      // J240030 and J240013 are plant-1 jobs (a galvanized column, an unpainted HR brace): their top-level
      // saw operations (sequence 30) move to the paint line.
      const column = await operationOf('J240030', 30);
      const brace = await operationOf('J240013', 30);
      await change(column, 'ResourceID', 'LV-PNT01');
      await change(brace, 'ResourceID', 'LV-PNT01');
      let a = await analysis('Painting');
      expect(a.Counts).toEqual(counts({ Total: 87, Question: 1, Failed: 1, NeverRun: 85 }));
      expect((await analysis('Painting', { Outcome: 'question' })).Rows).toEqual([
        expect.objectContaining({
          ProductionPlanOperationID: column,
          JobNumber: 'J240030',
          PartNum: 'COL-C4-192',
          Outcome: 'question',
          Message: 'Is this a touch-up only?',
        }),
      ]);
      expect((await analysis('Painting', { Outcome: 'failed' })).Rows).toEqual([
        expect.objectContaining({
          ProductionPlanOperationID: brace,
          PartNum: 'BR-H-42',
          Outcome: 'failed',
          AlgorithmMinutesPerPiece: null,
          Message: 'No algorithm of group Painting applies to this part (PartClass Brace, Gauge 16)',
        }),
      ]);

      // The answer gives the rate: the column moves to the algorithm count.
      await change(column, 'AlgorithmAnswer', { Key: 'TouchUpOnly', Value: 'no' });
      a = await analysis('Painting', { Outcome: 'algorithm' });
      expect(a.Counts).toEqual(counts({ Total: 87, Algorithm: 1, Failed: 1, NeverRun: 85 }));
      expect(a.Rows.map((r) => r.ProductionPlanOperationID)).toEqual([column]);
    });

    it('pages the rows by job and sequence', async () => {
      const all = await analysis('Roll forming', { Take: 500 });
      const page = await analysis('Roll forming', { Skip: 10, Take: 5 });
      expect(page.Total).toBe(92);
      expect(page.Rows).toEqual(all.Rows.slice(10, 15));
    });
  });

  describe('every call', () => {
    const needingValues = algorithmCalls.filter((c) => !c.payload.safeParse({}).success);

    it('takes values, except the three lists', () => {
      expect(algorithmCalls.filter((c) => !needingValues.includes(c)).map((c) => c.path)).toEqual([
        'algorithm/GetAlgorithmGroups',
        'algorithm/GetPbProperties',
        'algorithm/GetRateTables',
      ]);
    });

    it.each(needingValues.map((c) => [c.path, c] as const))(
      '%s without its values: an Error envelope naming what is missing, nothing changed',
      async (path, call) => {
        await refusedUnchanged(
          () => (call.method === 'GET' ? api.get(path, {}, admin) : api.post(path, {}, admin)),
          200,
          /is required|Say which algorithm/,
        );
      },
    );
  });

  describe('access', () => {
    it('refuses users without the flags (403), changing nothing', async () => {
      const rf = await groupNamed('Roll forming');
      const beams = (await algorithmsOf(rf.AlgorithmGroupID))[0] as Algorithm;
      for (const who of [operator, scheduler]) {
        await refusedUnchanged(
          () => api.get('algorithm/GetAlgorithmGroups', {}, who),
          403,
          'You do not have permission to do this (it needs one of: edit algorithms).',
        );
        await refusedUnchanged(
          () =>
            api.post(
              'algorithm/UpdateAlgorithm',
              { AlgorithmID: beams.AlgorithmID, FieldName: 'Name', Value: 'X' },
              who,
            ),
          403,
          'You do not have permission to do this (it needs one of: edit algorithms).',
        );
        await refusedUnchanged(
          () => api.post('algorithm/SaveRate', { RateTable: 'RollFormerFPM', Key: '14', Value: 1 }, who),
          403,
          'You do not have permission to do this (it needs one of: edit algorithm rates).',
        );
        await refusedUnchanged(
          () => api.post('algorithm/SavePbProperty', { PartNum: 'BP-6X8', Property: 'X', Value: '1' }, who),
          403,
          'You do not have permission to do this (it needs one of: edit pb properties).',
        );
        await refusedUnchanged(
          () => api.post('algorithm/TestAlgorithm', { AlgorithmID: beams.AlgorithmID, Inputs: {} }, who),
          403,
          'You do not have permission to do this (it needs one of: edit algorithms).',
        );
      }
      const anonymous = await api.get('algorithm/GetRateTables', {});
      expect(anonymous.status).toBe(401);
    });
  });

  describe('runAlgorithmForResource (the production-plan seam)', () => {
    it('rates a 14 ga beam on LV-RF01 from the roll-forming group', async () => {
      const run = await runAlgorithmForResource(
        server.db,
        'LV-RF01',
        sampleInputs(part('BM-4814-96'), 'LV-RF01'),
        {},
      );
      // 60 ft/min; 96 / 12 / 60 = 0.1333; 0.1333 * 25 + 3 = 6.3325; 20 + 4.8 * 4 = 39.2; 0.1333 * 1.15 = 0.1533.
      expect(run?.result).toEqual({
        Success: true,
        QuestionPosed: false,
        Question: null,
        Result: {
          FeetPerMinute: 60,
          MinutesPerPiece: 0.1333,
          MinutesPerBundle: 6.3325,
          SetupMinutes: 39.2,
          SchedulingMinutesPerPiece: 0.1533,
        },
      });
      expect(run?.calculation.RateLog).toContain('PB property ProfileDepth = 4.8');
    });

    it('poses the question on a paint line, and answers it', async () => {
      const inputs = sampleInputs(part('COL-C4-192'), 'IDF-PNT01');
      const asked = await runAlgorithmForResource(server.db, 'IDF-PNT01', inputs, {});
      expect(asked?.result.QuestionPosed).toBe(true);
      const answered = await runAlgorithmForResource(server.db, 'IDF-PNT01', inputs, { TouchUpOnly: 'no' });
      // 12 ft/min (GALV); 6 + 58 * 25 / 150 = 15.6667 min a bundle; / 25 = 0.6267.
      expect(answered?.result.Result).toMatchObject({
        FeetPerMinute: 12,
        MinutesPerBundle: 15.6667,
        MinutesPerPiece: 0.6267,
        SetupMinutes: 15,
      });
    });

    it('answers null for a resource no group covers, and says why a part fits no algorithm', async () => {
      expect(
        await runAlgorithmForResource(
          server.db,
          'LV-SAW01',
          sampleInputs(part('BM-4814-96'), 'LV-SAW01'),
          {},
        ),
      ).toBeNull();
      const run = await runAlgorithmForResource(
        server.db,
        'MIL-PNT01',
        { ...sampleInputs(part('BR-H-42'), 'MIL-PNT01'), Painted: false },
        {},
      );
      expect(run?.result.Success).toBe(false);
      expect(run?.calculation.RateLog).toContain(
        'No algorithm of group Painting applies to this part (PartClass Brace, Gauge 16)',
      );
    });
  });
});
