import {
  flagColumn,
  flagFromServerName,
  type PermissionFlag,
  permissionFlags,
} from '../../../domain/platform/permissions';
import type { Sql } from '../../db/database';

/** An employees row as the database returns it (flags are the snake_case columns). */
export interface EmployeeRow {
  employee_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  domain_id: string | null;
  title: string | null;
  phone_number: string | null;
  plant_id: number;
  language: 'en' | 'es';
  show_my_help: boolean;
  photo_file_id: string | null;
  back_color: string | null;
  text_color: string | null;
  active: boolean;
  [flagColumn: string]: unknown;
}

export function flagsOf(row: EmployeeRow): Set<PermissionFlag> {
  return new Set(permissionFlags.filter((f) => row[flagColumn(f)] === true));
}

export async function findEmployee(db: Sql, employeeId: number): Promise<EmployeeRow | undefined> {
  return (await db.query<EmployeeRow>('SELECT * FROM employees WHERE employee_id = $1', [employeeId]))[0];
}

export async function findCredentials(
  db: Sql,
  userName: string,
): Promise<{ employee_id: number; password_hash: string; active: boolean } | undefined> {
  return (
    await db.query<{ employee_id: number; password_hash: string; active: boolean }>(
      `SELECT c.employee_id, c.password_hash, e.active
         FROM credentials c JOIN employees e USING (employee_id)
        WHERE lower(c.user_name) = lower($1)`,
      [userName],
    )
  )[0];
}

export async function listActiveEmployees(db: Sql): Promise<EmployeeRow[]> {
  return db.query<EmployeeRow>(
    'SELECT * FROM employees WHERE active ORDER BY last_name, first_name, employee_id',
  );
}

export async function secureReports(db: Sql, employeeId: number): Promise<string[]> {
  const rows = await db.query<{ report_name: string }>(
    'SELECT report_name FROM employee_secure_reports WHERE employee_id = $1 ORDER BY report_name',
    [employeeId],
  );
  return rows.map((r) => r.report_name);
}

/** Column names that UpdateEmployee may write, by server field name; flags are added from the flag list. */
const columns: Record<string, string> = {
  Language: 'language',
  ShowMyHelp: 'show_my_help',
  PlantID: 'plant_id',
  FirstName: 'first_name',
  LastName: 'last_name',
  Email: 'email',
  Title: 'title',
  PhoneNumber: 'phone_number',
  DomainID: 'domain_id',
  Active: 'active',
};

export function columnForField(field: string): string | undefined {
  if (Object.hasOwn(columns, field)) return columns[field];
  const flag = flagFromServerName(field);
  return flag ? flagColumn(flag) : undefined;
}

export async function updateEmployeeColumn(
  db: Sql,
  employeeId: number,
  column: string,
  value: unknown,
): Promise<number> {
  // `column` comes only from columnForField's fixed whitelist, never from the request text.
  const rows = await db.query(
    `UPDATE employees SET ${column} = $2, updated_at = now() WHERE employee_id = $1 RETURNING employee_id`,
    [employeeId, value],
  );
  return rows.length;
}

export async function plantExists(db: Sql, plantId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM plants WHERE plant_id = $1', [plantId])).length > 0;
}

export async function photoOf(
  db: Sql,
  employeeId: number,
): Promise<{ bytes: Buffer; content_type: string } | undefined> {
  const rows = await db.query<{ bytes: Uint8Array; content_type: string }>(
    `SELECT f.bytes, f.content_type FROM employees e JOIN stored_files f ON f.file_id = e.photo_file_id
      WHERE e.employee_id = $1 AND f.deleted_at IS NULL`,
    [employeeId],
  );
  const row = rows[0];
  return row ? { bytes: Buffer.from(row.bytes), content_type: row.content_type } : undefined;
}
