import type { Algorithm, AlgorithmGroup } from '../../../domain/algorithms/algorithm';
import type { AlgorithmField, PbProperty, RateRow } from '../../../domain/algorithms/calls';
import type { Sql } from '../../db/database';

/** SQL of the rate algorithms (server/db/migrations/0009_algorithms.sql). Rows come back in domain shape. */

interface GroupDbRow {
  algorithm_group_id: number;
  name: string;
  description: string;
  process: string;
  resource_ids: string[] | null;
}

const groupSelect = `
  SELECT g.algorithm_group_id, g.name, g.description, g.process,
         coalesce((SELECT array_agg(r.resource_id ORDER BY r.resource_id) FROM algorithm_group_resources r
                    WHERE r.algorithm_group_id = g.algorithm_group_id), '{}') AS resource_ids
    FROM algorithm_groups g`;

const toGroup = (r: GroupDbRow): AlgorithmGroup => ({
  AlgorithmGroupID: r.algorithm_group_id,
  Name: r.name,
  Description: r.description,
  Process: r.process,
  ResourceIDs: r.resource_ids ?? [],
});

export async function listGroups(
  db: Sql,
): Promise<(AlgorithmGroup & { AlgorithmCount: number; ActiveCount: number })[]> {
  const rows = await db.query<GroupDbRow & { algorithm_count: number; active_count: number }>(
    `SELECT x.*,
            (SELECT count(*)::int FROM algorithms a WHERE a.algorithm_group_id = x.algorithm_group_id) AS algorithm_count,
            (SELECT count(*)::int FROM algorithms a WHERE a.algorithm_group_id = x.algorithm_group_id AND a.active) AS active_count
       FROM (${groupSelect}) x ORDER BY lower(x.name)`,
  );
  return rows.map((r) => ({ ...toGroup(r), AlgorithmCount: r.algorithm_count, ActiveCount: r.active_count }));
}

export async function findGroup(db: Sql, id: number): Promise<AlgorithmGroup | null> {
  const [row] = await db.query<GroupDbRow>(`${groupSelect} WHERE g.algorithm_group_id = $1`, [id]);
  return row ? toGroup(row) : null;
}

export async function findGroupByName(db: Sql, name: string): Promise<AlgorithmGroup | null> {
  const [row] = await db.query<GroupDbRow>(`${groupSelect} WHERE lower(g.name) = lower($1)`, [name]);
  return row ? toGroup(row) : null;
}

/** The group that rates `resourceId`, if any. */
export async function findGroupOfResource(db: Sql, resourceId: string): Promise<AlgorithmGroup | null> {
  const [row] = await db.query<GroupDbRow>(
    `${groupSelect} WHERE g.algorithm_group_id =
       (SELECT algorithm_group_id FROM algorithm_group_resources WHERE resource_id = upper($1))`,
    [resourceId],
  );
  return row ? toGroup(row) : null;
}

/** Resources of `resourceIds` that another group than `exceptId` already rates. */
export async function resourcesInOtherGroups(
  db: Sql,
  resourceIds: readonly string[],
  exceptId: number | null,
): Promise<{ resource_id: string; name: string }[]> {
  return db.query(
    `SELECT r.resource_id, g.name FROM algorithm_group_resources r
       JOIN algorithm_groups g USING (algorithm_group_id)
      WHERE r.resource_id = ANY($1::text[]) AND ($2::int IS NULL OR r.algorithm_group_id <> $2::int)
      ORDER BY r.resource_id`,
    [resourceIds, exceptId],
  );
}

export async function insertGroup(
  db: Sql,
  g: { name: string; description: string; process: string },
): Promise<number> {
  const [row] = await db.query<{ algorithm_group_id: number }>(
    `INSERT INTO algorithm_groups (name, description, process) VALUES ($1, $2, $3) RETURNING algorithm_group_id`,
    [g.name, g.description, g.process],
  );
  return (row as { algorithm_group_id: number }).algorithm_group_id;
}

export async function updateGroup(
  db: Sql,
  id: number,
  g: { name: string; description: string; process: string },
): Promise<void> {
  await db.query(
    `UPDATE algorithm_groups SET name = $2, description = $3, process = $4, updated_at = now()
      WHERE algorithm_group_id = $1`,
    [id, g.name, g.description, g.process],
  );
}

export async function setGroupResources(db: Sql, id: number, resourceIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM algorithm_group_resources WHERE algorithm_group_id = $1', [id]);
  if (resourceIds.length) {
    await db.query(
      `INSERT INTO algorithm_group_resources (resource_id, algorithm_group_id)
       SELECT DISTINCT unnest($2::text[]), $1::int`,
      [id, resourceIds],
    );
  }
}

export async function deleteGroup(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM algorithm_groups WHERE algorithm_group_id = $1 RETURNING 1', [id]);
  return rows.length > 0;
}

interface AlgorithmDbRow {
  algorithm_id: number;
  algorithm_group_id: number;
  name: string;
  priority: number;
  active: boolean;
  applies_when: string;
  feet_per_minute: string;
  minutes_per_piece: string;
  minutes_per_bundle: string;
  setup_minutes: string;
  scheduling_minutes_per_piece: string;
  questions: unknown;
  rate_lookups: unknown;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const toAlgorithm = (r: AlgorithmDbRow): Algorithm => ({
  AlgorithmID: r.algorithm_id,
  AlgorithmGroupID: r.algorithm_group_id,
  Name: r.name,
  Priority: r.priority,
  Active: r.active,
  AppliesWhen: r.applies_when,
  FeetPerMinute: r.feet_per_minute,
  MinutesPerPiece: r.minutes_per_piece,
  MinutesPerBundle: r.minutes_per_bundle,
  SetupMinutes: r.setup_minutes,
  SchedulingMinutesPerPiece: r.scheduling_minutes_per_piece,
  Questions: json(r.questions),
  RateLookups: json(r.rate_lookups),
});

const algorithmColumns = `algorithm_id, algorithm_group_id, name, priority, active, applies_when, feet_per_minute,
  minutes_per_piece, minutes_per_bundle, setup_minutes, scheduling_minutes_per_piece, questions, rate_lookups`;

export async function listAlgorithms(db: Sql, groupId: number): Promise<Algorithm[]> {
  const rows = await db.query<AlgorithmDbRow>(
    `SELECT ${algorithmColumns} FROM algorithms WHERE algorithm_group_id = $1 ORDER BY priority, algorithm_id`,
    [groupId],
  );
  return rows.map(toAlgorithm);
}

export async function findAlgorithm(db: Sql, id: number): Promise<Algorithm | null> {
  const [row] = await db.query<AlgorithmDbRow>(
    `SELECT ${algorithmColumns} FROM algorithms WHERE algorithm_id = $1`,
    [id],
  );
  return row ? toAlgorithm(row) : null;
}

export type NewAlgorithm = Omit<Algorithm, 'AlgorithmID'>;

export async function insertAlgorithm(db: Sql, a: NewAlgorithm): Promise<Algorithm> {
  const [row] = await db.query<AlgorithmDbRow>(
    `INSERT INTO algorithms (algorithm_group_id, name, priority, active, applies_when, feet_per_minute,
        minutes_per_piece, minutes_per_bundle, setup_minutes, scheduling_minutes_per_piece, questions, rate_lookups)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb) RETURNING ${algorithmColumns}`,
    [
      a.AlgorithmGroupID,
      a.Name,
      a.Priority,
      a.Active,
      a.AppliesWhen,
      a.FeetPerMinute,
      a.MinutesPerPiece,
      a.MinutesPerBundle,
      a.SetupMinutes,
      a.SchedulingMinutesPerPiece,
      JSON.stringify(a.Questions),
      JSON.stringify(a.RateLookups),
    ],
  );
  return toAlgorithm(row as AlgorithmDbRow);
}

export async function nextPriority(db: Sql, groupId: number): Promise<number> {
  const [row] = await db.query<{ p: number }>(
    'SELECT coalesce(max(priority), 0) + 10 AS p FROM algorithms WHERE algorithm_group_id = $1',
    [groupId],
  );
  return row?.p ?? 10;
}

/** Field name -> column: a fixed table, never text from the request. */
const columnOf: Record<AlgorithmField, string> = {
  Name: 'name',
  Priority: 'priority',
  Active: 'active',
  AppliesWhen: 'applies_when',
  FeetPerMinute: 'feet_per_minute',
  MinutesPerPiece: 'minutes_per_piece',
  MinutesPerBundle: 'minutes_per_bundle',
  SetupMinutes: 'setup_minutes',
  SchedulingMinutesPerPiece: 'scheduling_minutes_per_piece',
  Questions: 'questions',
  RateLookups: 'rate_lookups',
};

export async function updateAlgorithmField(
  db: Sql,
  id: number,
  field: AlgorithmField,
  value: unknown,
): Promise<Algorithm | null> {
  const isJson = field === 'Questions' || field === 'RateLookups';
  const [row] = await db.query<AlgorithmDbRow>(
    `UPDATE algorithms SET ${columnOf[field]} = $2${isJson ? '::jsonb' : ''}, updated_at = now()
      WHERE algorithm_id = $1 RETURNING ${algorithmColumns}`,
    [id, isJson ? JSON.stringify(value) : value],
  );
  return row ? toAlgorithm(row) : null;
}

export async function deleteAlgorithm(db: Sql, id: number): Promise<Algorithm | null> {
  const [row] = await db.query<AlgorithmDbRow>(
    `DELETE FROM algorithms WHERE algorithm_id = $1 RETURNING ${algorithmColumns}`,
    [id],
  );
  return row ? toAlgorithm(row) : null;
}

const toProperty = (r: { part_num: string; property: string; value: string }): PbProperty => ({
  PartNum: r.part_num,
  Property: r.property,
  Value: r.value,
});

export async function listProperties(db: Sql, partNum: string | null): Promise<PbProperty[]> {
  const rows = await db.query<{ part_num: string; property: string; value: string }>(
    `SELECT part_num, property, value FROM pb_properties
      WHERE $1::text IS NULL OR lower(part_num) = lower($1::text) ORDER BY part_num, property`,
    [partNum],
  );
  return rows.map(toProperty);
}

export async function upsertProperty(db: Sql, p: PbProperty): Promise<PbProperty> {
  const [row] = await db.query<{ part_num: string; property: string; value: string }>(
    `INSERT INTO pb_properties (part_num, property, value) VALUES ($1, $2, $3)
     ON CONFLICT (part_num, property) DO UPDATE SET value = EXCLUDED.value
     RETURNING part_num, property, value`,
    [p.PartNum, p.Property, p.Value],
  );
  return toProperty(row as { part_num: string; property: string; value: string });
}

export async function deleteProperty(db: Sql, partNum: string, property: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM pb_properties WHERE part_num = $1 AND property = $2 RETURNING 1', [
    partNum,
    property,
  ]);
  return rows.length > 0;
}

export async function listRates(db: Sql): Promise<RateRow[]> {
  const rows = await db.query<{ rate_table: string; key: string; value: number }>(
    'SELECT rate_table, key, value FROM algorithm_rates ORDER BY rate_table, key',
  );
  return rows.map((r) => ({ RateTable: r.rate_table, Key: r.key, Value: Number(r.value) }));
}

export async function upsertRate(db: Sql, r: RateRow): Promise<RateRow> {
  await db.query(
    `INSERT INTO algorithm_rates (rate_table, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (rate_table, key) DO UPDATE SET value = EXCLUDED.value`,
    [r.RateTable, r.Key, r.Value],
  );
  return r;
}

export async function deleteRate(db: Sql, table: string, key: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM algorithm_rates WHERE rate_table = $1 AND key = $2 RETURNING 1', [
    table,
    key,
  ]);
  return rows.length > 0;
}

// --------------------------------------------------------------------------- analysis over the plans

/**
 * The operations (not invalidated) on `resourceIds`, each with its outcome (domain/algorithms/calls.ts
 * `operationOutcomes`, first match): override, the algorithm's rate, no stored run, a question, no rate.
 */
const analysedOperations = `
  SELECT o.production_plan_operation_id, p.job_number, o.sequence, o.resource_id,
         coalesce(b.part_num, j.part_num) AS part_num,
         o.production_minutes_per_piece, o.algorithm_override_by, o.algorithm_result_json, o.algorithm_rate_log,
         CASE WHEN o.algorithm_override THEN 'overridden'
              WHEN o.algorithm_derived_rate THEN 'algorithm'
              WHEN o.algorithm_result_json IS NULL THEN 'neverRun'
              WHEN coalesce((o.algorithm_result_json::jsonb ->> 'QuestionPosed')::boolean, false) THEN 'question'
              ELSE 'failed' END AS outcome
    FROM production_plan_operations o
    JOIN production_plans p ON p.production_plan_id = o.production_plan_id
    JOIN jobs j ON j.job_number = p.job_number
    LEFT JOIN production_plan_boms b ON b.production_plan_bom_id = o.production_plan_bom_id
   WHERE o.resource_id = ANY($1::text[]) AND NOT o.invalidated`;

export interface OutcomeCountRow {
  resource_id: string;
  outcome: string;
  n: number;
}

/** How many operations of each outcome each resource has. */
export async function countOperationOutcomes(
  db: Sql,
  resourceIds: readonly string[],
): Promise<OutcomeCountRow[]> {
  return db.query<OutcomeCountRow>(
    `SELECT resource_id, outcome, count(*)::int AS n FROM (${analysedOperations}) x
      GROUP BY resource_id, outcome ORDER BY resource_id, outcome`,
    [resourceIds],
  );
}

/** Who overrode the algorithm's rate on those operations, most first. */
export async function countOverrides(
  db: Sql,
  resourceIds: readonly string[],
): Promise<{ name: string; n: number }[]> {
  return db.query(
    `SELECT coalesce(algorithm_override_by, '') AS name, count(*)::int AS n FROM (${analysedOperations}) x
      WHERE outcome = 'overridden' GROUP BY 1 ORDER BY 2 DESC, 1`,
    [resourceIds],
  );
}

export interface AnalysedOperationRow {
  production_plan_operation_id: number;
  job_number: string;
  sequence: number;
  resource_id: string;
  part_num: string;
  production_minutes_per_piece: number;
  algorithm_override_by: string | null;
  algorithm_result_json: string | null;
  algorithm_rate_log: string | null;
  outcome: string;
}

/** One page of those operations (of one outcome, or all), by job, sequence and id; and how many match. */
export async function listAnalysedOperations(
  db: Sql,
  resourceIds: readonly string[],
  outcome: string | null,
  skip: number,
  take: number,
): Promise<{ rows: AnalysedOperationRow[]; total: number }> {
  const filtered = `SELECT * FROM (${analysedOperations}) x WHERE $2::text IS NULL OR outcome = $2::text`;
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${filtered}) y`, [
    resourceIds,
    outcome,
  ]);
  const rows = await db.query<AnalysedOperationRow>(
    `${filtered} ORDER BY job_number, sequence, production_plan_operation_id OFFSET $3 LIMIT $4`,
    [resourceIds, outcome, skip, take],
  );
  return { rows, total: count?.n ?? 0 };
}
