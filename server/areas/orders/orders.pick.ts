import type { PickOption } from '../../../domain/kit/pick';
import type { Sql } from '../../db/database';
import { likeContains, type PickSource } from '../../kit/pick';
import type { AuthUser } from '../../rpc/registry';

/** Who may see orders: the readers of pm/GetOrderHeader (domain/orders). */
const readers = ['accessPm', 'projectManagement', 'viewAllProjects'] as const;

type Row = { order_num: number; customer_name: string; project_description: string };
const option = (r: Row): PickOption => ({
  ID: r.order_num,
  Label: String(r.order_num),
  Detail: `${r.customer_name} · ${r.project_description}`,
});

/** The order picker: by number (its start), customer or project, within the plant. */
export const orderPickSource: PickSource = {
  refuse: (user: AuthUser) =>
    readers.some((f) => user.flags.has(f))
      ? null
      : `You may not see orders (it needs one of: ${readers.join(', ')}).`,
  async search(db: Sql, q) {
    const rows = await db.query<Row>(
      `SELECT order_num, customer_name, project_description FROM orders
        WHERE ($1::int IS NULL OR plant_id = $1)
          AND ($2 = '' OR order_num::text LIKE $3 OR customer_name ILIKE $4 OR project_description ILIKE $4)
        ORDER BY order_num DESC LIMIT $5`,
      [q.plantId, q.search, `${q.search.replace(/[\\%_]/g, '')}%`, likeContains(q.search), q.take],
    );
    return rows.map(option);
  },
  async byId(db: Sql, id, q) {
    if (!/^\d{1,9}$/.test(id)) return null;
    const [row] = await db.query<Row>(
      `SELECT order_num, customer_name, project_description FROM orders
        WHERE order_num = $1 AND ($2::int IS NULL OR plant_id = $2)`,
      [Number(id), q.plantId],
    );
    return row ? option(row) : null;
  },
};
