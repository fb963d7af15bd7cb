import { z } from 'zod';
import { kpiTopic } from '../boards/live';
import { defineCall } from '../contract/call';
import { fixtureRequestsTopic, workOrdersTopic } from '../maintenance/live';
import { payrollTopic } from '../payroll/live';
import { facesTopic } from '../shopfloor/live';
import type { PermissionFlag } from './permissions';
import { matchRoute, mayOpen, type ScreenRoute } from './routes';

/**
 * Intro's "my work" (issue 15): what waits for the caller in their own plant, counted on the server by
 * each area's exported functions, and the screens they open most. One call, so the start page never
 * waits on a chain of requests.
 */

/**
 * The kinds of waiting work the product has today, each counted only for those who may act on it.
 * Failed saves are not here: they live in the browser's post queue, never on the server.
 */
export const workKinds = [
  'missingPunchOuts',
  'weeksToLock',
  'openWorkOrders',
  'openFixtureRequests',
  'twoHourChecks',
] as const;
export type WorkKind = (typeof workKinds)[number];

/** The flags that let a user act on each kind (any one of them), as the acting calls demand. */
export const workKindFlags: Record<WorkKind, readonly PermissionFlag[]> = {
  // timeclock/SavePunch corrects a punch: approvesTime only.
  missingPunchOuts: ['approvesTime'],
  // web/LockPayrollWeek.
  weeksToLock: ['lockPayroll'],
  // maintenance/SaveWorkOrder.
  openWorkOrders: ['createMaintenanceWorkOrder'],
  // maintenance/SaveFixtureRequest.
  openFixtureRequests: ['createMaintenanceWorkOrder', 'supervisor'],
  // shopfloor/RecordTwoHourCheck.
  twoHourChecks: ['accessManufacturing', 'supervisor'],
};

/** The kinds a user holding `flags` may act on, in display order. */
export function workKindsFor(flags: ReadonlySet<string>): WorkKind[] {
  return workKinds.filter((k) => workKindFlags[k].some((f) => flags.has(f)));
}

/**
 * The topics whose changes may move a kind's count. Two-hour checks have no topic of their own (see
 * server/areas/quality-checks/README.md): runs start and stop with shop-floor writes, which republish
 * the KPI monitor, and slots fall due with time, so the screen also reads again every minute.
 */
export function workTopics(kind: WorkKind, plantId: number): string[] {
  switch (kind) {
    case 'missingPunchOuts':
      return [facesTopic(plantId)];
    case 'weeksToLock':
      return [payrollTopic(plantId)];
    case 'openWorkOrders':
      return [workOrdersTopic(plantId)];
    case 'openFixtureRequests':
      return [fixtureRequestsTopic(plantId)];
    case 'twoHourChecks':
      return [kpiTopic(plantId)];
  }
}

/**
 * Who watches the plant's live figures (pieces today, machines down, people clocked in): those who run
 * or plan the floor and the administrators. An operator sees their own machine, not the plant.
 */
export const plantWatcherFlags: readonly PermissionFlag[] = [
  'supervisor',
  'viewScheduling',
  'editProductionSchedules',
  'viewProductionPlans',
  'mesAdministrator',
  'superAdministrator',
];
export const watchesPlant = (flags: ReadonlySet<string>): boolean =>
  plantWatcherFlags.some((f) => flags.has(f));

export const WorkItem = z.object({
  Kind: z.enum(workKinds),
  Count: z.number().int(),
  /** Where it is acted on. */
  Path: z.string(),
});
export type WorkItem = z.infer<typeof WorkItem>;

export const Shortcut = z.object({
  Path: z.string(),
  /** The screen name of the route table (the page title; translated on screen). */
  RouteName: z.string(),
  Views: z.number().int(),
});
export type Shortcut = z.infer<typeof Shortcut>;

export const MyWork = z.object({
  PlantID: z.number().int(),
  /** One per kind the caller may act on, zero counts included (so "nothing waiting" is an answer). */
  Items: z.array(WorkItem),
  /** The screens the caller opened most in the last SHORTCUT_DAYS days, still open to them. */
  Shortcuts: z.array(Shortcut),
  AsOf: z.string(),
});
export type MyWork = z.infer<typeof MyWork>;

export const GetMyWork = defineCall({
  method: 'GET',
  path: 'web/GetMyWork',
  summary:
    "Intro's work list: counts of what waits for the caller in their own plant (only kinds their flags act on) and the screens they open most.",
  access: 'user',
  payload: z.object({}),
  result: MyWork,
});

/** Whether the screen at `path` (an address with or without its query) opens for these flags. */
export function mayOpenPath(path: string, flags: ReadonlySet<string>): boolean {
  const m = matchRoute(path.split('?')[0]!);
  return m?.entry.kind === 'screen' && mayOpen(m.entry, flags);
}

export const SHORTCUT_DAYS = 90;
export const SHORTCUT_COUNT = 8;

/** Screens that are no shortcut: where one already is, the sign-in, and the ones that only say no. */
const notShortcuts = new Set(['Intro', 'Login', 'Not Found', 'No Access']);

/**
 * The shortcuts from page views (most viewed first, as the server lists them): only built screens the
 * user may still open, never a TV board (opening one turns the tab into a TV), at most `limit`.
 */
export function shortcutsFrom(
  views: ReadonlyArray<{ Path: string; Views: number }>,
  flags: ReadonlySet<string>,
  limit = SHORTCUT_COUNT,
): Shortcut[] {
  const out: Shortcut[] = [];
  const seen = new Set<string>();
  for (const v of views) {
    const m = matchRoute(v.Path);
    if (m?.entry.kind !== 'screen') continue;
    const screen: ScreenRoute = m.entry;
    if (!screen.screen || notShortcuts.has(screen.name) || screen.area === 'tv') continue;
    if (!mayOpen(screen, flags)) continue;
    const path = v.Path.length > 1 ? v.Path.replace(/\/+$/, '') : v.Path;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ Path: path, RouteName: screen.name, Views: v.Views });
    if (out.length >= limit) break;
  }
  return out;
}
