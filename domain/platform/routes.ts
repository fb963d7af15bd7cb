import type { InterfaceName } from '../contract/wire';
import { isTvPath } from './interfaces';
import type { PermissionFlag } from './permissions';

/**
 * The route table of spec 000 §2.1 and §2.2: every screen address of the product, its screen name (the
 * page title and the RouteName of help links and page views), its area, its interface, who may open it,
 * and the redirects. One source of truth: the client builds its router and menus from it, the server
 * serves it as the screen catalogue (`web/GetScreenCatalogue`, shown at /screenviewer).
 *
 * Paths use React Router syntax (`:id`, `:id?`); {@link displayPath} writes them as the spec does.
 *
 * Where the spec names a group but not its address (the home-shell groups of §2.1) or names an area
 * but not its default child, the choice made here is marked "ours" and listed in the area README.
 */

/** Built screens, by key. The client maps each key to a lazily loaded component of its area. */
export const screenKeys = [
  'login',
  'intro',
  'connections',
  'screenviewer',
  'apibrowser',
  'translations',
  'videoeditor',
  'sopeditor',
  'videobrowser',
  'clienterrors',
  'widgets',
  'devices',
  'rateimport',
  'employees',
  'allemployees',
  'supervisors',
  'offices',
  'loginMessages',
  'tvAlerts',
  'newsEditor',
  'settings',
  'inventoryAlerts',
  // Issue 16's hardware screens (src/areas/platform: printers, PLCs, barcodes; thresholds).
  'printers',
  'plcs',
  'thresholds',
  'barcodes',
  'notfound',
  'pmOrderLoading',
  'costingEngines',
  'engineEditor',
  'engineTesting',
  'productionPlans',
  'machineRates',
  'workcenters',
  'algorithmGroups',
  'algorithmList',
  'algorithmEditor',
  'pbProperties',
  'algorithmRates',
  'algorithmAnalysis',
  'algorithmTesting',
  'operationAlgorithm',
  'productionPlan',
  'plantSchedule',
  'schedulingUnscheduled',
  'scheduleSummary',
  'scheduleByDay',
  'schedulingAdherence',
  'schedulingReport',
  'schedulingStatus',
  'schedulingHolidays',
  'schedulingShifts',
  'schedulingWorkcenters',
  'schedulingOverrides',
  'tvStart',
  'tvFaceboard',
  'tvProductionMonitor',
  'tvRemote',
  'shopMenu',
  'startDirectActivity',
  'recordMultiCompletions',
  'payroll',
  'shopClocks',
  'myActivity',
  'shopDowntime',
  'twoHourChecksQueue',
  'twoHourCheck',
  // The maintenance and curing TV boards (issue 7 part 3).
  'tvWorkOrderMonitor',
  'tvPmCalendar',
  'tvFixtureRequests',
  'tvCuring',
  // Time clock (issue 7 part 1): src/areas/shopfloor/time and src/areas/timeclock.
  'shopTime',
  'shopFaces',
  'boardFaces',
  'faceHistory',
  'clockAnalysis',
  'timecards',
  // TV painting, scoreboard and KPI boards and the painting tablet screens (issue 7 parts 2-3).
  'tvPainting',
  'tvScoreboard',
  'tvKpiMonitor',
  'shopPainting',
  'viscosityReport',
  // Global search (issue 16).
  'globalSearch',
  'databaseCatalog',
] as const;
export type ScreenKey = (typeof screenKeys)[number];

/** Business areas (brief §3 slugs). */
export type AreaSlug =
  | 'platform'
  | 'pm'
  | 'forms'
  | 'production-plan'
  | 'scheduling'
  | 'shop-floor'
  | 'tv'
  | 'boards'
  | 'time'
  | 'orders'
  | 'fis'
  | 'finance'
  | 'maintenance'
  | 'inventory'
  | 'shipping'
  | 'receiving'
  | 'quality'
  | 'documents'
  | 'costing'
  | 'configurator'
  | 'purchasing'
  | 'cs'
  | 'installers'
  | 'vendor-portal'
  | 'admin';

export interface ScreenRoute {
  kind: 'screen';
  /** Full path in React Router syntax, e.g. `/scheduling/plant`, `/budget2/:passedOrderNum?`. */
  path: string;
  /** Unique screen name: the route name of spec 000 (Login, PM Order Loading, ...) where it names one. */
  name: string;
  /** What the page title and menus show; the name unless the name is a code (DocumentEditor). */
  title: string;
  area: AreaSlug;
  /** The interface whose menu lists the screen (`web`: every office interface). */
  interface: InterfaceName;
  /** Open without login (spec 000 §2.3 and §6). */
  public: boolean;
  /** Any one of these flags lets a user open the screen; empty means any logged-in user. */
  flags: readonly PermissionFlag[];
  /** The built screen, or undefined for a screen not built yet (it shows a plain page saying so). */
  screen?: ScreenKey;
  /** Screens with parameters, and tabs, are reached from other screens rather than from a menu. */
  inMenu: boolean;
}

export interface RedirectRoute {
  kind: 'redirect';
  path: string;
  /** Absolute target; `:param` segments are filled from the matched path. */
  to: string;
}

export type RouteEntry = ScreenRoute | RedirectRoute;

interface Opts {
  name?: string;
  title?: string;
  flags?: readonly PermissionFlag[];
  public?: boolean;
  screen?: ScreenKey;
  inMenu?: boolean;
  area?: AreaSlug;
  interface?: InterfaceName;
}
/** [path segment(s) below the group, screen name, options]. */
type Row = readonly [string, string, Opts?];

interface Group {
  base: string;
  area: AreaSlug;
  interface: InterfaceName;
  flags?: readonly PermissionFlag[];
  /** Where the bare base redirects. */
  defaultChild?: string;
}

const entries: RouteEntry[] = [];

function join(base: string, segment: string): string {
  if (segment.startsWith('/')) return segment;
  return `${base.replace(/\/$/, '')}/${segment}`;
}

function group(g: Group, rows: readonly Row[]): void {
  if (g.defaultChild !== undefined) {
    entries.push({ kind: 'redirect', path: g.base, to: join(g.base, g.defaultChild) });
  }
  for (const [segment, name, o = {}] of rows) {
    const path = join(g.base, segment);
    entries.push({
      kind: 'screen',
      path,
      name: o.name ?? name,
      title: o.title ?? name,
      area: o.area ?? g.area,
      interface: o.interface ?? g.interface,
      public: o.public ?? false,
      flags: o.flags ?? g.flags ?? [],
      screen: o.screen,
      inMenu: o.inMenu ?? !path.includes(':'),
    });
  }
}

function redirect(path: string, to: string): void {
  entries.push({ kind: 'redirect', path, to });
}

const admins: PermissionFlag[] = ['superAdministrator', 'mesAdministrator', 'informationTechnology'];
const pm: PermissionFlag[] = ['accessPm'];
const mfg: PermissionFlag[] = ['accessManufacturing'];
/**
 * Who may point a TV at a board: the floor's supervisors and the MES administrators. The screen and its
 * call (domain/tv/calls.ts SendToDisplay) share the list, so nobody is offered a form the server refuses.
 */
export const tvRemoteFlags: readonly PermissionFlag[] = ['supervisor', 'mesAdministrator'];

// §2.1 Home shell: / redirects to /intro.
redirect('/', '/intro');

// §2.1 Project manager area (children of the home shell).
group({ base: '/', area: 'pm', interface: 'pm', flags: pm }, [
  ['forms', 'Forms', { area: 'forms', flags: ['accessPm', 'viewForms'] }],
  ['form/:formID', 'Form', { area: 'forms', flags: ['accessPm', 'viewForms'] }],
  ['partsbyrow', 'Parts by Row', { area: 'orders' }],
  ['partsbydate', 'Parts by Date', { area: 'orders' }],
  ['shipmenttracker', 'Shipment Tracker', { area: 'shipping' }],
  ['budget', 'Budget', { flags: ['accessPm', 'viewBudgets'] }],
  ['customerportalattachments', 'Customer Portal Attachments', { flags: ['customerPortalAttachments'] }],
  ['customerportalschedule', 'Customer Portal Schedule'],
  ['customerportaltasklist', 'Customer Portal Task List'],
  ['installerportal', 'Installer Portal', { area: 'installers' }],
  ['installerportalattachments', 'Installer Portal Attachments', { area: 'installers' }],
  ['shipments', 'Shipments', { area: 'shipping' }],
  ['purchaseorders', 'Purchase Orders', { area: 'purchasing' }],
  ['transferorders', 'Transfer Orders', { area: 'inventory' }],
  ['vendorreleases', 'Vendor Releases', { area: 'purchasing' }],
  // 'fis' in §2.1's PM list is the /fis/ area of §2.2: its redirect (/fis → /fis/orders) serves it.
  ['checklist', 'Checklist'],
  ['siteinventory', 'Site Inventory', { area: 'inventory' }],
  ['onsitereceiving', 'On-site Receiving', { area: 'receiving' }],
  ['dailyreport', 'Daily Report', { area: 'fis' }],
  ['tripreport', 'Trip Report'],
  ['moles', 'Pallet Moles', { flags: ['accessPm', 'editPalletMoles', 'assignPalletMoles'] }],
  ['hardware', 'Hardware'],
  ['customerservicecases', 'Customer Service Cases', { area: 'cs' }],
  ['customerserviceactivities', 'Customer Service Activities', { area: 'cs' }],
  ['customerservicesurveys', 'Customer Service Surveys', { area: 'cs' }],
  ['worksheets', 'Worksheets', { area: 'configurator', flags: ['accessPm', 'configuratorWorksheetAccess'] }],
  ['loggedapinvoices', 'Logged AP Invoices', { area: 'finance' }],
]);

// §2.1 General (children of the home shell). `web`: listed in every office interface's menu.
group({ base: '/', area: 'platform', interface: 'web' }, [
  ['intro', 'Intro', { screen: 'intro' }],
  ['weather', 'Weather'],
  ['cyclecounts', 'Cycle Counts', { area: 'inventory', flags: ['accessManufacturing', 'startCycleCount'] }],
  ['sfcouponrequests', 'Coupon Requests', { area: 'shop-floor', flags: mfg }],
  ['employees', 'Employees', { flags: ['employeeAdministrator', 'superAdministrator'], screen: 'employees' }],
  [
    'supervisors',
    'Supervisors',
    { area: 'time', flags: ['editSupervisors', 'employeeAdministrator'], screen: 'supervisors' },
  ],
  ['reports', 'Reports'],
  ['payroll', 'Payroll', { area: 'time', flags: ['viewPayroll', 'editPayroll'], screen: 'payroll' }],
  [
    'productionplan/:jobNumToLoad',
    'Production Plan',
    {
      area: 'production-plan',
      interface: 'manufacturing',
      flags: ['viewProductionPlans'],
      screen: 'productionPlan',
    },
  ],
  [
    'productionplans',
    'Production Plans',
    {
      area: 'production-plan',
      interface: 'manufacturing',
      flags: ['viewProductionPlans'],
      screen: 'productionPlans',
    },
  ],
  ['mills', 'Mills', { area: 'inventory', interface: 'purchasing', flags: ['editMaterialMills'] }],
  [
    'millrollings',
    'Mill Rollings',
    { area: 'inventory', interface: 'purchasing', flags: ['editMaterialMills'] },
  ],
  [
    'materialplanning',
    'Material Planning',
    { area: 'inventory', interface: 'purchasing', flags: ['editMaterialPlans', 'editMaterials'] },
  ],
  ['globalsearch', 'Global Search', { screen: 'globalSearch' }],
  ['locations', 'Locations', { area: 'inventory', interface: 'manufacturing', flags: ['editLocations'] }],
  [
    'allocations',
    'Allocations',
    { area: 'inventory', interface: 'manufacturing', flags: ['editAllocations'] },
  ],
  ['datarepair', 'Data Repair', { area: 'admin', flags: ['dataRepair'] }],
  [
    'translations',
    'Translations',
    { area: 'admin', flags: ['mesAdministrator', 'superAdministrator'], screen: 'translations' },
  ],
  ['barcodes', 'Barcodes', { area: 'inventory', flags: [...mfg, ...admins], screen: 'barcodes' }],
  ['devices', 'Devices', { area: 'admin', flags: admins, screen: 'devices' }],
  ['adminsettings', 'Admin Settings', { area: 'admin', flags: ['editSystemConfig', 'superAdministrator'] }],
  ['commands', 'Commands', { area: 'admin', flags: admins }],
  ['connections', 'Connections', { area: 'admin', flags: admins, screen: 'connections' }],
  ['epicorfeed', 'Epicor Feed', { area: 'admin', flags: admins }],
  [
    'allemployees',
    'All Employees',
    { flags: ['employeeAdministrator', 'superAdministrator'], screen: 'allemployees' },
  ],
  ['offices', 'Offices', { flags: ['employeeAdministrator', 'superAdministrator'], screen: 'offices' }],
  ['screenviewer', 'Screen Viewer', { area: 'admin', flags: admins, screen: 'screenviewer' }],
  ['apibrowser', 'API Browser', { area: 'admin', flags: admins, screen: 'apibrowser' }],
  ['hangfire', 'Background Jobs', { area: 'admin', flags: admins }],
  ['caching', 'Caching', { area: 'admin', flags: admins }],
  ['databasecatalog', 'Database Catalog', { area: 'admin', flags: admins, screen: 'databaseCatalog' }],
  ['projectassignment', 'Project Assignment', { area: 'pm', interface: 'pm', flags: ['projectManagement'] }],
  [
    'installerview',
    'Installer View',
    { area: 'installers', interface: 'fis', flags: ['fisPersonnel', 'accessFis'] },
  ],
  ['orderstages', 'Order Stages', { area: 'orders', interface: 'pm', flags: pm }],
  ['engineeringassignment', 'Engineering Assignment', { area: 'orders', interface: 'pm', flags: pm }],
  [
    'stockmanagement',
    'Stock Management',
    { area: 'inventory', interface: 'purchasing', flags: ['editStock'] },
  ],
  [
    'stockmanagementforecasting',
    'Stock Forecasting',
    { area: 'inventory', interface: 'purchasing', flags: ['editStock'] },
  ],
  ['engagementforms', 'Engagement Forms', { area: 'forms', flags: ['employeeAdministrator', 'viewForms'] }],
  ['incidentreporting', 'Incident Reporting', { area: 'quality', flags: ['editIncidents'] }],
  ['safetyalerts', 'Safety Alerts', { area: 'quality' }],
  ['incidentform/:incidentID', 'Incident Form', { area: 'quality' }],
  ['prereceival', 'Pre-receival', { area: 'receiving', interface: 'manufacturing', flags: ['receiver'] }],
  [
    'receivinginspectionrules',
    'Receiving Inspection Rules',
    { area: 'receiving', interface: 'manufacturing', flags: ['receivingManager', 'qualityControlPersonnel'] },
  ],
  [
    'rawmaterialinspection',
    'Raw Material Inspection',
    { area: 'quality', interface: 'manufacturing', flags: ['qualityControlPersonnel'] },
  ],
  ['printers', 'Printers', { area: 'admin', flags: admins, screen: 'printers' }],
  ['plcs', 'PLCs', { area: 'admin', flags: admins, screen: 'plcs' }],
  ['reportmanagement', 'Report Management', { area: 'admin', flags: admins }],
  [
    'newseditor',
    'News Editor',
    { area: 'admin', flags: ['documentAdministrator', 'superAdministrator'], screen: 'newsEditor' },
  ],
  [
    'videoeditor',
    'Video Editor',
    { flags: ['documentAdministrator', 'superAdministrator'], screen: 'videoeditor' },
  ],
  [
    'sopeditor',
    'SOP Editor',
    { flags: ['documentAdministrator', 'superAdministrator'], screen: 'sopeditor' },
  ],
  ['videobrowser', 'Video Browser', { screen: 'videobrowser' }],
  [
    'rateimport',
    'Rate Import',
    {
      area: 'production-plan',
      interface: 'manufacturing',
      flags: ['editMachineRates'],
      screen: 'rateimport',
    },
  ],
  [
    'thresholds',
    'Thresholds',
    {
      area: 'production-plan',
      interface: 'manufacturing',
      flags: ['editSystemConfig', 'mesAdministrator', 'superAdministrator'],
      screen: 'thresholds',
    },
  ],
  ['/pm/checklistmanagement', 'Checklist Management', { area: 'pm', interface: 'pm', flags: ['pmSupport'] }],
  // '/forms' and '/form/{formID}' are listed again in §2.1's General list: the PM rows above serve them.
  ['/bonus', 'Bonus Calculator', { area: 'time', flags: ['viewBonusCalculator'] }],
  [
    '/salesorders',
    'Sales Orders',
    { area: 'orders', interface: 'sales', flags: ['accessPm', 'accessFinance'] },
  ],
  ['taxlookup', 'Tax Lookup', { area: 'finance', interface: 'finance', flags: ['accessFinance'] }],
  ['couponmanagement', 'Coupon Management', { area: 'shop-floor', interface: 'manufacturing', flags: mfg }],
  ['laborcostrequests', 'Labor Cost Requests', { area: 'costing', interface: 'finance' }],
  ['budgetqueries', 'Budget Queries', { area: 'finance', interface: 'finance', flags: ['viewBudgets'] }],
  ['budget2/:passedOrderNum?', 'Budget (new)', { area: 'finance', interface: 'pm', flags: ['viewBudgets'] }],
  [
    'steelescalation',
    'Steel Escalation',
    { area: 'costing', interface: 'sales', flags: ['steelEscalation'] },
  ],
  ['defaultterms', 'Default Terms', { area: 'finance', interface: 'finance', flags: ['accessFinance'] }],
  ['bluegracerates', 'Blue Grace Rates', { area: 'shipping', interface: 'purchasing' }],
  ['freightrequests', 'Freight Requests', { area: 'shipping' }],
  // 'moles' is listed twice in §2.1 (PM and General): the PM row above serves it.
  ['engineeringfilessearch', 'Engineering Files Search', { area: 'documents' }],
  ['vendorTransferOrders', 'Vendor Transfer Orders', { area: 'purchasing', interface: 'purchasing' }],
  [
    'standardcostanalysis',
    'Standard Cost Analysis',
    { area: 'costing', interface: 'finance', flags: ['costingManagementAccess'] },
  ],
  [
    'vendorportalshipmentapprovals',
    'Vendor Portal Shipment Approvals',
    { area: 'purchasing', interface: 'purchasing', flags: ['accessPurchasing'] },
  ],
  // Ours: IT's list of runtime errors reported by browsers (spec 000 §8 names an error-reporting service).
  [
    'clienterrors',
    'Client Errors',
    { area: 'admin', flags: ['informationTechnology', 'superAdministrator'], screen: 'clienterrors' },
  ],
]);

// §2.1 Groups with a default child. The group addresses other than /config and /pages are ours.
group(
  { base: '/config', area: 'admin', interface: 'web', flags: ['editSystemConfig'], defaultChild: '/pages/' },
  [
    ['loginpagemessage', 'Login Page Message', { screen: 'loginMessages' }],
    ['tvalerts', 'TV Alerts', { screen: 'tvAlerts' }],
    ['inventoryalerts', 'Inventory Alerts', { screen: 'inventoryAlerts' }],
    ['settings', 'Settings', { screen: 'settings' }],
  ],
);
group(
  {
    base: '/subcontractorinvoicing',
    area: 'finance',
    interface: 'finance',
    flags: ['subcontractorInvoicing'],
    defaultChild: 'subcontractorinvoices',
  },
  [
    ['subcontractorinvoices', 'Subcontractor Invoices'],
    ['view', 'Subcontractor Invoice'],
  ],
);
group({ base: '/quality', area: 'quality', interface: 'web', defaultChild: 'documenteditor' }, [
  [
    'documenteditor',
    'DocumentEditor',
    { title: 'Document Editor', flags: ['documentAdministrator', 'editDocuments'] },
  ],
  [
    'reportsubmissions',
    'Report Submissions',
    { flags: ['qualityControlPersonnel', 'documentAdministrator'] },
  ],
]);
group(
  {
    base: '/shopsupply',
    area: 'shop-floor',
    interface: 'manufacturing',
    defaultChild: 'shopsupplymanagement',
  },
  [
    ['shopsupplymanagement', 'Shop Supply Management', { flags: ['editShopSupply'] }],
    ['partgallery', 'Part Gallery'],
    ['requisitions', 'Requisitions', { flags: ['editShopSupply'] }],
  ],
);
group(
  { base: '/machines', area: 'production-plan', interface: 'manufacturing', defaultChild: 'workcenters' },
  [
    [
      'workcenters',
      'Workcenters',
      { flags: ['editWorkcenters', 'viewProductionPlans'], screen: 'workcenters' },
    ],
    [
      'rates',
      'Machine Rates',
      { flags: ['editMachineRates', 'viewProductionPlans'], screen: 'machineRates' },
    ],
  ],
);
group(
  {
    base: '/inventory',
    area: 'inventory',
    interface: 'manufacturing',
    flags: mfg,
    defaultChild: 'rawinventory',
  },
  [
    ['rawinventory', 'Raw Inventory'],
    ['fginventory', 'Finished Goods Inventory'],
    ['staginginventory', 'Staging Inventory'],
    ['allocations', 'Inventory Allocations', { flags: ['editAllocations'] }],
  ],
);
// "Budget tabs (redirects to budget)": /budget itself is a PM screen, so the tabs live under /budgets.
group(
  { base: '/budgets', area: 'finance', interface: 'pm', flags: ['viewBudgets'], defaultChild: 'budget' },
  [
    ['budget/:passedOrderNum?', 'Budget Tab', { inMenu: true }],
    ['budgetsummaries', 'Budget Summaries'],
  ],
);
redirect('/algorithms', '/algorithms/groups');
group(
  { base: '/algorithms', area: 'production-plan', interface: 'manufacturing', flags: ['editAlgorithms'] },
  [
    ['algorithm/:algorithmGroupID/:algorithmID', 'Algorithm', { screen: 'algorithmEditor' }],
    ['list/:algorithmGroupID', 'Algorithm List', { screen: 'algorithmList' }],
    ['groups', 'Algorithm Groups', { screen: 'algorithmGroups' }],
    ['pbproperties', 'PB Properties', { flags: ['editPbProperties'], screen: 'pbProperties' }],
    ['rates', 'Algorithm Rates', { flags: ['editAlgorithmRates'], screen: 'algorithmRates' }],
    ['analysis', 'Algorithm Analysis', { screen: 'algorithmAnalysis' }],
    ['testing', 'Algorithm Testing', { screen: 'algorithmTesting' }],
    // A planner's screen: the operation's run needs viewProductionPlans or editProductionPlans.
    [
      'operation/:ppoid',
      'Operation Algorithm',
      { flags: ['viewProductionPlans', 'editProductionPlans'], screen: 'operationAlgorithm' },
    ],
  ],
);
group({ base: '/pages', area: 'platform', interface: 'web', defaultChild: '404' }, [
  ['login', 'Login', { public: true, screen: 'login', inMenu: false }],
  ['engagementform', 'Employee Engagement', { public: true, area: 'forms' }],
  ['test', 'Test Page', { flags: admins, screen: 'widgets' }],
  // The target of /pages and of every unknown address.
  ['404', 'Not Found', { public: true, screen: 'notfound', inMenu: false }],
]);

// §2.2 Area route trees.
group({ base: '/documents', area: 'documents', interface: 'web', defaultChild: 'documents' }, [
  ['types', 'Document Types', { flags: ['documentAdministrator'] }],
  ['edittype/:documentTypeId', 'Edit Document Type', { flags: ['documentAdministrator'] }],
  ['documents', 'Documents'],
  // `{documentId}&{documentTypeId}` is one path segment; the screen splits it.
  ['editdocument/:documentRef', 'Edit Document', { flags: ['documentAdministrator', 'editDocuments'] }],
  ['binders', 'Binders'],
  ['editbinder/:binderId', 'Edit Binder', { flags: ['documentAdministrator', 'editDocuments'] }],
]);
group({ base: '/boards', area: 'boards', interface: 'manufacturing', flags: mfg, defaultChild: 'faces' }, [
  ['faces', 'Faces', { screen: 'boardFaces' }],
  ['facehistory', 'Face History', { screen: 'faceHistory' }],
  ['production', 'Production Board'],
  ['workcenters', 'Workcenter Board'],
  ['scoreboard', 'Scoreboard'],
]);
group(
  { base: '/analysis', area: 'time', interface: 'manufacturing', flags: mfg, defaultChild: 'timecards' },
  [
    ['scrap', 'Scrap Analysis'],
    ['wac', 'WAC Analysis'],
    ['timecards', 'Timecards', { flags: ['approvesTime', 'supervisor', 'viewPayroll'], screen: 'timecards' }],
    ['clocks', 'Clock Analysis', { flags: ['approvesTime', 'supervisor'], screen: 'clockAnalysis' }],
    ['labor', 'Labor Analysis'],
    ['planforecasts', 'Plan Forecasts'],
  ],
);
group(
  {
    base: '/maintenance',
    area: 'maintenance',
    interface: 'manufacturing',
    flags: ['viewMaintenance'],
    defaultChild: 'workorders',
  },
  [
    ['locations', 'Maintenance Locations', { flags: ['editMaintenanceLocations', 'viewMaintenance'] }],
    ['inventory', 'Maintenance Inventory', { flags: ['editMaintenanceInventory', 'viewMaintenance'] }],
    ['assets', 'Assets', { flags: ['editMaintenanceAssets', 'viewMaintenance'] }],
    ['workorders', 'Work Orders'],
    ['preventative', 'Preventative Maintenance'],
    ['categories', 'Maintenance Categories', { flags: ['editMaintenanceCategories'] }],
    ['procedures', 'Procedures', { flags: ['viewMaintenanceProcedures', 'createMaintenanceProcedures'] }],
    ['fixturerequests', 'Fixture Requests'],
    ['calendar', 'Maintenance Calendar'],
  ],
);
const cfg: PermissionFlag[] = ['accessConfigurator', 'configuratorAccess', 'configuratorReadAccess'];
group(
  {
    base: '/configurator',
    area: 'configurator',
    interface: 'configurator',
    flags: cfg,
    defaultChild: 'myprojects',
  },
  [
    ['myprojects', 'My Projects'],
    ['reviewmar', 'Review MAR'],
    ['project', 'Project'],
    ['freightrequests', 'Configurator Freight Requests'],
    ['c/workflow', 'Workflow', { inMenu: false }],
    ['c/overview', 'Overview', { inMenu: false }],
    ['c/parts', 'Parts', { inMenu: false }],
    ['c/part', 'Part', { inMenu: false }],
    ['c/sections', 'Sections', { inMenu: false }],
    ['c/section', 'Section', { inMenu: false }],
    ['c/elevations', 'Elevations', { inMenu: false }],
    ['c/elevation', 'Elevation', { inMenu: false }],
    ['c/elevationKF', 'Elevation KF', { inMenu: false }],
    ['c/partgroups', 'Part Groups', { inMenu: false }],
    ['c/partgroup', 'Part Group', { inMenu: false }],
    ['c/rackrows', 'Rack Rows', { inMenu: false }],
    ['c/rackrow', 'Rack Row', { inMenu: false }],
    ['c/quotes', 'Configurator Quotes', { inMenu: false }],
    ['c/quote', 'Configurator Quote', { inMenu: false }],
    ['c/materials', 'Materials', { inMenu: false }],
    ['c/files', 'Configurator Files', { inMenu: false }],
    ['c/engineering', 'Engineering', { inMenu: false }],
    ['c/reports', 'Configurator Reports', { inMenu: false }],
    ['c/utilities', 'Utilities', { inMenu: false }],
    ['c/compare/:ids', 'Compare', { inMenu: false }],
    ['c/partsbydate', 'Configurator Parts by Date', { inMenu: false }],
  ],
);
// "Also seen: /configurator/c": ours, it opens the project's workflow.
redirect('/configurator/c', '/configurator/c/workflow');

const fin: PermissionFlag[] = ['accessFinance'];
redirect('/finance', '/finance/poc'); // ours
group({ base: '/finance/poc', area: 'finance', interface: 'finance', flags: fin, defaultChild: 'overview' }, [
  ['overview', 'POC Overview'],
  ['orders', 'POC Orders'],
  ['finalizerevenue', 'Finalize Revenue', { flags: ['processPoc'] }],
  ['order/:orderNum', 'POC Order'],
]);
group(
  {
    base: '/finance/massentries',
    area: 'finance',
    interface: 'finance',
    flags: fin,
    defaultChild: 'overview',
  },
  [
    ['overview', 'Mass Entries'],
    ['icOrders', 'IC Orders'],
    ['icscOrders', 'ICSC Orders'],
    ['icSteelInvoicing', 'IC Steel Invoicing'],
    ['customerParts', 'Customer Parts'],
    ['rcvNotInv', 'Received Not Invoiced'],
    ['subcontractorInvoicingReview', 'Subcontractor Invoicing Review'],
  ],
);
group(
  {
    base: '/finance/lookup',
    area: 'finance',
    interface: 'finance',
    flags: fin,
    defaultChild: 'releasedParts',
  },
  [
    ['releasedParts', 'Released Parts'],
    ['gl', 'GL Lookup'],
    ['completions', 'Completions'],
    ['shipments', 'Shipment Lookup (Finance)'],
    ['inventory', 'Inventory Lookup'],
    ['receipts', 'Receipts'],
    ['ar/:balanceAcct', 'AR Balance'],
    ['transactions', 'Transactions'],
    ['apInvoiceReview', 'AP Invoice Review'],
  ],
);
group(
  {
    base: '/finance/commission',
    area: 'finance',
    interface: 'finance',
    flags: ['viewCommissionCalc'],
    defaultChild: 'commissioncalc',
  },
  [
    ['commissioncalc', 'Commission Calculator'],
    ['salesstaff', 'Sales Staff'],
    ['orders', 'Commission Orders'],
  ],
);
group({ base: '/finance', area: 'finance', interface: 'finance', flags: fin }, [
  ['manualTransactions', 'Manual Transactions'],
  ['accruals', 'Accruals'],
  ['orderclosing', 'Order Closing'],
  ['openWorkOrders', 'Open Work Orders'],
  ['openPurchaseOrders', 'Open Purchase Orders'],
  ['journalGroups', 'Journal Groups'],
  ['shipmentDocuments', 'Finance Shipment Documents'],
]);

const sched: PermissionFlag[] = ['viewScheduling'];
group(
  {
    base: '/scheduling',
    area: 'scheduling',
    interface: 'manufacturing',
    flags: sched,
    defaultChild: 'plant',
  },
  [
    ['plant', 'Plant Schedule', { screen: 'plantSchedule' }],
    ['unscheduled', 'Unscheduled', { screen: 'schedulingUnscheduled' }],
    ['partsbyrow', 'Scheduling Parts by Row'],
    ['partsbydate', 'Scheduling Parts by Date'],
    ['quotes', 'Schedule Quotes', { flags: ['viewScheduleQuotes', 'editScheduleQuotes'] }],
    ['deliveryallocations', 'Delivery Allocations'],
    ['summary', 'Schedule Summary', { flags: ['viewScheduleSummary'], screen: 'scheduleSummary' }],
    ['sfcouponrequests', 'Scheduling Coupon Requests'],
    ['schedulingreport', 'Scheduling Report', { screen: 'schedulingReport' }],
    ['schedulingadherence', 'Scheduling Adherence', { screen: 'schedulingAdherence' }],
    ['schedulebyday', 'Schedule by Day', { screen: 'scheduleByDay' }],
  ],
);
group(
  {
    base: '/scheduling/settings',
    area: 'scheduling',
    interface: 'manufacturing',
    flags: sched,
    defaultChild: 'shifts',
  },
  [
    // Five tabs of one settings screen: each tab is its own address (spec 000 §2.2) and key; the screen
    // reads the tab from the address.
    ['status', 'Scheduling Status', { screen: 'schedulingStatus' }],
    ['holidays', 'Holidays', { screen: 'schedulingHolidays' }],
    ['shifts', 'Shifts', { screen: 'schedulingShifts' }],
    ['workcenters', 'Workcenter Settings', { screen: 'schedulingWorkcenters' }],
    ['overrides', 'Overrides', { screen: 'schedulingOverrides' }],
  ],
);

group({ base: '/trialbalance', area: 'finance', interface: 'finance', flags: fin, defaultChild: 'summary' }, [
  ['summary', 'Trial Balance'],
  ['account/:segValue1', 'Trial Balance Account'],
  ['gljrndtl/:journalCode/:journalNum', 'GL Journal Detail'],
  ['ij/:journalNum', 'Inventory Journal'],
]);
group(
  {
    base: '/materialcosting',
    area: 'costing',
    interface: 'finance',
    flags: ['costingManagementAccess'],
    defaultChild: 'allpartcosts', // ours
  },
  [
    ['part/:partNum', 'Part Cost'],
    ['issuances', 'Issuances'],
    ['allpartcosts', 'All Part Costs'],
  ],
);
group(
  {
    base: '/costing',
    area: 'costing',
    interface: 'manufacturing',
    flags: ['viewCostingEngines', 'costingManagementAccess'],
    defaultChild: 'jobs2',
  }, // default ours
  [
    ['jobs2', 'Job Costing'],
    ['galvanizers', 'Galvanizers'],
    ['galvanizingcosts', 'Galvanizing Costs'],
    ['hardwaremarkup', 'Hardware Markup'],
    ['editor', 'Engine Editor', { flags: ['editCostingEngines'], screen: 'engineEditor' }],
    [
      'engines',
      'Costing Engines',
      {
        flags: ['viewCostingEngines', 'editCostingEngines', 'costingManagementAccess'],
        screen: 'costingEngines',
      },
    ],
    ['nucorindexes', 'Nucor Indexes'],
    ['enginetesting', 'Engine Testing', { flags: ['editCostingEngines'], screen: 'engineTesting' }],
    // "A second costing group" (its address is not given): ours, beside the first.
    ['currentmaterialcosts', 'Current Material Costs'],
    ['baselines', 'Cost Baselines'],
    ['costrequests', 'Cost Requests'],
    ['mcf', 'MCF'],
  ],
);

// §2.2 /manufacturing/: the shop-floor app (interface manufacturingApp, spec 000 §1).
group(
  {
    base: '/manufacturing',
    area: 'shop-floor',
    interface: 'manufacturingApp',
    flags: mfg,
    defaultChild: 'menu',
  },
  [
    ['menu', 'Manufacturing', { title: 'Menu', screen: 'shopMenu' }],
    ['selectplan', 'Select Plan'],
    ['shipmentplanscanning/:shipmentPlanId/:shipmentId', 'Shipment Plan Scanning', { area: 'shipping' }],
    ['unplannedshipmentscanning/:shipmentId', 'Unplanned Shipment Scanning', { area: 'shipping' }],
    ['qualityform/:jobNumber/:qadNumber/:reportId', 'Quality Form', { area: 'quality' }],
    ['qahome', 'QA Home', { area: 'quality' }],
    ['movematerial', 'Move Material', { area: 'inventory' }],
    ['quickmovematerial', 'Quick Move Material', { area: 'inventory' }],
    ['mergebundles', 'Merge Bundles', { area: 'inventory' }],
    ['flipallocations', 'Flip Allocations', { area: 'inventory' }],
    ['materialdemand', 'Material Demand', { area: 'inventory' }],
    ['materialdemand/viewjobbom/:jobNum', 'Job BOM', { area: 'inventory' }],
    [
      'materialdemand/inventory/:jobNum/:bomSeq/:partNum/:cutLength/:pieceName',
      'Material Demand Inventory',
      { area: 'inventory' },
    ],
    ['appendphotos', 'Append Photos'],
    ['reprinttags', 'Reprint Tags', { area: 'inventory' }],
    ['cyclecounts', 'Shop Cycle Counts', { area: 'inventory' }],
    ['cyclecounts/locations/:cycleCountId', 'Cycle Count Locations', { area: 'inventory' }],
    [
      'cyclecounts/tags/:cycleCountId/:locationId/:locationDescription',
      'Cycle Count Tags',
      { area: 'inventory' },
    ],
    ['findrawinventory', 'Find Raw Inventory', { area: 'inventory' }],
    ['inventorybyproject', 'Inventory by Project', { area: 'inventory' }],
    ['deletetags', 'Delete Tags', { area: 'inventory' }],
    ['receivematerial', 'Receive Material', { area: 'receiving' }],
    ['prereceivematerial', 'Pre-receive Material', { area: 'receiving' }],
    ['prereceivematerial/mtrform/:poNum/:lineNum', 'MTR Form', { area: 'receiving' }],
    ['splitbundles', 'Split Bundles', { area: 'inventory' }],
    ['calibrateprinters', 'Calibrate Printers'],
    ['myactivity', 'My Activity', { screen: 'myActivity' }],
    [
      'startdirectactivity/:singleActivity/:travelerjson',
      'Start Direct Activity',
      { screen: 'startDirectActivity' },
    ],
    ['previouscuts/:laborActivityID', 'Previous Cuts'],
    ['recordcuts/:laborActivityID/:untaggedInventoryId', 'Record Cuts'],
    [
      'recordmulticompletions/:multiActivityId',
      'Record Multi Completions',
      { screen: 'recordMultiCompletions' },
    ],
    ['maintenance', 'Shop Maintenance', { area: 'maintenance' }],
    ['requestmaintenance', 'Request Maintenance', { area: 'maintenance' }],
    ['requestdetails', 'Request Details', { area: 'maintenance' }],
    ['maintenance/assets', 'Shop Assets', { area: 'maintenance' }],
    ['maintenance/assets/:AssetID', 'Shop Asset', { area: 'maintenance' }],
    ['maintenance/inventory', 'Shop Maintenance Inventory', { area: 'maintenance' }],
    ['maintenance/inventory/:InventoryID', 'Shop Maintenance Inventory Item', { area: 'maintenance' }],
    ['maintenance/locations', 'Shop Maintenance Locations', { area: 'maintenance' }],
    ['maintenance/locations/:LocationID', 'Shop Maintenance Location', { area: 'maintenance' }],
    ['maintenance/workorders', 'Shop Work Orders', { area: 'maintenance' }],
    ['maintenance/workorders/:WorkOrderID', 'Shop Work Order', { area: 'maintenance' }],
    ['downtime', 'Downtime', { screen: 'shopDowntime' }],
    ['twohourchecksqueue', 'Two-Hour Checks Queue', { area: 'quality', screen: 'twoHourChecksQueue' }],
    ['twohourchecks/:resourceId/:checkTime', 'Two-Hour Checks', { area: 'quality', screen: 'twoHourCheck' }],
    ['rawinventorybylength', 'Raw Inventory by Length', { area: 'inventory' }],
    ['rawinventorybylocation', 'Raw Inventory by Location', { area: 'inventory' }],
    ['partinventory', 'Part Inventory', { area: 'inventory' }],
    ['partinventory/locations', 'Part Inventory Locations', { area: 'inventory' }],
    ['partinventory/tags', 'Part Inventory Tags', { area: 'inventory' }],
    ['manufacturingsettings', 'Manufacturing Settings'],
    ['printtags', 'Print Tags', { area: 'inventory' }],
    ['partsearch/:partType', 'Part Search', { area: 'inventory' }],
    ['clocks', 'Clocks', { area: 'time', screen: 'shopClocks' }],
    ['time', 'Time', { area: 'time', screen: 'shopTime' }],
    ['reports', 'Shop Reports'],
    ['faces', 'Shop Faces', { area: 'boards', screen: 'shopFaces' }],
    ['painting', 'Painting', { public: true, screen: 'shopPainting' }],
    ['painting/viscosityreport/:EmployeeID', 'Viscosity Report', { public: true, screen: 'viscosityReport' }],
    ['supplies', 'Shop Supplies', { public: true }],
    ['partgallery', 'Shop Part Gallery'],
    ['incidentform/:incidentID', 'Shop Incident Form', { area: 'quality' }],
    ['myincidents', 'My Incidents', { area: 'quality' }],
    ['tvremote', 'TV Remote', { area: 'tv', screen: 'tvRemote', flags: tvRemoteFlags }],
    ['rawmaterialinspections', 'Raw Material Inspections', { area: 'quality' }],
    ['rawmaterialinspections/:inspectionID', 'Raw Material Inspection Detail', { area: 'quality' }],
  ],
);

const inst: PermissionFlag[] = ['accessInstallerPortal', 'installer'];
group(
  {
    base: '/installers',
    area: 'installers',
    interface: 'installerPortal',
    flags: inst,
    defaultChild: 'home',
  },
  [
    ['home', 'Installers', { title: 'Installer Home' }],
    ['orders', 'Installer Orders'],
    ['parts', 'Installer Parts'],
    ['shipments', 'Installer Shipments'],
    ['shipmentsMobile', 'Installer Shipments (Mobile)'],
    ['receiving/:shipmentID?', 'Installer Receiving', { inMenu: true }],
    ['preferences', 'Installer Preferences'],
    ['siteinventory', 'Installer Site Inventory'],
    ['dailyreports', 'Installer Daily Reports'],
    ['files', 'Installer Files'],
  ],
);
group(
  {
    base: '/shipping',
    area: 'shipping',
    interface: 'manufacturing',
    flags: ['shipper', 'accessManufacturing'],
    defaultChild: 'shipments',
  },
  [
    ['shipmentplanning', 'Shipment Planning'],
    ['shipments', 'Shipping'],
    ['shipment/:shipmentId', 'Shipment'],
    ['shipmentlookup', 'Shipment Lookup'],
    ['shipmentdocuments', 'Shipment Documents'],
  ],
);
group(
  {
    base: '/receiving',
    area: 'receiving',
    interface: 'manufacturing',
    flags: ['receiver', 'accessManufacturing'],
    defaultChild: 'documents',
  },
  [
    ['documents', 'Receiving Documents'],
    ['inspectionrules', 'Inspection Rules'],
    ['inspections', 'Inspections'],
    ['prereceipts', 'Pre-receipts'],
  ],
);
group(
  {
    base: '/receiving/transfers',
    area: 'receiving',
    interface: 'manufacturing',
    flags: ['receiver', 'accessManufacturing'],
    defaultChild: 'mes',
  },
  [
    ['mes', 'MES Transfers'],
    ['outside', 'Outside Transfers'],
  ],
);

const fis: PermissionFlag[] = ['accessFis', 'fisPersonnel'];
group({ base: '/fis', area: 'fis', interface: 'fis', flags: fis, defaultChild: 'orders' }, [
  ['quoting', 'FISQuoting', { title: 'FIS Quoting', flags: ['fisViewQuotes', 'fisCreateQuotes'] }],
  ['quote/:formID', 'FIS Quote', { flags: ['fisViewQuotes', 'fisCreateQuotes'] }],
  ['budgeting/budgets', 'FIS Budgets'],
  ['orders', 'FIS Orders'],
  ['scheduling', 'FIS Scheduling'],
  ['rentals', 'Rentals'],
]);
group(
  { base: '/fis/payroll', area: 'fis', interface: 'fis', flags: ['fisPayrollView'], defaultChild: 'summary' },
  [
    ['summary', 'FIS Payroll Summary'],
    ['general', 'FIS Payroll'],
    ['pay-rates', 'Pay Rates'],
  ],
);
group(
  {
    base: '/fis/personnel',
    area: 'fis',
    interface: 'fis',
    flags: ['fisAdmin', 'fisPersonnel'],
    defaultChild: 'employees',
  },
  [
    ['employees', 'FIS Employees'],
    ['supervisors', 'FIS Supervisors'],
  ],
);
group(
  {
    base: '/fis/fisadmin',
    area: 'fis',
    interface: 'fis',
    flags: ['fisAdmin'],
    defaultChild: 'epicor-processing',
  },
  [
    ['epicor-processing', 'Epicor Processing', { flags: ['fisPayrollEpicorExport', 'fisAdmin'] }],
    ['holidays', 'FIS Holidays'],
    ['quote_defaults', 'Quote Defaults', { flags: ['fisQuoteAdmin', 'fisAdmin'] }],
  ],
);
group({ base: '/fis/orders/:orderNum', area: 'fis', interface: 'fis', flags: fis, defaultChild: 'details' }, [
  ['details', 'FIS Order'],
  ['supervisors', 'FIS Order Supervisors'],
  ['delaylog', 'Delay Log'],
  ['quotes', 'FIS Order Quotes'],
  ['quote/:formID', 'FIS Order Quote'],
  ['budget', 'FIS Order Budget'],
  ['payroll', 'FIS Order Payroll', { flags: ['fisPayrollView'] }],
  ['payroll-summary', 'FIS Order Payroll Summary', { flags: ['fisPayrollView'] }],
  ['files', 'FIS Order Files'],
  ['purchase_orders', 'FIS Order Purchase Orders'],
  ['daily_report', 'FIS Order Daily Report'],
]);

redirect('/cs', '/cs/orders'); // ours
group({ base: '/cs', area: 'cs', interface: 'cs', flags: ['accessCs'] }, [
  ['orders', 'Customer Service Orders'],
  ['accounts', 'Customer Accounts'],
  ['portal', 'Customer Portal Usage'],
]);

// §2.2 /tv/: public, unattended (spec 000 §2.3).
group({ base: '/tv', area: 'tv', interface: 'tv', defaultChild: 'start' }, [
  ['start', 'TV Start', { public: true, screen: 'tvStart' }],
  ['painting/:resourceId', 'TV Painting', { public: true, screen: 'tvPainting' }],
  ['maintenance/womonitor/:plantId', 'Work Order Monitor', { public: true, screen: 'tvWorkOrderMonitor' }],
  ['maintenance/calendar', 'TV Maintenance Calendar', { public: true, screen: 'tvPmCalendar' }],
  [
    'maintenance/fixturerequests/:plantId',
    'TV Fixture Requests',
    { public: true, screen: 'tvFixtureRequests' },
  ],
  ['curing/:locationId', 'Curing', { public: true, screen: 'tvCuring' }],
  ['kpimonitor/:plantId', 'KPI Monitor', { public: true, screen: 'tvKpiMonitor' }],
  ['scoreboard/:bayNumber', 'TV Scoreboard', { public: true, screen: 'tvScoreboard' }],
  ['productionmonitor/:resourceId', 'Production Monitor', { public: true, screen: 'tvProductionMonitor' }],
  ['faceboard', 'Faceboard', { public: true, screen: 'tvFaceboard' }],
]);

group(
  {
    base: '/vendorportal',
    area: 'vendor-portal',
    interface: 'vendorPortal',
    flags: ['accessVendorPortal'],
    defaultChild: 'home',
  },
  [
    ['home', 'Vendor Home'],
    ['purchaseorders', 'Vendor Purchase Orders'],
    ['shipments/:shipmentId?', 'Vendor Shipments', { inMenu: true }],
    ['releases', 'Vendor Releases (Portal)'],
  ],
);

group({ base: '/purchasing', area: 'purchasing', interface: 'purchasing', flags: ['accessPurchasing'] }, [
  ['orderparts', 'Order Parts'],
]);

group({ base: '/pm', area: 'pm', interface: 'pm', flags: pm, defaultChild: 'hub' }, [
  ['hub', 'PM Hub'],
  ['orders', 'PM Orders'],
  ['orderloading', 'PM Order Loading', { screen: 'pmOrderLoading', inMenu: false }],
]);
group(
  { base: '/pm/order/:orderNum', area: 'pm', interface: 'pm', flags: pm, defaultChild: 'projectstatus' },
  [
    ['deliveries', 'Order Deliveries'],
    ['parts', 'Order Parts (PM)'],
    ['orderinfo', 'Order Info'],
    ['projectstatus', 'Project Status'],
    ['files', 'Order Files'],
  ],
);

/** Every route: screens and redirects, in table order. */
export const routeTable: readonly RouteEntry[] = entries;
export const screenRoutes: readonly ScreenRoute[] = entries.filter(
  (e): e is ScreenRoute => e.kind === 'screen',
);
export const redirectRoutes: readonly RedirectRoute[] = entries.filter(
  (e): e is RedirectRoute => e.kind === 'redirect',
);

/** The named routes of spec 000 §2.2 and where they are. */
export const namedRoutes = {
  Login: '/pages/login',
  Home: '/',
  Manufacturing: '/manufacturing',
  Installers: '/installers',
  Forms: '/forms',
  FISQuoting: '/fis/quoting',
  Form: '/form/:formID',
  'PM Order Loading': '/pm/orderloading',
  'Shop Supplies': '/manufacturing/supplies',
  'Employee Engagement': '/pages/engagementform',
  Painting: '/manufacturing/painting',
  'Viscosity Report': '/manufacturing/painting/viscosityreport/:EmployeeID',
  DocumentEditor: '/quality/documenteditor',
} as const;

/** The path as the spec writes it: `{param}` and `{param?}`. */
export function displayPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\?)?/g, (_m, name: string, opt?: string) => `{${name}${opt ?? ''}}`);
}

/** Regex for a table path (`:p` one segment, `:p?` an optional trailing segment). */
function pathPattern(path: string): RegExp {
  const parts = path.split('/').filter(Boolean);
  let source = '';
  for (const part of parts) {
    if (part.startsWith(':') && part.endsWith('?')) source += '(?:/([^/]+))?';
    else if (part.startsWith(':')) source += '/([^/]+)';
    else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || ''}/?$`, 'i');
}

// Patterns and parameter names are built once; every navigation matches against them.
const compiled = routeTable.map((entry) => ({
  entry,
  pattern: pathPattern(entry.path),
  names: [...entry.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((x) => x[1] as string),
}));

/** Parameters of a matched path, by name. */
export interface RouteMatch<E extends RouteEntry = RouteEntry> {
  entry: E;
  params: Record<string, string>;
}

/**
 * The table entry for a concrete path, or null. Literal routes win over parameter routes when both
 * match (`/pm/orderloading` over nothing, `/configurator/c/part` over `/configurator/c/:x` if it existed).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  let best: { m: RouteMatch; params: number } | null = null;
  for (const { entry, pattern, names } of compiled) {
    const found = path.match(pattern);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      const v = found[i + 1];
      if (v === undefined) return;
      try {
        params[n] = decodeURIComponent(v);
      } catch {
        params[n] = v; // a stray "%" in a typed address: keep it as typed rather than throw
      }
    });
    if (!best || names.length < best.params) best = { m: { entry, params }, params: names.length };
  }
  return best?.m ?? null;
}

/** The redirect target for a redirect entry matched with `params`. */
export function redirectTarget(entry: RedirectRoute, params: Record<string, string>): string {
  return entry.to.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => encodeURIComponent(params[n] ?? ''));
}

/**
 * Follow redirects from `pathname` to the screen it lands on (at most 5 hops; `/config` goes to `/pages/`
 * and on to `/pages/404`, exactly as §2.1 gives it). Unknown addresses land on `/pages/404`.
 */
export function resolvePath(pathname: string): { path: string; screen: ScreenRoute } {
  let path = pathname;
  for (let hop = 0; hop < 6; hop++) {
    const m = matchRoute(path);
    if (!m) return { path: '/pages/404', screen: screenByName('Not Found') };
    if (m.entry.kind === 'screen') return { path, screen: m.entry };
    path = redirectTarget(m.entry, m.params);
  }
  throw new Error(`Redirect loop from ${pathname}`);
}

const byName = new Map(screenRoutes.map((s) => [s.name, s]));

export function screenByName(name: string): ScreenRoute {
  const s = byName.get(name);
  if (!s) throw new Error(`No screen named ${name}`);
  return s;
}

/** True when the user holding `flags` may open the screen (public screens: anyone). */
export function mayOpen(screen: ScreenRoute, flags: ReadonlySet<string> | null): boolean {
  if (screen.public) return true;
  if (!flags) return false;
  return screen.flags.length === 0 || screen.flags.some((f) => flags.has(f));
}

/** Public paths of spec 000 §2.3: the public screens and anything under /tv/. */
export function isPublicPath(pathname: string): boolean {
  if (isTvPath(pathname)) return true;
  const m = matchRoute(pathname);
  if (!m) return false;
  if (m.entry.kind === 'screen') return m.entry.public;
  return isPublicPath(redirectTarget(m.entry, m.params));
}
