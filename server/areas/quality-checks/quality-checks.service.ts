import { plantTimeZone } from '../../../domain/platform/plants';
import type { DueCheck, QualityCheck } from '../../../domain/quality-checks/calls';
import {
  compareDue,
  dueSlots,
  failNotesProblem,
  recordCheckProblem,
} from '../../../domain/quality-checks/rules';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import { resourceStatus } from '../shopfloor/shopfloor.documents';
import * as floor from '../shopfloor/shopfloor.repository';
import * as repo from './quality-checks.repository';

const now = () => new Date().toISOString();

/**
 * Two-hour quality checks (issue 7 part 2). The run of a machine is that of its production-monitor
 * document (shopfloor.documents.ts `resourceStatus`: RunStartedAt, JobNumber, ProductionPlanOperationID);
 * the slots and refusals are the pure rules of domain/quality-checks/rules.ts. Recording locks the
 * machine's row (FOR UPDATE) so two tablets recording one slot apply one after the other, and the
 * unique (resource_id, due_at) backs it.
 */
export class QualityChecksService {
  /** Injected for tests; the wall clock otherwise. */
  constructor(private readonly clock: () => string = now) {}

  async queue(db: Sql, plantId: number): Promise<DueCheck[]> {
    const at = this.clock();
    const due: DueCheck[] = [];
    for (const m of await floor.floorMachines(db, plantId)) {
      const s = await resourceStatus(db, m.ResourceID, at);
      if (!s?.RunStartedAt) continue;
      const done = await repo.recordedSince(db, s.ResourceID, s.RunStartedAt);
      for (const slot of dueSlots(s.RunStartedAt, at, done)) {
        due.push({
          ResourceID: s.ResourceID,
          Description: s.Description,
          PlantID: s.PlantID,
          JobNumber: s.JobNumber,
          ProductionPlanOperationID: s.ProductionPlanOperationID,
          Operation: s.Operation,
          Item: s.Item,
          RunStartedAt: s.RunStartedAt,
          ...slot,
        });
      }
    }
    return due.sort(compareDue);
  }

  async record(
    w: { db: Sql; employeeId: number },
    input: { ResourceID: string; CheckTime: string; Result: 'pass' | 'fail'; Notes?: string | null },
  ): Promise<QualityCheck> {
    const machine = await floor.resource(w.db, input.ResourceID, true);
    if (!machine) throw invalid(`There is no machine ${input.ResourceID}.`);
    const notesProblem = failNotesProblem(input.Result, input.Notes);
    if (notesProblem) throw sorry(notesProblem);
    const at = this.clock();
    const s = await resourceStatus(w.db, machine.ResourceID, at);
    const done = s?.RunStartedAt ? await repo.recordedSince(w.db, machine.ResourceID, s.RunStartedAt) : [];
    const problem = recordCheckProblem({
      resourceId: machine.ResourceID,
      runStartedAt: s?.RunStartedAt ?? null,
      checkTime: input.CheckTime,
      now: at,
      done,
      timeZone: plantTimeZone(machine.PlantID),
    });
    if (problem) throw sorry(problem);
    return repo.insertCheck(w.db, {
      ResourceID: machine.ResourceID,
      PlantID: machine.PlantID,
      DueAt: new Date(input.CheckTime).toISOString(),
      CheckedAt: at,
      EmployeeID: w.employeeId,
      JobNumber: s!.JobNumber,
      ProductionPlanOperationID: s!.ProductionPlanOperationID,
      Result: input.Result,
      Notes: input.Notes?.trim() || null,
    });
  }
}
