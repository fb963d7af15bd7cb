import {
  GetClockPunches,
  GetFaceHistory,
  GetMyTime,
  GetPlantPeople,
  GetTimecards,
  SavePunch,
} from '../../../domain/timeclock/calls';
import type { CallRegistry } from '../../rpc/registry';
import type { TimeclockService } from './timeclock.service';

/**
 * The time-clock calls (domain/timeclock/calls.ts declares each with its access; the pipeline enforces
 * it). The row rule of GetFaceHistory (someone else or a whole plant) is in timeclock.service.ts.
 */
export function registerTimeclockCalls(registry: CallRegistry, timeclock: TimeclockService): void {
  registry.handle(GetMyTime, ({ db, user }) => timeclock.myTime(db, user!.employeeId));
  registry.handle(GetFaceHistory, ({ db, user, payload }) =>
    timeclock.faceHistory({ db, employeeId: user!.employeeId, flags: user!.flags }, payload),
  );
  registry.handle(GetClockPunches, ({ db, payload }) => timeclock.clockPunches(db, payload));
  registry.handle(GetPlantPeople, ({ db, payload }) => timeclock.plantPeople(db, payload.PlantID));
  registry.handle(GetTimecards, ({ db, payload }) => timeclock.timecards(db, payload));
  registry.handle(SavePunch, (ctx) =>
    timeclock.savePunch(
      {
        db: ctx.db,
        employeeId: ctx.user!.employeeId,
        flags: ctx.user!.flags,
        publish: (change) => ctx.publish(change),
      },
      ctx.payload,
    ),
  );
}
