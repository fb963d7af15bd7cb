import { useMemo, useRef, useState } from 'react';
import {
  AddProductionBackflush,
  AddProductionOperation,
  DeleteProductionBackflush,
  DeleteProductionOperation,
  LockProductionOperation2,
  MarkPlanReviewed,
  PrintTravelers,
  RemoveProductionPlanOperationAsFinal,
  RunOperationEngine,
  SetProductionPlanOperationAsFinal,
  UnlockProductionOperation,
  UpdateProductionBackflush,
  UpdateProductionBOM,
  UpdateProductionOperation,
  UpdateProductionPlan,
} from '../../../../domain/production-plan/calls';
import type { Operation, PlanHeader } from '../../../../domain/production-plan/entities';
import { planPartId } from '../../../../domain/production-plan/live';
import { lockPatch, unlockPatch } from '../../../../domain/production-plan/rules';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import type { PlanData } from './use-plan';

export interface PlanActions {
  /** Operation ids with a direct call under way (their buttons wait). */
  busy: ReadonlySet<number>;
  setOperationField(op: Operation, field: string, value: unknown): void;
  setBomField(bomId: number, field: string, value: unknown): void;
  setPlanField(header: PlanHeader, field: string, value: unknown): void;
  markReviewed(header: PlanHeader): void;
  answerQuestion(op: Operation, key: string, value: string | number | boolean): void;
  runEngine(op: Operation): Promise<void>;
  lock(op: Operation): Promise<void>;
  unlock(op: Operation): Promise<void>;
  setFinal(op: Operation, on: boolean): Promise<void>;
  remove(op: Operation): Promise<void>;
  addOperation(header: PlanHeader, bomId: number | null): Promise<void>;
  addBackflush(op: Operation, bomId: number): Promise<void>;
  setBackflushQuantity(backflushId: number, quantity: number): void;
  deleteBackflush(backflushId: number): void;
  print(header: PlanHeader, printerId: number): Promise<void>;
}

/**
 * What the plan screen does. Field edits go through the post queue (never lost, shown at once by
 * plan-view.ts); the calls whose answer the screen needs at once (engine, add and delete, lock, final,
 * backflush added, print) are posted directly, after the queue has sent what was typed before, so the
 * server sees the edits in the order they were made.
 */
export function usePlanActions(data: PlanData): PlanActions {
  const { api, enqueue, alerts, toasts } = useServices();
  const t = useT();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  // The latest data, read when an action runs: the actions stay the same object between renders.
  const latest = useRef(data);
  latest.current = data;

  return useMemo(() => {
    const data = {
      whenSaved: () => latest.current.whenSaved(),
      putOperations: (ops: readonly Operation[]) => latest.current.putOperations(ops),
      patchOperation: (id: number, patch: Partial<Operation>) => latest.current.patchOperation(id, patch),
      markDeleted: (id: string) => latest.current.markDeleted(id),
      serverOperation: (id: number) => latest.current.serverOperation(id),
    };
    async function direct<T>(opId: number | null, work: () => Promise<T>): Promise<T | undefined> {
      if (opId !== null) setBusy((prev) => new Set(prev).add(opId));
      try {
        await data.whenSaved();
        return await work();
      } catch {
        // The request layer has shown the server's sentence.
        return undefined;
      } finally {
        if (opId !== null) {
          setBusy((prev) => {
            const next = new Set(prev);
            next.delete(opId);
            return next;
          });
        }
      }
    }

    return {
      busy,
      setOperationField(op, field, value) {
        enqueue(UpdateProductionOperation, {
          ProductionPlanOperationID: op.ProductionPlanOperationID,
          FieldName: field,
          Value: value,
        });
      },
      setBomField(bomId, field, value) {
        enqueue(UpdateProductionBOM, { ProductionPlanBOMID: bomId, FieldName: field, Value: value });
      },
      setPlanField(header, field, value) {
        enqueue(UpdateProductionPlan, {
          ProductionPlanID: header.ProductionPlanID,
          FieldName: field,
          Value: value,
        });
      },
      markReviewed(header) {
        enqueue(MarkPlanReviewed, { ProductionPlanID: header.ProductionPlanID });
      },
      answerQuestion(op, key, value) {
        enqueue(UpdateProductionOperation, {
          ProductionPlanOperationID: op.ProductionPlanOperationID,
          FieldName: 'AlgorithmAnswer',
          Value: { Key: key, Value: value },
        });
      },
      async runEngine(op) {
        const id = op.ProductionPlanOperationID;
        const answer = await direct(id, () =>
          api.post(RunOperationEngine, { ProductionPlanOperationID: id }),
        );
        if (!answer) return;
        data.putOperations([answer.Operation]);
        // Spec 001 §5: 'Rate successfully calculated', or the failure / the engine's stop message as an error.
        if (answer.MessageKind === 'success') toasts.show(t(answer.Message));
        else alerts.show('error', answer.Message, { key: `engine-${id}` });
      },
      async lock(op) {
        const id = op.ProductionPlanOperationID;
        const answer = await direct(id, () =>
          api.post(LockProductionOperation2, { ProductionPlanOperationID: id }),
        );
        if (answer) data.patchOperation(id, { ...lockPatch(), ...answer });
      },
      async unlock(op) {
        const id = op.ProductionPlanOperationID;
        const answer = await direct(id, () =>
          api.post(UnlockProductionOperation, { ProductionPlanOperationID: id }),
        );
        if (answer) data.patchOperation(id, { ...unlockPatch(op), ...answer });
      },
      async setFinal(op, on) {
        const id = op.ProductionPlanOperationID;
        const call = on ? SetProductionPlanOperationAsFinal : RemoveProductionPlanOperationAsFinal;
        const answer = await direct(id, () => api.post(call, { ProductionPlanOperationID: id }));
        if (answer) data.putOperations(answer.Operations);
      },
      async remove(op) {
        const id = op.ProductionPlanOperationID;
        const yes = await alerts.question(
          t('Delete operation {{seq}} ({{resource}})?', { seq: op.Sequence, resource: op.ResourceID ?? '—' }),
          { key: `delete-op-${id}`, kind: 'warning' },
        );
        if (!yes) return;
        const answer = await direct(id, () =>
          api.post(DeleteProductionOperation, { ProductionPlanOperationID: id }),
        );
        if (!answer) return;
        if (answer.Deleted) {
          data.markDeleted(planPartId('operation', id));
          toasts.show(t('Operation {{seq}} was deleted.', { seq: op.Sequence }));
        } else if (answer.Invalidated) {
          if (answer.Operation) data.putOperations([answer.Operation]);
          alerts.show(
            'warning',
            t(
              'Operation {{seq}} was invalidated, not deleted: its traveler was printed or it has backflushes, so it stays, locked, for the record.',
              { seq: op.Sequence },
            ),
          );
        }
      },
      async addOperation(header, bomId) {
        const answer = await direct(null, () =>
          api.post(AddProductionOperation, {
            ProductionPlanID: header.ProductionPlanID,
            ProductionPlanBOMID: bomId,
          }),
        );
        if (answer) data.putOperations([answer]);
      },
      async addBackflush(op, bomId) {
        const id = op.ProductionPlanOperationID;
        const answer = await direct(id, () =>
          api.post(AddProductionBackflush, { ProductionPlanBOMID: bomId, ProductionPlanOperationID: id }),
        );
        const current = data.serverOperation(id);
        if (answer && current) {
          data.patchOperation(id, {
            Backflushes: [
              ...current.Backflushes.filter(
                (b) => b.ProductionPlanBackflushID !== answer.ProductionPlanBackflushID,
              ),
              answer,
            ],
          });
        }
      },
      setBackflushQuantity(backflushId, quantity) {
        enqueue(UpdateProductionBackflush, {
          ProductionPlanBackflushID: backflushId,
          FieldName: 'Quantity',
          Value: quantity,
        });
      },
      deleteBackflush(backflushId) {
        enqueue(DeleteProductionBackflush, { ProductionPlanBackflushID: backflushId });
      },
      async print(header, printerId) {
        const answer = await direct(null, () =>
          api.post(PrintTravelers, { ProductionPlanID: header.ProductionPlanID, PrinterID: printerId }),
        );
        if (!answer) return;
        toasts.show(
          t('{{n}} travelers sent to {{printer}}.', {
            n: answer.Printed.length,
            printer: answer.PrinterName,
          }),
        );
      },
    };
  }, [api, enqueue, alerts, toasts, t, busy]);
}
