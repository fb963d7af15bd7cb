import type { PendingChange } from '../../domain/live/changes';
import { localDateOf } from '../../domain/scheduling/calendar';
import type {
  Holiday,
  Override,
  ScheduleColor,
  SchedulingCalendar,
  SchedulingStatus,
  Shift,
  Task,
  WorkcenterSetting,
} from '../../domain/scheduling/entities';
import { estimatedMinutes } from '../../domain/scheduling/rules';
import {
  headerChanges,
  settingsChange,
  taskChange,
  taskFromOperation,
  timeLane,
} from '../areas/scheduling/schedule.documents';
import * as repo from '../areas/scheduling/schedule.repository';
import { appendChanges } from '../feed/feed.service';
import type { Sql } from './database';
import { demoPlants } from './seed-production';

/**
 * Demo scheduling data (issue 6), after the production seed: per demo plant the task statuses, the
 * default shifts (Mon–Fri 06:00–14:30 and 14:30–23:00), the holidays of its country, an override or
 * two, a settings row for every machine, and an official schedule starting today (plant-local) whose
 * tasks come from the seeded plan operations in due-date order, as many as the lanes can finish by
 * about their due dates, one in eight left for the unscheduled list anyway (and J299300, the plan
 * bench's 300 operations), a few with pieces done, a split,
 * some colours and statuses. LV-RF01 runs three shifts; IDF-PNT01 adds a Saturday shift.
 *
 * Every schedule's header and tasks, every plant's schedule list and settings are written to the change
 * log of their topics, so a screen that follows a topic from 0 holds all of it.
 *
 * `seedBenchSchedule` builds a large schedule for `npm run bench:schedule`.
 */

const SEED_USER = 'Sam Ortiz';

const statuses: ReadonlyArray<readonly [string, ScheduleColor]> = [
  ['Released', 'Green'],
  ['Material short', 'Yellow'],
  ['On hold', 'Red'],
  ['Rush', 'Purple'],
];

const holidaysByCountry: Record<string, ReadonlyArray<readonly [string, string]>> = {
  US: [
    ['2026-09-07', 'Labor Day'],
    ['2026-11-26', 'Thanksgiving'],
    ['2026-11-27', 'Day after Thanksgiving'],
    ['2026-12-24', 'Christmas Eve'],
    ['2026-12-25', 'Christmas'],
    ['2027-01-01', "New Year's Day"],
    ['2027-05-31', 'Memorial Day'],
    ['2027-07-05', 'Independence Day (observed)'],
  ],
  MX: [
    ['2026-09-16', 'Día de la Independencia'],
    ['2026-11-16', 'Día de la Revolución'],
    ['2026-12-12', 'Día de la Virgen de Guadalupe'],
    ['2026-12-25', 'Navidad'],
    ['2027-01-01', 'Año Nuevo'],
    ['2027-02-01', 'Día de la Constitución'],
    ['2027-03-15', 'Natalicio de Benito Juárez'],
  ],
  CA: [
    ['2026-10-12', 'Thanksgiving (Canada)'],
    ['2026-12-25', 'Christmas'],
    ['2026-12-28', 'Boxing Day (observed)'],
    ['2027-01-01', "New Year's Day"],
  ],
};

const processColor: Record<string, ScheduleColor> = {
  SLT: 'Blue',
  RF: 'Green',
  PCH: 'Purple',
  CUT: 'Yellow',
  WLD: 'Red',
  PNT: 'Pink',
  ASM: 'n/a',
};

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The plant-local date `n` days after today, and the next date with weekday `dow` (0 Sunday) from today. */
function localDays(timeZone: string) {
  const today = localDateOf(Date.now(), timeZone);
  const add = (date: string, n: number) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  };
  const next = (dow: number) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const current = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    return add(today, (dow - current + 7) % 7 || 7);
  };
  return { today, add, next };
}

/** The plant's default shifts: two shifts Monday to Friday. */
const defaultShifts = (plantId: number): Omit<Shift, 'ShiftID'>[] =>
  [1, 2, 3, 4, 5].flatMap((dow) => [
    { PlantID: plantId, ResourceID: null, Name: 'First', DayOfWeek: dow, Start: '06:00', End: '14:30' },
    { PlantID: plantId, ResourceID: null, Name: 'Second', DayOfWeek: dow, Start: '14:30', End: '23:00' },
  ]);

/** Inserts the calendar rows of a plant and answers its documents for the settings topic. */
async function seedCalendar(
  tx: Sql,
  plantId: number,
  country: string,
  extra: { shifts?: Omit<Shift, 'ShiftID'>[]; overrides?: Omit<Override, 'OverrideID'>[] } = {},
): Promise<PendingChange[]> {
  const changes: PendingChange[] = [];
  for (const s of [...defaultShifts(plantId), ...(extra.shifts ?? [])]) {
    const id = await repo.saveShift(tx, { ...s, ShiftID: 0 });
    changes.push(settingsChange(plantId, 'shift', id, { ...s, ShiftID: id }));
  }
  for (const [date, description] of holidaysByCountry[country] ?? holidaysByCountry.US!) {
    const h: Holiday = { HolidayID: 0, PlantID: plantId, Date: date, Description: description };
    const id = await repo.saveHoliday(tx, h);
    changes.push(settingsChange(plantId, 'holiday', id, { ...h, HolidayID: id }));
  }
  for (const o of extra.overrides ?? []) {
    const id = await repo.saveOverride(tx, { ...o, OverrideID: 0 });
    changes.push(settingsChange(plantId, 'override', id, { ...o, OverrideID: id }));
  }
  return changes;
}

/** Seeds the demo scheduling data (skipped when a schedule exists already). */
export async function seedScheduling(tx: Sql): Promise<void> {
  if ((await tx.query('SELECT 1 FROM schedules LIMIT 1')).length) return;
  const changes: PendingChange[] = [];
  const countries = new Map(
    (await tx.query<{ plant_id: number; country: string }>('SELECT plant_id, country FROM plants')).map(
      (p) => [p.plant_id, p.country],
    ),
  );

  for (const [plantId, short, codes] of demoPlants) {
    const calendarTz = (await repo.findPlant(tx, plantId))?.TimeZone ?? 'America/New_York';
    const days = localDays(calendarTz);

    // Statuses.
    const statusIds: number[] = [];
    for (const [k, [name, color]] of statuses.entries()) {
      const s: SchedulingStatus = {
        StatusID: 0,
        PlantID: plantId,
        Name: name,
        Color: color,
        SortOrder: k * 10,
        Active: true,
      };
      const id = await repo.saveStatus(tx, s);
      statusIds.push(id);
      changes.push(settingsChange(plantId, 'status', id, { ...s, StatusID: id }));
    }

    // Calendar: LV-RF01 runs three shifts; IDF-PNT01 adds a Saturday morning; overtime and training.
    const shifts: Omit<Shift, 'ShiftID'>[] = [];
    const overrides: Omit<Override, 'OverrideID'>[] = [];
    if (plantId === 1) {
      for (const dow of [1, 2, 3, 4, 5]) {
        shifts.push(
          { PlantID: 1, ResourceID: 'LV-RF01', Name: 'Days', DayOfWeek: dow, Start: '06:00', End: '14:00' },
          { PlantID: 1, ResourceID: 'LV-RF01', Name: 'Swing', DayOfWeek: dow, Start: '14:00', End: '22:00' },
          { PlantID: 1, ResourceID: 'LV-RF01', Name: 'Nights', DayOfWeek: dow, Start: '22:00', End: '06:00' },
        );
      }
      overrides.push({
        PlantID: 1,
        ResourceID: 'LV-RF02',
        Date: days.next(6),
        Start: '06:00',
        End: '12:00',
        Kind: 'Work',
        Description: 'Saturday overtime for the beam backlog',
      });
    }
    if (plantId === 2) {
      for (const dow of [1, 2, 3, 4, 5]) {
        shifts.push(
          {
            PlantID: 2,
            ResourceID: 'IDF-PNT01',
            Name: 'First',
            DayOfWeek: dow,
            Start: '06:00',
            End: '14:30',
          },
          {
            PlantID: 2,
            ResourceID: 'IDF-PNT01',
            Name: 'Second',
            DayOfWeek: dow,
            Start: '14:30',
            End: '23:00',
          },
        );
      }
      shifts.push({
        PlantID: 2,
        ResourceID: 'IDF-PNT01',
        Name: 'Weekend',
        DayOfWeek: 6,
        Start: '06:00',
        End: '14:30',
      });
      overrides.push({
        PlantID: 2,
        ResourceID: 'IDF-CUT01',
        Date: days.next(2),
        Start: '06:00',
        End: '10:00',
        Kind: 'Off',
        Description: 'Blade change and saw alignment',
      });
    }
    if (plantId === 6) {
      overrides.push({
        PlantID: 6,
        ResourceID: null,
        Date: days.next(3),
        Start: '12:00',
        End: '14:30',
        Kind: 'Off',
        Description: 'Plant safety training',
      });
    }
    changes.push(...(await seedCalendar(tx, plantId, countries.get(plantId) ?? 'US', { shifts, overrides })));

    // A settings row for every machine, in the order the plant lists them; LV-WLD01 runs at 85 %.
    for (const [k, code] of codes.entries()) {
      const resourceId = `${short}-${code}`;
      const resource = await repo.findResource(tx, resourceId);
      const setting: WorkcenterSetting = {
        ResourceID: resourceId,
        PlantID: plantId,
        Description: resource?.description ?? code,
        Scheduled: true,
        EfficiencyPercent: resourceId === 'LV-WLD01' ? 85 : 100,
        Color: processColor[code.replace(/\d+$/, '')] ?? 'n/a',
        SortOrder: (k + 1) * 10,
      };
      await repo.saveWorkcenterSetting(tx, setting);
      changes.push(settingsChange(plantId, 'workcenter', resourceId, setting));
    }

    // The official schedule from the plan operations.
    const calendar = await repo.loadCalendar(tx, plantId);
    const scheduleId = await repo.insertSchedule(tx, {
      plantId,
      name: 'Official',
      official: true,
      basedOn: null,
      startDate: days.today,
      createdBy: SEED_USER,
      copiedThroughTaskId: null,
    });
    const operations = (await repo.listPlantOperations(tx, plantId)).filter(
      (o) =>
        o.ResourceID && !o.Invalidated && o.JobNumber !== 'J299300' && o.ProductionPlanOperationID % 8 !== 5,
    );
    // A believable board: the demo plans hold more work than the machines can do, so an operation is
    // scheduled only while its lane, taken in due-date order, would still finish it by about its due
    // date; the rest is the unscheduled backlog. Capacity is approximated as 80 % of two shifts (1,020
    // minutes) a weekday, for holidays and overrides; the lanes are timed exactly afterwards, and the
    // tasks under way, the split and the holidays still make a few run late.
    const laneMinutes = new Map<string, number>();
    const today = Date.parse(`${days.today}T00:00:00Z`);
    const fits = (o: (typeof operations)[number]) => {
      const task = taskFromOperation(scheduleId, o);
      const before = laneMinutes.get(task.ResourceID) ?? 0;
      const dueDays = o.DueDate ? (Date.parse(`${o.DueDate}T00:00:00Z`) - today) / 86_400_000 : 60;
      // Overdue jobs are the most urgent: they get the first two days.
      const workdays = Math.max(2, dueDays) * (5 / 7);
      if (before + task.EstimatedMinutes > workdays * 1020 * 0.8) return false;
      laneMinutes.set(task.ResourceID, before + task.EstimatedMinutes);
      return true;
    };
    const drafts: Omit<Task, 'ScheduleTaskID'>[] = [];
    operations.filter(fits).forEach((o, k) => {
      const task = taskFromOperation(scheduleId, o);
      task.Color = k % 11 === 4 ? 'Blue' : k % 17 === 9 ? 'Pink' : 'n/a';
      task.StatusID =
        k % 23 === 3
          ? statusIds[3]!
          : k % 19 === 2
            ? statusIds[2]!
            : k % 13 === 1
              ? statusIds[1]!
              : k % 7 === 0
                ? statusIds[0]!
                : null;
      drafts.push(task);
    });
    // The first task of each lane is under way (40 % done); one other finished already.
    const firstOfLane = new Set<string>();
    for (const t of drafts) {
      if (firstOfLane.has(t.ResourceID)) continue;
      firstOfLane.add(t.ResourceID);
      t.QtyCompleted = Math.floor(t.OperationQty * 0.4);
    }
    if (drafts[3]) drafts[3].QtyCompleted = drafts[3].OperationQty;
    // One split: the second half of a task follows it, its setup suppressed (ModStatus A).
    const splitAt = drafts.findIndex((t, k) => k > 5 && t.OperationQty >= 20 && t.QtyCompleted === 0);
    if (splitAt >= 0) {
      const t = drafts[splitAt]!;
      const take = Math.floor(t.OperationQty / 2);
      t.OperationQty -= take;
      t.EstimatedMinutes = estimatedMinutes(t);
      const added = { ...t, OperationQty: take, SetupSuppressed: true, ModStatus: 'A' as const };
      added.EstimatedMinutes = estimatedMinutes(added);
      drafts.splice(splitAt + 1, 0, added);
    }
    const settings = new Map((await repo.listWorkcenterSettings(tx, plantId)).map((s) => [s.ResourceID, s]));
    const tasks = await placeTasks(tx, calendar, days.today, settings, drafts);
    await repo.insertTasks(tx, tasks);
    const header = (await repo.findHeader(tx, scheduleId))!;
    changes.push(...headerChanges(header), ...tasks.map(taskChange));
  }

  await appendChanges(tx, changes, null);
}

/** Ids, lane order (the drafts' order within each lane) and times for new tasks. */
async function placeTasks(
  tx: Sql,
  calendar: SchedulingCalendar,
  startDate: string,
  settings: ReadonlyMap<string, WorkcenterSetting>,
  drafts: readonly Omit<Task, 'ScheduleTaskID'>[],
): Promise<Task[]> {
  const ids = await repo.newTaskIds(tx, drafts.length);
  const lanes = new Map<string, Task[]>();
  drafts.forEach((d, k) => {
    const list = lanes.get(d.ResourceID) ?? [];
    list.push({ ...d, ScheduleTaskID: ids[k]! });
    lanes.set(d.ResourceID, list);
  });
  const out: Task[] = [];
  for (const [resourceId, list] of lanes) {
    const efficiency = settings.get(resourceId)?.EfficiencyPercent ?? 100;
    out.push(...timeLane(calendar, resourceId, startDate, efficiency, list));
  }
  return out;
}

const benchParts = [
  ['BM-4814-96', 'Step beam 4.8" × 96", 14 ga'],
  ['UP-3X3-240', 'Upright column 3" × 240"'],
  ['BR-DIAG-42', 'Diagonal brace 42"'],
  ['BP-5X7', 'Baseplate 5" × 7"'],
] as const;

/**
 * A large schedule for `npm run bench:schedule`: `workcenters` machines `BN-RF01`… in `plantId` (with
 * settings, created when missing), the default calendar when the plant has no shifts, and an official
 * schedule of `tasks` tasks spread evenly over those lanes (no plan operations behind them), timed and
 * written to the change log of `schedule:{ScheduleID}`. The plant's previous schedules are removed
 * (there is one official schedule per plant). Batched: 10,000 tasks take a few seconds on PGlite.
 */
export async function seedBenchSchedule(
  db: Sql,
  opts: { plantId: number; workcenters: number; tasks: number },
): Promise<{ ScheduleID: number }> {
  const { plantId } = opts;
  const plant = await repo.findPlant(db, plantId);
  if (!plant) throw new Error(`Plant ${plantId} does not exist.`);
  const days = localDays(plant.TimeZone);
  const changes: PendingChange[] = [];

  const resources: string[] = [];
  for (let k = 1; k <= opts.workcenters; k++) {
    const resourceId = `BN-RF${String(k).padStart(2, '0')}`;
    resources.push(resourceId);
    await db.query(
      `INSERT INTO resources (resource_id, plant_id, description, process) VALUES ($1, $2, $3, 'Roll forming')
       ON CONFLICT (resource_id) DO NOTHING`,
      [resourceId, plantId, `Bench roll former ${k}`],
    );
    const setting: WorkcenterSetting = {
      ResourceID: resourceId,
      PlantID: plantId,
      Description: `Bench roll former ${k}`,
      Scheduled: true,
      EfficiencyPercent: 100,
      Color: 'n/a',
      SortOrder: k,
    };
    await repo.saveWorkcenterSetting(db, setting);
    changes.push(settingsChange(plantId, 'workcenter', resourceId, setting));
  }
  if (!(await db.query('SELECT 1 FROM scheduling_shifts WHERE plant_id = $1 LIMIT 1', [plantId])).length) {
    const [country] = await db.query<{ country: string }>('SELECT country FROM plants WHERE plant_id = $1', [
      plantId,
    ]);
    // Holidays may exist without shifts: only the shifts are added then.
    const hasHolidays = (
      await db.query('SELECT 1 FROM scheduling_holidays WHERE plant_id = $1 LIMIT 1', [plantId])
    ).length;
    if (hasHolidays) {
      for (const s of defaultShifts(plantId)) {
        const id = await repo.saveShift(db, { ...s, ShiftID: 0 });
        changes.push(settingsChange(plantId, 'shift', id, { ...s, ShiftID: id }));
      }
    } else changes.push(...(await seedCalendar(db, plantId, country?.country ?? 'US')));
  }

  for (const old of await db.query<{ schedule_id: number }>(
    'SELECT schedule_id FROM schedules WHERE plant_id = $1',
    [plantId],
  )) {
    await repo.deleteSchedule(db, old.schedule_id);
    changes.push(
      {
        topic: `schedule:${old.schedule_id}`,
        collection: 'scheduleTasks',
        id: `schedule:${old.schedule_id}`,
        doc: null,
      },
      { topic: `schedules:${plantId}`, collection: 'schedules', id: String(old.schedule_id), doc: null },
    );
  }
  const scheduleId = await repo.insertSchedule(db, {
    plantId,
    name: 'Official',
    official: true,
    basedOn: null,
    startDate: days.today,
    createdBy: SEED_USER,
    copiedThroughTaskId: null,
  });
  const drafts: Omit<Task, 'ScheduleTaskID'>[] = [];
  for (let k = 0; k < opts.tasks; k++) {
    const [partNum, description] = benchParts[k % benchParts.length]!;
    const qty = 20 + ((k * 37) % 180);
    const perPiece = round4(0.1 + ((k * 13) % 40) / 100);
    const task: Omit<Task, 'ScheduleTaskID'> = {
      ScheduleID: scheduleId,
      ResourceID: resources[k % resources.length]!,
      ProductionOrder: 0,
      ScheduledMinutesPerPiece: perPiece,
      ScheduledSetupMinutes: 15,
      GoalMinutesPerPiece: perPiece,
      GoalSetupMinutes: 15,
      OriginalScheduledMinutesPerPiece: perPiece,
      MachineRateID: null,
      OfficialRate: false,
      RateDescription: '',
      SetupSuppressed: false,
      EstimatedMinutes: 0,
      OperationQty: qty,
      Calculated: false,
      ModStatus: '',
      Selected: false,
      ProductionPlanOperationID: null,
      JobNumber: `JB${String(100000 + Math.floor(k / 3)).padStart(6, '0')}`,
      PartNum: partNum,
      PartDescription: description,
      OperationSequence: ((k % 3) + 1) * 10,
      DueDate: days.add(days.today, (k % 60) - 5),
      Color: (['n/a', 'n/a', 'n/a', 'Green', 'Blue', 'Yellow', 'Red', 'Pink', 'Purple'] as const)[k % 9]!,
      StatusID: null,
      QtyCompleted: k % 50 === 0 ? Math.floor(qty / 2) : 0,
      StartAt: null,
      EndAt: null,
      SourceTaskID: null,
      RowVersion: 1,
    };
    task.EstimatedMinutes = estimatedMinutes(task);
    drafts.push(task);
  }
  const calendar = await repo.loadCalendar(db, plantId);
  const settings = new Map((await repo.listWorkcenterSettings(db, plantId)).map((s) => [s.ResourceID, s]));
  const tasks = await placeTasks(db, calendar, days.today, settings, drafts);
  await repo.insertTasks(db, tasks);
  const header = (await repo.findHeader(db, scheduleId))!;
  changes.push(...headerChanges(header), ...tasks.map(taskChange));
  await appendChanges(db, changes, null);
  return { ScheduleID: scheduleId };
}
