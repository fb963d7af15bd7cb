import { registerSearchSource } from '../../kit/search';

/**
 * Customer orders in global search (issue 16): found by number, customer and project; a result opens
 * PM Order Loading. Orders arrive outside calls today (seeds, the ERP feed to come), so the start-up
 * catch-up indexes them; a call that changes one must call indexSearchEntries in its transaction.
 */
interface Row {
  order_num: number;
  customer_name: string;
  project_description: string;
  plant_id: number;
}

export function registerOrderSearch(): void {
  registerSearchSource({
    kind: 'order',
    async page(db, after, limit) {
      const rows = await db.query<Row>(
        `SELECT order_num, customer_name, project_description, plant_id FROM orders
          WHERE order_num > $1 ORDER BY order_num LIMIT $2`,
        [after === null ? -2147483648 : Number(after), limit],
      );
      return rows.map((r) => ({
        kind: 'order',
        key: r.order_num,
        plantId: r.plant_id,
        title: String(r.order_num),
        detail: [r.customer_name, r.project_description].filter(Boolean).join(' · '),
        link: `/pm/order/${r.order_num}`,
        cursor: String(r.order_num),
      }));
    },
  });
}
