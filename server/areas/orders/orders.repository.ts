import type { Sql } from '../../db/database';

export interface OrderRow {
  order_num: number;
  customer_name: string;
  project_description: string;
  plant_id: number;
}

export async function findOrder(db: Sql, orderNum: number): Promise<OrderRow | null> {
  const rows = await db.query<OrderRow>(
    'SELECT order_num, customer_name, project_description, plant_id FROM orders WHERE order_num = $1',
    [orderNum],
  );
  return rows[0] ?? null;
}

export async function insertOrder(db: Sql, row: OrderRow): Promise<void> {
  await db.query(
    'INSERT INTO orders (order_num, customer_name, project_description, plant_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [row.order_num, row.customer_name, row.project_description, row.plant_id],
  );
}
