import type { PendingChange } from '../../../domain/live/changes';
import { topicOf } from '../../../domain/live/topics';
import type { AlgorithmResult, OperationField } from '../../../domain/production-plan/calls';
import type {
  BomLine,
  Job,
  MachineRate,
  Operation,
  Part,
  PlanHeader,
  ProductionPlanState,
} from '../../../domain/production-plan/entities';
import { operationDefaults } from '../../../domain/production-plan/entities';
import { type OperationInputs, operationInputs } from '../../../domain/production-plan/inputs';
import {
  applyActionFlag,
  backflushOutcome,
  changeResource,
  chooseRatePatch,
  computeFigures,
  deletionOutcome,
  ENGINE_FAILED_MESSAGE,
  editProblem,
  engineOutcome,
  followUpOf,
  invalidatedPatch,
  isActionFlag,
  lockPatch,
  manualRateFields,
  type OperationPatch,
  operationsToRecalculateOnBundleSize,
  type RateOnMachine,
  rateOnMachine,
  readyForReviewPatch,
  reviewedPatch,
  unlockPatch,
} from '../../../domain/production-plan/rules';
import type { Sql } from '../../db/database';
import { latestSeqs } from '../../feed/feed.service';
import { sorry } from '../../rpc/errors';
import {
  operationValues,
  planPartChange,
  planPartRemoval,
  readPlan,
  toBackflush,
  toBomLine,
  toMachineRate,
  toOperation,
  toPart,
  toPlanHeader,
} from './plan.documents';
import * as repo from './plan.repository';
import type { PlanListeners } from './plan-listeners';
import { noPlanListeners } from './plan-listeners';
import type { AlgorithmAnswers, EngineRun, RateSources } from './rate-sources';

/**
 * The production-plan rules as the server applies them (spec 001 §4, §9): every edit reads its rows
 * under a row lock in the call's transaction, refuses with a sentence when a rule says no (nothing is
 * changed: the transaction rolls back), applies the pure rules of domain/production-plan/rules.ts,
 * recomputes the figures, stores every field with RowVersion + 1 and publishes each touched row on
 * `plan:{JobNumber}`.
 */

/** What a write needs from the call: its transaction, who acts, and where changes go. */
export interface WriteContext {
  db: Sql;
  userName: string;
  publish(change: PendingChange): void;
}

type Message = { Message: string | null; MessageKind: 'success' | 'error' | 'info' | null };
const noMessage: Message = { Message: null, MessageKind: null };

/** Where an operation sits: its plan, its BOM line (null at the top level) and the part it works on. */
interface OperationPlace {
  plan: repo.PlanRow;
  bom: repo.BomRow | null;
  /** The part the operation works on (inputs of engines and algorithms). */
  part: Part;
  /** The job's part (its Length is the cut length of a top-level operation). */
  jobPart: Part;
}

const jobPartFallback = (partNum: string, description: string): Part => ({
  PartNum: partNum,
  Description: description,
  PartClass: '',
  Material: '',
  Gauge: null,
  Weight: null,
  Length: null,
  Width: null,
  Holes: null,
  Welds: null,
  Painted: false,
  Color: null,
});

const sameLevel = (a: Operation, b: Operation) =>
  a.ProductionPlanID === b.ProductionPlanID && a.ProductionPlanBOMID === b.ProductionPlanBOMID;

/** The pieces an operation on a BOM line makes for the plan: a fixed quantity, or per piece × plan quantity. */
export const lineQuantity = (planQuantity: number, bom: Pick<BomLine, 'FixedQty' | 'QuantityPer'>) =>
  bom.FixedQty ? bom.QuantityPer : planQuantity * bom.QuantityPer;

/** What a plan-wide change reads once: places by BOM line (null: top level), machine rates by id. */
interface Memo {
  places: Map<number | null, OperationPlace>;
  rates: Map<number, MachineRate | null>;
}
const newMemo = (): Memo => ({ places: new Map(), rates: new Map() });

const arrayOr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export class PlanService {
  constructor(
    private readonly sources: RateSources,
    private readonly listeners: PlanListeners = noPlanListeners,
  ) {}

  // ----------------------------------------------------------------------------------------- reading

  async load(db: Sql, jobNumber: string): Promise<ProductionPlanState> {
    // The topic's head first: a change committed while the rows are read is newer than Seq, so the
    // screen applies it again (RowVersion keeps the newer copy); the other order could miss one.
    const topic = topicOf.plan(jobNumber);
    const seq = (await latestSeqs(db, [topic]))[topic] ?? 0;
    const job = await repo.findJob(db, jobNumber);
    if (!job) throw sorry(`Job ${jobNumber} was not found.`);
    const planRow = await repo.findPlanByJob(db, jobNumber);
    if (!planRow) throw sorry(`Job ${jobNumber} has no production plan.`);
    const { header, bom, operations } = await readPlan(db, planRow);
    const partRow = await repo.findPart(db, job.part_num);
    const plant = await repo.findPlant(db, job.plant_id);
    const jobEntity: Job = {
      JobNumber: job.job_number,
      PlantID: job.plant_id,
      PartNum: job.part_num,
      Part: partRow ? toPart(partRow) : jobPartFallback(job.part_num, ''),
      Quantity: job.quantity,
      DueDate: job.due_date === null ? null : String(job.due_date),
      OrderNum: job.order_num,
      CustomerName: job.customer_name,
      OrderType: job.order_type,
      Status: job.status,
    };
    return {
      Plan: { ...header, BOM: bom, Operations: operations },
      Job: jobEntity,
      Allocations: arrayOr(job.allocations),
      Tags: arrayOr(job.tags),
      DemandSummary: arrayOr(job.demand_summary),
      Unclaimed: arrayOr(job.unclaimed),
      QADocuments: arrayOr(job.qa_documents),
      Drawings: arrayOr(job.drawings),
      // The job's operations on the plant's official schedule (issue 6), read when the plan loads.
      Schedule: await repo.scheduleOfJob(db, jobNumber),
      Plant: {
        PlantID: job.plant_id,
        PlantName: plant?.plant_name ?? String(job.plant_id),
        TimeZone: plant?.time_zone ?? 'America/New_York',
      },
      OrderType: job.order_type,
      FabricationHold: job.fabrication_hold,
      FabricationHoldNotes: job.fabrication_hold_notes,
      Seq: seq,
    };
  }

  /**
   * GET algorithm/RunOperationAlgorithm: a run with the stored answers; nothing is saved. `override`
   * runs it as if the operation were on another machine or of another quantity (a schedule task's).
   */
  async previewAlgorithm(
    db: Sql,
    operationId: number,
    override: Partial<Pick<Operation, 'ResourceID' | 'ProductionQuantity'>> = {},
  ): Promise<{ result: AlgorithmResult; calculation: { RateLog: string } }> {
    const op = { ...(await this.operation(db, operationId, false)), ...override };
    if (!op.ResourceID) throw sorry(`Operation ${op.Sequence} has no machine: choose one first.`);
    const place = await this.place(db, op);
    const run = await this.sources.algorithm(db, op.ResourceID, this.inputs(op, place), answersOf(op));
    if (!run) throw sorry(`No rate algorithm is active for ${op.ResourceID}.`);
    return { result: run.result, calculation: run.calculation };
  }

  /**
   * The rate a schedule task of this operation takes on another machine (a task dragged to another
   * lane): that machine's algorithm, else its costing engine (rateOnMachine, spec 001 §4 precedence),
   * run for the task's pieces with no answers (answers were given to the old machine's questions).
   * null: neither gives a rate, so the machine's official rate comes next. Nothing is saved.
   */
  async rateOnMachine(
    db: Sql,
    operationId: number,
    on: { ResourceID: string; ProductionQuantity: number },
  ): Promise<RateOnMachine | null> {
    const op = { ...(await this.operation(db, operationId, false)), ...on, AlgorithmAnswersJSON: null };
    const place = await this.place(db, op);
    const inputs = this.inputs(op, place);
    const algorithm = await this.sources.algorithm(db, on.ResourceID, inputs, {});
    const first = rateOnMachine(algorithm?.result ?? null, null, on.ProductionQuantity);
    if (first) return first;
    const engine = await this.sources.engine(db, on.ResourceID, inputs);
    return rateOnMachine(null, engine?.results ?? null, on.ProductionQuantity);
  }

  // ----------------------------------------------------------------------------------------- operations

  async updateOperation(
    w: WriteContext,
    operationId: number,
    field: OperationField,
    value: unknown,
  ): Promise<{ Operation: Operation; Others: Operation[] } & Message> {
    const { db } = w;
    const op = await this.operation(db, operationId, true);
    refuse(editProblem(op, field));
    const place = await this.place(db, op);
    let next: Operation = { ...op };
    let others: Operation[] = [];
    let message = noMessage;

    if (isActionFlag(field)) {
      const all = await this.operations(db, op.ProductionPlanID, true);
      next = { ...next, ...applyActionFlag(op, field, value as boolean, all) };
      // One final operation per level: the paint operation that became final takes it from the others.
      if (next.FinalOperation && !op.FinalOperation) others = withoutFinal(all, next);
    } else if (field === 'ResourceID') {
      // The same machine again is no change (RunOperationEngine reruns its engine).
      if (value === op.ResourceID) return { Operation: op, Others: [], ...noMessage };
      ({ next, message } = await this.changeResource(w, next, place, value as string | null));
    } else if (field === 'MachineRateID') {
      const rateId = value as number | null;
      if (rateId !== null) {
        const rate = await repo.findMachineRate(db, rateId);
        if (!rate || rate.resource_id !== op.ResourceID) {
          throw sorry(
            op.ResourceID
              ? `Machine rate ${rateId} is not a rate of ${op.ResourceID}.`
              : `Operation ${op.Sequence} has no machine: choose one before its rate.`,
          );
        }
        next = { ...next, ...chooseRatePatch(op, w.userName, 'machine') };
      }
      next.MachineRateID = rateId;
    } else if ((manualRateFields as readonly string[]).includes(field)) {
      next = { ...next, ...chooseRatePatch(op, w.userName, 'manual'), [field]: value };
    } else if (field === 'AlgorithmOverride' || field === 'EngineOverride') {
      // Back to false: the source's stored rate applies again (precedence in computeFigures).
      const by = value ? w.userName : null;
      next =
        field === 'AlgorithmOverride'
          ? { ...next, AlgorithmOverride: value as boolean, AlgorithmOverrideBy: by }
          : { ...next, EngineOverride: value as boolean, EngineOverrideBy: by };
    } else if (field === 'AlgorithmAnswer') {
      if (!op.ResourceID) throw sorry(`Operation ${op.Sequence} has no machine: choose one first.`);
      const answer = value as { Key: string; Value: string | number | boolean };
      const answers = { ...answersOf(op), [answer.Key]: answer.Value };
      next.AlgorithmAnswersJSON = JSON.stringify(answers);
      const run = await this.algorithm(db, next, place, answers);
      next = { ...next, ...run.patch };
      message = run.message;
    } else if (field === 'WorkerCount' || field === 'ProductionQuantity') {
      next = { ...next, [field]: value };
      if (followUpOf(field, op) === 'engine') ({ next, message } = await this.engine(db, next, place));
    } else {
      next = { ...next, [field]: value };
    }

    const saved = await this.save(w, op, this.refigure(next, place, await this.rateOf(db, next)));
    const savedOthers: Operation[] = [];
    for (const other of others) {
      const before = await this.operation(db, other.ProductionPlanOperationID, true);
      savedOthers.push(await this.save(w, before, other));
    }
    return { Operation: saved, Others: savedOthers, ...message };
  }

  async addOperation(w: WriteContext, planId: number, bomId: number | null): Promise<Operation> {
    const { db } = w;
    const plan = await this.plan(db, planId, true);
    let bom: repo.BomRow | null = null;
    if (bomId !== null) {
      bom = (await repo.findBom(db, bomId)) ?? null;
      if (!bom) throw sorry(`BOM line ${bomId} was not found.`);
      if (bom.production_plan_id !== planId) {
        throw sorry(`BOM line ${bomId} is not a line of production plan ${planId}.`);
      }
    }
    const sequence = (await repo.maxSequence(db, planId, bomId)) + 10;
    const quantity = bom ? lineQuantity(plan.quantity, toBomLine(bom)) : plan.quantity;
    const draft = newOperation(plan, bomId, sequence, quantity);
    const place = await this.placeOf(db, plan, bom);
    const figured = this.refigure(draft, place, null);
    const id = await repo.insertOperation(db, planId, operationValues(figured));
    const created = await this.operation(db, id, false);
    w.publish(planPartChange('operation', created));
    return created;
  }

  async deleteOperation(
    w: WriteContext,
    operationId: number,
  ): Promise<{ Invalidated: boolean; Deleted: boolean; Operation: Operation | null }> {
    const op = await this.operation(w.db, operationId, true);
    refuse(editProblem(op, 'Delete'));
    if (deletionOutcome(op) === 'Deleted') {
      // Its schedule tasks go first (those with pieces done stay, unlinked by the foreign key).
      await this.listeners.operationsChanged(w, [{ before: op, after: null }]);
      await repo.deleteOperation(w.db, operationId);
      w.publish(planPartRemoval('operation', op.JobNumber, operationId));
      return { Invalidated: false, Deleted: true, Operation: null };
    }
    const saved = await this.save(w, op, { ...op, ...invalidatedPatch() });
    return { Invalidated: true, Deleted: false, Operation: saved };
  }

  /** POST costing/RunOperationEngine: a run that, when it succeeds, assigns the engine's rate. */
  async runEngine(w: WriteContext, operationId: number) {
    const { db } = w;
    const op = await this.operation(db, operationId, true);
    refuse(editProblem(op, 'EngineOverride'));
    if (!op.ResourceID) throw sorry(`Operation ${op.Sequence} has no machine: choose one first.`);
    const place = await this.place(db, op);
    const { next, message, run } = await this.engine(db, op, place);
    // Asking for the engine's rate puts it back in force when it succeeds.
    const ruled = next.EngineAssignedRate ? { ...next, EngineOverride: false, EngineOverrideBy: null } : next;
    const saved = await this.save(w, op, this.refigure(ruled, place, await this.rateOf(db, ruled)));
    return {
      results: run?.results ?? { stopMessage: null, productionMinutes: null, setupMinutes: null },
      log: run?.log ?? '',
      htmlLog: run?.htmlLog ?? '',
      Operation: saved,
      Message: message.Message ?? ENGINE_FAILED_MESSAGE,
      MessageKind: (message.MessageKind === 'success' ? 'success' : 'error') as 'success' | 'error',
    };
  }

  async lock(w: WriteContext, operationId: number) {
    const op = await this.operation(w.db, operationId, true);
    if (op.Invalidated) refuse(editProblem(op, 'Locked'));
    const saved = await this.save(w, op, { ...op, ...lockPatch() });
    return { AllowResourceChange: saved.AllowResourceChange, AllowRateChange: saved.AllowRateChange };
  }

  async unlock(w: WriteContext, operationId: number) {
    const op = await this.operation(w.db, operationId, true);
    if (op.Invalidated) refuse(editProblem(op, 'Locked'));
    const saved = await this.save(w, op, { ...op, ...unlockPatch(op) });
    return { AllowResourceChange: saved.AllowResourceChange, AllowRateChange: saved.AllowRateChange };
  }

  /** Make the operation final; the other final operations of its level stop being final. */
  async setFinal(w: WriteContext, operationId: number, final: boolean): Promise<{ Operations: Operation[] }> {
    const { db } = w;
    const op = await this.operation(db, operationId, true);
    refuse(editProblem(op, 'FinalOperation'));
    const changed = [await this.save(w, op, { ...op, FinalOperation: final })];
    if (final) {
      const all = await this.operations(db, op.ProductionPlanID, true);
      for (const other of withoutFinal(all, op)) {
        const before = all.find((o) => o.ProductionPlanOperationID === other.ProductionPlanOperationID)!;
        changed.push(await this.save(w, before, other));
      }
    }
    return { Operations: changed };
  }

  // ----------------------------------------------------------------------------------------- backflushes

  async addBackflush(w: WriteContext, bomId: number, operationId: number) {
    const { db } = w;
    const op = await this.operation(db, operationId, true);
    refuse(editProblem(op, 'Backflushes'));
    const bom = await repo.findBom(db, bomId);
    if (!bom) throw sorry(`BOM line ${bomId} was not found.`);
    if (bom.production_plan_id !== op.ProductionPlanID) {
      throw sorry(`BOM line ${bomId} is not a line of the plan of operation ${op.Sequence}.`);
    }
    if (op.Backflushes.some((b) => b.ProductionPlanBOMID === bomId)) {
      throw sorry(`Operation ${op.Sequence} already backflushes ${bom.part_num}.`);
    }
    const row = await repo.insertBackflush(db, operationId, bomId, Number(bom.quantity_per));
    await this.republish(w, op);
    return toBackflush(row);
  }

  async updateBackflush(w: WriteContext, backflushId: number, quantity: number) {
    const { op, backflush } = await this.lockBackflush(w.db, backflushId);
    if (backflushOutcome(quantity) === 'delete') {
      await repo.deleteBackflush(w.db, backflushId);
      await this.republish(w, op);
      return { Backflush: null, Deleted: true };
    }
    await repo.updateBackflushQuantity(w.db, backflushId, quantity);
    await this.republish(w, op);
    return { Backflush: { ...toBackflush(backflush), Quantity: quantity }, Deleted: false };
  }

  async deleteBackflush(w: WriteContext, backflushId: number) {
    const { op } = await this.lockBackflush(w.db, backflushId);
    await repo.deleteBackflush(w.db, backflushId);
    await this.republish(w, op);
    return { Deleted: true };
  }

  // ----------------------------------------------------------------------------------------- BOM and plan

  async updateBom(w: WriteContext, bomId: number, field: string, value: unknown): Promise<BomLine> {
    const { db } = w;
    await repo.lockPlanOf(db, { bom: bomId });
    const row = await repo.findBom(db, bomId, true);
    if (!row) throw sorry(`BOM line ${bomId} was not found.`);
    const before = toBomLine(row);
    const column = { QuantityPer: 'quantity_per', FixedQty: 'fixed_qty', CutLength: 'cut_length' }[field];
    if (!column) throw sorry(`${field} cannot be changed on a BOM line.`);
    if ((before as Record<string, unknown>)[field] === value) return before;
    await repo.updateBom(db, bomId, { [column]: value });
    const after = toBomLine((await repo.findBom(db, bomId))!);
    w.publish(planPartChange('bom', after));

    // The operations on the line: their quantity follows the line's (when it was the line's), and
    // their figures follow the cut length (foot rates).
    const plan = await this.plan(db, row.production_plan_id, false);
    const oldQty = lineQuantity(plan.quantity, before);
    const newQty = lineQuantity(plan.quantity, after);
    const memo = newMemo();
    for (const op of await this.operations(db, row.production_plan_id, true)) {
      if (op.ProductionPlanBOMID !== bomId || op.Invalidated || op.Locked) continue;
      await this.followQuantity(w, op, op.ProductionQuantity === oldQty ? newQty : null, memo);
    }
    return after;
  }

  async updatePlan(
    w: WriteContext,
    planId: number,
    field: string,
    value: unknown,
  ): Promise<{ Plan: PlanHeader; Operations: Operation[] }> {
    const { db } = w;
    const row = await this.plan(db, planId, true);
    const before = toPlanHeader(row);
    // Setting ReadyForReview always clears the review (spec 001 §4), even when it was set already.
    if (field !== 'ReadyForReview' && (before as Record<string, unknown>)[field] === value) {
      return { Plan: before, Operations: [] };
    }
    const operations: Operation[] = [];

    if (field === 'FabricationHold' || field === 'FabricationHoldNotes') {
      // Kept on the job (the hold is the job's); the plan's RowVersion still grows: its document changed.
      await repo.updateJobHold(
        db,
        row.job_number,
        field === 'FabricationHold'
          ? { fabrication_hold: value as boolean }
          : { fabrication_hold_notes: value as string },
      );
      await repo.updatePlan(db, planId, {});
    } else if (field === 'ReadyForReview') {
      const patch = readyForReviewPatch(value as boolean);
      await repo.updatePlan(db, planId, {
        ready_for_review: patch.ReadyForReview!,
        plan_reviewed_by: null,
        plan_reviewed_at: null,
      });
    } else if (field === 'PrinterID') {
      if (value !== null) {
        const printer = await repo.findPrinter(db, value as number);
        if (!printer || printer.plant_id !== row.plant_id) {
          throw sorry(`Printer ${value} is not a printer of plant ${row.plant_id}.`);
        }
      }
      await repo.updatePlan(db, planId, { printer_id: value as number | null });
    } else if (field === 'IncludeQAD' || field === 'IncludeDrawings') {
      await repo.updatePlan(db, planId, {
        [field === 'IncludeQAD' ? 'include_qad' : 'include_drawings']: value as boolean,
      });
    } else if (field === 'BundleSize') {
      await repo.updatePlan(db, planId, { bundle_size: value as number });
      const memo = newMemo();
      const all = await this.operations(db, planId, true);
      for (const op of operationsToRecalculateOnBundleSize(all)) {
        const place = await this.place(db, op, memo);
        operations.push(await this.save(w, op, this.refigure(op, place, await this.rateOf(db, op, memo))));
      }
    } else if (field === 'Quantity') {
      // Operations whose quantity was the plan's (or their BOM line's share of it) follow the new
      // quantity; one the planner set to something else keeps it.
      await repo.updatePlan(db, planId, { quantity: value as number });
      const boms = new Map(
        (await repo.listBoms(db, planId)).map((b) => [b.production_plan_bom_id, toBomLine(b)]),
      );
      const memo = newMemo();
      for (const op of await this.operations(db, planId, true)) {
        if (op.Invalidated || op.Locked) continue;
        const bom = op.ProductionPlanBOMID === null ? null : (boms.get(op.ProductionPlanBOMID) ?? null);
        const oldQty = bom ? lineQuantity(row.quantity, bom) : row.quantity;
        const newQty = bom ? lineQuantity(value as number, bom) : (value as number);
        if (op.ProductionQuantity !== oldQty) continue;
        const saved = await this.followQuantity(w, op, newQty, memo);
        if (saved.RowVersion !== op.RowVersion) operations.push(saved);
      }
    } else {
      throw sorry(`${field} cannot be changed on a production plan.`);
    }
    const header = toPlanHeader(await this.plan(db, planId, false));
    w.publish(planPartChange('plan', header));
    return { Plan: header, Operations: operations };
  }

  async markReviewed(w: WriteContext, planId: number, now: Date): Promise<PlanHeader> {
    const row = await this.plan(w.db, planId, true);
    if (!row.ready_for_review) throw sorry('Mark the plan ready for review first.');
    const patch = reviewedPatch(w.userName, now);
    await repo.updatePlan(w.db, planId, {
      plan_reviewed_by: patch.PlanReviewedBy!,
      plan_reviewed_at: patch.PlanReviewedAt!,
    });
    const header = toPlanHeader(await this.plan(w.db, planId, false));
    w.publish(planPartChange('plan', header));
    return header;
  }

  /** Marks Printed on the operations that print a traveler (not invalidated); no real printer yet. */
  async printTravelers(w: WriteContext, planId: number, printerId: number) {
    const { db } = w;
    const plan = await this.plan(db, planId, true);
    const printer = await repo.findPrinter(db, printerId);
    if (!printer || printer.plant_id !== plan.plant_id) {
      throw sorry(`Printer ${printerId} is not a printer of plant ${plan.plant_id}.`);
    }
    const printed: number[] = [];
    for (const op of await this.operations(db, planId, true)) {
      if (!op.PrintTraveler || op.Invalidated) continue;
      await this.save(w, op, { ...op, Printed: true });
      printed.push(op.ProductionPlanOperationID);
    }
    if (!printed.length) throw sorry('No operation of this plan prints a traveler.');
    return { Printed: printed, PrinterName: printer.name };
  }

  // ----------------------------------------------------------------------------------------- helpers

  private async operation(db: Sql, id: number, lock: boolean): Promise<Operation> {
    if (lock) await repo.lockPlanOf(db, { operation: id });
    const row = await repo.findOperation(db, id, lock);
    if (!row) throw sorry(`Operation ${id} was not found.`);
    return toOperation(row, await repo.listOperationBackflushes(db, id));
  }

  private async operations(db: Sql, planId: number, lock: boolean): Promise<Operation[]> {
    const rows = await repo.listOperations(db, planId, lock);
    const backflushes = await repo.listBackflushes(db, planId);
    return rows.map((r) => toOperation(r, backflushes));
  }

  private async plan(db: Sql, planId: number, lock: boolean): Promise<repo.PlanRow> {
    if (lock) await repo.lockPlanOf(db, { plan: planId });
    const row = await repo.findPlan(db, planId, lock);
    if (!row) throw sorry(`Production plan ${planId} was not found.`);
    return row;
  }

  private async bomOf(db: Sql, op: Operation): Promise<repo.BomRow | null> {
    return op.ProductionPlanBOMID === null
      ? null
      : ((await repo.findBom(db, op.ProductionPlanBOMID)) ?? null);
  }

  /** Where the operation sits; `memo` keeps what a plan-wide change already read (one plan, one call). */
  private async place(db: Sql, op: Operation, memo?: Memo): Promise<OperationPlace> {
    const known = memo?.places.get(op.ProductionPlanBOMID);
    if (known) return known;
    const place = await this.placeOf(
      db,
      await this.plan(db, op.ProductionPlanID, false),
      await this.bomOf(db, op),
    );
    memo?.places.set(op.ProductionPlanBOMID, place);
    return place;
  }

  private async placeOf(db: Sql, plan: repo.PlanRow, bom: repo.BomRow | null): Promise<OperationPlace> {
    const job = await repo.findJob(db, plan.job_number);
    const jobPartRow = job ? await repo.findPart(db, job.part_num) : undefined;
    const jobPart = jobPartRow ? toPart(jobPartRow) : jobPartFallback(job?.part_num ?? '', '');
    if (!bom) return { plan, bom, part: jobPart, jobPart };
    const linePart = await repo.findPart(db, bom.part_num);
    return {
      plan,
      bom,
      part: linePart ? toPart(linePart) : jobPartFallback(bom.part_num, bom.description),
      jobPart,
    };
  }

  /** The operation's chosen machine rate, when it is a rate of its machine. */
  private async rateOf(db: Sql, op: Operation, memo?: Memo) {
    if (op.MachineRateID === null) return null;
    let rate = memo?.rates.get(op.MachineRateID);
    if (rate === undefined) {
      const row = await repo.findMachineRate(db, op.MachineRateID);
      rate = row ? toMachineRate(row) : null;
      memo?.rates.set(op.MachineRateID, rate);
    }
    return rate && rate.ResourceID === op.ResourceID ? rate : null;
  }

  private inputs(op: Operation, place: OperationPlace): OperationInputs {
    return operationInputs(
      op,
      { Quantity: place.plan.quantity, BundleSize: place.plan.bundle_size },
      place.part,
      place.bom ? { CutLength: Number(place.bom.cut_length) } : null,
    );
  }

  /** The figures from the effective rate: cut length is the BOM line's, else the job part's length. */
  private refigure(
    op: Operation,
    place: OperationPlace,
    rate: Parameters<typeof computeFigures>[3],
  ): Operation {
    const cutLength = place.bom ? Number(place.bom.cut_length) : place.jobPart.Length;
    return { ...op, ...computeFigures(op, { BundleSize: place.plan.bundle_size }, cutLength, rate) };
  }

  private async engine(
    db: Sql,
    op: Operation,
    place: OperationPlace,
  ): Promise<{ next: Operation; message: Message; run: EngineRun | null }> {
    const run = op.ResourceID ? await this.sources.engine(db, op.ResourceID, this.inputs(op, place)) : null;
    const outcome = engineOutcome(run?.results);
    const patch: OperationPatch = {
      EngineAssignedRate: outcome.ok,
      EngineCalculationJSON: run
        ? JSON.stringify({
            results: run.results,
            quantity: op.ProductionQuantity,
            log: run.log,
            CostingEngineID: run.CostingEngineID,
            Version: run.Version,
          })
        : null,
    };
    return {
      next: { ...op, ...patch },
      message: { Message: outcome.message, MessageKind: outcome.ok ? 'success' : 'error' },
      run,
    };
  }

  private async algorithm(
    db: Sql,
    op: Operation,
    place: OperationPlace,
    answers: AlgorithmAnswers,
  ): Promise<{ patch: OperationPatch; message: Message }> {
    const run = op.ResourceID
      ? await this.sources.algorithm(db, op.ResourceID, this.inputs(op, place), answers)
      : null;
    if (!run) {
      return {
        patch: {
          AlgorithmDerivedRate: false,
          AlgorithmResultJSON: null,
          AlgorithmCalculationJSON: null,
          AlgorithmRateLog: null,
        },
        message: {
          Message: `No rate algorithm is active for ${op.ResourceID}. Select a rate manually.`,
          MessageKind: 'error',
        },
      };
    }
    const ok = run.result.Success && !run.result.QuestionPosed;
    return {
      patch: {
        AlgorithmDerivedRate: ok,
        AlgorithmResultJSON: JSON.stringify(run.result),
        AlgorithmCalculationJSON: JSON.stringify(run.calculation),
        AlgorithmRateLog: run.calculation.RateLog,
      },
      message: ok
        ? { Message: 'Rate successfully calculated', MessageKind: 'success' }
        : run.result.QuestionPosed && run.result.Question
          ? { Message: run.result.Question.Text, MessageKind: 'info' }
          : {
              Message: 'The rate algorithm found no rate. You should be able to select a rate manually.',
              MessageKind: 'error',
            },
    };
  }

  private async changeResource(
    w: WriteContext,
    op: Operation,
    place: OperationPlace,
    resourceId: string | null,
  ): Promise<{ next: Operation; message: Message }> {
    if (resourceId === null)
      return { next: { ...op, ...changeResource(null, null).patch }, message: noMessage };
    const machine = await repo.findMachine(w.db, resourceId);
    if (!machine || machine.plant_id !== place.plan.plant_id) {
      throw sorry(`${resourceId} is not a machine of plant ${place.plan.plant_id}.`);
    }
    if (!machine.active) throw sorry(`${resourceId} is not active.`);
    const rates = (await repo.listMachineRates(w.db, resourceId)).map(toMachineRate);
    const { patch, next: step } = changeResource(resourceId, {
      DefaultWorkerCount: machine.default_worker_count,
      EngineActive: machine.engine_active,
      AlgorithmActive: machine.algorithm_active,
      MachineRates: rates,
    });
    const next = { ...op, ...patch };
    if (step === 'engine') return this.engine(w.db, next, place);
    if (step === 'algorithm') {
      const run = await this.algorithm(w.db, next, place, {});
      return { next: { ...next, ...run.patch }, message: run.message };
    }
    return { next, message: noMessage };
  }

  /** A new quantity (or null: the same) with its follow-up: the engine again when its rate is assigned. */
  private async followQuantity(
    w: WriteContext,
    op: Operation,
    quantity: number | null,
    memo: Memo,
  ): Promise<Operation> {
    const place = await this.place(w.db, op, memo);
    let next: Operation = quantity === null ? op : { ...op, ProductionQuantity: quantity };
    if (
      quantity !== null &&
      quantity !== op.ProductionQuantity &&
      followUpOf('ProductionQuantity', op) === 'engine'
    ) {
      next = (await this.engine(w.db, next, place)).next;
    }
    return this.save(w, op, this.refigure(next, place, await this.rateOf(w.db, next, memo)));
  }

  /** Locks the backflush's operation first (the order every operation edit locks in), then the backflush. */
  private async lockBackflush(db: Sql, backflushId: number) {
    const peek = await repo.findBackflush(db, backflushId);
    if (!peek) throw sorry(`Backflush ${backflushId} was not found.`);
    const op = await this.operation(db, peek.production_plan_operation_id, true);
    const backflush = await repo.findBackflush(db, backflushId, true);
    if (!backflush) throw sorry(`Backflush ${backflushId} was not found.`);
    refuse(editProblem(op, 'Backflushes'));
    return { op, backflush };
  }

  /** After a backflush change: the operation (which embeds its backflushes) with RowVersion + 1. */
  private async republish(w: WriteContext, before: Operation): Promise<Operation> {
    const backflushes = (await repo.listOperationBackflushes(w.db, before.ProductionPlanOperationID)).map(
      toBackflush,
    );
    return this.save(w, before, { ...before, Backflushes: backflushes });
  }

  /** Stores `after` when it differs from `before` (RowVersion + 1) and publishes it; answers what is stored. */
  private async save(w: WriteContext, before: Operation, after: Operation): Promise<Operation> {
    const { RowVersion: _a, ...a } = before;
    const { RowVersion: _b, ...b } = after;
    if (JSON.stringify(a) === JSON.stringify(b)) return before;
    const rowVersion = before.RowVersion + 1;
    await repo.saveOperation(w.db, before.ProductionPlanOperationID, operationValues(after), rowVersion);
    const saved = { ...after, RowVersion: rowVersion };
    w.publish(planPartChange('operation', saved));
    await this.listeners.operationsChanged(w, [{ before, after: saved }]);
    return saved;
  }
}

function refuse(problem: string | null): void {
  if (problem) throw sorry(problem);
}

function answersOf(op: Operation): AlgorithmAnswers {
  if (!op.AlgorithmAnswersJSON) return {};
  try {
    const parsed = JSON.parse(op.AlgorithmAnswersJSON) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as AlgorithmAnswers) : {};
  } catch {
    return {};
  }
}

/** The other operations of `op`'s level that are final, made not final. */
function withoutFinal(all: readonly Operation[], op: Operation): Operation[] {
  return all
    .filter(
      (o) =>
        o.ProductionPlanOperationID !== op.ProductionPlanOperationID && sameLevel(o, op) && o.FinalOperation,
    )
    .map((o) => ({ ...o, FinalOperation: false }));
}

/** A new operation's fields before its figures: one worker, the level's quantity, piece rate, a traveler. */
function newOperation(
  plan: repo.PlanRow,
  bomId: number | null,
  sequence: number,
  quantity: number,
): Operation {
  return {
    ...operationDefaults(),
    ProductionPlanOperationID: 0,
    ProductionPlanID: plan.production_plan_id,
    JobNumber: plan.job_number,
    ProductionPlanBOMID: bomId,
    Sequence: sequence,
    ResourceID: null,
    MachineRateID: null,
    WorkerCount: 1,
    ProductionQuantity: quantity,
    RateType: 'MPP',
  };
}
