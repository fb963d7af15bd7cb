import { boardItemChange } from '../../../domain/live/board-items';
import type { PendingChange } from '../../../domain/live/changes';
import { plantTimeZone } from '../../../domain/platform/plants';
import type { Face, ResourceStatus } from '../../../domain/shopfloor/entities';
import { FACES, faceDocId, facesTopic, RESOURCE_KIND, resourceTopic } from '../../../domain/shopfloor/live';
import {
  deriveFace,
  faceboardDoc,
  minutesWithin,
  plantDay,
  productionFigures,
} from '../../../domain/shopfloor/rules';
import type { Sql } from '../../db/database';
import * as repo from './shopfloor.repository';

/**
 * The derived documents of the shop floor, one builder for the calls and the seed: the face record
 * (spec 001 §3) and its faceboard projection on `faces:{PlantID}`, and the production-monitor document
 * on `resource:{ResourceID}` (domain/shopfloor/live.ts).
 */

/** The faces of these employees (unknown ids are left out), in the order of `ids`. */
export async function faces(db: Sql, ids: readonly number[]): Promise<Face[]> {
  const people = await repo.employees(db, ids);
  if (!people.length) return [];
  const found = people.map((p) => p.EmployeeID);
  const [punches, activities, ends] = await Promise.all([
    repo.openPunches(db, found),
    repo.openActivities(db, found),
    repo.lastActivityEnds(db, found),
  ]);
  const teams = await repo.teamMembers(
    db,
    [...activities.values()].map((a) => a.LaborActivityID),
  );
  const byId = new Map(people.map((p) => [p.EmployeeID, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const a = activities.get(id) ?? null;
    return [
      deriveFace({
        ...p,
        punch: punches.get(id) ?? null,
        activity: a,
        lastActivityEnd: ends.get(id) ?? null,
        teamMembers: a ? (teams.get(a.LaborActivityID) ?? []) : [],
      }),
    ];
  });
}

export const faceChange = (f: Face): PendingChange => ({
  topic: facesTopic(f.PlantID),
  collection: FACES,
  id: faceDocId(f.EmployeeID),
  doc: faceboardDoc(f),
});

/** The production-monitor document of a machine as of `now`; null when there is no such machine. */
export async function resourceStatus(
  db: Sql,
  resourceId: string,
  now: string,
): Promise<ResourceStatus | null> {
  const machine = await repo.resource(db, resourceId);
  if (!machine) return null;
  const tz = plantTimeZone(machine.PlantID);
  const day = plantDay(now, tz);
  const open = (await repo.openActivitiesOnResource(db, resourceId)).filter((a) => a.JobNumber !== null);
  // The run: the job and operation of the latest open direct activity; it started with the earliest
  // open activity on the same job and operation.
  const latest = open[0] ?? null;
  const run = latest
    ? open.filter(
        (a) =>
          a.JobNumber === latest.JobNumber &&
          a.ProductionPlanOperationID === latest.ProductionPlanOperationID,
      )
    : [];
  const runStartedAt = run.length
    ? new Date(Math.min(...run.map((a) => Date.parse(a.StartedAt)))).toISOString()
    : null;
  const op = latest?.ProductionPlanOperationID
    ? await repo.operation(db, latest.ProductionPlanOperationID)
    : null;
  const mpp = op
    ? ([op.ProductionMinutesPerPiece, op.ScheduledMinutesPerPiece, op.TaskMinutesPerPiece ?? 0].find(
        (m) => m > 0,
      ) ?? null)
    : null;
  const since = runStartedAt && Date.parse(runStartedAt) < Date.parse(day.From) ? runStartedAt : day.From;
  const downtime = await repo.downtimeSince(db, resourceId, since);
  const windows = downtime.map((d) => ({ Start: d.StartedAt, End: d.EndedAt }));
  const pieces =
    latest && runStartedAt
      ? await repo.runPieces(
          db,
          resourceId,
          latest.JobNumber!,
          latest.ProductionPlanOperationID,
          runStartedAt,
        )
      : { good: 0, scrap: 0 };
  const figures = productionFigures({
    minutesPerPiece: mpp,
    runStartedAt,
    now,
    downtime: windows,
    actual: pieces.good,
  });
  const operators = open.length
    ? await repo.employees(
        db,
        open.map((a) => a.EmployeeID),
      )
    : [];
  const who = new Map(operators.map((e) => [e.EmployeeID, e]));
  const openDown = downtime.find((d) => d.EndedAt === null) ?? null;
  return {
    ResourceID: machine.ResourceID,
    PlantID: machine.PlantID,
    Description: machine.Description,
    JobNumber: latest?.JobNumber ?? null,
    ProductionPlanOperationID: latest?.ProductionPlanOperationID ?? null,
    Operation: latest?.OperationSequence ?? null,
    Item: latest?.Item ?? null,
    OperationQuantity: op?.ProductionQuantity ?? null,
    Operators: open
      .slice()
      .reverse()
      .map((a) => ({
        EmployeeID: a.EmployeeID,
        Name: who.get(a.EmployeeID)?.Name ?? '',
        PhotoFile: who.get(a.EmployeeID)?.PhotoFile ?? null,
        StartActivity: a.StartedAt,
      })),
    RunStartedAt: runStartedAt,
    MinutesPerPiece: mpp,
    ...figures,
    ActualPieces: pieces.good,
    ScrapPieces: pieces.scrap,
    OpenDowntime: openDown
      ? {
          DowntimeEventID: openDown.DowntimeEventID,
          ReasonCode: openDown.ReasonCode,
          Reason: openDown.Reason,
          StartedAt: openDown.StartedAt,
        }
      : null,
    DowntimeMinutesToday: minutesWithin(windows, day.From, now),
    AsOf: now,
  };
}

export const resourceChange = (s: ResourceStatus): PendingChange =>
  boardItemChange(resourceTopic(s.ResourceID), RESOURCE_KIND, s.ResourceID, s.PlantID, s);
