import { type EngineLogEntry, type EngineRun, runEngineDetailed } from '../../../domain/costing/engine';
import {
  type CostingEngine,
  type CostingEngineRow,
  type EngineStep,
  EngineSteps,
} from '../../../domain/costing/engines';
import type { PendingChange } from '../../../domain/live/changes';
import { topicOf } from '../../../domain/live/topics';
import { plants } from '../../../domain/platform/plants';
import type { OperationInputs } from '../../../domain/production-plan/inputs';
import type { Sql } from '../../db/database';
import { invalid } from '../../rpc/errors';
import * as repo from './costing.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Steps stored as jsonb come back as objects (pg, PGlite); parsed again so old rows get today's defaults. */
function stepsOf(row: repo.EngineDbRow): EngineStep[] {
  const raw = typeof row.steps === 'string' ? (JSON.parse(row.steps) as unknown) : row.steps;
  const parsed = EngineSteps.safeParse(raw);
  // A stored step that no longer passes today's checks is still shown (and then refused on save).
  return parsed.success ? parsed.data : (raw as EngineStep[]);
}

/** A database row as the contract shape every screen and the live topic show. */
export function toEngine(row: repo.EngineDbRow): CostingEngine {
  return {
    CostingEngineID: row.costing_engine_id,
    ResourceID: row.resource_id,
    PlantID: row.plant_id,
    Name: row.name,
    Version: row.version,
    Status: row.status,
    Notes: row.notes,
    CreatedBy: row.created_by,
    CreatedByName: row.created_by_name,
    CreatedAt: iso(row.created_at),
    PublishedAt: row.published_at === null ? null : iso(row.published_at),
    Steps: stepsOf(row),
  };
}

export function toRow(row: repo.EngineDbRow): CostingEngineRow {
  const { Steps, ...rest } = toEngine(row);
  return { ...rest, StepCount: Steps.length };
}

/** The live change of one engine version (topic `costing:engines`): the document, or null when deleted. */
export const engineChange = (id: number, doc: CostingEngine | null): PendingChange => ({
  topic: topicOf.costingEngines(),
  collection: 'costingEngines',
  id: String(id),
  doc,
});

const describe = (row: repo.EngineDbRow) => `The ${row.resource_id} engine version ${row.version}`;

async function existing(db: Sql, id: number): Promise<repo.EngineDbRow> {
  const row = await repo.findEngine(db, id);
  if (!row) {
    throw invalid(
      `Costing engine ${id} does not exist; it may have been deleted by someone else. Reload the list.`,
    );
  }
  return row;
}

/** The engine, when it is a draft; a published or retired version is never changed in place. */
async function draft(db: Sql, id: number): Promise<repo.EngineDbRow> {
  const row = await existing(db, id);
  if (row.status !== 'draft') {
    throw invalid(
      `${describe(row)} is ${row.status}, and ${row.status} versions are never changed. Create a draft to change the engine.`,
    );
  }
  return row;
}

/**
 * The draft, read again after taking the resource's lock, so a publish or save by another editor that
 * committed meanwhile is seen (a published version is then refused, not changed).
 */
async function lockedDraft(db: Sql, id: number): Promise<repo.EngineDbRow> {
  const first = await existing(db, id);
  await repo.lockResource(db, first.resource_id);
  return draft(db, id);
}

/** The plant a resource belongs to, from its plant's short name ("LV-CUT01" → Long Valley). */
export function plantOfResource(resourceId: string): number | null {
  const prefix = resourceId.split('-')[0]?.toUpperCase();
  return plants.find((p) => p.ShortName.toUpperCase() === prefix)?.PlantID ?? null;
}

export const listEngines = async (db: Sql, resourceId: string | null, plantId: number | null) =>
  (await repo.listEngines(db, { resourceId, plantId })).map(toRow);

export const getEngine = async (db: Sql, id: number) => toEngine(await existing(db, id));

/**
 * A new draft of a resource's engine: a copy of the active (published) version, or of the newest one,
 * or an empty engine. Refused when the resource has a draft already (edit that one).
 */
export async function createDraft(
  db: Sql,
  resourceId: string,
  plantId: number | null,
  employeeId: number,
): Promise<CostingEngine> {
  await repo.lockResource(db, resourceId);
  const open = await repo.findDraft(db, resourceId);
  if (open) {
    throw invalid(
      `${open.resource_id} already has a draft (version ${open.version}); change that draft, or delete it first.`,
    );
  }
  const latest = await repo.findLatest(db, resourceId);
  const source = (await repo.findPublished(db, resourceId)) ?? latest;
  const id = await repo.insertEngine(db, {
    resourceId: latest?.resource_id ?? resourceId,
    plantId: latest?.plant_id ?? plantId ?? plantOfResource(resourceId),
    name: source?.name ?? `${resourceId} engine`,
    version: (latest?.version ?? 0) + 1,
    status: 'draft',
    notes: source ? `Copied from version ${source.version}.` : '',
    steps: source ? stepsOf(source) : [],
    createdBy: employeeId,
    published: false,
  });
  return toEngine((await repo.findEngine(db, id))!);
}

export async function updateField(
  db: Sql,
  id: number,
  field: 'Name' | 'Notes',
  value: string,
): Promise<CostingEngine> {
  const row = await lockedDraft(db, id);
  await repo.updateDraftField(db, row.costing_engine_id, field, value);
  return toEngine((await repo.findEngine(db, id))!);
}

export async function saveSteps(db: Sql, id: number, steps: readonly EngineStep[]): Promise<CostingEngine> {
  const row = await lockedDraft(db, id);
  await repo.updateDraftSteps(db, row.costing_engine_id, steps);
  return toEngine((await repo.findEngine(db, id))!);
}

/**
 * Publishes a draft: the version active before is retired, the draft becomes the resource's engine.
 * Answers the published engine and the retired one (for the live topic).
 */
export async function publish(
  db: Sql,
  id: number,
): Promise<{ published: CostingEngine; retired: CostingEngine | null }> {
  const row = await lockedDraft(db, id);
  const engine = toEngine(row);
  const problems = EngineSteps.safeParse(engine.Steps);
  if (!problems.success) {
    throw invalid(`${describe(row)} cannot be published: ${problems.error.issues[0]?.message}`);
  }
  if (!engine.Steps.some((s) => s.Kind === 'set' && s.Name === 'ProductionMinutes')) {
    throw invalid(`${describe(row)} cannot be published: no step sets ProductionMinutes.`);
  }
  const retiredId = await repo.retirePublished(db, row.resource_id);
  await repo.publishDraft(db, id);
  return {
    published: toEngine((await repo.findEngine(db, id))!),
    retired: retiredId === null ? null : toEngine((await repo.findEngine(db, retiredId))!),
  };
}

export async function deleteDraft(db: Sql, id: number): Promise<void> {
  const row = await lockedDraft(db, id);
  await repo.deleteDraft(db, row.costing_engine_id);
}

/** Runs any version against given inputs (the Engine Testing screen). */
export async function testEngine(
  db: Sql,
  id: number,
  inputs: OperationInputs,
): Promise<EngineRun & { CostingEngineID: number; Version: number; Entries: EngineLogEntry[] }> {
  const engine = toEngine(await existing(db, id));
  const { results, log, htmlLog, entries } = runEngineDetailed(engine, inputs);
  return {
    results,
    log,
    htmlLog,
    CostingEngineID: engine.CostingEngineID,
    Version: engine.Version,
    Entries: entries,
  };
}

/**
 * Runs a resource's active engine (its published version) for an operation: what the production
 * plan's costing/RunOperationEngine answers. Null when the resource has no published engine.
 */
export async function runEngineForResource(
  db: Sql,
  resourceId: string,
  inputs: OperationInputs,
): Promise<(EngineRun & { CostingEngineID: number; Version: number }) | null> {
  const row = await repo.findPublished(db, resourceId);
  if (!row) return null;
  const { results, log, htmlLog } = runEngineDetailed({ Steps: stepsOf(row) }, inputs);
  return { results, log, htmlLog, CostingEngineID: row.costing_engine_id, Version: row.version };
}
