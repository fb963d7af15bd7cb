import type { EngineStatus, EngineStep } from '../../../domain/costing/engines';
import type { Sql } from '../../db/database';

export interface EngineDbRow {
  costing_engine_id: number;
  resource_id: string;
  plant_id: number | null;
  name: string;
  version: number;
  status: EngineStatus;
  notes: string;
  steps: EngineStep[] | string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date | string;
  published_at: Date | string | null;
}

const SELECT = `SELECT c.costing_engine_id, c.resource_id, c.plant_id, c.name, c.version, c.status, c.notes,
       c.steps, c.created_by, CASE WHEN e.employee_id IS NULL THEN NULL
         ELSE e.first_name || ' ' || e.last_name END AS created_by_name,
       c.created_at, c.published_at
  FROM costing_engines c LEFT JOIN employees e ON e.employee_id = c.created_by`;

/** Every version, by resource then newest first; narrowed to a resource and/or plant. */
export const listEngines = (db: Sql, f: { resourceId: string | null; plantId: number | null }) =>
  db.query<EngineDbRow>(
    `${SELECT}
      WHERE ($1::text IS NULL OR lower(c.resource_id) = lower($1::text))
        AND ($2::int IS NULL OR c.plant_id = $2::int)
      ORDER BY c.resource_id, c.version DESC`,
    [f.resourceId, f.plantId],
  );

export async function findEngine(db: Sql, id: number): Promise<EngineDbRow | undefined> {
  return (await db.query<EngineDbRow>(`${SELECT} WHERE c.costing_engine_id = $1`, [id]))[0];
}

/** The resource's active engine: its published version (at most one, by the partial unique index). Resource ids compare in any letter case. */
export async function findPublished(db: Sql, resourceId: string): Promise<EngineDbRow | undefined> {
  return (
    await db.query<EngineDbRow>(
      `${SELECT} WHERE lower(c.resource_id) = lower($1) AND c.status = 'published'`,
      [resourceId],
    )
  )[0];
}

export async function findDraft(db: Sql, resourceId: string): Promise<EngineDbRow | undefined> {
  return (
    await db.query<EngineDbRow>(`${SELECT} WHERE lower(c.resource_id) = lower($1) AND c.status = 'draft'`, [
      resourceId,
    ])
  )[0];
}

/** The newest version of any status, for the next version number and the plant of a new draft. */
export async function findLatest(db: Sql, resourceId: string): Promise<EngineDbRow | undefined> {
  return (
    await db.query<EngineDbRow>(
      `${SELECT} WHERE lower(c.resource_id) = lower($1) ORDER BY c.version DESC LIMIT 1`,
      [resourceId],
    )
  )[0];
}

/**
 * Serialises the writers of one resource's engines until the transaction ends (drafting and publishing
 * read, then write), so two editors never both create a draft or both publish.
 */
export async function lockResource(db: Sql, resourceId: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('costing_engines:' || lower($1)))`, [resourceId]);
}

export async function insertEngine(
  db: Sql,
  e: {
    resourceId: string;
    plantId: number | null;
    name: string;
    version: number;
    status: EngineStatus;
    notes: string;
    steps: readonly EngineStep[];
    createdBy: number | null;
    published: boolean;
  },
): Promise<number> {
  const rows = await db.query<{ costing_engine_id: number }>(
    `INSERT INTO costing_engines
       (resource_id, plant_id, name, version, status, notes, steps, created_by, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, CASE WHEN $9::boolean THEN now() END)
     RETURNING costing_engine_id`,
    [
      e.resourceId,
      e.plantId,
      e.name,
      e.version,
      e.status,
      e.notes,
      JSON.stringify(e.steps),
      e.createdBy,
      e.published,
    ],
  );
  return rows[0]!.costing_engine_id;
}

/** Name or Notes of a draft; the column comes from this fixed table, never from request text. */
const fieldColumns = { Name: 'name', Notes: 'notes' } as const;

export async function updateDraftField(
  db: Sql,
  id: number,
  field: keyof typeof fieldColumns,
  value: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE costing_engines SET ${fieldColumns[field]} = $2
      WHERE costing_engine_id = $1 AND status = 'draft' RETURNING costing_engine_id`,
    [id, value],
  );
  return rows.length > 0;
}

export async function updateDraftSteps(db: Sql, id: number, steps: readonly EngineStep[]): Promise<boolean> {
  const rows = await db.query(
    `UPDATE costing_engines SET steps = $2::jsonb
      WHERE costing_engine_id = $1 AND status = 'draft' RETURNING costing_engine_id`,
    [id, JSON.stringify(steps)],
  );
  return rows.length > 0;
}

/** Retires the resource's published version; answers the id it retired, if any. */
export async function retirePublished(db: Sql, resourceId: string): Promise<number | null> {
  const rows = await db.query<{ costing_engine_id: number }>(
    `UPDATE costing_engines SET status = 'retired'
      WHERE lower(resource_id) = lower($1) AND status = 'published' RETURNING costing_engine_id`,
    [resourceId],
  );
  return rows[0]?.costing_engine_id ?? null;
}

export async function publishDraft(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE costing_engines SET status = 'published', published_at = now()
      WHERE costing_engine_id = $1 AND status = 'draft' RETURNING costing_engine_id`,
    [id],
  );
  return rows.length > 0;
}

export async function deleteDraft(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM costing_engines WHERE costing_engine_id = $1 AND status = 'draft' RETURNING costing_engine_id`,
    [id],
  );
  return rows.length > 0;
}
