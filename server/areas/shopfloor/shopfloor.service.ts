import type { PendingChange } from '../../../domain/live/changes';
import type { PermissionFlag } from '../../../domain/platform/permissions';
import { plantTimeZone } from '../../../domain/platform/plants';
import type {
  Completion,
  DowntimeEvent,
  DowntimeReason,
  Face,
  FloorMachine,
  IndirectCode,
  JobOperation,
  LaborActivity,
  MyActivity,
  ResourceStatus,
} from '../../../domain/shopfloor/entities';
import {
  clockInProblem,
  clockOutProblem,
  completionProblem,
  endDowntimeProblem,
  plantDay,
  startActivityProblem,
  startDowntimeProblem,
} from '../../../domain/shopfloor/rules';
import type { Sql } from '../../db/database';
import { forbidden, invalid, notFound, sorry } from '../../rpc/errors';
import type { FileAnswer } from '../../rpc/registry';
import { photoOf } from '../platform/employees.repository';
import { publishClockState } from '../timeclock/timeclock.service';
import { faceChange, faces, resourceChange, resourceStatus } from './shopfloor.documents';
import * as repo from './shopfloor.repository';

/**
 * The time-clocking and shop-floor rules as the server applies them (issue 7). Every write locks the
 * employees it changes (`SELECT … FOR UPDATE` on employees, in id order) or the machine (on
 * resources), reads the open punch / activity / downtime under that lock, applies the pure rules of
 * domain/shopfloor/rules.ts, writes, and republishes in the same transaction the face of every
 * employee it touched on `faces:{PlantID}` and the status of every machine it touched on
 * `resource:{ResourceID}`. Two taps of "clock in" therefore apply one after the other and the second
 * is refused.
 */

export interface WriteContext {
  db: Sql;
  employeeId: number;
  flags: ReadonlySet<PermissionFlag>;
  publish(change: PendingChange): void;
  /**
   * Runs `fn` once the write's transaction has committed (the boards' coalesced KPI rebuild). The
   * shop-floor calls always give it; optional for other areas that borrow this context (timeclock)
   * and never reach the boards hook.
   */
  afterCommit?(fn: () => void | Promise<void>): void;
}

/** What a write touched: republished before the transaction commits. */
class Touched {
  readonly employees = new Set<number>();
  readonly resources = new Set<string>();
  add(r: { employees: number[]; resources: string[] }): void {
    for (const e of r.employees) this.employees.add(e);
    for (const m of r.resources) this.resources.add(m);
  }
}

const now = () => new Date().toISOString();

/**
 * Hears every write after its faces and machine statuses are published, in the same transaction: the
 * TV boards' documents (scoreboards, KPI monitors, paint lines: server/areas/boards) are republished
 * there. Injected so this area does not know the boards.
 */
export type FloorWriteListener = (
  w: WriteContext,
  touched: { resources: readonly string[]; employees: readonly number[] },
  at: string,
) => Promise<void>;

export class ShopfloorService {
  /** `clock` is injected for tests of "today"; the wall clock otherwise. */
  constructor(
    private readonly clock: () => string = now,
    private readonly boards?: FloorWriteListener,
  ) {}

  // ------------------------------------------------------------------------- reads

  async face(db: Sql, employeeId: number): Promise<Face> {
    const [f] = await faces(db, [employeeId]);
    if (!f) throw invalid(`There is no employee ${employeeId}.`);
    return f;
  }

  /**
   * The public photo of a faceboard face: only an employee who has clocked at least once (everyone a
   * faces:{PlantID} topic can show) — the photos of office staff who never clock stay behind a login.
   */
  async facePhoto(db: Sql, fileName: string): Promise<FileAnswer> {
    const employeeId = Number(fileName.replace(/\.bmp$/, ''));
    const found = (await repo.hasClocked(db, employeeId)) ? await photoOf(db, employeeId) : undefined;
    if (!found) throw notFound(`There is no faceboard photo for employee ${employeeId}.`);
    return { bytes: found.bytes, fileName, contentType: found.content_type };
  }

  async plantFaces(db: Sql, plantId: number): Promise<Face[]> {
    const day = plantDay(this.clock(), plantTimeZone(plantId));
    const ids = await repo.plantEmployeesSince(db, plantId, day.From);
    return (await faces(db, ids)).sort((a, b) => a.Name.localeCompare(b.Name) || a.EmployeeID - b.EmployeeID);
  }

  async myActivity(db: Sql, employeeId: number): Promise<MyActivity> {
    const face = await this.face(db, employeeId);
    const day = plantDay(this.clock(), plantTimeZone(face.PlantID));
    const activity = (await repo.openActivities(db, [employeeId])).get(employeeId) ?? null;
    return {
      Face: face,
      Activity: activity,
      CompletionsToday: await repo.completionsOf(db, employeeId, day.From, day.To),
    };
  }

  async resourceStatus(db: Sql, resourceId: string): Promise<ResourceStatus> {
    const s = await resourceStatus(db, resourceId, this.clock());
    if (!s) throw invalid(`There is no machine ${resourceId}.`);
    return s;
  }

  indirectCodes(db: Sql): Promise<IndirectCode[]> {
    return repo.indirectCodes(db);
  }

  downtimeReasons(db: Sql): Promise<DowntimeReason[]> {
    return repo.downtimeReasons(db);
  }

  floorMachines(db: Sql, plantId: number): Promise<FloorMachine[]> {
    return repo.floorMachines(db, plantId);
  }

  jobOperations(db: Sql, jobNumber: string): Promise<JobOperation[]> {
    return repo.jobOperations(db, jobNumber);
  }

  // ------------------------------------------------------------------------- clock

  async clockIn(w: WriteContext, employeeId: number): Promise<Face> {
    this.mayClock(w, employeeId, 'clock in');
    const [e] = await this.lock(w, [employeeId]);
    const at = this.clock();
    const punch = (await repo.openPunches(w.db, [employeeId])).get(employeeId) ?? null;
    const problem = clockInProblem(punch, e!.Name, plantTimeZone(e!.PlantID));
    if (problem) throw sorry(problem);
    await repo.insertPunch(w.db, employeeId, e!.PlantID, at, this.by(w, employeeId));
    // The employee record's clocked_in follows the punch (and its topic says so).
    await publishClockState(w, [employeeId]);
    return this.finish(w, employeeId, new Touched());
  }

  async clockOut(w: WriteContext, employeeId: number): Promise<Face> {
    this.mayClock(w, employeeId, 'clock out');
    const [e] = await this.lock(w, [employeeId]);
    const at = this.clock();
    const punch = (await repo.openPunches(w.db, [employeeId])).get(employeeId) ?? null;
    const problem = clockOutProblem(punch, e!.Name);
    if (problem) throw sorry(problem);
    const touched = new Touched();
    // Clocking out ends the open activity (and a lead's team's) at the same instant.
    const open = (await repo.openActivities(w.db, [employeeId])).get(employeeId);
    if (open) touched.add(await repo.endActivity(w.db, open.LaborActivityID, at));
    await repo.closePunch(w.db, punch!.ClockPunchID, at, this.by(w, employeeId));
    await publishClockState(w, [employeeId]);
    return this.finish(w, employeeId, touched);
  }

  // ------------------------------------------------------------------------- activities

  async startDirect(
    w: WriteContext,
    p: {
      EmployeeID: number;
      ResourceID: string;
      JobNumber: string;
      ProductionPlanOperationID: number;
      TeamMemberIDs?: number[];
    },
  ): Promise<LaborActivity> {
    const members = p.TeamMemberIDs ?? [];
    this.mayAct(w, p.EmployeeID);
    if (members.length) this.mayAct(w, -1, 'start work for team members');
    if (members.includes(p.EmployeeID)) throw invalid('TeamMemberIDs cannot include the lead (EmployeeID).');
    if (new Set(members).size !== members.length) throw invalid('TeamMemberIDs lists an employee twice.');
    const machine = await repo.resource(w.db, p.ResourceID);
    if (!machine) throw invalid(`There is no machine ${p.ResourceID}.`);
    if (!machine.Active) throw sorry(`${p.ResourceID} is not active.`);
    const op = await repo.operation(w.db, p.ProductionPlanOperationID);
    if (!op) throw invalid(`There is no production plan operation ${p.ProductionPlanOperationID}.`);
    if (op.JobNumber !== p.JobNumber) {
      throw invalid(`Operation ${p.ProductionPlanOperationID} is not an operation of job ${p.JobNumber}.`);
    }
    if (op.Invalidated) throw sorry(`Operation ${op.Sequence} of job ${op.JobNumber} is invalidated.`);
    const people = await this.lock(w, [p.EmployeeID, ...members]);
    const lead = people.find((e) => e.EmployeeID === p.EmployeeID)!;
    if (lead.PlantID !== machine.PlantID) {
      throw sorry(`${p.ResourceID} is in plant ${machine.PlantID}, ${lead.Name} in plant ${lead.PlantID}.`);
    }
    const at = this.clock();
    const ids = [p.EmployeeID, ...members];
    const punches = await repo.openPunches(w.db, ids);
    for (const id of ids) {
      const e = people.find((x) => x.EmployeeID === id)!;
      const problem = startActivityProblem(punches.get(id) ?? null, e.Name);
      if (problem) throw sorry(problem);
      if (e.PlantID !== lead.PlantID) throw sorry(`${e.Name} works in another plant (${e.PlantID}).`);
    }
    const touched = await this.endOpen(w, ids, at);
    const base = {
      PlantID: lead.PlantID,
      ResourceID: machine.ResourceID,
      JobNumber: op.JobNumber,
      ProductionPlanOperationID: op.ProductionPlanOperationID,
      IndirectCode: null,
      StartedAt: at,
      StartedBy: this.by(w, p.EmployeeID),
    };
    const leadId = await repo.insertActivity(w.db, {
      ...base,
      EmployeeID: p.EmployeeID,
      TeamLeadActivityID: null,
    });
    for (const m of members) {
      await repo.insertActivity(w.db, {
        ...base,
        EmployeeID: m,
        TeamLeadActivityID: leadId,
        StartedBy: w.employeeId,
      });
    }
    touched.add({ employees: ids, resources: [machine.ResourceID] });
    await this.publish(w, touched);
    return (await repo.activity(w.db, leadId))!;
  }

  async startIndirect(w: WriteContext, employeeId: number, code: string): Promise<LaborActivity> {
    this.mayAct(w, employeeId);
    const [known] = await repo.indirectCodes(w.db, code);
    if (!known) throw invalid(`There is no indirect code ${code}.`);
    const [e] = await this.lock(w, [employeeId]);
    const at = this.clock();
    const problem = startActivityProblem(
      (await repo.openPunches(w.db, [employeeId])).get(employeeId) ?? null,
      e!.Name,
    );
    if (problem) throw sorry(problem);
    const touched = await this.endOpen(w, [employeeId], at);
    const id = await repo.insertActivity(w.db, {
      EmployeeID: employeeId,
      PlantID: e!.PlantID,
      ResourceID: null,
      JobNumber: null,
      ProductionPlanOperationID: null,
      IndirectCode: known.IndirectCode,
      StartedAt: at,
      TeamLeadActivityID: null,
      StartedBy: this.by(w, employeeId),
    });
    touched.add({ employees: [employeeId], resources: [] });
    await this.publish(w, touched);
    return (await repo.activity(w.db, id))!;
  }

  async stopActivity(w: WriteContext, employeeId: number): Promise<Face> {
    this.mayAct(w, employeeId);
    const [e] = await this.lock(w, [employeeId]);
    const open = (await repo.openActivities(w.db, [employeeId])).get(employeeId);
    if (!open) throw sorry(`${e!.Name} has no open activity.`);
    const touched = new Touched();
    touched.add(await repo.endActivity(w.db, open.LaborActivityID, this.clock()));
    return this.finish(w, employeeId, touched);
  }

  async recordCompletions(
    w: WriteContext,
    p: { LaborActivityID: number; Quantity: number; ScrapQuantity: number; ScrapReason?: string | null },
  ): Promise<Completion> {
    const found = await repo.activity(w.db, p.LaborActivityID);
    if (!found) throw invalid(`There is no labor activity ${p.LaborActivityID}.`);
    this.mayAct(w, found.EmployeeID, "report pieces on someone else's activity");
    await this.lock(w, [found.EmployeeID]);
    // Read again under the lock: the activity may have ended meanwhile.
    const a = (await repo.activity(w.db, p.LaborActivityID))!;
    const problem = completionProblem({ activity: a, ...p });
    if (problem) throw a.Direct && a.EndedAt === null ? invalid(problem) : sorry(problem);
    const reason = p.ScrapQuantity > 0 ? p.ScrapReason!.trim() : null;
    const done = await repo.insertCompletion(w.db, {
      LaborActivityID: a.LaborActivityID,
      EmployeeID: a.EmployeeID,
      ResourceID: a.ResourceID!,
      JobNumber: a.JobNumber!,
      ProductionPlanOperationID: a.ProductionPlanOperationID,
      Quantity: p.Quantity,
      ScrapQuantity: p.ScrapQuantity,
      ScrapReason: reason,
      RecordedAt: this.clock(),
      RecordedBy: this.by(w, a.EmployeeID),
    });
    const touched = new Touched();
    touched.add({ employees: [], resources: [a.ResourceID!] });
    await this.publish(w, touched);
    return done;
  }

  // ------------------------------------------------------------------------- downtime

  async startDowntime(w: WriteContext, resourceId: string, reasonCode: string): Promise<DowntimeEvent> {
    const machine = await repo.resource(w.db, resourceId, true);
    if (!machine) throw invalid(`There is no machine ${resourceId}.`);
    const [reason] = await repo.downtimeReasons(w.db, reasonCode);
    if (!reason) throw invalid(`There is no downtime reason ${reasonCode}.`);
    const problem = startDowntimeProblem(
      await repo.openDowntime(w.db, resourceId),
      resourceId,
      plantTimeZone(machine.PlantID),
    );
    if (problem) throw sorry(problem);
    const event = await repo.insertDowntime(w.db, {
      ResourceID: resourceId,
      PlantID: machine.PlantID,
      ReasonCode: reason.ReasonCode,
      StartedAt: this.clock(),
      EmployeeID: w.employeeId,
    });
    const touched = new Touched();
    touched.add({ employees: [], resources: [resourceId] });
    await this.publish(w, touched);
    return event;
  }

  async endDowntime(w: WriteContext, resourceId: string): Promise<DowntimeEvent> {
    const machine = await repo.resource(w.db, resourceId, true);
    if (!machine) throw invalid(`There is no machine ${resourceId}.`);
    const open = await repo.openDowntime(w.db, resourceId);
    const problem = endDowntimeProblem(open, resourceId);
    if (problem) throw sorry(problem);
    const event = await repo.endDowntime(w.db, open!.DowntimeEventID, this.clock(), w.employeeId);
    const touched = new Touched();
    touched.add({ employees: [], resources: [resourceId] });
    await this.publish(w, touched);
    return event;
  }

  // ------------------------------------------------------------------------- helpers

  /** Oneself, or another employee with supervisor or approvesTime (server-enforced, 403 otherwise). */
  private mayClock(w: WriteContext, employeeId: number, what: string): void {
    if (employeeId === w.employeeId) return;
    if (w.flags.has('supervisor') || w.flags.has('approvesTime')) return;
    throw forbidden(
      `You can ${what} only yourself (to ${what} someone else you need: supervisor or approves time).`,
    );
  }

  /** Oneself, or another employee with supervisor. */
  private mayAct(w: WriteContext, employeeId: number, what = "start or stop someone else's activity"): void {
    if (employeeId === w.employeeId || w.flags.has('supervisor')) return;
    throw forbidden(`You do not have permission to ${what} (it needs: supervisor).`);
  }

  /** Who punched, when it was not the employee. */
  private by(w: WriteContext, employeeId: number): number | null {
    return employeeId === w.employeeId ? null : w.employeeId;
  }

  /** Locks the employees' rows in id order; a missing one is bad input. */
  private async lock(w: WriteContext, ids: readonly number[]): Promise<repo.EmployeeRow[]> {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    const rows = await repo.employees(w.db, sorted, true);
    const missing = sorted.filter((id) => !rows.some((r) => r.EmployeeID === id));
    if (missing.length) throw invalid(`There is no employee ${missing.join(', ')}.`);
    return rows;
  }

  /** Ends the open activities of these employees (and their teams). */
  private async endOpen(w: WriteContext, ids: readonly number[], at: string): Promise<Touched> {
    const touched = new Touched();
    const open = await repo.openActivities(w.db, ids);
    for (const a of open.values()) {
      // A member whose lead's call already ended it is skipped by the UPDATE's `ended_at IS NULL`.
      touched.add(await repo.endActivity(w.db, a.LaborActivityID, at));
    }
    return touched;
  }

  private async finish(w: WriteContext, employeeId: number, touched: Touched): Promise<Face> {
    touched.add({ employees: [employeeId], resources: [] });
    await this.publish(w, touched);
    return this.face(w.db, employeeId);
  }

  private async publish(w: WriteContext, touched: Touched): Promise<void> {
    for (const f of await faces(
      w.db,
      [...touched.employees].sort((a, b) => a - b),
    ))
      w.publish(faceChange(f));
    const at = this.clock();
    for (const r of [...touched.resources].sort()) {
      const s = await resourceStatus(w.db, r, at);
      if (s) w.publish(resourceChange(s));
    }
    await this.boards?.(w, { resources: [...touched.resources], employees: [...touched.employees] }, at);
  }
}
