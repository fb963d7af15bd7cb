/** The production-plan area's screens, one lazily loaded chunk. */
export { ProductionPlansPage } from './list/ProductionPlansPage';
export { MachineRatesPage } from './machines/MachineRatesPage';
export { ProductionPlanPage } from './plan/ProductionPlanPage';
export { WorkcentersPage } from './workcenters/WorkcentersPage';
