import { registerSearchSource } from '../../kit/search';

/**
 * Jobs and their production plans in global search (issue 16): found by job number, part, part
 * description, customer and order; a result opens the job's plan. Jobs change outside calls today
 * (seeds, the ERP feed to come), so the start-up catch-up is what indexes them; a call that renames
 * one must call indexSearchEntries in its transaction (docs/DOCUMENT-KIT.md "Global search").
 */
interface Row {
  job_number: string;
  plant_id: number;
  part_num: string;
  description: string;
  customer_name: string | null;
  order_num: number | null;
}

export function registerJobSearch(): void {
  registerSearchSource({
    kind: 'job',
    async page(db, after, limit) {
      const rows = await db.query<Row>(
        `SELECT j.job_number, j.plant_id, j.part_num, pt.description, j.customer_name, j.order_num
           FROM jobs j JOIN parts pt ON pt.part_num = j.part_num
          WHERE j.job_number > $1 ORDER BY j.job_number LIMIT $2`,
        [after ?? '', limit],
      );
      return rows.map((r) => ({
        kind: 'job',
        key: r.job_number,
        plantId: r.plant_id,
        title: r.job_number,
        detail: [r.part_num, r.description, r.customer_name].filter(Boolean).join(' · '),
        link: `/productionplan/${encodeURIComponent(r.job_number)}`,
        extra: r.order_num === null ? '' : String(r.order_num),
        cursor: r.job_number,
      }));
    },
  });
}
