import type { Sql } from '../../db/database';
import { indexSearchEntries, registerSearchSource, type SearchEntry } from '../../kit/search';

/**
 * Employees in global search (issue 16): found by name, job title, e-mail and user name; the platform
 * area reads its own tables here and hands the entries to the kit's index.
 */
interface Row {
  employee_id: number;
  first_name: string;
  last_name: string;
  title: string | null;
  email: string | null;
  plant_id: number;
  active: boolean;
  user_name: string | null;
}

const SELECT = `SELECT e.employee_id, e.first_name, e.last_name, e.title, e.email, e.plant_id, e.active, c.user_name
  FROM employees e LEFT JOIN credentials c ON c.employee_id = e.employee_id`;

function entry(r: Row): SearchEntry {
  return {
    kind: 'employee',
    key: r.employee_id,
    plantId: r.plant_id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    detail: [r.title, r.active ? null : 'inactive'].filter(Boolean).join(' · '),
    link: `/employees?record=${r.employee_id}`,
    extra: [r.email, r.user_name, String(r.employee_id)].filter(Boolean).join(' '),
  };
}

export function registerEmployeeSearch(): void {
  registerSearchSource({
    kind: 'employee',
    async page(db, after, limit) {
      const rows = await db.query<Row>(`${SELECT} WHERE e.employee_id > $1 ORDER BY e.employee_id LIMIT $2`, [
        after === null ? -1 : Number(after),
        limit,
      ]);
      return rows.map((r) => ({ ...entry(r), cursor: String(r.employee_id) }));
    },
  });
}

/** After an employee changed (in the change's transaction): found by what they are now called. */
export async function indexEmployee(db: Sql, employeeId: number): Promise<void> {
  const rows = await db.query<Row>(`${SELECT} WHERE e.employee_id = $1`, [employeeId]);
  await indexSearchEntries(db, rows.map(entry));
}
