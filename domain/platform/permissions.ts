/**
 * Every permission flag of spec 000 §6 (and the field-installation and configurator flags of spec 002
 * §6), as booleans on the employee record. The client name is the key (camelCase, as spec 000 §3.1
 * names the session fields); the server field is the same name in PascalCase, and the database column
 * is its snake_case form. Names the spec only describes ("payroll (view, edit, lock)") were given the
 * obvious name, listed once here so nothing else invents its own.
 */
export const permissionGroups = {
  interfaceAccess: [
    'accessManufacturing',
    'accessPm',
    'accessPurchasing',
    'accessFinance',
    'accessConfigurator',
    'accessFis',
    'accessCs',
    'accessVendorPortal',
    'accessInstallerPortal',
    /** Beyond the spec's list: the customer portal needs a flag of its own. */
    'accessCustomerPortal',
    'canChangeInterface',
    'canChangePlant',
    /** security.installer: sends the user to the Installers area (spec 000 §2.3). */
    'installer',
  ],
  peopleAndTime: [
    'clockedIn',
    'approvesTime',
    'shipper',
    'receiver',
    'supervisor',
    'salaried',
    'qualityControlPersonnel',
    'employeeAdministrator',
    'mesAdministrator',
    'superAdministrator',
    'documentAdministrator',
    'informationTechnology',
    'receivingManager',
    'formsProxyAdministration',
  ],
  editView: [
    'viewPayroll',
    'editPayroll',
    'lockPayroll',
    'editLocations',
    'editSupervisors',
    'editWorkcenters',
    'viewProductionPlans',
    'editProductionPlans',
    'editProductionSchedules',
    'editPlanningSchedules',
    'viewScheduling',
    'viewScheduleDetails',
    'createWhatIfSchedules',
    'commitSchedules',
    'viewScheduleQuotes',
    'editScheduleQuotes',
    'viewScheduleSummary',
    'editPegging',
    'editAllocations',
    'editMachineRates',
    'editAlgorithms',
    'editAlgorithmRates',
    'editPbProperties',
    'viewBonusCalculator',
    'editBonusCalculator',
    'editMaterials',
    'editMaterialPlans',
    'editMaterialMills',
    'viewMaintenance',
    'createMaintenanceWorkOrder',
    'editMaintenancePersonnel',
    'createMaintenanceProcedures',
    'viewMaintenanceProcedures',
    'editMaintenanceLocations',
    'editMaintenanceInventory',
    'editMaintenanceAssets',
    'editMaintenanceCategories',
    'viewCostingEngines',
    'editCostingEngines',
    'costingManagementAccess',
    'viewForms',
    'editDocuments',
    'editIncidents',
    'editStock',
    'editShopSupply',
    'editSystemConfig',
    'dataRepair',
    'startCycleCount',
    'finalizeShipment',
    'subcontractorInvoicing',
    'allowExceedingTagQuantities',
    'processPoc',
    'customerPortalAttachments',
    'showHelp',
    'configuratorAccess',
    'steelEscalation',
    'viewBudgets',
    'viewAllProjects',
    'viewCommissionCalc',
    'editPalletMoles',
    'assignPalletMoles',
    'addPalletMoles',
    'deletePalletMoles',
    'palletMoleTagAssignment',
    'pmSupport',
    'projectManagement',
  ],
  configurator: ['configuratorReadAccess', 'configuratorWriteAccess', 'configuratorWorksheetAccess'],
  fieldInstallation: [
    'fisPersonnel',
    'fisAdmin',
    'fisQuoteAdmin',
    'fisQuoteCollaboration',
    'fisPayrollView',
    'fisPayrollEdit',
    'fisPayrollFinalize',
    'fisPayrollEpicorExport',
    'fisViewQuotes',
    'fisCreateQuotes',
    'fisViewAllOrders',
    'fisExperimental',
  ],
} as const;

export type PermissionFlag = (typeof permissionGroups)[keyof typeof permissionGroups][number];

export const permissionFlags: readonly PermissionFlag[] = Object.values(permissionGroups).flat();

/** `canChangePlant` -> `CanChangePlant`: the server's field name for a flag. */
export function flagServerName(flag: PermissionFlag): string {
  return flag.charAt(0).toUpperCase() + flag.slice(1);
}

/** `canChangePlant` -> `can_change_plant`: the flag's database column. */
export function flagColumn(flag: PermissionFlag): string {
  return flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const byServerName = new Map(permissionFlags.map((f) => [flagServerName(f), f]));
/** The flag whose server field name is `name`, if any. */
export function flagFromServerName(name: string): PermissionFlag | undefined {
  return byServerName.get(name);
}
