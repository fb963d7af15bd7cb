import {
  type Algorithm,
  type AlgorithmGroup,
  type AlgorithmRun,
  type Answers,
  type PartProperties,
  type RateTables,
  runAlgorithm,
} from '../../../domain/algorithms/algorithm';
import type {
  AlgorithmAnalysis,
  AnalysisRow,
  OperationAnalysisRow,
  OperationOutcome,
  OperationOutcomeCounts,
} from '../../../domain/algorithms/calls';
import { sampleInputs, sampleParts } from '../../../domain/algorithms/samples';
import type { ExpressionValue } from '../../../domain/expression/expression';
import type { OperationInputs } from '../../../domain/production-plan/inputs';
import type { Sql } from '../../db/database';
import { invalid } from '../../rpc/errors';
import * as repo from './algorithms.repository';

/** The rules of the rate algorithms between the calls and the SQL. */

export async function rateTables(db: Sql): Promise<RateTables> {
  const tables: Record<string, Record<string, number>> = {};
  for (const r of await repo.listRates(db)) {
    tables[r.RateTable] ??= {};
    (tables[r.RateTable] as Record<string, number>)[r.Key] = r.Value;
  }
  return tables;
}

export async function partProperties(db: Sql, partNum: string | null | undefined): Promise<PartProperties> {
  if (!partNum) return {};
  const props: Record<string, string> = {};
  for (const p of await repo.listProperties(db, partNum)) props[p.Property] = p.Value;
  return props;
}

export async function requireGroup(db: Sql, id: number): Promise<AlgorithmGroup> {
  const group = await repo.findGroup(db, id);
  if (!group)
    throw invalid(`Algorithm group ${id} does not exist; it may have been deleted. Reload the list.`);
  return group;
}

export async function requireAlgorithm(db: Sql, id: number): Promise<Algorithm> {
  const algorithm = await repo.findAlgorithm(db, id);
  if (!algorithm) throw invalid(`Algorithm ${id} does not exist; it may have been deleted. Reload the list.`);
  return algorithm;
}

/**
 * The seam the production-plan area calls for algorithm/RunOperationAlgorithm: the group that rates
 * the resource, its algorithms, the part's PB properties and the rate tables, run on `inputs`. Null
 * when no group covers the resource.
 */
export async function runForResource(
  db: Sql,
  resourceId: string,
  inputs: OperationInputs,
  answers: Answers,
): Promise<AlgorithmRun | null> {
  const group = await repo.findGroupOfResource(db, resourceId);
  if (!group) return null;
  return runAlgorithm(
    group,
    await repo.listAlgorithms(db, group.AlgorithmGroupID),
    inputs,
    answers,
    await partProperties(db, inputs.PartNum),
    await rateTables(db),
  );
}

/** A group's name must be unique, and each resource may belong to one group only. */
export async function checkGroup(
  db: Sql,
  id: number | null,
  name: string,
  resourceIds: readonly string[],
): Promise<void> {
  if (id !== null) await requireGroup(db, id);
  const same = await repo.findGroupByName(db, name);
  if (same && same.AlgorithmGroupID !== id) {
    throw invalid(`There is already an algorithm group named "${same.Name}"; choose another name.`);
  }
  const taken = await repo.resourcesInOtherGroups(db, resourceIds, id);
  if (taken.length) {
    throw invalid(
      `${taken.map((t) => `${t.resource_id} is already rated by the group "${t.name}"`).join('; ')}. A resource belongs to one group; remove it there first.`,
    );
  }
}

/**
 * TestAlgorithm: one algorithm (run even when inactive, alone in its group) or a whole group as the
 * planner's run would use it, on inputs a person typed. The PB properties of Inputs.PartNum and the
 * rate tables are the stored ones.
 */
export async function testAlgorithm(
  db: Sql,
  p: {
    AlgorithmID?: number | null;
    AlgorithmGroupID?: number | null;
    Inputs: Record<string, ExpressionValue | null>;
    Answers: Answers;
  },
): Promise<AlgorithmRun> {
  let group: AlgorithmGroup;
  let algorithms: Algorithm[];
  if (p.AlgorithmID != null) {
    const algorithm = await requireAlgorithm(db, p.AlgorithmID);
    group = await requireGroup(db, algorithm.AlgorithmGroupID);
    algorithms = [{ ...algorithm, Active: true }];
  } else {
    group = await requireGroup(db, p.AlgorithmGroupID as number);
    algorithms = await repo.listAlgorithms(db, group.AlgorithmGroupID);
  }
  const partNum = typeof p.Inputs.PartNum === 'string' ? p.Inputs.PartNum : null;
  return runAlgorithm(
    group,
    algorithms,
    p.Inputs,
    p.Answers,
    await partProperties(db, partNum),
    await rateTables(db),
  );
}

/** The group over the demo parts, one operation each on the group's first resource, without answers. */
export async function analyseSample(db: Sql, groupId: number): Promise<AlgorithmAnalysis> {
  const group = await requireGroup(db, groupId);
  const algorithms = await repo.listAlgorithms(db, groupId);
  const names = new Map(algorithms.map((a) => [a.AlgorithmID, a.Name]));
  const rates = await rateTables(db);
  const resourceId = group.ResourceIDs[0] ?? null;
  const rows: AnalysisRow[] = [];
  for (const part of sampleParts) {
    const run = runAlgorithm(
      group,
      algorithms,
      sampleInputs(part, resourceId),
      {},
      await partProperties(db, part.PartNum),
      rates,
    );
    const lines = run.calculation.RateLog.split('\n');
    const last = lines[lines.length - 1] ?? '';
    const outcome = run.result.Success ? 'rate' : run.result.QuestionPosed ? 'question' : 'failed';
    rows.push({
      PartNum: part.PartNum,
      Description: part.Description,
      PartClass: part.PartClass,
      Material: part.Material,
      Gauge: part.Gauge,
      Outcome: outcome,
      AlgorithmID: run.AlgorithmID,
      AlgorithmName: run.AlgorithmID === null ? null : (names.get(run.AlgorithmID) ?? null),
      FeetPerMinute: run.result.Result.FeetPerMinute,
      MinutesPerPiece: run.result.Result.MinutesPerPiece,
      MinutesPerBundle: run.result.Result.MinutesPerBundle,
      SetupMinutes: run.result.Result.SetupMinutes,
      Message:
        outcome === 'rate'
          ? ''
          : outcome === 'question'
            ? (run.result.Question?.Text ?? '')
            : last.replace(/^Stopped: /, ''),
    });
  }
  const count = (o: AnalysisRow['Outcome']) => rows.filter((r) => r.Outcome === o).length;
  return {
    Group: group,
    Source: 'sample',
    ResourceID: resourceId,
    Rows: rows,
    Counts: { Rate: count('rate'), Question: count('question'), Failed: count('failed') },
  };
}

const countKey: Record<OperationOutcome, Exclude<keyof OperationOutcomeCounts, 'Total'>> = {
  algorithm: 'Algorithm',
  overridden: 'Overridden',
  question: 'Question',
  failed: 'Failed',
  neverRun: 'NeverRun',
};
const noCounts = (): OperationOutcomeCounts => ({
  Total: 0,
  Algorithm: 0,
  Overridden: 0,
  Question: 0,
  Failed: 0,
  NeverRun: 0,
});

/** What a stored run says: its minutes per piece when it rated, the question, or the log's last line. */
function storedRun(
  row: repo.AnalysedOperationRow,
): Pick<OperationAnalysisRow, 'AlgorithmMinutesPerPiece' | 'Message'> {
  let result: {
    Success?: boolean;
    QuestionPosed?: boolean;
    Question?: { Text?: string } | null;
    Result?: { MinutesPerPiece?: number };
  } | null = null;
  try {
    result = row.algorithm_result_json ? JSON.parse(row.algorithm_result_json) : null;
  } catch {
    result = null;
  }
  const lines = (row.algorithm_rate_log ?? '').split('\n');
  const last = lines[lines.length - 1] ?? '';
  return {
    AlgorithmMinutesPerPiece:
      result?.Success && typeof result.Result?.MinutesPerPiece === 'number'
        ? result.Result.MinutesPerPiece
        : null,
    Message:
      row.outcome === 'question'
        ? (result?.Question?.Text ?? '')
        : row.outcome === 'failed'
          ? last.replace(/^Stopped: /, '')
          : '',
  };
}

/**
 * The production-plan operations on the group's machines: how many of each outcome (in all and per
 * machine), who overrode, and one page of them (of one outcome, or all).
 */
export async function analyseOperations(
  db: Sql,
  groupId: number,
  filter: { Outcome?: OperationOutcome; Skip: number; Take: number },
): Promise<AlgorithmAnalysis> {
  const group = await requireGroup(db, groupId);
  const resources = group.ResourceIDs;
  const counts = noCounts();
  const byResource = new Map(resources.map((r) => [r, { ResourceID: r, ...noCounts() }]));
  for (const row of await repo.countOperationOutcomes(db, resources)) {
    const key = countKey[row.outcome as OperationOutcome];
    const mine = byResource.get(row.resource_id);
    counts[key] += row.n;
    counts.Total += row.n;
    if (mine) {
      mine[key] += row.n;
      mine.Total += row.n;
    }
  }
  const overrides = await repo.countOverrides(db, resources);
  const page = await repo.listAnalysedOperations(
    db,
    resources,
    filter.Outcome ?? null,
    filter.Skip,
    filter.Take,
  );
  return {
    Source: 'operations',
    Group: group,
    Counts: counts,
    ByResource: [...byResource.values()],
    OverriddenBy: overrides.map((o) => ({ Name: o.name, Count: o.n })),
    Total: page.total,
    Rows: page.rows.map((r) => ({
      ProductionPlanOperationID: r.production_plan_operation_id,
      JobNumber: r.job_number,
      Sequence: r.sequence,
      ResourceID: r.resource_id,
      PartNum: r.part_num,
      Outcome: r.outcome as OperationOutcome,
      MinutesPerPiece: Number(r.production_minutes_per_piece),
      AlgorithmOverrideBy: r.algorithm_override_by,
      ...storedRun(r),
    })),
  };
}
