/**
 * The costing area's seam for other areas. The production plan's costing/RunOperationEngine calls
 * `runEngineForResource`; nothing else of this area is imported from outside it.
 */
export { registerCostingCalls } from './costing.routes';
export { runEngineForResource } from './costing.service';
