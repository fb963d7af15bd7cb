import type { CallDef } from '../../domain/contract/call';
import { crossPlantFlags, mayCrossPlants } from '../../domain/platform/plant-scope';
import { plants as referencePlants } from '../../domain/platform/plants';
import { curingLocationPlant } from '../areas/curing/curing.plant';
import {
  fixtureRequestPlant,
  preventiveTaskPlant,
  workOrderPlant,
} from '../areas/maintenance/maintenance.plant';
import { payrollRecordPlant } from '../areas/payroll/payroll.plant';
import { employeePlant, plantExists } from '../areas/platform/employees.plant';
import {
  backflushPlant,
  bomPlant,
  jobPlant,
  machineRatePlant,
  operationPlant,
  planPlant,
  printerPlant,
  resourcePlant,
  workcenterPlant,
} from '../areas/production-plan/plan.plant';
import {
  holidayPlant,
  overridePlant,
  schedulePlant,
  scheduleTaskPlant,
  scheduleTasksPlants,
  shiftPlant,
  statusPlant,
} from '../areas/scheduling/schedule.plant';
import { laborActivityPlant, punchPlant } from '../areas/shopfloor/shopfloor.plant';
import type { Sql } from '../db/database';
import { forbidden } from './errors';
import type { AuthUser } from './registry';

/**
 * Issue 14 §3 "Plants": plant-scoped data is read and changed only within the user's plant unless the
 * user holds canChangePlant or an administrator flag (domain/platform/plant-scope.ts). Decided here,
 * per call, for EVERY registered call (tests/plant-scope.test.ts fails when a call has no entry), and
 * applied by the pipeline after validation and before the handler, so a refused call writes nothing.
 *
 * Not in the call declarations (domain/): which record a call addresses, and where that record's plant
 * is kept, is the server's knowledge; each area exports the small lookups (`*.plant.ts`) over its own
 * tables.
 */
export type PlantRule =
  /** Not plant data; the text says why (the README's table shows it). */
  | { none: string }
  | {
      /** How the plant is found, for the README's table: "PlantID", "the employee's plant", … */
      by: string;
      /**
       * The plants the call touches. Null or undefined entries (no such record, a new record, a value
       * left out) are not checked: the handler answers those as it always did.
       */
      plants(db: Sql, payload: Payload): Promise<ReadonlyArray<number | null | undefined>>;
      /**
       * A list whose PlantID may be left out ("every plant"): for a user bound to a plant the pipeline
       * fills in the user's own plant, so the list shows what they may see instead of refusing.
       */
      ownPlantWhenAbsent?: true;
    };

type Payload = Record<string, unknown>;
type Lookup = (db: Sql, payload: Payload) => Promise<number | null | undefined | ReadonlyArray<number>>;

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
/** Ids of 0 mean "add a new one" in the Save calls: nothing to look up. */
const id = (value: unknown): number | null => (typeof value === 'number' && value > 0 ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const ifId = <T>(value: T | null, find: (v: T) => Promise<number | null>): Promise<number | null> =>
  value === null ? Promise.resolve(null) : find(value);

const none = (why: string): PlantRule => ({ none: why });

/** The plants of every lookup, together. */
function record(by: string, ...lookups: Lookup[]): PlantRule {
  return {
    by,
    async plants(db, payload) {
      const found = await Promise.all(lookups.map((lookup) => lookup(db, payload)));
      return found.flatMap((f) => (Array.isArray(f) ? f : [f as number | null | undefined]));
    },
  };
}

// The lookups, by the payload field that names the record.
const plantId: Lookup = async (_db, p) => num(p.PlantID);
const employee =
  (field = 'EmployeeID'): Lookup =>
  (db, p) =>
    ifId(num(p[field]), (v) => employeePlant(db, v));
const employees =
  (field: string): Lookup =>
  async (db, p) => {
    const ids = Array.isArray(p[field]) ? (p[field] as unknown[]).map(num) : [];
    const found = await Promise.all(ids.map((v) => ifId(v, (e) => employeePlant(db, e))));
    return found.filter((f): f is number => f !== null);
  };
const resource: Lookup = (db, p) => ifId(text(p.ResourceID), (v) => resourcePlant(db, v));
const job: Lookup = (db, p) => ifId(text(p.JobNumber), (v) => jobPlant(db, v));
const plan: Lookup = (db, p) => ifId(id(p.ProductionPlanID), (v) => planPlant(db, v));
const bom: Lookup = (db, p) => ifId(id(p.ProductionPlanBOMID), (v) => bomPlant(db, v));
const operation: Lookup = (db, p) => ifId(id(p.ProductionPlanOperationID), (v) => operationPlant(db, v));
const schedule: Lookup = (db, p) => ifId(id(p.ScheduleID), (v) => schedulePlant(db, v));
const task: Lookup = (db, p) => ifId(id(p.ScheduleTaskID), (v) => scheduleTaskPlant(db, v));
/** A field update's new value that points at another record (a machine moved to a workcenter, …). */
const newValue =
  (field: string, find: (db: Sql, value: never) => Promise<number | null>): Lookup =>
  (db, p) =>
    p.FieldName === field && p.Value !== null && p.Value !== undefined
      ? find(db, p.Value as never)
      : Promise.resolve(null);

const payloadPlant = (by = 'PlantID'): PlantRule => record(by, plantId);
const listOfPlant: PlantRule = {
  by: "PlantID (left out: the user's own plant)",
  plants: async (_db, p) => [num(p.PlantID)],
  ownPlantWhenAbsent: true,
};

const publicBoard = none('public TV board data, shown without a login on the shop floor');
const shared = (what: string) => none(`${what}: the same for every plant`);
const own = (what: string) => none(`the caller's own ${what}`);
const companyWide = (what: string) =>
  none(
    `${what}: company-wide configuration its own flags govern, maintained for every plant from one screen`,
  );

/** Every registered call, by path (lower case, as the registry matches it). */
export const plantRules: Readonly<Record<string, PlantRule>> = {
  // --- Platform
  'web/login': none('before login there is no user and no plant'),
  'web/logout': own('session'),
  'web/getsession': own('session record'),
  'mes/getemployeephoto': none("people's photos show company-wide (avatars; the public faceboards)"),
  'cache/getavatars': none('the company directory: every employee name and avatar'),
  'cache/getemployeeavatar': none('the company directory: every employee name and avatar'),
  'web/getallemployeenamesfirstlast': none('the company directory: every employee name and avatar'),
  'web/updateemployee': none(
    "employee records follow their own policy: one's own record, or an employee administrator (employees.policy.ts)",
  ),
  'web/getplants': shared('the list of plants'),
  'translation/translate': shared('translations'),
  'translation/getdefaulttranslations': shared('translations'),
  'translation/reportmissing': shared('translations'),
  'translation/gettranslations': shared('translations'),
  'translation/savetranslation': shared('translations'),
  'translation/deletetranslation': shared('translations'),
  'web/videolinksforroute': shared('help links'),
  'web/soplinksforroute': shared('help links'),
  'web/gethelplinks': shared('help links'),
  'web/savehelplink': shared('help links'),
  'web/deletehelplink': shared('help links'),
  'web/recordpageview': own('page views'),
  'web/getdismissedtips': own('help tips'),
  'web/getmywork': own("work list: every count is of the caller's own plant, never a plant asked for"),
  'web/dismisstip': own('help tips'),
  'web/reportclienterror': none('error reports of the browser, with or without a login'),
  'web/getclienterrors': none("IT reads every plant's browser errors"),
  'files/upload': own('files'),
  'files/download': none('a file is allowed by what it belongs to (issue 14 §3, downloads), not by plant'),
  'web/getscreencatalogue': shared('the route table'),
  'web/postqueuebatch': none('each queued post inside is checked as its own call'),
  'pm/getorderheader': none('a customer order is a project the PM interface follows wherever it is built'),
  // A topic named by its plant (payroll:1, machines:1, …) is checked by domain/live/topics.ts with the
  // viewer's plant; a schedule or plan topic names a record, whose plant is looked up here.
  'sync/pull': record(
    "the topic's plant (the schedule's or the job's for schedule:N and plan:J)",
    (db, p) => {
      const topic = text(p.Topic) ?? '';
      const scheduleTopic = /^schedule:(\d{1,9})$/.exec(topic);
      if (scheduleTopic) return schedulePlant(db, Number(scheduleTopic[1]));
      const planTopic = /^plan:([A-Za-z0-9-]{1,30})$/.exec(topic);
      if (planTopic) return jobPlant(db, planTopic[1]!);
      return Promise.resolve(null);
    },
  ),

  // --- Production plans (a job's plant), machines, rates, workcenters, printers
  'web/loadproductionplan2': record("the job's plant", job),
  'web/getmachinesforplan': record("the job's plant", job),
  'web/getprinterlist': none(
    'printer names: a traveler print names one, and PrintTravelers checks its plant',
  ),
  'web/getproductionplanlist': listOfPlant,
  'algorithm/runoperationalgorithm': record("the operation's job's plant", operation),
  'costing/runoperationengine': record("the operation's job's plant", operation),
  'web/updateproductionoperation': record(
    "the operation's job's plant, and a new machine's",
    operation,
    newValue('ResourceID', resourcePlant),
  ),
  'web/addproductionoperation': record("the plan's job's plant", plan, bom),
  'web/deleteproductionoperation': record("the operation's job's plant", operation),
  'web/lockproductionoperation2': record("the operation's job's plant", operation),
  'web/unlockproductionoperation': record("the operation's job's plant", operation),
  'web/setproductionplanoperationasfinal': record("the operation's job's plant", operation),
  'web/removeproductionplanoperationasfinal': record("the operation's job's plant", operation),
  'web/addproductionbackflush': record("the operation's job's plant", operation, bom),
  'web/updateproductionbackflush': record("the backflush's job's plant", (db, p) =>
    ifId(id(p.ProductionPlanBackflushID), (v) => backflushPlant(db, v)),
  ),
  'web/deleteproductionbackflush': record("the backflush's job's plant", (db, p) =>
    ifId(id(p.ProductionPlanBackflushID), (v) => backflushPlant(db, v)),
  ),
  'web/updateproductionbom': record("the BOM line's job's plant", bom),
  'web/updateproductionplan': record(
    "the plan's job's plant, and a new printer's",
    plan,
    newValue('PrinterID', printerPlant),
  ),
  'web/markplanreviewed': record("the plan's job's plant", plan),
  'web/printtravelers': record("the plan's job's plant and the printer's", plan, (db, p) =>
    ifId(id(p.PrinterID), (v) => printerPlant(db, v)),
  ),
  'web/getmachinerates': record("the machine's plant", resource),
  'web/getmachines': listOfPlant,
  'web/updatemachine': record(
    "the machine's plant, and a new workcenter's",
    resource,
    newValue('WorkcenterID', workcenterPlant),
  ),
  'web/addmachinerate': record("the machine's plant", resource),
  // /rateimport: the workbook is for PlantID; a row naming another plant's machine is an error of that row.
  'web/getrateimporttemplate': payloadPlant("PlantID (every row's machine must be in it)"),
  'web/previewrateimport': payloadPlant("PlantID (every row's machine must be in it)"),
  'web/applyrateimport': payloadPlant("PlantID (every row's machine must be in it)"),
  'web/updatemachinerate': record("the rate's machine's plant", (db, p) =>
    ifId(id(p.MachineRateID), (v) => machineRatePlant(db, v)),
  ),
  'web/deletemachinerate': record("the rate's machine's plant", (db, p) =>
    ifId(id(p.MachineRateID), (v) => machineRatePlant(db, v)),
  ),
  'web/getworkcenters': listOfPlant,
  'web/addworkcenter': payloadPlant(),
  'web/updateworkcenter': record("the workcenter's plant", (db, p) =>
    ifId(id(p.WorkcenterID), (v) => workcenterPlant(db, v)),
  ),

  // --- Costing engines and rate algorithms
  'costing/getengines': companyWide('costing engines'),
  'costing/getengine': companyWide('costing engines'),
  'costing/createenginedraft': companyWide('costing engines'),
  'costing/updateengine': companyWide('costing engines'),
  'costing/saveenginesteps': companyWide('costing engines'),
  'costing/publishengine': companyWide('costing engines'),
  'costing/deleteenginedraft': companyWide('costing engines'),
  'costing/testengine': companyWide('costing engines'),
  'algorithm/getalgorithmgroups': companyWide('rate algorithms'),
  'algorithm/savealgorithmgroup': companyWide('rate algorithms'),
  'algorithm/deletealgorithmgroup': companyWide('rate algorithms'),
  'algorithm/getalgorithms': companyWide('rate algorithms'),
  'algorithm/getalgorithm': companyWide('rate algorithms'),
  'algorithm/addalgorithm': companyWide('rate algorithms'),
  'algorithm/updatealgorithm': companyWide('rate algorithms'),
  'algorithm/deletealgorithm': companyWide('rate algorithms'),
  'algorithm/getpbproperties': companyWide('part properties of rate algorithms'),
  'algorithm/savepbproperty': companyWide('part properties of rate algorithms'),
  'algorithm/deletepbproperty': companyWide('part properties of rate algorithms'),
  'algorithm/getratetables': companyWide('rate tables'),
  'algorithm/saverate': companyWide('rate tables'),
  'algorithm/deleterate': companyWide('rate tables'),
  'algorithm/testalgorithm': companyWide('rate algorithms'),
  'algorithm/getalgorithmanalysis': companyWide('rate algorithms'),

  // --- Scheduling (a schedule's plant; settings by PlantID and their record's plant)
  'web/updatescheduletask': record(
    "the task's schedule's plant, and a new machine's",
    task,
    newValue('ResourceID', resourcePlant),
  ),
  'algorithm/runscheduletaskalgorithm': record("the task's schedule's plant", task),
  'web/splitscheduletask': record("the task's schedule's plant", task),
  'web/deletescheduletask': record("the task's schedule's plant", task),
  'web/getschedules': payloadPlant(),
  'web/getschedule': record("the schedule's plant", schedule),
  'web/movescheduletasks': record(
    "the tasks' schedules' plants and the target machine's",
    (db, p) =>
      scheduleTasksPlants(db, Array.isArray(p.ScheduleTaskIDs) ? (p.ScheduleTaskIDs as number[]) : []),
    resource,
  ),
  'web/createwhatifschedule': record("the schedule's plant", schedule),
  'web/commitschedule': record("the schedule's plant", schedule),
  'web/deleteschedule': record("the schedule's plant", schedule),
  'web/updateschedule': record("the schedule's plant", schedule),
  'web/getunscheduledoperations': payloadPlant(),
  'web/scheduleoperation': record(
    "the schedule's plant, the operation's job's and the machine's",
    schedule,
    operation,
    resource,
  ),
  'web/getschedulingsettings': payloadPlant(),
  'web/saveshift': record(
    "PlantID, the shift's plant and the machine's",
    plantId,
    (db, p) => ifId(id(p.ShiftID), (v) => shiftPlant(db, v)),
    resource,
  ),
  'web/deleteshift': record("the shift's plant", (db, p) => ifId(id(p.ShiftID), (v) => shiftPlant(db, v))),
  'web/saveholiday': record("PlantID and the holiday's plant", plantId, (db, p) =>
    ifId(id(p.HolidayID), (v) => holidayPlant(db, v)),
  ),
  'web/deleteholiday': record("the holiday's plant", (db, p) =>
    ifId(id(p.HolidayID), (v) => holidayPlant(db, v)),
  ),
  'web/saveoverride': record(
    "PlantID, the override's plant and the machine's",
    plantId,
    (db, p) => ifId(id(p.OverrideID), (v) => overridePlant(db, v)),
    resource,
  ),
  'web/deleteoverride': record("the override's plant", (db, p) =>
    ifId(id(p.OverrideID), (v) => overridePlant(db, v)),
  ),
  'web/updateworkcentersetting': record("the machine's plant", resource),
  'web/saveschedulingstatus': record("PlantID and the status's plant", plantId, (db, p) =>
    ifId(id(p.StatusID), (v) => statusPlant(db, v)),
  ),
  'web/getschedulesummary': record("the schedule's plant", schedule),
  'web/getschedulebyday': record("the schedule's plant", schedule),
  'web/getschedulingadherence': payloadPlant(),
  'web/getschedulingreport': record("the schedule's plant and the machine's", schedule, resource),

  // --- Shop floor and time clocking (the employee's or the machine's plant)
  'web/getface': record("the employee's plant", employee()),
  'web/clockin': record("the employee's plant", employee()),
  'web/clockout': record("the employee's plant", employee()),
  'shopfloor/getfaces': payloadPlant(),
  'shopfloor/getmyactivity': own('activity'),
  'shopfloor/getfacephoto': publicBoard,
  'shopfloor/getresourcestatus': publicBoard,
  'shopfloor/getindirectcodes': shared('indirect activity codes'),
  'shopfloor/getdowntimereasons': shared('downtime reasons'),
  'shopfloor/getfloormachines': payloadPlant(),
  'shopfloor/getjoboperations': record("the job's plant", job),
  // The handler keeps the machine and the team in the lead's plant ("TF-X is in plant 1, Olga One in plant 4.").
  'shopfloor/startdirectactivity': record(
    "the employee's and the team members' plants",
    employee(),
    employees('TeamMemberIDs'),
  ),
  'shopfloor/startindirectactivity': record("the employee's plant", employee()),
  'shopfloor/stopactivity': record("the employee's plant", employee()),
  'shopfloor/recordcompletions': record("the activity's plant", (db, p) =>
    ifId(id(p.LaborActivityID), (v) => laborActivityPlant(db, v)),
  ),
  'shopfloor/startdowntime': record("the machine's plant", resource),
  'shopfloor/enddowntime': record("the machine's plant", resource),
  'shopfloor/gettwohourchecksqueue': payloadPlant(),
  'shopfloor/recordtwohourcheck': record("the machine's plant", resource),
  'painting/getpaintlines': payloadPlant(),
  'painting/getpaints': shared('paints'),
  'painting/getpaintline': publicBoard,
  'painting/recordviscosity': record("the paint line's plant", resource),
  'painting/startpaintload': record("the paint line's plant", resource),
  'painting/getviscosityreport': record("the employee's plant", employee()),
  'boards/getbayboard': publicBoard,
  'boards/getkpiboard': publicBoard,
  'tv/sendtodisplay': none('a TV is known only by its code, which belongs to no plant'),
  'curing/getlocation': publicBoard,
  'curing/loadrack': record("the curing location's plant", (db, p) =>
    ifId(text(p.LocationID), (v) => curingLocationPlant(db, v)),
  ),
  'curing/unloadrack': record("the curing location's plant", (db, p) =>
    ifId(text(p.LocationID), (v) => curingLocationPlant(db, v)),
  ),

  // --- Payroll and time (the plant's, the record's, the punch's)
  'web/getpayroll': payloadPlant(),
  'web/savepayrollentry': record("the payroll record's plant", (db, p) =>
    ifId(id(p.PayrollID), (v) => payrollRecordPlant(db, v)),
  ),
  // The handler refuses an employee of another plant than PlantID ("Employee N is not an employee of plant P.").
  'web/lockpayrollweek': payloadPlant(),
  'timeclock/getmytime': own('time'),
  'timeclock/getfacehistory': record("PlantID and the employee's plant", plantId, employee()),
  'timeclock/getclockpunches': payloadPlant(),
  'timeclock/getplantpeople': payloadPlant(),
  'timeclock/gettimecards': payloadPlant(),
  'timeclock/savepunch': record("the punch's plant", (db, p) =>
    ifId(id(p.ClockPunchID), (v) => punchPlant(db, v)),
  ),

  // --- Maintenance (reads are public TV boards; a save: the record's plant, or PlantID for a new one; the
  // handler refuses moving a record to another plant)
  'maintenance/getworkorders': publicBoard,
  'maintenance/getfixturerequests': publicBoard,
  'maintenance/getpreventivetasks': publicBoard,
  'maintenance/saveworkorder': record("the work order's plant (new: PlantID)", (db, p) =>
    id(p.WorkOrderID) === null ? plantId(db, p) : workOrderPlant(db, id(p.WorkOrderID)!),
  ),
  'maintenance/savefixturerequest': record("the request's plant (new: PlantID)", (db, p) =>
    id(p.FixtureRequestID) === null ? plantId(db, p) : fixtureRequestPlant(db, id(p.FixtureRequestID)!),
  ),
  'maintenance/savepreventivetask': record("the PM task's plant (new: PlantID)", (db, p) =>
    id(p.PreventiveTaskID) === null ? plantId(db, p) : preventiveTaskPlant(db, id(p.PreventiveTaskID)!),
  ),
};

/** The rule of a call; a registered call without one is a programming error (and fails the coverage test). */
export function plantRuleOf(call: CallDef): PlantRule {
  const rule = plantRules[call.path.toLowerCase()];
  if (!rule) {
    throw new Error(
      `${call.method} ${call.path} has no plant rule: add it to server/rpc/plant-scope.ts (issue 14 §3).`,
    );
  }
  return rule;
}

const plantName = (plantId: number) => {
  const plant = referencePlants.find((p) => p.PlantID === plantId);
  return plant ? `plant ${plantId} (${plant.PlantName})` : `plant ${plantId}`;
};
const human = (flag: string) => flag.replace(/([A-Z])/g, ' $1').toLowerCase();

/**
 * The pipeline's plant check: answers the payload the handler gets (a list's PlantID filled in with the
 * user's plant when left out), or throws a 403 naming the plant the record belongs to. Runs after
 * validation and before the handler and its transaction, so a refused call writes nothing.
 */
export async function enforcePlantScope<P>(
  db: Sql,
  call: CallDef,
  payload: P,
  user: AuthUser | null,
  rule: PlantRule = plantRuleOf(call),
): Promise<P> {
  // No user: a public call (the pipeline refused every other one already). Crossing plants: no lookup.
  if (!user || 'none' in rule || mayCrossPlants(user.flags)) return payload;
  const values = (payload ?? {}) as Payload;
  if (rule.ownPlantWhenAbsent && (values.PlantID === undefined || values.PlantID === null)) {
    return { ...values, PlantID: user.plantId } as P;
  }
  const found = await rule.plants(db, values);
  for (const other of new Set(found)) {
    if (typeof other !== 'number' || other === user.plantId) continue;
    // A PlantID naming no plant is bad input, not another plant's data: the handler says so.
    if (!(await plantExists(db, other))) continue;
    throw forbidden(
      `This belongs to ${plantName(other)}. You may read and change only the data of ${plantName(user.plantId)} (other plants need one of: ${crossPlantFlags.map(human).join(', ')}).`,
    );
  }
  return payload;
}
