/** The production-plan area's screens, one lazily loaded chunk. */
export { ProductionPlanPage } from './plan/ProductionPlanPage';
