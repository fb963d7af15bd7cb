import { currentWeekStart } from '../../../domain/payroll/rules';
import {
  GetMyWork,
  mayOpenPath,
  shortcutsFrom,
  type WorkItem,
  type WorkKind,
  workKindsFor,
} from '../../../domain/platform/my-work';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays, localDateOf } from '../../../domain/scheduling/calendar';
import type { Sql } from '../../db/database';
import type { CallRegistry } from '../../rpc/registry';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PayrollService } from '../payroll/payroll.service';
import type { QualityChecksService } from '../quality-checks/quality-checks.service';
import type { TimeclockService } from '../timeclock/timeclock.service';
import { mostViewedPaths } from './reference.repository';
import { settingValue } from './settings.repository';

/** The areas whose work Intro counts, each through its own service (never their tables). */
export interface WorkSources {
  timeclock: TimeclockService;
  payroll: PayrollService;
  maintenance: MaintenanceService;
  qualityChecks: QualityChecksService;
}

interface Counter {
  count(db: Sql, plantId: number, now: string): Promise<number>;
  /** Where the work is done. */
  path(plantId: number, now: string): string;
}

function counters(s: WorkSources): Record<WorkKind, Counter> {
  const today = (plantId: number, now: string) => localDateOf(now, plantTimeZone(plantId));
  const lastWeek = (plantId: number, now: string) =>
    addDays(currentWeekStart(Date.parse(now), plantTimeZone(plantId)), -7);
  return {
    // A missing punch-out stays open, so today's punches (open ones overlap every day) hold them all.
    missingPunchOuts: {
      count: async (db, plantId, now) => {
        const day = today(plantId, now);
        const punches = await s.timeclock.clockPunches(db, { PlantID: plantId, From: day, To: day });
        return punches.filter((p) => p.MissingOut).length;
      },
      path: () => '/analysis/clocks',
    },
    // Last week is over: its weeks are the ones to close.
    weeksToLock: {
      count: (db, plantId, now) => s.payroll.weeksToLock(db, plantId, lastWeek(plantId, now)),
      path: (plantId, now) => `/payroll?week=${lastWeek(plantId, now)}`,
    },
    openWorkOrders: {
      count: async (db, plantId) =>
        (await s.maintenance.workOrders(db, plantId)).filter((w) => w.Status !== 'done').length,
      path: (plantId) => `/tv/maintenance/womonitor/${plantId}`,
    },
    openFixtureRequests: {
      count: async (db, plantId) => (await s.maintenance.fixtureRequests(db, plantId)).length,
      path: (plantId) => `/tv/maintenance/fixturerequests/${plantId}`,
    },
    twoHourChecks: {
      count: async (db, plantId) => (await s.qualityChecks.queue(db, plantId)).length,
      path: () => '/manufacturing/twohourchecksqueue',
    },
  };
}

/**
 * web/GetMyWork (Intro, issue 15): the counts of the kinds the caller's flags act on, always of the
 * caller's own plant (a plant-bound user cannot ask for another's, and one who may cross plants works
 * in the plant they chose), and the shortcuts from their page views.
 */
export function registerMyWorkCalls(
  registry: CallRegistry,
  sources: WorkSources,
  clock: () => string = () => new Date().toISOString(),
): void {
  const count = counters(sources);
  registry.handle(GetMyWork, async ({ db, user }) => {
    const me = user!;
    const now = clock();
    const kinds = workKindsFor(me.flags);
    // Sequential on purpose: PGlite has one connection, and each count is a few small queries.
    const Items: WorkItem[] = [];
    for (const Kind of kinds) {
      const Path = count[Kind].path(me.plantId, now);
      // A count is worth showing only with a link the user can follow.
      if (!mayOpenPath(Path, me.flags)) continue;
      Items.push({ Kind, Count: await count[Kind].count(db, me.plantId, now), Path });
    }
    // Both are /config/settings settings (their defaults SHORTCUT_DAYS and SHORTCUT_COUNT).
    const days = await settingValue(db, 'ShortcutDays');
    const views = await mostViewedPaths(db, me.employeeId, days);
    const shortcuts = shortcutsFrom(views, me.flags, await settingValue(db, 'ShortcutCount'));
    return { PlantID: me.plantId, Items, Shortcuts: shortcuts, AsOf: now };
  });
}
