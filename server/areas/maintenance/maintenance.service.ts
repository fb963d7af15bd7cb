import { boardItemChange } from '../../../domain/live/board-items';
import type { PendingChange } from '../../../domain/live/changes';
import type {
  FixtureRequest,
  FixtureStatus,
  PreventiveTask,
  WorkOrder,
  WorkOrderPriority,
  WorkOrderStatus,
} from '../../../domain/maintenance/entities';
import {
  FIXTURE_REQUEST_KIND,
  fixtureRequestsTopic,
  PM_TASK_KIND,
  pmCalendarTopic,
  WORK_ORDER_KIND,
  workOrdersTopic,
} from '../../../domain/maintenance/live';
import { completedAtAfter, isFixtureClosed, nextDueAfter } from '../../../domain/maintenance/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { localDateOf } from '../../../domain/scheduling/calendar';
import { plantDay } from '../../../domain/shopfloor/rules';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import * as repo from './maintenance.repository';

/**
 * The maintenance rules as the server applies them (issue 7 part 3). A change locks its row
 * (`SELECT … FOR UPDATE`), merges the given fields over the stored ones, checks the result (unknown
 * plant, employee, a create without its required fields: an Error naming the field; nothing written),
 * writes, and republishes the row in the same transaction on its public topic as a `boardItems` item
 * (domain/maintenance/live.ts).
 */

export interface WriteContext {
  db: Sql;
  employeeId: number;
  publish(change: PendingChange): void;
}

const now = () => new Date().toISOString();

export const workOrderChange = (w: WorkOrder): PendingChange =>
  boardItemChange(workOrdersTopic(w.PlantID), WORK_ORDER_KIND, String(w.WorkOrderID), w.PlantID, w);

export const fixtureRequestChange = (r: FixtureRequest): PendingChange =>
  boardItemChange(
    fixtureRequestsTopic(r.PlantID),
    FIXTURE_REQUEST_KIND,
    String(r.FixtureRequestID),
    r.PlantID,
    isFixtureClosed(r.Status) ? null : r,
  );

export const preventiveTaskChange = (t: PreventiveTask, active: boolean): PendingChange =>
  boardItemChange(pmCalendarTopic(), PM_TASK_KIND, String(t.PreventiveTaskID), t.PlantID, active ? t : null);

/** A real calendar date (the zod schema checks only its shape). */
const realDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};

export interface SaveWorkOrderInput {
  WorkOrderID?: number;
  PlantID?: number;
  Asset?: string;
  Description?: string;
  Priority?: WorkOrderPriority;
  Status?: WorkOrderStatus;
  AssignedTo?: number | null;
  DueAt?: string | null;
}

export interface SaveFixtureRequestInput {
  FixtureRequestID?: number;
  PlantID?: number;
  RequestedBy?: number;
  JobNumber?: string | null;
  PartNum?: string | null;
  Description?: string;
  NeededBy?: string;
  Status?: FixtureStatus;
}

export interface SavePreventiveTaskInput {
  PreventiveTaskID?: number;
  PlantID?: number;
  Asset?: string;
  Description?: string;
  IntervalDays?: number;
  NextDue?: string;
  AssignedTo?: number | null;
  Done?: boolean;
  Active?: boolean;
}

export class MaintenanceService {
  /** Injected for tests of "today"; the wall clock otherwise. */
  constructor(private readonly clock: () => string = now) {}

  // ------------------------------------------------------------------------- reads

  async workOrders(db: Sql, plantId: number): Promise<WorkOrder[]> {
    const day = plantDay(this.clock(), plantTimeZone(plantId));
    return repo.plantWorkOrders(db, plantId, day.From);
  }

  fixtureRequests(db: Sql, plantId: number): Promise<FixtureRequest[]> {
    return repo.openFixtureRequests(db, plantId);
  }

  preventiveTasks(db: Sql, plantId: number | null): Promise<PreventiveTask[]> {
    return repo.activeTasks(db, plantId);
  }

  // ------------------------------------------------------------------------- writes

  async saveWorkOrder(w: WriteContext, input: SaveWorkOrderInput): Promise<WorkOrder> {
    const at = this.clock();
    const before =
      input.WorkOrderID === undefined ? null : await repo.workOrder1(w.db, input.WorkOrderID, true);
    if (input.WorkOrderID !== undefined && !before)
      throw invalid(`There is no work order ${input.WorkOrderID}.`);
    if (before) {
      if (input.PlantID !== undefined && input.PlantID !== before.PlantID) {
        throw invalid(
          `PlantID: work order ${before.WorkOrderID} belongs to plant ${before.PlantID} and cannot move.`,
        );
      }
      const changes = Object.keys(input).filter((k) => k !== 'WorkOrderID' && k !== 'PlantID');
      if (!changes.length)
        throw invalid('Nothing to change: give Status, Priority, AssignedTo, DueAt, Asset or Description.');
    } else {
      if (input.PlantID === undefined) throw invalid('PlantID is required for a new work order.');
      if (input.Asset === undefined) throw invalid('Asset is required for a new work order.');
      if (input.Description === undefined) throw invalid('Description is required for a new work order.');
    }
    const plantId = before?.PlantID ?? input.PlantID!;
    if (!before) await this.checkPlant(w.db, plantId);
    const assignedTo = input.AssignedTo !== undefined ? input.AssignedTo : (before?.AssignedTo ?? null);
    if (input.AssignedTo != null) await this.checkEmployee(w.db, input.AssignedTo, 'AssignedTo');
    const status = input.Status ?? before?.Status ?? 'open';
    const values: repo.WorkOrderValues = {
      PlantID: plantId,
      Asset: input.Asset ?? before!.Asset,
      Description: input.Description ?? before!.Description,
      Priority: input.Priority ?? before?.Priority ?? 'normal',
      Status: status,
      AssignedTo: assignedTo,
      DueAt: input.DueAt !== undefined ? input.DueAt : (before?.DueAt ?? null),
      CompletedAt: completedAtAfter(before, status, at),
    };
    let id: number;
    if (before) {
      await repo.updateWorkOrder(w.db, before.WorkOrderID, values, at, w.employeeId);
      id = before.WorkOrderID;
    } else id = await repo.insertWorkOrder(w.db, values, at, w.employeeId);
    const saved = (await repo.workOrder1(w.db, id))!;
    w.publish(workOrderChange(saved));
    return saved;
  }

  async saveFixtureRequest(w: WriteContext, input: SaveFixtureRequestInput): Promise<FixtureRequest> {
    const at = this.clock();
    const before =
      input.FixtureRequestID === undefined
        ? null
        : await repo.fixtureRequest(w.db, input.FixtureRequestID, true);
    if (input.FixtureRequestID !== undefined && !before) {
      throw invalid(`There is no fixture request ${input.FixtureRequestID}.`);
    }
    if (before) {
      if (input.PlantID !== undefined && input.PlantID !== before.PlantID) {
        throw invalid(
          `PlantID: fixture request ${before.FixtureRequestID} belongs to plant ${before.PlantID} and cannot move.`,
        );
      }
      const changes = Object.keys(input).filter((k) => k !== 'FixtureRequestID' && k !== 'PlantID');
      if (!changes.length)
        throw invalid('Nothing to change: give Status, NeededBy, JobNumber, PartNum or Description.');
      if (isFixtureClosed(before.Status)) {
        throw sorry(
          `Fixture request ${before.FixtureRequestID} is ${before.Status} and can no longer change.`,
        );
      }
    } else {
      if (input.PlantID === undefined) throw invalid('PlantID is required for a new fixture request.');
      if (input.Description === undefined)
        throw invalid('Description is required for a new fixture request.');
      if (input.NeededBy === undefined) throw invalid('NeededBy is required for a new fixture request.');
      await this.checkPlant(w.db, input.PlantID);
    }
    if (input.RequestedBy !== undefined) await this.checkEmployee(w.db, input.RequestedBy, 'RequestedBy');
    const values: repo.FixtureValues = {
      PlantID: before?.PlantID ?? input.PlantID!,
      RequestedBy: input.RequestedBy ?? before?.RequestedBy ?? w.employeeId,
      JobNumber: input.JobNumber !== undefined ? input.JobNumber : (before?.JobNumber ?? null),
      PartNum: input.PartNum !== undefined ? input.PartNum : (before?.PartNum ?? null),
      Description: input.Description ?? before!.Description,
      NeededBy: input.NeededBy ?? before!.NeededBy,
      Status: input.Status ?? before?.Status ?? 'requested',
    };
    let id: number;
    if (before) {
      await repo.updateFixtureRequest(w.db, before.FixtureRequestID, values, at, w.employeeId);
      id = before.FixtureRequestID;
    } else id = await repo.insertFixtureRequest(w.db, values, at, w.employeeId);
    const saved = (await repo.fixtureRequest(w.db, id))!;
    w.publish(fixtureRequestChange(saved));
    return saved;
  }

  async savePreventiveTask(w: WriteContext, input: SavePreventiveTaskInput): Promise<PreventiveTask> {
    const at = this.clock();
    const before =
      input.PreventiveTaskID === undefined
        ? null
        : await repo.preventiveTask(w.db, input.PreventiveTaskID, true);
    if (input.PreventiveTaskID !== undefined && !before) {
      throw invalid(`There is no PM task ${input.PreventiveTaskID}.`);
    }
    if (before) {
      if (input.PlantID !== undefined && input.PlantID !== before.PlantID) {
        throw invalid(
          `PlantID: PM task ${before.PreventiveTaskID} belongs to plant ${before.PlantID} and cannot move.`,
        );
      }
      const changes = Object.keys(input).filter((k) => k !== 'PreventiveTaskID' && k !== 'PlantID');
      if (!changes.length) {
        throw invalid(
          'Nothing to change: give NextDue, IntervalDays, AssignedTo, Done, Active, Asset or Description.',
        );
      }
    } else {
      for (const field of ['PlantID', 'Asset', 'Description', 'IntervalDays', 'NextDue'] as const) {
        if (input[field] === undefined) throw invalid(`${field} is required for a new PM task.`);
      }
      await this.checkPlant(w.db, input.PlantID!);
    }
    if (input.NextDue !== undefined && !realDate(input.NextDue)) {
      throw invalid(`NextDue: ${input.NextDue} is not a date.`);
    }
    if (input.Done && input.NextDue !== undefined)
      throw invalid('NextDue: give either Done or NextDue, not both.');
    if (input.AssignedTo != null) await this.checkEmployee(w.db, input.AssignedTo, 'AssignedTo');
    const plantId = before?.PlantID ?? input.PlantID!;
    const intervalDays = input.IntervalDays ?? before!.IntervalDays;
    const today = localDateOf(at, plantTimeZone(plantId));
    const values: repo.TaskValues = {
      PlantID: plantId,
      Asset: input.Asset ?? before!.Asset,
      Description: input.Description ?? before!.Description,
      IntervalDays: intervalDays,
      NextDue: input.Done ? nextDueAfter(today, intervalDays) : (input.NextDue ?? before!.NextDue),
      LastDone: input.Done ? today : (before?.LastDone ?? null),
      AssignedTo: input.AssignedTo !== undefined ? input.AssignedTo : (before?.AssignedTo ?? null),
      Active: input.Active ?? before?.Active ?? true,
    };
    let id: number;
    if (before) {
      await repo.updateTask(w.db, before.PreventiveTaskID, values, at, w.employeeId);
      id = before.PreventiveTaskID;
    } else id = await repo.insertTask(w.db, values, at, w.employeeId);
    const row = (await repo.preventiveTask(w.db, id))!;
    w.publish(preventiveTaskChange(repo.taskOf(row), row.Active));
    return repo.taskOf(row);
  }

  // ------------------------------------------------------------------------- checks

  private async checkPlant(db: Sql, plantId: number): Promise<void> {
    if (!(await repo.plantExists(db, plantId))) throw invalid(`PlantID: there is no plant ${plantId}.`);
  }

  private async checkEmployee(db: Sql, employeeId: number, field: string): Promise<void> {
    if ((await repo.employeeName(db, employeeId)) === null) {
      throw invalid(`${field}: there is no active employee ${employeeId}.`);
    }
  }
}
