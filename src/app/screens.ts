import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenKey } from '../../domain/platform/routes';
import type { ApiClient } from '../api';
import { LoginPage } from '../areas/platform/LoginPage';
import { NotFoundPage } from '../areas/platform/NotFoundPage';
import { loadChunk } from './chunks';
import { FIRST_TASKS, myWorkHead, planHead, scheduleHead } from './prefetch-calls';
import { sharedGet } from './shared-requests';
import { storage } from './storage';

type Loader = () => Promise<ComponentType>;

// One chunk per area: every screen of an area comes with the first one opened (spec 000 §8 chunk rules).
const platform = () => loadChunk(() => import('../areas/platform/screens'));
const pm = () => loadChunk(() => import('../areas/pm/screens'));
const costing = () => loadChunk(() => import('../areas/costing/screens'));
const productionPlan = () => loadChunk(() => import('../areas/production-plan/screens'));
const algorithms = () => loadChunk(() => import('../areas/algorithms/screens'));
const scheduling = () => loadChunk(() => import('../areas/scheduling/screens'));
const tv = () => loadChunk(() => import('../areas/tv/screens'));
const payroll = () => loadChunk(() => import('../areas/payroll/screens'));
const shopfloor = () => loadChunk(() => import('../areas/shopfloor/screens'));
const timeclock = () => loadChunk(() => import('../areas/timeclock/screens'));

/**
 * Every built screen of the route table (domain/platform/routes.ts `screen`), by key. Login and Not
 * Found are part of the first load; the rest load with their area. A unit test checks that every key
 * the table uses is here, so "built" in the catalogue is never a claim without a screen.
 */
export const screenLoaders: Record<Exclude<ScreenKey, 'login' | 'notfound'>, Loader> = {
  intro: () => platform().then((m) => m.IntroPage),
  connections: () => platform().then((m) => m.ConnectionsPage),
  screenviewer: () => platform().then((m) => m.ScreenViewerPage),
  apibrowser: () => platform().then((m) => m.ApiBrowserPage),
  translations: () => platform().then((m) => m.TranslationsPage),
  videoeditor: () => platform().then((m) => m.VideoEditorPage),
  sopeditor: () => platform().then((m) => m.SopEditorPage),
  videobrowser: () => platform().then((m) => m.VideoBrowserPage),
  clienterrors: () => platform().then((m) => m.ClientErrorsPage),
  widgets: () => platform().then((m) => m.WidgetGalleryPage),
  devices: () => platform().then((m) => m.DevicesPage),
  employees: () => platform().then((m) => m.EmployeesPage),
  allemployees: () => platform().then((m) => m.AllEmployeesPage),
  supervisors: () => platform().then((m) => m.SupervisorsPage),
  offices: () => platform().then((m) => m.OfficesPage),
  globalSearch: () => platform().then((m) => m.GlobalSearchPage),
  databaseCatalog: () => platform().then((m) => m.DatabaseCatalogPage),
  loginMessages: () => platform().then((m) => m.LoginMessagesPage),
  tvAlerts: () => platform().then((m) => m.TvAlertsPage),
  newsEditor: () => platform().then((m) => m.NewsEditorPage),
  settings: () => platform().then((m) => m.SettingsPage),
  inventoryAlerts: () => platform().then((m) => m.InventoryAlertsPage),
  printers: () => platform().then((m) => m.PrintersPage),
  plcs: () => platform().then((m) => m.PlcsPage),
  thresholds: () => platform().then((m) => m.ThresholdsPage),
  barcodes: () => platform().then((m) => m.BarcodesPage),
  pmOrderLoading: () => pm().then((m) => m.PmOrderLoadingPage),
  costingEngines: () => costing().then((m) => m.CostingEnginesPage),
  engineEditor: () => costing().then((m) => m.EngineEditorPage),
  engineTesting: () => costing().then((m) => m.EngineTestingPage),
  productionPlans: () => productionPlan().then((m) => m.ProductionPlansPage),
  machineRates: () => productionPlan().then((m) => m.MachineRatesPage),
  rateimport: () => productionPlan().then((m) => m.RateImportPage),
  workcenters: () => productionPlan().then((m) => m.WorkcentersPage),
  algorithmGroups: () => algorithms().then((m) => m.AlgorithmGroupsPage),
  algorithmList: () => algorithms().then((m) => m.AlgorithmListPage),
  algorithmEditor: () => algorithms().then((m) => m.AlgorithmEditorPage),
  pbProperties: () => algorithms().then((m) => m.PbPropertiesPage),
  algorithmRates: () => algorithms().then((m) => m.AlgorithmRatesPage),
  algorithmAnalysis: () => algorithms().then((m) => m.AlgorithmAnalysisPage),
  algorithmTesting: () => algorithms().then((m) => m.AlgorithmTestingPage),
  operationAlgorithm: () => algorithms().then((m) => m.OperationAlgorithmPage),
  productionPlan: () => productionPlan().then((m) => m.ProductionPlanPage),
  plantSchedule: () => scheduling().then((m) => m.PlantSchedulePage),
  schedulingUnscheduled: () => scheduling().then((m) => m.UnscheduledPage),
  scheduleSummary: () => scheduling().then((m) => m.SummaryPage),
  scheduleByDay: () => scheduling().then((m) => m.ScheduleByDayPage),
  schedulingAdherence: () => scheduling().then((m) => m.AdherencePage),
  schedulingReport: () => scheduling().then((m) => m.SchedulingReportPage),
  schedulingStatus: () => scheduling().then((m) => m.SchedulingSettingsPage),
  schedulingHolidays: () => scheduling().then((m) => m.SchedulingSettingsPage),
  schedulingShifts: () => scheduling().then((m) => m.SchedulingSettingsPage),
  schedulingWorkcenters: () => scheduling().then((m) => m.SchedulingSettingsPage),
  schedulingOverrides: () => scheduling().then((m) => m.SchedulingSettingsPage),
  tvStart: () => tv().then((m) => m.TvStartPage),
  tvFaceboard: () => tv().then((m) => m.FaceboardPage),
  tvProductionMonitor: () => tv().then((m) => m.ProductionMonitorPage),
  tvRemote: () => tv().then((m) => m.TvRemotePage),
  tvWorkOrderMonitor: () => tv().then((m) => m.TvWorkOrderMonitorPage),
  tvPmCalendar: () => tv().then((m) => m.TvPmCalendarPage),
  tvFixtureRequests: () => tv().then((m) => m.TvFixtureRequestsPage),
  tvCuring: () => tv().then((m) => m.TvCuringPage),
  payroll: () => payroll().then((m) => m.PayrollPage),
  shopClocks: () => shopfloor().then((m) => m.ClocksPage),
  myActivity: () => shopfloor().then((m) => m.MyActivityPage),
  shopDowntime: () => shopfloor().then((m) => m.DowntimePage),
  shopMenu: () => shopfloor().then((m) => m.MenuPage),
  startDirectActivity: () => shopfloor().then((m) => m.StartDirectActivityPage),
  recordMultiCompletions: () => shopfloor().then((m) => m.RecordMultiCompletionsPage),
  // Time clock (issue 7 part 1): tablet screens in the shop-floor chunk, boards and analysis in their own.
  shopTime: () => shopfloor().then((m) => m.MyTimePage),
  shopFaces: () => shopfloor().then((m) => m.ShopFacesPage),
  boardFaces: () => timeclock().then((m) => m.FacesBoardPage),
  faceHistory: () => timeclock().then((m) => m.FaceHistoryPage),
  clockAnalysis: () => timeclock().then((m) => m.ClockAnalysisPage),
  timecards: () => timeclock().then((m) => m.TimecardsPage),
  twoHourChecksQueue: () => shopfloor().then((m) => m.TwoHourChecksQueuePage),
  twoHourCheck: () => shopfloor().then((m) => m.TwoHourCheckPage),
  // TV painting, scoreboard and KPI boards and the painting tablet screens (issue 7 parts 2-3).
  tvPainting: () => tv().then((m) => m.TvPaintingPage),
  tvScoreboard: () => tv().then((m) => m.TvScoreboardPage),
  tvKpiMonitor: () => tv().then((m) => m.TvKpiPage),
  shopPainting: () => shopfloor().then((m) => m.PaintingPage),
  viscosityReport: () => shopfloor().then((m) => m.ViscosityReportPage),
};

const cache = new Map<ScreenKey, ComponentType | LazyExoticComponent<ComponentType>>([
  ['login', LoginPage],
  ['notfound', NotFoundPage],
]);

/**
 * A screen's first data, asked for by the route's loader while the chunk, the store and the shell are
 * still on their way (a full page load opens IndexedDB and the hub before any screen renders). The
 * screen picks the same request up when it renders (the area shares it for a few seconds).
 */
export const screenPrefetch: Partial<
  Record<
    ScreenKey,
    (api: ApiClient, params: Record<string, string | undefined>, user: { PlantID: number } | null) => void
  >
> = {
  // The first screen after login: its counts start with the chunk, not after it.
  intro: (api) => {
    sharedGet(api, myWorkHead, {});
  },
  productionPlan: (api, { jobNumToLoad }) => {
    if (!jobNumToLoad) return;
    // The plan screen says in place why a plan cannot be shown (planRequests): no alert as well.
    sharedGet(api, planHead.load, { JobNumber: jobNumToLoad }, Date.now(), { inline: true });
    sharedGet(api, planHead.machines, { JobNumber: jobNumToLoad }, Date.now(), { inline: true });
  },
  // The board opens on the user's plant and its official schedule (src/areas/scheduling/plant).
  plantSchedule: (api, _params, user) => {
    if (!user) return;
    // The official schedule this browser saw last: its first tasks at once, beside the list.
    const remembered = storage.loadOfficialSchedule(user.PlantID);
    if (typeof remembered === 'number') {
      sharedGet(api, scheduleHead.schedule, { ScheduleID: remembered, FirstTasks: FIRST_TASKS });
    }
    sharedGet(api, scheduleHead.schedules, { PlantID: user.PlantID }).promise.then(
      (list) => {
        const official = list.find((s) => s.Official);
        if (official) {
          sharedGet(api, scheduleHead.schedule, { ScheduleID: official.ScheduleID, FirstTasks: FIRST_TASKS });
        }
      },
      () => undefined,
    );
  },
};

/**
 * Screens shown on a full page load before the store (IndexedDB, the post queue, the hub) is attached:
 * their first paint needs only the request layer, and they read the store with `useStore()` (null
 * until attached) and `useEnqueue()`. Opening IndexedDB and restoring the queue took 150–300 ms of a
 * full load of the plant schedule (bench:schedule), all before its first lane. Any other screen would
 * suspend on `useServices()`, so its route waits for the store instead.
 */
export const rendersBeforeStore: ReadonlySet<ScreenKey> = new Set<ScreenKey>(['plantSchedule']);

/** Screens whose chunk has arrived: rendered directly, never through React.lazy. */
const loaded = new Map<ScreenKey, ComponentType>();

/**
 * Loads a screen's chunk ahead of its render (the route's loader calls it). A lazy component suspends
 * on its first render even when its chunk is already here, and React holds the content of a Suspense
 * boundary that showed its fallback for up to 300 ms ("fallback throttling"): measured, a plan opened
 * from the plan list waited ~200 ms with an idle main thread. Rendering the loaded component directly
 * never suspends. A failure is left to the render, where the lazy component raises it to the screen's
 * boundary (spec 000 §8's update message).
 */
export async function preloadScreen(key: ScreenKey): Promise<void> {
  if (loaded.has(key)) return;
  const load = screenLoaders[key as keyof typeof screenLoaders];
  if (!load) return;
  try {
    loaded.set(key, await load());
  } catch {
    // The render reports it.
  }
}

/**
 * The component for a screen key: static for Login and Not Found, the preloaded one, else React.lazy
 * (made once). Once a key has a lazy component it keeps it, so a screen is never remounted because its
 * chunk arrived (a changed component type would throw away what the user typed).
 */
export function screenComponent(key: ScreenKey): ComponentType {
  const made = cache.get(key);
  if (made) return made as ComponentType;
  const ready = loaded.get(key);
  if (ready) return ready;
  const load = screenLoaders[key as keyof typeof screenLoaders];
  const c = lazy(() => load().then((component) => ({ default: component })));
  cache.set(key, c);
  return c as ComponentType;
}
