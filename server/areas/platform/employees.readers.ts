import type { Access } from '../../../domain/contract/call';
import { flagColumn } from '../../../domain/platform/permissions';
import { crossPlantFlags } from '../../../domain/platform/plant-scope';
import type { Sql } from '../../db/database';

/** An active employee who may read something: whom a kit comment may mention (server/kit/record.*). */
export interface Reader {
  employeeId: number;
  name: string;
  email: string | null;
  plantId: number;
}

/**
 * The active employees who pass `access` (their flags) and, when `plantId` is given, may see that
 * plant's data (their own plant, or a flag that crosses plants). `ids` narrows to those employees
 * (checking mentions), `search` to names containing it (the @ suggestions). The flag columns are named
 * by the code's own list of flags, never by the request.
 */
export async function employeesWhoMayRead(
  db: Sql,
  q: { access: Access; plantId: number | null; search?: string; ids?: readonly number[]; take?: number },
): Promise<Reader[]> {
  const conditions = ['active'];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (typeof q.access === 'object') {
    const flags = 'allOf' in q.access ? q.access.allOf : q.access.anyOf;
    const join = 'allOf' in q.access ? ' AND ' : ' OR ';
    if (flags.length) conditions.push(`(${flags.map(flagColumn).join(join)})`);
  } else if (q.access === 'public') {
    // Anyone.
  }
  if (q.plantId !== null) {
    conditions.push(`(plant_id = ${param(q.plantId)} OR ${crossPlantFlags.map(flagColumn).join(' OR ')})`);
  }
  if (q.ids) conditions.push(`employee_id = ANY(${param(q.ids)}::int[])`);
  const search = q.search?.trim();
  if (search) {
    conditions.push(
      `(first_name || ' ' || last_name) ILIKE ${param(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`,
    );
  }
  const rows = await db.query<{
    employee_id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    plant_id: number;
  }>(
    `SELECT employee_id, first_name, last_name, email, plant_id FROM employees
      WHERE ${conditions.join(' AND ')}
      ORDER BY lower(first_name), lower(last_name), employee_id LIMIT ${param(q.take ?? 20)}`,
    params,
  );
  return rows.map((r) => ({
    employeeId: r.employee_id,
    name: `${r.first_name} ${r.last_name}`,
    email: r.email?.trim() ? r.email.trim() : null,
    plantId: r.plant_id,
  }));
}

/** Names of employees by id (a refused mention names the person). */
export async function employeeNames(db: Sql, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ employee_id: number; first_name: string; last_name: string }>(
    'SELECT employee_id, first_name, last_name FROM employees WHERE employee_id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.employee_id, `${r.first_name} ${r.last_name}`]));
}
