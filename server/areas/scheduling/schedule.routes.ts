import {
  CommitSchedule,
  CreateWhatIfSchedule,
  DeleteHoliday,
  DeleteOverride,
  DeleteSchedule,
  DeleteScheduleTask,
  DeleteShift,
  GetSchedule,
  GetScheduleByDay,
  GetScheduleSummary,
  GetSchedules,
  GetSchedulingAdherence,
  GetSchedulingReport,
  GetSchedulingSettings,
  GetUnscheduledOperations,
  MoveScheduleTasks,
  RunScheduleTaskAlgorithm,
  SaveHoliday,
  SaveOverride,
  SaveSchedulingStatus,
  SaveShift,
  ScheduleOperation,
  SplitScheduleTask,
  type TaskField,
  UpdateSchedule,
  UpdateScheduleTask,
  UpdateWorkcenterSetting,
} from '../../../domain/scheduling/calls';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import type { SchedulingService, WriteContext } from './schedule.service';

/**
 * The scheduling calls of spec 001 §7 and those the screens need beyond it (domain/scheduling/calls.ts
 * declares each with its access; the pipeline enforces it). Row-level rules (official vs what-if edit
 * flags, committed what-ifs read-only) and everything else are in schedule.service.ts.
 */
export function registerSchedulingCalls(registry: CallRegistry, scheduling: SchedulingService): void {
  const write = (ctx: CallContext<unknown>): WriteContext => ({
    db: ctx.db,
    // Every write call needs a flag, so there is always a user here.
    userName: ctx.user!.name,
    flags: ctx.user!.flags,
    publish: (change) => ctx.publish(change),
  });

  // Spec 001 §7.
  registry.handle(UpdateScheduleTask, (ctx) =>
    scheduling.updateTask(
      write(ctx),
      ctx.payload.ScheduleTaskID,
      ctx.payload.FieldName as TaskField,
      ctx.payload.Value,
    ),
  );
  registry.handle(RunScheduleTaskAlgorithm, ({ db, payload }) =>
    scheduling.previewAlgorithm(db, payload.ScheduleTaskID),
  );
  registry.handle(SplitScheduleTask, (ctx) =>
    scheduling.splitTask(write(ctx), ctx.payload.ScheduleTaskID, ctx.payload.Quantity),
  );
  registry.handle(DeleteScheduleTask, (ctx) => scheduling.deleteTask(write(ctx), ctx.payload.ScheduleTaskID));

  // Schedules.
  registry.handle(GetSchedules, ({ db, payload }) => scheduling.schedules(db, payload.PlantID));
  registry.handle(GetSchedule, ({ db, payload }) =>
    scheduling.schedule(db, payload.ScheduleID, payload.FirstTasks),
  );
  registry.handle(MoveScheduleTasks, (ctx) =>
    scheduling.moveTasks(
      write(ctx),
      ctx.payload.ScheduleTaskIDs,
      ctx.payload.ResourceID,
      ctx.payload.ProductionOrder,
    ),
  );
  registry.handle(CreateWhatIfSchedule, (ctx) =>
    scheduling.createWhatIf(write(ctx), ctx.payload.ScheduleID, ctx.payload.Name),
  );
  registry.handle(CommitSchedule, (ctx) => scheduling.commit(write(ctx), ctx.payload.ScheduleID));
  registry.handle(DeleteSchedule, (ctx) => scheduling.deleteSchedule(write(ctx), ctx.payload.ScheduleID));
  registry.handle(UpdateSchedule, (ctx) =>
    scheduling.updateSchedule(
      write(ctx),
      ctx.payload.ScheduleID,
      ctx.payload.FieldName as 'Name' | 'StartDate',
      ctx.payload.Value as string,
    ),
  );

  // Unscheduled operations.
  registry.handle(GetUnscheduledOperations, ({ db, payload }) =>
    scheduling.unscheduled(db, payload.PlantID, payload.Search, payload.Skip, payload.Take),
  );
  registry.handle(ScheduleOperation, (ctx) =>
    scheduling.scheduleOperation(
      write(ctx),
      ctx.payload.ScheduleID,
      ctx.payload.ProductionPlanOperationID,
      ctx.payload.ResourceID,
      ctx.payload.ProductionOrder,
    ),
  );

  // Settings.
  registry.handle(GetSchedulingSettings, ({ db, payload }) => scheduling.settings(db, payload.PlantID));
  registry.handle(SaveShift, (ctx) => scheduling.saveShift(write(ctx), ctx.payload));
  registry.handle(DeleteShift, (ctx) => scheduling.deleteShift(write(ctx), ctx.payload.ShiftID));
  registry.handle(SaveHoliday, (ctx) => scheduling.saveHoliday(write(ctx), ctx.payload));
  registry.handle(DeleteHoliday, (ctx) => scheduling.deleteHoliday(write(ctx), ctx.payload.HolidayID));
  registry.handle(SaveOverride, (ctx) => scheduling.saveOverride(write(ctx), ctx.payload));
  registry.handle(DeleteOverride, (ctx) => scheduling.deleteOverride(write(ctx), ctx.payload.OverrideID));
  registry.handle(UpdateWorkcenterSetting, (ctx) =>
    scheduling.updateWorkcenterSetting(
      write(ctx),
      ctx.payload.ResourceID,
      ctx.payload.FieldName as 'Scheduled' | 'EfficiencyPercent' | 'Color' | 'SortOrder',
      ctx.payload.Value,
    ),
  );
  registry.handle(SaveSchedulingStatus, (ctx) => scheduling.saveStatus(write(ctx), ctx.payload));

  // Reports.
  registry.handle(GetScheduleSummary, ({ db, payload }) => scheduling.summary(db, payload.ScheduleID));
  registry.handle(GetScheduleByDay, ({ db, payload }) =>
    scheduling.byDay(db, payload.ScheduleID, payload.Date),
  );
  registry.handle(GetSchedulingAdherence, ({ db, payload }) =>
    scheduling.adherence(db, payload.PlantID, payload.From, payload.To),
  );
  registry.handle(GetSchedulingReport, ({ db, payload }) =>
    scheduling.report(db, payload.ScheduleID, payload.ResourceID, payload.From, payload.To),
  );
}
