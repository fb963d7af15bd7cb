import type { Schedule, ScheduleHeader, Task } from '../../../../domain/scheduling/entities';

/** A schedule task with plain values (tests and the screen's jsdom tests). */
export function task(id: number, resourceId: string, order: number, over: Partial<Task> = {}): Task {
  return {
    ScheduleTaskID: id,
    ScheduleID: 1,
    ResourceID: resourceId,
    ProductionOrder: order,
    ScheduledMinutesPerPiece: 2,
    ScheduledSetupMinutes: 30,
    GoalMinutesPerPiece: 2,
    GoalSetupMinutes: 30,
    OriginalScheduledMinutesPerPiece: 2,
    MachineRateID: null,
    OfficialRate: true,
    RateDescription: 'Official',
    SetupSuppressed: false,
    EstimatedMinutes: 230,
    OperationQty: 100,
    Calculated: false,
    ModStatus: '',
    Selected: false,
    ProductionPlanOperationID: null,
    JobNumber: `J${100000 + id}`,
    PartNum: `P-${id}`,
    PartDescription: 'Column',
    OperationSequence: 10,
    DueDate: '2026-07-10',
    Color: 'n/a',
    StatusID: null,
    QtyCompleted: 0,
    StartAt: '2026-07-06T12:00:00Z',
    EndAt: '2026-07-06T15:50:00Z',
    SourceTaskID: null,
    RowVersion: 1,
    ...over,
  };
}

export function header(over: Partial<ScheduleHeader> = {}): ScheduleHeader {
  return {
    ScheduleID: 1,
    PlantID: 2,
    Name: 'Official',
    Official: true,
    Planning: false,
    BasedOnScheduleID: null,
    StartDate: '2026-07-06',
    CreatedBy: 'Sam Ortiz',
    CreatedAt: '2026-07-01T12:00:00Z',
    CommittedAt: null,
    CommittedBy: null,
    TaskCount: 0,
    RowVersion: 1,
    ...over,
  };
}

/** A schedule of lanes given as ResourceID → task ids in order. */
export function schedule(lanes: Record<string, number[]>): Schedule {
  const Workcenters = Object.entries(lanes).map(([ResourceID, ids]) => ({
    ResourceID,
    Tasks: ids.map((id, i) => task(id, ResourceID, i)),
    TaskCount: ids.length,
  }));
  return { ...header({ TaskCount: Workcenters.reduce((n, w) => n + w.Tasks.length, 0) }), Workcenters };
}
