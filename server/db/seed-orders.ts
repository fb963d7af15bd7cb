import { insertOrder } from '../areas/orders/orders.repository';
import type { Sql } from './database';

/** Demo order headers for PM Order Loading (/pm/order/{orderNum}); believable racking projects. */
export const demoOrders = [
  [100234, 'Northline Distribution', 'Selective pallet racking, DC expansion phase 2', 1],
  [100235, 'Harbor Cold Storage', 'Drive-in racking for freezer bays 4-7', 4],
  [100236, 'Summit Home Centers', 'Cantilever lumber racking, 12 stores', 2],
  [100237, 'Prairie Ag Supply', 'Push-back racking and mezzanine', 6],
  [100238, 'Gulf Coast Beverage', 'Pallet flow lanes, bottling plant', 10],
  [100239, 'Trent Valley Logistics', 'Very narrow aisle racking, 40 ft clear', 7],
  [100240, 'Monterrey Autopartes', 'Carton flow and shelving, assembly line', 19],
  [100241, 'Idaho Potato Growers Co-op', 'Structural racking for bin storage', 2],
] as const;

export async function seedOrders(db: Sql): Promise<void> {
  for (const [order_num, customer_name, project_description, plant_id] of demoOrders) {
    await insertOrder(db, { order_num, customer_name, project_description, plant_id });
  }
}
