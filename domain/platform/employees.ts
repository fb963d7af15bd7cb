import { z } from 'zod';
import { defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Id, PlantID, Text } from '../contract/fields';
import { flagFieldsShape, languages } from './session';

/** Employee avatar (spec 000 §3.2). */
export const Avatar = z.object({
  EmployeeID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Name: z.string(),
  Title: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  BackColor: z.string(),
  TextColor: z.string(),
  PhotoExists: z.boolean(),
});
export type Avatar = z.infer<typeof Avatar>;

export const GetAvatars = defineCall({
  method: 'GET',
  path: 'cache/GetAvatars',
  summary: 'Every active employee avatar.',
  access: 'user',
  payload: z.object({}),
  result: z.array(Avatar),
});

export const GetEmployeeAvatar = defineCall({
  method: 'GET',
  path: 'cache/GetEmployeeAvatar',
  summary: "One employee's avatar, or null when there is no such employee.",
  access: 'user',
  payload: z.object({ EmployeeID: Id }),
  result: Avatar.nullable(),
});

export const EmployeeName = z.object({
  EmployeeID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Name: z.string(),
});

export const GetAllEmployeeNamesFirstLast = defineCall({
  method: 'GET',
  path: 'web/GetAllEmployeeNamesFirstLast',
  summary: 'Every employee as "First Last", sorted by name.',
  access: 'user',
  payload: z.object({}),
  result: z.array(EmployeeName),
});

/** Photo by file name `{EmployeeID}.bmp` (spec 000 §3.2); answers the image bytes, not an envelope. */
export const GetEmployeePhoto = defineCall({
  method: 'GET',
  path: 'mes/GetEmployeePhoto',
  summary:
    'The employee photo named {EmployeeID}.bmp, as image bytes (404 with a message when there is none).',
  access: 'user',
  response: 'file',
  payload: z.object({ photo: z.string().regex(/^\d+\.bmp$/, 'must be an employee id followed by .bmp') }),
  result: z.never(),
});

/** Fields an employee may change on their own record. */
export const selfEditableEmployeeFields = ['Language', 'ShowMyHelp', 'PlantID'] as const;

/**
 * `web/UpdateEmployee {FieldName, Value, EmployeeID}` (spec 001 §7). Anyone may change their own
 * Language and ShowMyHelp, their PlantID with canChangePlant; everything else, and anything on another
 * employee, needs employeeAdministrator (server policy).
 */
export const UpdateEmployee = defineCall({
  method: 'POST',
  path: 'web/UpdateEmployee',
  summary:
    'Change one field of an employee: Language and ShowMyHelp on your own record; the rest as an employee administrator.',
  access: 'user',
  payload: fieldUpdate('an employee', 'EmployeeID', Id, {
    Language: z.enum(languages),
    ShowMyHelp: z.boolean(),
    PlantID,
    FirstName: Text(100).trim().min(1),
    LastName: Text(100).trim().min(1),
    Email: z.email().max(200).nullable(),
    Title: Text(200).nullable(),
    PhoneNumber: Text(40).nullable(),
    DomainID: Text(200).nullable(),
    Active: z.boolean(),
    ...flagFieldsShape,
  }),
  result: z.object({ EmployeeID: z.number().int(), FieldName: z.string(), Value: z.unknown() }),
});
