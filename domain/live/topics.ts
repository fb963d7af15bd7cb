import { engineViewFlags } from '../costing/engines';
import { passes } from '../kit/document';
import { documentTopicTypes } from '../kit/document-topics';
import { jobAdminFlags } from '../kit/jobs';
import type { PermissionFlag } from '../platform/permissions';
import { crossPlantFlags, mayCrossPlants } from '../platform/plant-scope';
import { languages } from '../platform/session';

/** Who is asking: the employee, their plant and flags (null for an unattended, not logged-in TV screen). */
export interface TopicViewer {
  employeeId: number;
  /** A plant's topics (payroll:1, machines:1, …) are followed only in one's own plant (issue 14 §3). */
  plantId: number;
  flags: ReadonlySet<PermissionFlag>;
}

export interface TopicRule {
  /** Name of the rule (and of the topic family), e.g. `employee`. */
  name: string;
  /** The business area the topic belongs to (brief §3 slugs). */
  area: string;
  pattern: RegExp;
  /** Public topics feed unattended TV screens, which have no login. */
  public?: boolean;
  /** Null when `viewer` may follow the topic `match` matched, else the sentence to refuse with. */
  allow(viewer: TopicViewer, match: RegExpMatchArray): string | null;
  /**
   * A plant's data: the topic's plant (from its name), followed only by viewers of that plant or those
   * who may cross plants (domain/platform/plant-scope.ts). Checked after `allow`. Topics naming a
   * record instead (schedule:N, plan:J) are checked by sync/Pull's plant rule (server/rpc/plant-scope.ts).
   */
  plant?: (match: RegExpMatchArray) => number;
}

const plantInName = (match: RegExpMatchArray) => Number(match[1]);

const anyOf = (viewer: TopicViewer, flags: PermissionFlag[], what: string) =>
  flags.some((f) => viewer.flags.has(f)) ? null : `You do not have permission to follow ${what}.`;

/**
 * Every topic family. A topic matching no rule is refused. Later areas add theirs here (schedule:12,
 * plan:J12345, faces:plant:1, resource:CUT01, ...).
 */
export const topicRules: readonly TopicRule[] = [
  {
    // An employee's own record: a language change in one tab reaches the others.
    name: 'employee',
    area: 'platform',
    pattern: /^employee:(\d{1,9})$/,
    allow: (viewer, m) =>
      Number(m[1]) === viewer.employeeId || viewer.flags.has('employeeAdministrator')
        ? null
        : 'You can follow only your own employee record.',
  },
  {
    // The live hub connections of every server process (/connections).
    name: 'connections',
    area: 'platform',
    pattern: /^connections$/,
    allow: (viewer) =>
      anyOf(
        viewer,
        ['mesAdministrator', 'informationTechnology', 'superAdministrator'],
        'the live connections',
      ),
  },
  {
    // The job queue and the mail outbox (/hangfire): every job change and every outbox message.
    name: 'jobs',
    area: 'platform',
    pattern: /^jobs$/,
    allow: (viewer) => anyOf(viewer, [...jobAdminFlags], 'the background jobs'),
  },
  {
    // A language's translations (translation/SaveTranslation, DeleteTranslation): every open screen in
    // that language adds the new text live. Public: the same texts translation/GetDefaultTranslations
    // gives without a login, and unattended TV boards (no login) show translated text too.
    name: 'translations',
    area: 'platform',
    pattern: new RegExp(`^translations:(${languages.join('|')})$`),
    public: true,
    allow: () => null,
  },
  {
    // One job's production plan: header, BOM lines and operations (domain/production-plan/live.ts).
    name: 'plan',
    area: 'production-plan',
    pattern: /^plan:([A-Za-z0-9-]{1,30})$/,
    allow: (viewer) => anyOf(viewer, ['viewProductionPlans', 'editProductionPlans'], 'production plans'),
  },
  {
    // Every costing engine version (costing/CreateEngineDraft, SaveEngineSteps, PublishEngine, ...).
    name: 'costing-engines',
    area: 'costing',
    pattern: /^costing:engines$/,
    allow: (viewer) => anyOf(viewer, [...engineViewFlags], 'the costing engines'),
  },
  {
    // A plant's machines with their rates (collection `machines`, id ResourceID, doc the Machine).
    name: 'machines',
    area: 'production-plan',
    pattern: /^machines:(\d{1,9})$/,
    plant: plantInName,
    allow: (viewer) =>
      anyOf(
        viewer,
        ['viewProductionPlans', 'editProductionPlans', 'editMachineRates', 'editWorkcenters'],
        'machines',
      ),
  },
  {
    // A plant's workcenters (collection `workcenters`, id WorkcenterID, doc the Workcenter).
    name: 'workcenters',
    area: 'production-plan',
    pattern: /^workcenters:(\d{1,9})$/,
    plant: plantInName,
    allow: (viewer) =>
      anyOf(
        viewer,
        ['viewProductionPlans', 'editProductionPlans', 'editMachineRates', 'editWorkcenters'],
        'workcenters',
      ),
  },
  {
    // Rate algorithms, groups, rate tables and PB properties (/algorithms/*): editors see each other.
    name: 'algorithms',
    area: 'production-plan',
    pattern: /^algorithms$/,
    allow: (viewer) =>
      anyOf(viewer, ['editAlgorithms', 'editAlgorithmRates', 'editPbProperties'], 'the rate algorithms'),
  },
  {
    // One schedule: its header and tasks (domain/scheduling/live.ts); what GetSchedule answers.
    name: 'schedule',
    area: 'scheduling',
    pattern: /^schedule:(\d{1,9})$/,
    allow: (viewer) =>
      anyOf(viewer, ['viewScheduling', 'editProductionSchedules', 'editPlanningSchedules'], 'schedules'),
  },
  {
    // A plant's schedule list: the official schedule and its what-ifs.
    name: 'schedules',
    area: 'scheduling',
    pattern: /^schedules:(\d{1,9})$/,
    plant: plantInName,
    allow: (viewer) =>
      anyOf(viewer, ['viewScheduling', 'editProductionSchedules', 'editPlanningSchedules'], 'schedules'),
  },
  {
    // A plant's calendar, workcenter settings and task statuses (GetSchedulingSettings' readers).
    name: 'scheduling-settings',
    area: 'scheduling',
    pattern: /^scheduling-settings:(\d{1,9})$/,
    plant: plantInName,
    allow: (viewer) =>
      anyOf(
        viewer,
        ['viewScheduling', 'editProductionSchedules', 'editPlanningSchedules'],
        'the scheduling settings',
      ),
  },
  {
    // A plant's faceboard (domain/shopfloor/live.ts): one document per employee, as the shop-floor
    // calls change punches, activities and teams. PUBLIC: the /tv/faceboard screens on the shop floor
    // run unattended without a login, and the same faces hang on the wall for everyone to see. So the
    // document (FaceboardDoc) must only ever hold what a board shows: EmployeeID, Name, PhotoFile,
    // ClockedIn, Machine, Operation, WONumber, Indirect, StartActivity, IdleSince, TeamMembers. Never
    // pay, rates, punch history, clock-in times, flags, contact details or anything else of the
    // employee record.
    name: 'faces',
    area: 'time',
    pattern: /^faces:(\d{1,9})$/,
    public: true,
    allow: () => null,
  },
  {
    // A machine's production monitor (domain/shopfloor/live.ts): the ResourceStatus document, as
    // activities, completions and downtime of the machine change. PUBLIC: the /tv/productionmonitor
    // screens beside the machines run without a login. It must only ever hold the run (job,
    // operation, part), target and actual pieces, rate, downtime and the operators' names and photos:
    // never pay, costs, punch history or other employee data.
    name: 'resource',
    area: 'shop-floor',
    pattern: /^resource:([A-Za-z0-9-]{1,20})$/,
    public: true,
    allow: () => null,
  },
  // --- Maintenance and curing TV boards (issue 7 part 3; domain/maintenance/live.ts, domain/curing/live.ts).
  // All PUBLIC: the /tv/maintenance and /tv/curing boards run unattended without a login. Each carries
  // boardItems of one kind holding only what its board shows: work orders (number, asset, description,
  // priority, status, the technician's name, dates), fixture requests (requester's name, job, part,
  // needed by, status), PM tasks (asset, description, interval, due dates, technician's name), curing
  // slots (job, part, quantity, cure minutes, loaded at). Never costs, notes, pay or other employee data.
  {
    name: 'workorders',
    area: 'maintenance',
    pattern: /^workorders:(\d{1,9})$/,
    public: true,
    allow: () => null,
  },
  {
    name: 'fixturerequests',
    area: 'maintenance',
    pattern: /^fixturerequests:(\d{1,9})$/,
    public: true,
    allow: () => null,
  },
  {
    // Every plant's PM tasks in one topic: the calendar shows all plants unless ?plant=N.
    name: 'pmcalendar',
    area: 'maintenance',
    pattern: /^pmcalendar$/,
    public: true,
    allow: () => null,
  },
  {
    name: 'curing',
    area: 'shop-floor',
    pattern: /^curing:([A-Za-z0-9_-]{1,20})$/,
    public: true,
    allow: () => null,
  },
  // --- end of maintenance and curing.
  {
    // One TV's remote command (domain/tv/display.ts): the board address a supervisor sent it, who sent
    // it and when. PUBLIC: the TV has no login. Never anything else.
    name: 'display',
    area: 'tv',
    pattern: /^display:(\d{6})$/,
    public: true,
    allow: () => null,
  },
  {
    // A plant's TV alerts (/config/tvalerts, domain/platform/config.ts): one boardItems item per alert
    // holding only its message, severity and window. PUBLIC: every TV board of the plant shows them
    // without a login. Never who wrote them or anything else.
    name: 'tvalerts',
    area: 'tv',
    pattern: /^tvalerts:(\d{1,9})$/,
    public: true,
    allow: () => null,
  },
  {
    // Which product setting changed (/config/settings): the settings screen reads them again.
    name: 'settings',
    area: 'platform',
    pattern: /^settings$/,
    allow: (viewer) => anyOf(viewer, ['editSystemConfig', 'superAdministrator'], 'the settings'),
  },
  {
    // Which news item changed (/newseditor): Intro reads its news again. The item carries no text.
    name: 'news',
    area: 'platform',
    pattern: /^news$/,
    allow: () => null,
  },
  {
    // A plant's payroll records and week locks (domain/payroll/live.ts): what GetPayroll answers.
    name: 'payroll',
    area: 'time',
    pattern: /^payroll:(\d{1,9})$/,
    plant: plantInName,
    allow: (viewer) => anyOf(viewer, ['viewPayroll', 'editPayroll'], 'payroll'),
  },
  // --- TV painting, scoreboard and KPI boards (issue 7 parts 2-3; domain/painting/live.ts,
  // domain/boards/live.ts). PUBLIC: the /tv/painting, /tv/scoreboard and /tv/kpimonitor boards run
  // unattended without a login. Their documents carry only what a board shows: the line's load and
  // viscosity readings, pieces, targets, scrap, downtime and the operators' NAMES. Never pay, punches,
  // clock-in times, rates of people or anything else of the employee record.
  {
    // A paint line: current load, last viscosity readings, next reading due, good pieces today.
    name: 'painting',
    area: 'shop-floor',
    pattern: /^painting:([A-Za-z0-9-]{1,20})$/,
    public: true,
    allow: () => null,
  },
  {
    // A bay's scoreboard: per machine pieces vs target, scrap, downtime, operators' names; bay totals.
    name: 'bay',
    area: 'shop-floor',
    pattern: /^bay:([1-9]\d{0,2})$/,
    public: true,
    allow: () => null,
  },
  {
    // A plant's KPI monitor: pieces vs target, scrap %, downtime and its top reasons, people counts.
    name: 'kpi',
    area: 'shop-floor',
    pattern: /^kpi:(\d{1,9})$/,
    public: true,
    allow: () => null,
  },
  {
    // The kit's own topic of one employee (domain/kit/views.ts): their saved views, so every tab shows
    // a view saved in another, and the progress of their exports.
    name: 'kit',
    area: 'documents',
    pattern: /^kit:(\d{1,9})$/,
    allow: (viewer, m) =>
      Number(m[1]) === viewer.employeeId ? null : 'You can follow only your own saved views and exports.',
  },
  // --- Kit documents (issue 16; domain/kit): one topic per document type, per plant for plant data
  // (docs:device:1), followed by whoever may read that type, in their own plant unless they cross plants.
  {
    // One person's notifications (a mention in a kit comment): the shell's bell, in every open tab.
    name: 'notifications',
    area: 'documents',
    pattern: /^notifications:(\d{1,9})$/,
    allow: (viewer, m) =>
      Number(m[1]) === viewer.employeeId ? null : 'You can follow only your own notifications.',
  },
  ...documentTopicTypes.map(
    (decl): TopicRule => ({
      name: `docs:${decl.type}`,
      area: 'documents',
      pattern: decl.plantScoped
        ? new RegExp(`^docs:${decl.type}:(\\d{1,9})$`)
        : new RegExp(`^docs:${decl.type}$`),
      plant: decl.plantScoped ? plantInName : undefined,
      allow: (viewer) =>
        passes(decl.read, viewer.flags) ? null : `You do not have permission to follow ${decl.nounPlural}.`,
    }),
  ),
];

/** Null when allowed, else the reason. A null viewer (no login) may follow public topics only. */
export function authorizeTopic(viewer: TopicViewer | null, topic: string): string | null {
  for (const rule of topicRules) {
    const match = topic.match(rule.pattern);
    if (!match) continue;
    if (rule.public) return null;
    if (!viewer) return `Log in to follow ${topic}.`;
    const refusal = rule.allow(viewer, match);
    if (refusal !== null || !rule.plant || mayCrossPlants(viewer.flags)) return refusal;
    const plant = rule.plant(match);
    return plant === viewer.plantId
      ? null
      : `${topic} is plant ${plant}'s: you may follow only plant ${viewer.plantId}'s topics (other plants need one of: ${crossPlantFlags.map((f) => f.replace(/([A-Z])/g, ' $1').toLowerCase()).join(', ')}).`;
  }
  return `There is no topic named ${topic}.`;
}

/** The collection a topic's documents project into on the client. */
export const topicOf = {
  employee: (employeeId: number) => `employee:${employeeId}`,
  connections: () => 'connections',
  translations: (language: string) => `translations:${language}`,
  plan: (jobNumber: string) => `plan:${jobNumber}`,
  costingEngines: () => 'costing:engines',
  machines: (plantId: number) => `machines:${plantId}`,
  workcenters: (plantId: number) => `workcenters:${plantId}`,
} as const;
