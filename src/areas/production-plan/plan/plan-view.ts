import type {
  Backflush,
  BomLine,
  Machine,
  Operation,
  PlanHeader,
  ProductionPlanState,
} from '../../../../domain/production-plan/entities';
import { type PlanPartKind, planPartId } from '../../../../domain/production-plan/live';
import {
  applyActionFlag,
  changeResource,
  chooseRatePatch,
  computeFigures,
  isActionFlag,
  manualRateFields,
  type OperationPatch,
  operationsToRecalculateOnBundleSize,
  readyForReviewPatch,
  reviewedPatch,
} from '../../../../domain/production-plan/rules';

/**
 * What the plan screen shows, from four sources (pure, unit tested):
 *
 * 1. the `LoadProductionPlan2` answer (the first render),
 * 2. the `planParts` collection, fed by topic `plan:{JobNumber}` (every change of every planner),
 * 3. the answers of the calls the screen makes directly (add an operation, run the engine ...),
 * 4. this tab's edits still in the post queue, with the same rules the server applies.
 *
 * Between copies of one part the higher RowVersion wins; a part deleted in the collection (or by a
 * delete answer) disappears. Pending edits go on top, so an echo from the hub, older than the edit,
 * can never overwrite it (spec: "a planner's own pending edits are never overwritten by an older
 * echo"). After the server confirmed an edit, it stays on top until the part's RowVersion moves past
 * the one the edit was made on (the echo of the edit has arrived), or {@link CONFIRMED_HOLD_MS} passed.
 */

/** One part of a plan as the topic carries it: `{Kind}:{ID}`, RowVersion, the entity. */
export interface PlanPart {
  id: string;
  Kind: PlanPartKind;
  JobNumber: string;
  RowVersion: number;
  Data: Record<string, unknown>;
}

/** How long a confirmed edit stays on top while its echo has not arrived. */
export const CONFIRMED_HOLD_MS = 5000;

export type PlanOperation = Operation;

export interface PlanView {
  header: PlanHeader;
  bom: BomLine[];
  /** Sorted: top level first, then by BOM line sequence, each by Sequence. */
  operations: PlanOperation[];
}

/** The parts of a `LoadProductionPlan2` answer, as the topic would carry them. */
export function partsOfState(state: Pick<ProductionPlanState, 'Plan'>): PlanPart[] {
  const { BOM, Operations, ...header } = state.Plan;
  const job = header.JobNumber;
  return [
    {
      id: planPartId('plan', header.ProductionPlanID),
      Kind: 'plan',
      JobNumber: job,
      RowVersion: header.RowVersion,
      Data: header,
    },
    ...BOM.map(
      (b): PlanPart => ({
        id: planPartId('bom', b.ProductionPlanBOMID),
        Kind: 'bom',
        JobNumber: job,
        RowVersion: b.RowVersion,
        Data: b,
      }),
    ),
    ...Operations.map((o) => operationPart(o)),
  ];
}

export function operationPart(o: Operation): PlanPart {
  return {
    id: planPartId('operation', o.ProductionPlanOperationID),
    Kind: 'operation',
    JobNumber: o.JobNumber,
    RowVersion: o.RowVersion,
    Data: o,
  };
}

export function headerPart(h: PlanHeader): PlanPart {
  return {
    id: planPartId('plan', h.ProductionPlanID),
    Kind: 'plan',
    JobNumber: h.JobNumber,
    RowVersion: h.RowVersion,
    Data: h,
  };
}

export interface MergeInput {
  /** The load answer's parts. */
  loaded: readonly PlanPart[];
  /** The collection's documents of this plan. */
  collection: readonly PlanPart[];
  /** Parts from the answers of direct calls. */
  answers?: readonly PlanPart[];
  /** Ids deleted since the screen opened (collection deletions, delete answers). */
  deleted?: ReadonlySet<string>;
  /**
   * True once the replication's first pull is in. Before it, the collection may still hold parts a
   * previous visit stored and the server has since deleted: only the parts the load answer names are
   * shown (with the collection's newer copies).
   */
  synced: boolean;
}

/** Every part of the plan, newest copy of each, without the deleted ones. */
export function mergeParts(input: MergeInput): Map<string, PlanPart> {
  const out = new Map<string, PlanPart>();
  const deleted = input.deleted ?? new Set<string>();
  const take = (part: PlanPart, mayAdd: boolean) => {
    if (deleted.has(part.id)) return;
    const have = out.get(part.id);
    if (!have) {
      if (mayAdd) out.set(part.id, part);
    } else if (part.RowVersion > have.RowVersion) out.set(part.id, part);
  };
  for (const p of input.loaded) take(p, true);
  for (const p of input.collection) take(p, input.synced);
  for (const p of input.answers ?? []) take(p, true);
  return out;
}

function levelOrder(bom: readonly BomLine[]) {
  const bySeq = new Map(bom.map((b, i) => [b.ProductionPlanBOMID, i + 1]));
  return (o: Operation) => (o.ProductionPlanBOMID === null ? 0 : (bySeq.get(o.ProductionPlanBOMID) ?? 1e9));
}

export function sortOperations(ops: Operation[], bom: readonly BomLine[]): Operation[] {
  const level = levelOrder(bom);
  return ops.sort(
    (a, b) =>
      level(a) - level(b) ||
      a.Sequence - b.Sequence ||
      a.ProductionPlanOperationID - b.ProductionPlanOperationID,
  );
}

/** The plan from its parts (null until the header is known). */
export function buildPlan(parts: ReadonlyMap<string, PlanPart>): PlanView | null {
  let header: PlanHeader | null = null;
  const bom: BomLine[] = [];
  const ops: Operation[] = [];
  for (const p of parts.values()) {
    if (p.Kind === 'plan') header = p.Data as unknown as PlanHeader;
    else if (p.Kind === 'bom') bom.push(p.Data as unknown as BomLine);
    else ops.push(p.Data as unknown as Operation);
  }
  if (!header) return null;
  const id = header.ProductionPlanID;
  const ownBom = bom
    .filter((b) => b.ProductionPlanID === id)
    .sort((a, b) => a.Sequence - b.Sequence || a.ProductionPlanBOMID - b.ProductionPlanBOMID);
  const ownOps = ops.filter((o) => o.ProductionPlanID === id);
  return { header, bom: ownBom, operations: sortOperations(ownOps, ownBom) };
}

// ---------------------------------------------------------------------------------------------------
// Pending edits

/** The queued calls that change a plan, by lower-case path. */
export const PLAN_EDIT_PATHS = {
  'web/updateproductionoperation': 'operation',
  'web/updateproductionbom': 'bom',
  'web/updateproductionplan': 'plan',
  'web/markplanreviewed': 'plan',
  'web/updateproductionbackflush': 'backflush',
  'web/deleteproductionbackflush': 'backflush',
} as const;

/** A post of the queue as the plan screen reads it (machines/post-queue.machine.ts QueuedPost). */
export interface QueuedEdit {
  postId: string;
  path: string;
  body: Record<string, unknown>;
  enqueuedAt: number;
}

/** An edit the screen keeps on top of the server's state. */
export interface TrackedEdit {
  post: QueuedEdit;
  /** The part it changes (`operation:7`; a backflush edit names its operation once known). */
  target: string | null;
  /** The highest RowVersion of the target seen while the edit was pending. */
  base: number;
  /** When the queue confirmed it (null while pending). */
  confirmedAt: number | null;
}

/** The part a queued edit changes, or null when it is not a plan edit. */
export function editTarget(post: QueuedEdit, plan: PlanView | null): string | null {
  const kind = PLAN_EDIT_PATHS[post.path.toLowerCase() as keyof typeof PLAN_EDIT_PATHS];
  const b = post.body;
  if (kind === 'operation') return planPartId('operation', Number(b.ProductionPlanOperationID));
  if (kind === 'bom') return planPartId('bom', Number(b.ProductionPlanBOMID));
  if (kind === 'plan') return planPartId('plan', Number(b.ProductionPlanID));
  if (kind === 'backflush' && plan) {
    const id = Number(b.ProductionPlanBackflushID);
    const op = plan.operations.find((o) => o.Backflushes.some((f) => f.ProductionPlanBackflushID === id));
    return op ? planPartId('operation', op.ProductionPlanOperationID) : null;
  }
  return null;
}

function versionOf(plan: PlanView | null, target: string | null): number | null {
  if (!plan || !target) return null;
  const [kind, raw] = target.split(':');
  const id = Number(raw);
  if (kind === 'plan') return plan.header.ProductionPlanID === id ? plan.header.RowVersion : null;
  if (kind === 'bom') return plan.bom.find((b) => b.ProductionPlanBOMID === id)?.RowVersion ?? null;
  return plan.operations.find((o) => o.ProductionPlanOperationID === id)?.RowVersion ?? null;
}

/**
 * The edits to keep on top, from the previous ones, the queue's pending posts, the failed ones (a
 * refused edit is not shown) and the plan as the server has it now.
 */
export function trackEdits(
  previous: readonly TrackedEdit[],
  pending: readonly QueuedEdit[],
  failedIds: ReadonlySet<string>,
  plan: PlanView | null,
  now: number,
): TrackedEdit[] {
  const before = new Map(previous.map((e) => [e.post.postId, e]));
  const pendingIds = new Set(pending.map((p) => p.postId));
  const out: TrackedEdit[] = [];
  // Confirmed edits first: they were sent before everything still pending.
  for (const e of previous) {
    if (pendingIds.has(e.post.postId) || failedIds.has(e.post.postId)) continue;
    const confirmedAt = e.confirmedAt ?? now;
    const version = versionOf(plan, e.target);
    if (version === null && e.target && plan) continue; // the part is gone
    if (version !== null && version > e.base) continue; // its echo (or a later change) has arrived
    if (now - confirmedAt >= CONFIRMED_HOLD_MS) continue;
    out.push({ ...e, confirmedAt });
  }
  for (const post of pending) {
    const kind = PLAN_EDIT_PATHS[post.path.toLowerCase() as keyof typeof PLAN_EDIT_PATHS];
    if (!kind) continue;
    const had = before.get(post.postId);
    const target = had?.target ?? editTarget(post, plan);
    const version = versionOf(plan, target) ?? 0;
    out.push({ post, target, base: Math.max(had?.base ?? 0, version), confirmedAt: null });
  }
  return out;
}

export interface OverlayContext {
  machines: readonly Machine[];
  /** The job's part length (inches): the cut length of top-level operations. */
  partLength: number | null;
  /** The current employee's name (override-by, reviewed-by). */
  employeeName: string;
}

export interface Overlaid {
  plan: PlanView;
  /** `{partId}:{FieldName}` of every field with an edit on top (what is saving). */
  pendingFields: Set<string>;
}

const machineOf = (ctx: OverlayContext, resourceId: string | null) =>
  resourceId ? (ctx.machines.find((m) => m.ResourceID === resourceId) ?? null) : null;

function rateOf(ctx: OverlayContext, op: Operation) {
  if (op.MachineRateID === null) return null;
  const m = machineOf(ctx, op.ResourceID);
  return m?.MachineRates.find((r) => r.MachineRateID === op.MachineRateID) ?? null;
}

function cutLengthOf(plan: PlanView, ctx: OverlayContext, op: Operation): number | null {
  if (op.ProductionPlanBOMID === null) return ctx.partLength;
  return plan.bom.find((b) => b.ProductionPlanBOMID === op.ProductionPlanBOMID)?.CutLength ?? null;
}

/** The operation with its figures computed again, as the server does after a rate-related change. */
export function refigured(plan: PlanView, ctx: OverlayContext, op: Operation): Operation {
  return { ...op, ...computeFigures(op, plan.header, cutLengthOf(plan, ctx, op), rateOf(ctx, op)) };
}

/** Fields whose change makes the server compute the figures again. */
const FIGURE_FIELDS = new Set<string>([
  'ResourceID',
  'MachineRateID',
  'WorkerCount',
  'ProductionQuantity',
  'RateType',
  'Rework',
  'AlgorithmOverride',
  'EngineOverride',
  'ActionPaint',
  'ActionSetup',
  ...manualRateFields,
]);

function withOperation(plan: PlanView, id: number, f: (op: Operation) => Operation): PlanView {
  return { ...plan, operations: plan.operations.map((o) => (o.ProductionPlanOperationID === id ? f(o) : o)) };
}

function applyOperationEdit(plan: PlanView, ctx: OverlayContext, body: Record<string, unknown>): PlanView {
  const id = Number(body.ProductionPlanOperationID);
  const field = String(body.FieldName);
  const value = body.Value;
  const op = plan.operations.find((o) => o.ProductionPlanOperationID === id);
  if (!op) return plan;
  let patch: OperationPatch;
  if (isActionFlag(field)) {
    patch = applyActionFlag(op, field, Boolean(value), plan.operations);
  } else if (field === 'ResourceID') {
    const resourceId = (value as string | null) ?? null;
    patch = changeResource(resourceId, machineOf(ctx, resourceId)).patch;
  } else if (field === 'MachineRateID') {
    patch = { ...chooseRatePatch(op, ctx.employeeName, 'machine'), MachineRateID: value as number | null };
  } else if ((manualRateFields as readonly string[]).includes(field)) {
    patch = { ...chooseRatePatch(op, ctx.employeeName, 'manual'), [field]: value };
  } else if (field === 'AlgorithmAnswer') {
    patch = {};
  } else {
    patch = { [field]: value } as OperationPatch;
  }
  const next = withOperation(plan, id, (o) => ({ ...o, ...patch }));
  return FIGURE_FIELDS.has(field) ? withOperation(next, id, (o) => refigured(next, ctx, o)) : next;
}

function applyBomEdit(plan: PlanView, ctx: OverlayContext, body: Record<string, unknown>): PlanView {
  const id = Number(body.ProductionPlanBOMID);
  const field = String(body.FieldName);
  if (!plan.bom.some((b) => b.ProductionPlanBOMID === id)) return plan;
  const next = {
    ...plan,
    bom: plan.bom.map((b) => (b.ProductionPlanBOMID === id ? { ...b, [field]: body.Value } : b)),
  };
  if (field !== 'CutLength') return next;
  // Foot-rated operations on the line are estimated from its cut length.
  return {
    ...next,
    operations: next.operations.map((o) =>
      o.ProductionPlanBOMID === id && o.RateType === 'Foot' ? refigured(next, ctx, o) : o,
    ),
  };
}

function applyPlanEdit(
  plan: PlanView,
  ctx: OverlayContext,
  path: string,
  body: Record<string, unknown>,
  at: number,
): PlanView {
  if (Number(body.ProductionPlanID) !== plan.header.ProductionPlanID) return plan;
  if (path === 'web/markplanreviewed') {
    return { ...plan, header: { ...plan.header, ...reviewedPatch(ctx.employeeName, new Date(at)) } };
  }
  const field = String(body.FieldName);
  const patch: Partial<PlanHeader> =
    field === 'ReadyForReview' ? readyForReviewPatch(Boolean(body.Value)) : { [field]: body.Value };
  const next = { ...plan, header: { ...plan.header, ...patch } };
  if (field !== 'BundleSize') return next;
  const paint = new Set(
    operationsToRecalculateOnBundleSize(next.operations).map((o) => o.ProductionPlanOperationID),
  );
  return {
    ...next,
    operations: next.operations.map((o) =>
      paint.has(o.ProductionPlanOperationID) ? refigured(next, ctx, o) : o,
    ),
  };
}

function applyBackflushEdit(plan: PlanView, path: string, body: Record<string, unknown>): PlanView {
  const id = Number(body.ProductionPlanBackflushID);
  const removal = path === 'web/deleteproductionbackflush';
  if (!removal && body.FieldName !== 'Quantity') return plan;
  const quantity = removal ? 0 : Number(body.Value);
  return {
    ...plan,
    operations: plan.operations.map((o) => {
      if (!o.Backflushes.some((b) => b.ProductionPlanBackflushID === id)) return o;
      const backflushes: Backflush[] =
        quantity === 0
          ? o.Backflushes.filter((b) => b.ProductionPlanBackflushID !== id)
          : o.Backflushes.map((b) => (b.ProductionPlanBackflushID === id ? { ...b, Quantity: quantity } : b));
      return { ...o, Backflushes: backflushes };
    }),
  };
}

/** The field key of a pending edit: `{partId}:{FieldName}` (a backflush: `backflush:{id}:Quantity`). */
export function pendingKey(post: QueuedEdit): string | null {
  const path = post.path.toLowerCase();
  const b = post.body;
  switch (path) {
    case 'web/updateproductionoperation':
      return `${planPartId('operation', Number(b.ProductionPlanOperationID))}:${String(b.FieldName)}`;
    case 'web/updateproductionbom':
      return `${planPartId('bom', Number(b.ProductionPlanBOMID))}:${String(b.FieldName)}`;
    case 'web/updateproductionplan':
      return `${planPartId('plan', Number(b.ProductionPlanID))}:${String(b.FieldName)}`;
    case 'web/markplanreviewed':
      return `${planPartId('plan', Number(b.ProductionPlanID))}:PlanReviewedBy`;
    case 'web/updateproductionbackflush':
      return `backflush:${Number(b.ProductionPlanBackflushID)}:${String(b.FieldName)}`;
    case 'web/deleteproductionbackflush':
      return `backflush:${Number(b.ProductionPlanBackflushID)}:Quantity`;
    default:
      return null;
  }
}

/** The plan with the tracked edits applied in queue order, and the fields that are saving. */
export function overlayEdits(plan: PlanView, edits: readonly TrackedEdit[], ctx: OverlayContext): Overlaid {
  let out = plan;
  const pendingFields = new Set<string>();
  for (const { post, confirmedAt } of edits) {
    const path = post.path.toLowerCase();
    if (path === 'web/updateproductionoperation') out = applyOperationEdit(out, ctx, post.body);
    else if (path === 'web/updateproductionbom') out = applyBomEdit(out, ctx, post.body);
    else if (path === 'web/updateproductionplan' || path === 'web/markplanreviewed') {
      out = applyPlanEdit(out, ctx, path, post.body, post.enqueuedAt);
    } else if (path === 'web/updateproductionbackflush' || path === 'web/deleteproductionbackflush') {
      out = applyBackflushEdit(out, path, post.body);
    } else continue;
    const key = pendingKey(post);
    if (key && confirmedAt === null) pendingFields.add(key);
  }
  return { plan: out, pendingFields };
}

/** Operations grouped as the screen lists them: the top level, then each BOM line. */
export interface OperationGroup {
  bom: BomLine | null;
  operations: Operation[];
}

export function groupOperations(plan: PlanView): OperationGroup[] {
  const groups: OperationGroup[] = [{ bom: null, operations: [] }];
  const byBom = new Map<number, OperationGroup>();
  for (const b of plan.bom) {
    const g = { bom: b, operations: [] };
    byBom.set(b.ProductionPlanBOMID, g);
    groups.push(g);
  }
  for (const o of plan.operations) {
    const g = o.ProductionPlanBOMID === null ? groups[0] : byBom.get(o.ProductionPlanBOMID);
    g?.operations.push(o);
  }
  return groups;
}

/** The question an operation's algorithm posed, from its stored result (null when none). */
export function posedQuestion(
  op: Pick<Operation, 'AlgorithmResultJSON'>,
): { Key: string; Text: string; Kind: string; Choices: string[] } | null {
  if (!op.AlgorithmResultJSON) return null;
  try {
    const r = JSON.parse(op.AlgorithmResultJSON) as {
      QuestionPosed?: boolean;
      Question?: { Key?: unknown; Text?: unknown; Kind?: unknown; Choices?: unknown } | null;
    };
    if (!r.QuestionPosed || !r.Question || typeof r.Question.Key !== 'string') return null;
    return {
      Key: r.Question.Key,
      Text: typeof r.Question.Text === 'string' ? r.Question.Text : r.Question.Key,
      Kind: typeof r.Question.Kind === 'string' ? r.Question.Kind : 'text',
      Choices: Array.isArray(r.Question.Choices) ? r.Question.Choices.map(String) : [],
    };
  } catch {
    return null;
  }
}
