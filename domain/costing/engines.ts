import { z } from 'zod';
import { defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Id, Num, PlantID, Text } from '../contract/fields';
import type { PermissionFlag } from '../platform/permissions';
import { ResourceID } from '../production-plan/entities';
import { checkSteps } from './engine';

/**
 * The costing engines' maintenance and testing calls (issue 5, item 4; beyond the specification, see
 * README "Calls we added"). costing/RunOperationEngine itself is the production plan's call
 * (domain/production-plan/calls.ts).
 *
 * An engine is a versioned rule set of one resource. Only a draft is ever changed; publishing a draft
 * makes it the resource's active engine and retires the version that was active.
 */

// costingManagementAccess opens every /costing screen (route table), so it may read the engines too.
export const engineViewFlags = [
  'viewCostingEngines',
  'editCostingEngines',
  'costingManagementAccess',
] as const satisfies readonly PermissionFlag[];
export const engineEditFlags = ['editCostingEngines'] as const satisfies readonly PermissionFlag[];

export const engineStatuses = ['draft', 'published', 'retired'] as const;
export type EngineStatus = (typeof engineStatuses)[number];

/** Most steps an engine may have: a rule set people read, not a program. */
export const MAX_STEPS = 100;
export const MAX_FORMULA = 1000;

export const EngineStep = z.object({
  StepID: Text(40).trim().min(1),
  Kind: z.enum(['set', 'stop']),
  Name: Text(60).trim().default(''),
  Formula: Text(MAX_FORMULA).trim().default(''),
  Condition: Text(MAX_FORMULA).trim().default(''),
  Message: Text(500).trim().default(''),
});
export type EngineStep = z.infer<typeof EngineStep>;

/** One engine version as every screen and the live topic show it. */
export const CostingEngine = z.object({
  CostingEngineID: z.number().int(),
  ResourceID: z.string(),
  PlantID: z.number().int().nullable(),
  Name: z.string(),
  Version: z.number().int(),
  Status: z.enum(engineStatuses),
  Notes: z.string(),
  CreatedBy: z.number().int().nullable(),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
  PublishedAt: z.string().nullable(),
  Steps: z.array(EngineStep),
});
export type CostingEngine = z.infer<typeof CostingEngine>;

/** A list row: the engine without its steps. */
export const CostingEngineRow = CostingEngine.omit({ Steps: true }).extend({ StepCount: z.number().int() });
export type CostingEngineRow = z.infer<typeof CostingEngineRow>;

const EngineId = Id;

export const GetEngines = defineCall({
  method: 'GET',
  path: 'costing/GetEngines',
  summary: 'Every engine version, by resource then newest version first; optionally one resource or plant.',
  access: { anyOf: engineViewFlags },
  payload: z.object({
    ResourceID: Text(20).trim().optional(),
    PlantID: PlantID.optional(),
  }),
  result: z.array(CostingEngineRow),
});

export const GetEngine = defineCall({
  method: 'GET',
  path: 'costing/GetEngine',
  summary: 'One engine version with its steps.',
  access: { anyOf: engineViewFlags },
  payload: z.object({ CostingEngineID: EngineId }),
  result: CostingEngine,
});

export const CreateEngineDraft = defineCall({
  method: 'POST',
  path: 'costing/CreateEngineDraft',
  summary:
    "A new draft version of a resource's engine: a copy of the active version, or empty when there is none. Refused when the resource has a draft already.",
  access: { allOf: engineEditFlags },
  payload: z.object({ ResourceID, PlantID: PlantID.nullable().optional() }),
  result: CostingEngine,
});

export const UpdateEngine = defineCall({
  method: 'POST',
  path: 'costing/UpdateEngine',
  summary: "Change a draft's Name or Notes ({CostingEngineID, FieldName, Value}).",
  access: { allOf: engineEditFlags },
  payload: fieldUpdate('a costing engine', 'CostingEngineID', EngineId, {
    Name: Text(100).trim().min(1, 'Name must not be empty'),
    Notes: Text(2000).trim(),
  }),
  result: CostingEngine,
});

export const EngineSteps = z
  .array(EngineStep)
  .max(MAX_STEPS, `An engine may have at most ${MAX_STEPS} steps`)
  .superRefine((steps, ctx) => {
    const ids = new Set<string>();
    for (const s of steps) {
      if (ids.has(s.StepID))
        ctx.addIssue({ code: 'custom', message: `Two steps have the StepID ${s.StepID}` });
      ids.add(s.StepID);
    }
    for (const problem of checkSteps(steps)) ctx.addIssue({ code: 'custom', message: problem });
  });

export const SaveEngineSteps = defineCall({
  method: 'POST',
  path: 'costing/SaveEngineSteps',
  summary:
    "Replace a draft's steps. Every formula and condition is compiled; one that does not parse is refused, naming the step.",
  access: { allOf: engineEditFlags },
  payload: z.object({ CostingEngineID: EngineId, Steps: EngineSteps }),
  result: CostingEngine,
});

export const PublishEngine = defineCall({
  method: 'POST',
  path: 'costing/PublishEngine',
  summary:
    "Publish a draft: it becomes the resource's active engine and the version active before is retired.",
  access: { allOf: engineEditFlags },
  payload: z.object({ CostingEngineID: EngineId }),
  result: CostingEngine,
});

export const DeleteEngineDraft = defineCall({
  method: 'POST',
  path: 'costing/DeleteEngineDraft',
  summary: 'Delete a draft (published and retired versions are kept).',
  access: { allOf: engineEditFlags },
  payload: z.object({ CostingEngineID: EngineId }),
  result: z.null(),
});

/**
 * The inputs of a test run: the names of OperationInputs (domain/production-plan/inputs.ts); null means
 * the operation does not have the value.
 */
/** A quantity or dimension of a test run: bounded so no run computes with 1e308. */
const Measure = Num(-1_000_000_000, 1_000_000_000);

export const EngineTestInputs = z.object({
  Quantity: Measure,
  PlanQuantity: Measure,
  BundleSize: Measure,
  Bundles: Measure,
  WorkerCount: Measure,
  CutLength: Measure.nullable(),
  Weight: Measure.nullable(),
  Gauge: Measure.nullable(),
  Holes: Measure.nullable(),
  Welds: Measure.nullable(),
  Width: Measure.nullable(),
  Length: Measure.nullable(),
  PartNum: Text(100),
  PartClass: Text(100),
  Material: Text(100),
  Painted: z.boolean(),
  ResourceID: Text(20).nullable(),
  RateType: Text(40),
  ActionPaint: z.boolean(),
  ActionSetup: z.boolean(),
  ActionWeld: z.boolean(),
  ActionPunch: z.boolean(),
  ActionCut: z.boolean(),
  ActionRollForm: z.boolean(),
  ActionSlit: z.boolean(),
  ActionAssemble: z.boolean(),
  ActionPack: z.boolean(),
});

export const EngineLogEntry = z.object({
  Step: z.number().int(),
  Name: z.string(),
  Outcome: z.enum(['set', 'skipped', 'stop', 'error', 'result']),
  Formula: z.string(),
  WithValues: z.string(),
  Value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  Text: z.string(),
});

export const EngineRunResult = z.object({
  results: z.object({
    stopMessage: z.string().nullable(),
    productionMinutes: z.number().nullable(),
    setupMinutes: z.number().nullable(),
  }),
  log: z.string(),
  htmlLog: z.string(),
});

export const TestEngine = defineCall({
  method: 'POST',
  path: 'costing/TestEngine',
  summary:
    'Run any engine version against given inputs: results, log, HTML log and the log as structured entries. Changes nothing.',
  access: { anyOf: engineViewFlags },
  payload: z.object({ CostingEngineID: EngineId, Inputs: EngineTestInputs }),
  result: EngineRunResult.extend({
    CostingEngineID: z.number().int(),
    Version: z.number().int(),
    Entries: z.array(EngineLogEntry),
  }),
});

export const costingEngineCalls = [
  GetEngines,
  GetEngine,
  CreateEngineDraft,
  UpdateEngine,
  SaveEngineSteps,
  PublishEngine,
  DeleteEngineDraft,
  TestEngine,
] as const;

/** A believable operation to test with: 120 pieces of a 14-gauge step beam, bundles of 20. */
export const sampleEngineInputs: z.infer<typeof EngineTestInputs> = {
  Quantity: 120,
  PlanQuantity: 120,
  BundleSize: 20,
  Bundles: 6,
  WorkerCount: 1,
  CutLength: 96,
  Weight: 18.5,
  Gauge: 14,
  Holes: 24,
  Welds: 4,
  Width: 4,
  Length: 96,
  PartNum: 'SB-0960-14',
  PartClass: 'BEAM',
  Material: 'HR-14GA',
  Painted: true,
  ResourceID: 'LV-CUT01',
  RateType: 'Production',
  ActionPaint: false,
  ActionSetup: true,
  ActionWeld: false,
  ActionPunch: false,
  ActionCut: true,
  ActionRollForm: false,
  ActionSlit: false,
  ActionAssemble: false,
  ActionPack: false,
};
