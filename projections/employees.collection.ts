import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { EmployeeDoc } from '../domain/live/docs';

/**
 * `employees`: the EmployeeDoc of topic `employee:{id}` (domain/live/docs.ts), keyed by the change
 * item's `id`. One document per employee, whichever topic brought it.
 */
export type EmployeeProjection = EmployeeDoc & { id: string };

/**
 * Only the key is required: a deletion arrives as `{id, _deleted: true}` with no other field, and the
 * dev-mode validator checks deleted documents too. The other fields are typed so a document of the
 * wrong shape from the server is caught in development.
 */
export const employeesSchema: RxJsonSchema<EmployeeProjection> = {
  title: 'employees',
  description: 'Employee records (topic employee:{id})',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    EmployeeID: { type: 'integer' },
    Name: { type: 'string' },
    PlantID: { type: 'integer' },
    Language: { type: 'string', enum: ['en', 'es'] },
    ShowMyHelp: { type: 'boolean' },
    Email: { type: ['string', 'null'] },
    Active: { type: 'boolean' },
  },
  required: ['id'],
};

export type EmployeesCollection = RxCollection<EmployeeProjection>;

/** Collection name, the same as ChangeItem.collection of employee changes. */
export const EMPLOYEES = 'employees';
