/** The production-plan area's screens, one lazily loaded chunk. */
export { ProductionPlansPage } from './list/ProductionPlansPage';
export { MachineRatesPage } from './machines/MachineRatesPage';
export { ProductionPlanPage } from './plan/ProductionPlanPage';
export { RateImportPage } from './rate-import/RateImportPage';
export { WorkcentersPage } from './workcenters/WorkcentersPage';
