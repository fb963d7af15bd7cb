import { DOCUMENT_COLLECTION, documentTopic } from '../../../domain/kit/document';
import { topicOf } from '../../../domain/live/topics';
import { Employee, Office, ReportingLine } from '../../../domain/platform/employee-documents';
import { flagChangeRefusal } from '../../../domain/platform/flag-grants';
import { flagColumn, flagFromServerName, permissionFlags } from '../../../domain/platform/permissions';
import type { Backplane } from '../../feed/backplane';
import type { DocRecord } from '../../kit/document.repository';
import { documentHistory } from '../../kit/document.repository';
import { registerDocument } from '../../kit/document.routes';
import type { PickSource } from '../../kit/pick';
import type { CallContext, CallRegistry } from '../../rpc/registry';
import {
  attachPhoto,
  employeeExists,
  employeeOptionById,
  officeOptionById,
  officeUsable,
  ownUpload,
  reportsUpTo,
  searchEmployees,
  searchOffices,
  searchPlants,
} from './employee-documents.repository';
import { findEmployee, flagsOf } from './employees.repository';
import { employeeDoc } from './employees.service';

/** A photo is an avatar: a few megabytes is plenty, and every screen that lists people loads them. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const employeeColumns = {
  LastName: 'last_name',
  FirstName: 'first_name',
  Title: 'title',
  PlantID: 'plant_id',
  SupervisorID: 'supervisor_id',
  OfficeID: 'office_id',
  Email: 'email',
  PhoneNumber: 'phone_number',
  DomainID: 'domain_id',
  Language: 'language',
  Active: 'active',
  PhotoFileID: 'photo_file_id',
  ...Object.fromEntries(permissionFlags.map((f) => [f.charAt(0).toUpperCase() + f.slice(1), flagColumn(f)])),
};

/** Why an employee may not report to `value`, or null (the same rule for /employees and /supervisors). */
async function supervisorRefusal(
  db: CallContext<unknown>['db'],
  employeeId: number,
  value: unknown,
): Promise<string | null> {
  if (value === null) return null;
  const supervisorId = Number(value);
  if (supervisorId === employeeId) return 'an employee cannot report to themselves';
  if (!(await employeeExists(db, supervisorId))) return `there is no employee ${supervisorId}`;
  if (await reportsUpTo(db, supervisorId, employeeId))
    return `employee ${supervisorId} already reports, up the line, to this employee: that would be a loop`;
  return null;
}

/**
 * /employees, /supervisors and /offices on the kit, and the employee, office and plant pick sources.
 * An employee change also reaches what the rest of the product follows: the employee's own topic
 * (their open tabs, the shell's flags) and, after commit, every server's cached sessions of them.
 */
export function registerEmployeeDocuments(
  registry: CallRegistry,
  backplane: Pick<Backplane, 'publish'>,
): { employee: PickSource; office: PickSource; plant: PickSource } {
  let lines: ReturnType<typeof registerDocument>;

  /** The other view of the same row hears of the change too: its list and its history. */
  const echo = async (
    ctx: CallContext<unknown>,
    to: { type: string; plantField: string },
    repo: ReturnType<typeof registerDocument>,
    id: number,
    history: { field: string; old: unknown; value: unknown; call: string },
  ) => {
    const record = await repo.get(ctx.db, id);
    if (!record) return;
    ctx.publish({
      topic: documentTopic(to, Number(record.PlantID)),
      collection: DOCUMENT_COLLECTION,
      id: `${to.type}:${id}`,
      doc: { Type: to.type, ...record },
    });
    await documentHistory.add(ctx.db, {
      type: to.type,
      id,
      field: history.field,
      old: history.old,
      new: history.value,
      employeeId: ctx.user?.employeeId ?? null,
      name: ctx.user?.name ?? null,
      call: history.call,
    });
  };

  const afterEmployeeChange = async (ctx: CallContext<unknown>, employeeId: number) => {
    const row = await findEmployee(ctx.db, employeeId);
    if (!row) return;
    ctx.publish({
      topic: topicOf.employee(employeeId),
      collection: 'employees',
      id: String(employeeId),
      doc: await employeeDoc(ctx.db, row),
    });
    if (!row.active) {
      ctx.afterCommit(() => backplane.publish({ kind: 'closeEmployee', employeeId }));
    } else {
      const access = { employeeId, plantId: row.plant_id, flags: [...flagsOf(row)] };
      ctx.afterCommit(() => backplane.publish({ kind: 'accessChanged', ...access }));
    }
  };

  const employees = registerDocument(
    registry,
    Employee,
    { table: 'employees', key: 'employee_id', columns: employeeColumns },
    {
      async checkChange({ record, field, value, user, db }) {
        const employeeId = Number(record?.EmployeeID);
        const flag = flagFromServerName(field);
        if (flag) return flagChangeRefusal(user, employeeId, flag, value === true);
        if (field === 'Active' && value === false && employeeId === user.employeeId)
          return 'you cannot make yourself inactive';
        if (field === 'SupervisorID') return supervisorRefusal(db!, employeeId, value);
        if (field === 'OfficeID' && value !== null && !(await officeUsable(db!, Number(value))))
          return `there is no office ${String(value)}`;
        if (field === 'PhotoFileID' && value !== null) {
          const file = await ownUpload(db!, String(value), user.employeeId);
          if (!file) return 'the photo must be a file you just uploaded (files/Upload)';
          if (!file.content_type.startsWith('image/'))
            return `the photo must be an image, not ${file.content_type}`;
          if (file.size > PHOTO_MAX_BYTES) return 'the photo must be at most 5 MB';
        }
        return null;
      },
      async afterChange(ctx, { before, after, field }) {
        const id = Number(after.EmployeeID);
        if (field === 'PhotoFileID' && after.PhotoFileID)
          await attachPhoto(ctx.db, String(after.PhotoFileID), id);
        if (field === 'SupervisorID' && before)
          await echo(ctx, { type: ReportingLine.type, plantField: 'PlantID' }, lines, id, {
            field,
            old: before.SupervisorID,
            value: after.SupervisorID,
            call: Employee.calls.update,
          });
        await afterEmployeeChange(ctx, id);
      },
    },
  );

  lines = registerDocument(
    registry,
    ReportingLine,
    {
      table: 'employees',
      key: 'employee_id',
      columns: {
        LastName: 'last_name',
        FirstName: 'first_name',
        Title: 'title',
        PlantID: 'plant_id',
        SupervisorID: 'supervisor_id',
        IsSupervisor: 'supervisor',
        Active: 'active',
      },
    },
    {
      checkChange: ({ record, field, value, db }) =>
        field === 'SupervisorID' ? supervisorRefusal(db!, Number(record?.EmployeeID), value) : null,
      async afterChange(ctx, { before, after, field }) {
        const id = Number(after.EmployeeID);
        // Reporting lines are only changed (no create or delete): a field change always has both.
        if (!before || !field) return;
        // The employee's own record and history show who they report to as well.
        await echo(ctx, { type: Employee.type, plantField: 'PlantID' }, employees, id, {
          field,
          old: before.SupervisorID,
          value: after.SupervisorID,
          call: ReportingLine.calls.update,
        });
        await afterEmployeeChange(ctx, id);
      },
    },
  );

  registerDocument(registry, Office, {
    table: 'offices',
    key: 'office_id',
    deletedAt: 'deleted_at',
    columns: {
      Name: 'name',
      PlantID: 'plant_id',
      Address: 'address',
      City: 'city',
      PhoneNumber: 'phone_number',
      Email: 'email',
      Notes: 'notes',
    },
  });

  // Pick sources: an employee or an office picker answers the plant's (or, for those who cross
  // plants, every plant's) records; plants are reference data every user sees (web/GetPlants).
  const employee: PickSource = {
    search: (db, q) => searchEmployees(db, q),
    byId: (db, id, q) =>
      /^\d{1,9}$/.test(id) ? employeeOptionById(db, Number(id), q.plantId) : Promise.resolve(null),
  };
  const office: PickSource = {
    search: (db, q) => searchOffices(db, q),
    byId: (db, id, q) =>
      /^\d{1,9}$/.test(id) ? officeOptionById(db, Number(id), q.plantId) : Promise.resolve(null),
  };
  const plant: PickSource = {
    search: (db, q) => searchPlants(db, q),
    byId: async (db, id) =>
      (await searchPlants(db, { search: id, take: 50 })).find((p) => String(p.ID) === id) ?? null,
  };
  return { employee, office, plant };
}

export type { DocRecord };
