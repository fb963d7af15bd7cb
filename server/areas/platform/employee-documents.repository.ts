import type { PickOption } from '../../../domain/kit/pick';
import type { Sql } from '../../db/database';
import { likeContains } from '../../kit/pick';

/** The platform's own SQL behind /employees, /supervisors, /offices and the employee and office pickers. */

export async function employeeExists(db: Sql, employeeId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM employees WHERE employee_id = $1', [employeeId])).length > 0;
}

/**
 * Whether `supervisorId` reports, directly or up the line, to `employeeId`: making them the employee's
 * supervisor would close a loop. The walk stops at 100 levels (no real line is that long).
 */
export async function reportsUpTo(db: Sql, supervisorId: number, employeeId: number): Promise<boolean> {
  const rows = await db.query(
    `WITH RECURSIVE line (id, depth) AS (
       SELECT supervisor_id, 1 FROM employees WHERE employee_id = $1
       UNION ALL
       SELECT e.supervisor_id, l.depth + 1 FROM employees e JOIN line l ON e.employee_id = l.id
        WHERE l.depth < 100)
     SELECT 1 FROM line WHERE id = $2 LIMIT 1`,
    [supervisorId, employeeId],
  );
  return rows.length > 0;
}

export async function officeUsable(db: Sql, officeId: number): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM offices WHERE office_id = $1 AND deleted_at IS NULL', [officeId])).length >
    0
  );
}

/** A stored file a user uploaded and has not attached to anything yet, with its type. */
export async function ownUpload(
  db: Sql,
  fileId: string,
  employeeId: number,
): Promise<{ content_type: string; size: number } | null> {
  const [row] = await db.query<{ content_type: string; size: number }>(
    `SELECT content_type, size FROM stored_files
      WHERE file_id = $1 AND owner_kind = 'upload' AND uploaded_by = $2 AND deleted_at IS NULL`,
    [fileId, employeeId],
  );
  return row ?? null;
}

/** The upload becomes the employee's photo: whoever may see employees may now download it. */
export async function attachPhoto(db: Sql, fileId: string, employeeId: number): Promise<void> {
  await db.query(`UPDATE stored_files SET owner_kind = 'employee-photo', owner_id = $2 WHERE file_id = $1`, [
    fileId,
    String(employeeId),
  ]);
}

type EmployeeOptionRow = {
  employee_id: number;
  first_name: string;
  last_name: string;
  title: string | null;
  short_name: string;
  photo: boolean;
};

const employeeOption = (r: EmployeeOptionRow): PickOption => ({
  ID: r.employee_id,
  Label: `${r.first_name} ${r.last_name}`,
  Detail: [r.title, r.short_name].filter(Boolean).join(' · ') || null,
  PhotoExists: r.photo,
});

const employeeSelect = `SELECT e.employee_id, e.first_name, e.last_name, e.title, p.short_name,
    (e.photo_file_id IS NOT NULL) AS photo
  FROM employees e JOIN plants p USING (plant_id)`;

/**
 * Active employees whose name, title or id matches, best first: a name starting with the text, then
 * the rest by name. `plantId` null: every plant.
 */
export async function searchEmployees(
  db: Sql,
  q: { search: string; plantId: number | null; take: number },
): Promise<PickOption[]> {
  const rows = await db.query<EmployeeOptionRow>(
    `${employeeSelect}
      WHERE e.active AND ($1::int IS NULL OR e.plant_id = $1)
        AND ($2 = '' OR (e.first_name || ' ' || e.last_name) ILIKE $3 OR e.last_name ILIKE $3
             OR coalesce(e.title, '') ILIKE $3 OR e.employee_id::text = $2)
      ORDER BY (e.first_name ILIKE $4 OR e.last_name ILIKE $4) DESC, lower(e.last_name), lower(e.first_name), e.employee_id
      LIMIT $5`,
    [q.plantId, q.search, likeContains(q.search), `${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q.take],
  );
  return rows.map(employeeOption);
}

/** One employee's option (active or not: a record shows whom it names), within `plantId` when given. */
export async function employeeOptionById(
  db: Sql,
  employeeId: number,
  plantId: number | null,
): Promise<PickOption | null> {
  const [row] = await db.query<EmployeeOptionRow>(
    `${employeeSelect} WHERE e.employee_id = $1 AND ($2::int IS NULL OR e.plant_id = $2)`,
    [employeeId, plantId],
  );
  return row ? employeeOption(row) : null;
}

type OfficeRow = { office_id: number; name: string; city: string | null; short_name: string };
const officeOption = (r: OfficeRow): PickOption => ({
  ID: r.office_id,
  Label: r.name,
  Detail: [r.city, r.short_name].filter(Boolean).join(' · ') || null,
});

export async function searchOffices(
  db: Sql,
  q: { search: string; plantId: number | null; take: number },
): Promise<PickOption[]> {
  const rows = await db.query<OfficeRow>(
    `SELECT o.office_id, o.name, o.city, p.short_name FROM offices o JOIN plants p USING (plant_id)
      WHERE o.deleted_at IS NULL AND ($1::int IS NULL OR o.plant_id = $1)
        AND ($2 = '' OR o.name ILIKE $3 OR coalesce(o.city, '') ILIKE $3)
      ORDER BY lower(o.name), o.office_id LIMIT $4`,
    [q.plantId, q.search, likeContains(q.search), q.take],
  );
  return rows.map(officeOption);
}

export async function officeOptionById(
  db: Sql,
  officeId: number,
  plantId: number | null,
): Promise<PickOption | null> {
  const [row] = await db.query<OfficeRow>(
    `SELECT o.office_id, o.name, o.city, p.short_name FROM offices o JOIN plants p USING (plant_id)
      WHERE o.office_id = $1 AND ($2::int IS NULL OR o.plant_id = $2)`,
    [officeId, plantId],
  );
  return row ? officeOption(row) : null;
}

export async function searchPlants(db: Sql, q: { search: string; take: number }): Promise<PickOption[]> {
  const rows = await db.query<{ plant_id: number; plant_name: string; short_name: string; country: string }>(
    `SELECT plant_id, plant_name, short_name, country FROM plants
      WHERE $1 = '' OR plant_name ILIKE $2 OR short_name ILIKE $2 OR plant_id::text = $1
      ORDER BY plant_id LIMIT $3`,
    [q.search, likeContains(q.search), q.take],
  );
  return rows.map((r) => ({ ID: r.plant_id, Label: r.plant_name, Detail: `${r.short_name} · ${r.country}` }));
}
