import { z } from 'zod';
import { defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Count, Id, Num, Text } from '../contract/fields';
import type { PermissionFlag } from '../platform/permissions';
import {
  Algorithm,
  AlgorithmGroup,
  AlgorithmQuestion,
  AlgorithmRunSchema,
  formulaField,
  InputName,
  RateLookup,
  resultNames,
} from './algorithm';

/**
 * The rate algorithms' maintenance calls (issue 5, item 5): beyond the specification, which shows only
 * `algorithm/RunOperationAlgorithm` (declared by the production-plan area). README, "Calls we added".
 * Access: editAlgorithms (groups, algorithms, testing, analysis), editAlgorithmRates (rate tables),
 * editPbProperties (part-based properties). Reading a rate table or a part's properties is open to an
 * algorithm editor too, whose formulas read them.
 */

const editors = ['editAlgorithms'] as const satisfies readonly PermissionFlag[];
const rateEditors = ['editAlgorithmRates'] as const satisfies readonly PermissionFlag[];
const propertyEditors = ['editPbProperties'] as const satisfies readonly PermissionFlag[];

/** A resource (machine) id such as LV-RF01: letters, digits and -, stored in capitals. */
export const ResourceIdField = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { message: 'must use only letters, digits and -' })
  .transform((v) => v.toUpperCase());

export const PartNumField = Text(60).trim().min(1);
export const RateTableName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    message: 'must start with a letter and use only letters, digits and _',
  });

export const GetAlgorithmGroups = defineCall({
  method: 'GET',
  path: 'algorithm/GetAlgorithmGroups',
  summary: 'Every algorithm group with its resources and how many algorithms it has, by name.',
  access: { anyOf: editors },
  payload: z.object({}),
  result: z.array(AlgorithmGroup.extend({ AlgorithmCount: z.number().int(), ActiveCount: z.number().int() })),
});

export const SaveAlgorithmGroup = defineCall({
  method: 'POST',
  path: 'algorithm/SaveAlgorithmGroup',
  summary: 'Add (no AlgorithmGroupID) or change a group; a resource belongs to at most one group.',
  access: { anyOf: editors },
  payload: z.object({
    AlgorithmGroupID: Id.nullable().optional(),
    Name: Text(100).trim().min(1),
    Description: Text(500).trim().default(''),
    Process: Text(60).trim().min(1),
    ResourceIDs: z.array(ResourceIdField).max(100),
  }),
  result: AlgorithmGroup,
});

export const DeleteAlgorithmGroup = defineCall({
  method: 'POST',
  path: 'algorithm/DeleteAlgorithmGroup',
  summary: 'Delete a group that has no algorithms left.',
  access: { anyOf: editors },
  payload: z.object({ AlgorithmGroupID: Id }),
  result: z.null(),
});

export const GetAlgorithms = defineCall({
  method: 'GET',
  path: 'algorithm/GetAlgorithms',
  summary: "A group's algorithms in the order they are tried (Priority, then AlgorithmID).",
  access: { anyOf: editors },
  payload: z.object({ AlgorithmGroupID: Id }),
  result: z.object({ Group: AlgorithmGroup, Algorithms: z.array(Algorithm) }),
});

export const GetAlgorithm = defineCall({
  method: 'GET',
  path: 'algorithm/GetAlgorithm',
  summary: 'One algorithm with its formulas, questions and rate lookups.',
  access: { anyOf: editors },
  payload: z.object({ AlgorithmID: Id }),
  result: Algorithm,
});

export const AddAlgorithm = defineCall({
  method: 'POST',
  path: 'algorithm/AddAlgorithm',
  summary: 'Add an algorithm to a group, inactive and last by priority, so it rates nothing until finished.',
  access: { anyOf: editors },
  payload: z.object({ AlgorithmGroupID: Id, Name: Text(100).trim().min(1).optional() }),
  result: Algorithm,
});

const formulaFields = Object.fromEntries(resultNames.map((n) => [n, formulaField(n)])) as Record<
  (typeof resultNames)[number],
  ReturnType<typeof formulaField>
>;

/** The fields UpdateAlgorithm may change, each with its type; formulas must parse. */
export const algorithmFields = {
  Name: Text(100).trim().min(1),
  Priority: z.number().int().min(0).max(100000),
  Active: z.boolean(),
  AppliesWhen: formulaField('AppliesWhen'),
  ...formulaFields,
  Questions: z
    .array(AlgorithmQuestion)
    .max(20)
    .superRefine((qs, ctx) => {
      const keys = qs.map((q) => q.Key);
      const twice = keys.find((k, i) => keys.indexOf(k) !== i);
      if (twice) ctx.addIssue({ code: 'custom', message: `Two questions have the key ${twice}` });
    }),
  RateLookups: z
    .array(RateLookup)
    .max(20)
    .superRefine((rs, ctx) => {
      const names = rs.map((r) => r.Name);
      const twice = names.find((k, i) => names.indexOf(k) !== i);
      if (twice) ctx.addIssue({ code: 'custom', message: `Two rate lookups have the name ${twice}` });
    }),
};
export type AlgorithmField = keyof typeof algorithmFields;

export const UpdateAlgorithm = defineCall({
  method: 'POST',
  path: 'algorithm/UpdateAlgorithm',
  summary: 'Change one field of an algorithm ({AlgorithmID, FieldName, Value}); formulas must parse.',
  access: { anyOf: editors },
  payload: fieldUpdate('an algorithm', 'AlgorithmID', Id, algorithmFields),
  result: Algorithm,
});

export const DeleteAlgorithm = defineCall({
  method: 'POST',
  path: 'algorithm/DeleteAlgorithm',
  summary: 'Delete one algorithm.',
  access: { anyOf: editors },
  payload: z.object({ AlgorithmID: Id }),
  result: z.null(),
});

export const PbProperty = z.object({ PartNum: z.string(), Property: z.string(), Value: z.string() });
export type PbProperty = z.infer<typeof PbProperty>;

export const GetPbProperties = defineCall({
  method: 'GET',
  path: 'algorithm/GetPbProperties',
  summary: "Part-based properties (all, or one part's), by part number and property.",
  access: { anyOf: [...propertyEditors, ...editors] },
  payload: z.object({ PartNum: Text(60).trim().optional() }),
  result: z.array(PbProperty),
});

export const SavePbProperty = defineCall({
  method: 'POST',
  path: 'algorithm/SavePbProperty',
  summary: "Set one part's property (added or changed); formulas read it under the property's name.",
  access: { anyOf: propertyEditors },
  payload: z.object({
    PartNum: PartNumField,
    Property: InputName,
    Value: Text(100).trim().min(1),
  }),
  result: PbProperty,
});

export const DeletePbProperty = defineCall({
  method: 'POST',
  path: 'algorithm/DeletePbProperty',
  summary: "Remove one part's property.",
  access: { anyOf: propertyEditors },
  payload: z.object({ PartNum: PartNumField, Property: Text(60).trim().min(1) }),
  result: z.null(),
});

export const RateRow = z.object({ RateTable: z.string(), Key: z.string(), Value: z.number() });
export type RateRow = z.infer<typeof RateRow>;

export const GetRateTables = defineCall({
  method: 'GET',
  path: 'algorithm/GetRateTables',
  summary: 'Every rate of every rate table, by table and key.',
  access: { anyOf: [...rateEditors, ...editors] },
  payload: z.object({}),
  result: z.array(RateRow),
});

export const SaveRate = defineCall({
  method: 'POST',
  path: 'algorithm/SaveRate',
  summary: 'Set one rate (a new table is made by its first rate).',
  access: { anyOf: rateEditors },
  payload: z.object({
    RateTable: RateTableName,
    Key: Text(60).trim().min(1),
    Value: z.number().min(0).max(1_000_000),
  }),
  result: RateRow,
});

export const DeleteRate = defineCall({
  method: 'POST',
  path: 'algorithm/DeleteRate',
  summary: 'Remove one rate.',
  access: { anyOf: rateEditors },
  payload: z.object({ RateTable: Text(60).trim().min(1), Key: Text(60).trim().min(1) }),
  result: z.null(),
});

const InputValue = z.union([Text(200), Num(-1_000_000_000, 1_000_000_000), z.boolean(), z.null()]);
export const AnswerValue = z.union([Text(200), Num(-1_000_000_000, 1_000_000_000), z.boolean()]);

export const TestAlgorithm = defineCall({
  method: 'POST',
  path: 'algorithm/TestAlgorithm',
  summary:
    'Run one algorithm (even inactive) or a whole group on inputs a person types, with answers to its questions; writes nothing.',
  access: { anyOf: editors },
  payload: z
    .object({
      AlgorithmID: Id.nullable().optional(),
      AlgorithmGroupID: Id.nullable().optional(),
      Inputs: z.record(Text(60), InputValue),
      Answers: z.record(Text(60), AnswerValue).default({}),
    })
    .refine((p) => p.AlgorithmID != null || p.AlgorithmGroupID != null, {
      message: 'Say which algorithm (AlgorithmID) or group (AlgorithmGroupID) to test',
      path: ['AlgorithmID'],
    }),
  result: AlgorithmRunSchema,
});

export const analysisOutcomes = ['rate', 'question', 'failed'] as const;

export const AnalysisRow = z.object({
  PartNum: z.string(),
  Description: z.string(),
  PartClass: z.string(),
  Material: z.string(),
  Gauge: z.number().nullable(),
  Outcome: z.enum(analysisOutcomes),
  AlgorithmID: z.number().int().nullable(),
  AlgorithmName: z.string().nullable(),
  FeetPerMinute: z.number(),
  MinutesPerPiece: z.number(),
  MinutesPerBundle: z.number(),
  SetupMinutes: z.number(),
  /** The question asked, or why it failed; empty for a rate. */
  Message: z.string(),
});
export type AnalysisRow = z.infer<typeof AnalysisRow>;

/**
 * How an operation on one of a group's machines gets its rate (spec 001 §3 Algorithm* fields), first
 * match: `overridden` (AlgorithmOverride: a planner chose another rate), `algorithm`
 * (AlgorithmDerivedRate: the algorithm's rate is in force), `neverRun` (no stored run: the seed, or a
 * plan made before the machine had an algorithm), `question` (the stored run posed a question nobody
 * answered yet), `failed` (the stored run gave no rate).
 */
export const operationOutcomes = ['algorithm', 'overridden', 'question', 'failed', 'neverRun'] as const;
export type OperationOutcome = (typeof operationOutcomes)[number];

export const OperationOutcomeCounts = z.object({
  Total: z.number().int(),
  Algorithm: z.number().int(),
  Overridden: z.number().int(),
  Question: z.number().int(),
  Failed: z.number().int(),
  NeverRun: z.number().int(),
});
export type OperationOutcomeCounts = z.infer<typeof OperationOutcomeCounts>;

/** One production-plan operation on a machine of the group. */
export const OperationAnalysisRow = z.object({
  ProductionPlanOperationID: z.number().int(),
  JobNumber: z.string(),
  Sequence: z.number().int(),
  ResourceID: z.string(),
  /** The part the operation works on: its BOM line's part, or the job's part at the top level. */
  PartNum: z.string(),
  Outcome: z.enum(operationOutcomes),
  /** The minutes per piece in force on the operation (whatever its source). */
  MinutesPerPiece: z.number(),
  /** The stored run's minutes per piece, when it gave a rate. */
  AlgorithmMinutesPerPiece: z.number().nullable(),
  AlgorithmOverrideBy: z.string().nullable(),
  /** The question posed, or why the stored run gave no rate; empty otherwise. */
  Message: z.string(),
});
export type OperationAnalysisRow = z.infer<typeof OperationAnalysisRow>;

export const GetAlgorithmAnalysis = defineCall({
  method: 'GET',
  path: 'algorithm/GetAlgorithmAnalysis',
  summary:
    "How the production-plan operations on a group's machines are rated (algorithm, overridden, question posed, no rate, never run), with one page of them; or (Source 'sample') the group run over the demo parts.",
  access: { anyOf: editors },
  payload: z.object({
    AlgorithmGroupID: Id,
    /** 'operations' (default): the plans' operations; 'sample': the group over the demo parts. */
    Source: z.enum(['operations', 'sample']).default('operations'),
    /** Only the rows (not the counts) of one outcome. */
    Outcome: z.enum(operationOutcomes).optional(),
    Skip: Count().default(0),
    Take: z.number().int().min(1).max(500).default(50),
  }),
  result: z.discriminatedUnion('Source', [
    z.object({
      Source: z.literal('operations'),
      Group: AlgorithmGroup,
      /** Every operation (not invalidated) on the group's machines. */
      Counts: OperationOutcomeCounts,
      ByResource: z.array(OperationOutcomeCounts.extend({ ResourceID: z.string() })),
      /** Who overrode the algorithm's rate, most first. */
      OverriddenBy: z.array(z.object({ Name: z.string(), Count: z.number().int() })),
      /** How many rows match the Outcome filter (all when none), and one page of them by job and sequence. */
      Total: z.number().int(),
      Rows: z.array(OperationAnalysisRow),
    }),
    z.object({
      Source: z.literal('sample'),
      Group: AlgorithmGroup,
      /** The machine the sample operations are put on: the group's first. */
      ResourceID: z.string().nullable(),
      Rows: z.array(AnalysisRow),
      Counts: z.object({ Rate: z.number().int(), Question: z.number().int(), Failed: z.number().int() }),
    }),
  ]),
});
export type AlgorithmAnalysis = z.infer<typeof GetAlgorithmAnalysis.result>;

export const algorithmCalls = [
  GetAlgorithmGroups,
  SaveAlgorithmGroup,
  DeleteAlgorithmGroup,
  GetAlgorithms,
  GetAlgorithm,
  AddAlgorithm,
  UpdateAlgorithm,
  DeleteAlgorithm,
  GetPbProperties,
  SavePbProperty,
  DeletePbProperty,
  GetRateTables,
  SaveRate,
  DeleteRate,
  TestAlgorithm,
  GetAlgorithmAnalysis,
] as const;

/** The live topic of every algorithm, group, rate and PB property change. */
export const ALGORITHMS_TOPIC = 'algorithms';
