import type { PickOption } from '../../../domain/kit/pick';
import type { Sql } from '../../db/database';
import { likeContains, type PickSource } from '../../kit/pick';
import type { AuthUser } from '../../rpc/registry';

/** Who may see jobs and parts: the readers of the production plan (domain/production-plan/calls.ts). */
const readers = ['viewProductionPlans', 'editProductionPlans'] as const;
const refuse = (user: AuthUser) =>
  readers.some((f) => user.flags.has(f))
    ? null
    : `You may not see jobs and parts (it needs one of: ${readers.join(', ')}).`;

type JobRow = { job_number: string; part_num: string; customer_name: string | null };
const jobOption = (r: JobRow): PickOption => ({
  ID: r.job_number,
  Label: r.job_number,
  Detail: [r.part_num, r.customer_name].filter(Boolean).join(' · '),
});

/** The job picker: by job number, part or customer, within the plant. */
export const jobPickSource: PickSource = {
  refuse,
  async search(db: Sql, q) {
    const rows = await db.query<JobRow>(
      `SELECT job_number, part_num, customer_name FROM jobs
        WHERE ($1::int IS NULL OR plant_id = $1)
          AND ($2 = '' OR job_number ILIKE $3 OR part_num ILIKE $3 OR coalesce(customer_name, '') ILIKE $3)
        ORDER BY job_number LIMIT $4`,
      [q.plantId, q.search, likeContains(q.search), q.take],
    );
    return rows.map(jobOption);
  },
  async byId(db: Sql, id, q) {
    const [row] = await db.query<JobRow>(
      `SELECT job_number, part_num, customer_name FROM jobs
        WHERE job_number = $1 AND ($2::int IS NULL OR plant_id = $2)`,
      [id, q.plantId],
    );
    return row ? jobOption(row) : null;
  },
};

type PartRow = { part_num: string; description: string };
const partOption = (r: PartRow): PickOption => ({ ID: r.part_num, Label: r.part_num, Detail: r.description });

/** The part picker: parts are the same for every plant (the part master). */
export const partPickSource: PickSource = {
  refuse,
  async search(db: Sql, q) {
    const rows = await db.query<PartRow>(
      `SELECT part_num, description FROM parts
        WHERE $1 = '' OR part_num ILIKE $2 OR description ILIKE $2
        ORDER BY part_num LIMIT $3`,
      [q.search, likeContains(q.search), q.take],
    );
    return rows.map(partOption);
  },
  async byId(db: Sql, id) {
    const [row] = await db.query<PartRow>('SELECT part_num, description FROM parts WHERE part_num = $1', [
      id,
    ]);
    return row ? partOption(row) : null;
  },
};
