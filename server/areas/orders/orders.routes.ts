import { GetOrderHeader } from '../../../domain/orders/orders';
import { sorry } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { findOrder } from './orders.repository';
import { registerOrderSearch } from './orders.search';

/** The orders calls the shell needs now (PM Order Loading). */
export function registerOrderCalls(registry: CallRegistry): void {
  // Orders in global search (server/kit/search.ts).
  registerOrderSearch();
  registry.handle(GetOrderHeader, async ({ db, payload }) => {
    const row = await findOrder(db, payload.OrderNum);
    if (!row) throw sorry(`Order ${payload.OrderNum} was not found.`);
    return {
      OrderNum: row.order_num,
      CustomerName: row.customer_name,
      ProjectDescription: row.project_description,
      PlantID: row.plant_id,
    };
  });
}
