import type { PendingChange } from '../../../domain/live/changes';
import type { EmployeeDoc } from '../../../domain/live/docs';
import { topicOf } from '../../../domain/live/topics';
import type { Avatar } from '../../../domain/platform/employees';
import type { Sql } from '../../db/database';
import { documentHistory } from '../../kit/document.repository';
import { forbidden, invalid, notFound } from '../../rpc/errors';
import type { AuthUser, FileAnswer } from '../../rpc/registry';
import { canUpdateEmployee } from './employees.policy';
import {
  columnForField,
  type EmployeeRow,
  findEmployee,
  flagsOf,
  listActiveEmployees,
  photoOf,
  plantExists,
  updateEmployeeColumn,
} from './employees.repository';
import { indexEmployee } from './employees.search';
import { fullName, userRecord } from './session.service';

/** Colour pairs for avatars without a photo: dark backgrounds with white text, readable on every screen. */
const palette = [
  '#1f6feb',
  '#8250df',
  '#bf3989',
  '#cf222e',
  '#bc4c00',
  '#4d2d00',
  '#1a7f37',
  '#0a3069',
  '#6e7781',
];

export function toAvatar(row: EmployeeRow): Avatar {
  return {
    EmployeeID: row.employee_id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Name: fullName(row),
    Title: row.title,
    Email: row.email,
    PhoneNumber: row.phone_number,
    BackColor: row.back_color ?? palette[row.employee_id % palette.length]!,
    TextColor: row.text_color ?? '#ffffff',
    PhotoExists: row.photo_file_id !== null,
  };
}

export async function avatars(db: Sql): Promise<Avatar[]> {
  return (await listActiveEmployees(db)).map(toAvatar);
}

export async function avatar(db: Sql, employeeId: number): Promise<Avatar | null> {
  const row = await findEmployee(db, employeeId);
  return row ? toAvatar(row) : null;
}

export async function namesFirstLast(db: Sql) {
  return (await listActiveEmployees(db))
    .map((r) => ({
      EmployeeID: r.employee_id,
      FirstName: r.first_name,
      LastName: r.last_name,
      Name: fullName(r),
    }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

export async function photo(db: Sql, fileName: string): Promise<FileAnswer> {
  const employeeId = Number(fileName.replace(/\.bmp$/, ''));
  const found = await photoOf(db, employeeId);
  if (!found) throw notFound(`There is no photo for employee ${employeeId}.`);
  return { bytes: found.bytes, fileName, contentType: found.content_type };
}

/** The document of topic `employee:{id}`: the user record without the token, plus Active. */
export async function employeeDoc(db: Sql, row: EmployeeRow): Promise<EmployeeDoc> {
  const { TokenID: _token, ...record } = await userRecord(db, row, '');
  return { ...record, Active: row.active };
}

/** What an employee update does beyond its row (the call context's publish and after-commit work). */
export interface EmployeeEffects {
  publish(change: PendingChange): void;
  /** After commit: close every hub connection of an employee who was just disabled. */
  closeEmployee(employeeId: number): void;
  /**
   * After commit: tell every server process the employee's current flags and plant, so it drops their
   * cached sessions and re-authorises their open hub subscriptions at once (issue 14 §2).
   */
  accessChanged?(access: { employeeId: number; plantId: number; flags: string[] }): void;
}

export async function updateEmployee(
  db: Sql,
  user: AuthUser,
  change: { EmployeeID: number; FieldName: string; Value: unknown },
  effects: EmployeeEffects,
) {
  const refusal = canUpdateEmployee(user, change.EmployeeID, change.FieldName, change.Value);
  if (refusal) throw forbidden(refusal);
  const column = columnForField(change.FieldName);
  if (!column) throw invalid(`'${change.FieldName}' is not a field of an employee that can be changed.`);
  if (change.FieldName === 'PlantID' && !(await plantExists(db, change.Value as number))) {
    throw invalid(`There is no plant ${String(change.Value)}.`);
  }
  const before = await findEmployee(db, change.EmployeeID);
  if (!before) throw invalid(`There is no employee ${change.EmployeeID}.`);
  await updateEmployeeColumn(db, change.EmployeeID, column, change.Value);
  // The employee record's history (/employees) keeps every change, whichever call made it.
  if (before[column] !== change.Value) {
    await documentHistory.add(db, {
      type: 'employee',
      id: change.EmployeeID,
      field: change.FieldName,
      old: before[column] ?? null,
      new: change.Value ?? null,
      employeeId: user.employeeId,
      name: user.name,
      call: 'web/UpdateEmployee',
    });
  }
  // Global search finds them by their new name at once (same transaction).
  await indexEmployee(db, change.EmployeeID);
  // Every tab of this employee (and an administrator's screen of them) sees the new record.
  const row = await findEmployee(db, change.EmployeeID);
  effects.publish({
    topic: topicOf.employee(change.EmployeeID),
    collection: 'employees',
    id: String(change.EmployeeID),
    doc: await employeeDoc(db, row!),
  });
  if (change.FieldName === 'Active' && change.Value === false) effects.closeEmployee(change.EmployeeID);
  // Every change, not only flags and plant: the cached sessions also carry the name. Cheap (an
  // administrator's edit), and a re-authorisation that drops nothing sends the client nothing.
  else
    effects.accessChanged?.({
      employeeId: change.EmployeeID,
      plantId: row!.plant_id,
      flags: [...flagsOf(row!)],
    });
  return { EmployeeID: change.EmployeeID, FieldName: change.FieldName, Value: change.Value };
}
