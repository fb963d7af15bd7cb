import { z } from 'zod';
import { Id, PlantID, Text } from '../contract/fields';
import { defineDocument, documentCalls, type FieldDecl } from '../kit/document';
import { flagGroupLabels, flagLabel } from './flag-grants';
import { flagServerName, type PermissionFlag, permissionGroups } from './permissions';
import { languages } from './session';

/**
 * /employees, /allemployees, /supervisors and /offices on the document kit (issue 16). The employees
 * table is the platform's (server/areas/platform/employees.*); these declarations are its kit view.
 */

/** Every permission flag as a yes/no field of the record, grouped by its area (permissions.ts). */
const flagFields: Record<string, FieldDecl> = Object.fromEntries(
  (Object.entries(permissionGroups) as [keyof typeof permissionGroups, readonly PermissionFlag[]][]).flatMap(
    ([group, flags]) =>
      flags.map((flag) => [
        flagServerName(flag),
        {
          type: z.boolean(),
          label: flagLabel(flag),
          edit: true,
          input: 'boolean',
          group: flagGroupLabels[group],
        },
      ]),
  ),
);

const people = ['employeeAdministrator', 'superAdministrator'] as const;

/**
 * An employee: name, contact, plant, office, who they report to, active, photo and every flag. Changing
 * a flag follows flag-grants.ts; a plant-bound employee administrator sees and changes their own plant's
 * people (the kit's plant rule). Passwords are not here: they have their own flow.
 */
export const Employee = defineDocument({
  type: 'employee',
  noun: 'employee',
  nounPlural: 'employees',
  key: 'EmployeeID',
  fields: {
    LastName: {
      type: Text(100).trim().min(1),
      label: 'Last name',
      edit: true,
      required: true,
      sort: true,
      search: true,
    },
    FirstName: {
      type: Text(100).trim().min(1),
      label: 'First name',
      edit: true,
      required: true,
      sort: true,
      search: true,
    },
    Title: {
      type: Text(200).nullable(),
      label: 'Job title',
      edit: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    SupervisorID: {
      type: Id.nullable(),
      label: 'Supervisor',
      input: 'employee',
      edit: true,
      filter: 'pick',
    },
    OfficeID: { type: Id.nullable(), label: 'Office', input: 'office', edit: true, filter: 'pick' },
    Email: { type: z.email().max(200).nullable(), label: 'Email', edit: true, search: true },
    PhoneNumber: { type: Text(40).nullable(), label: 'Phone number', edit: true, search: true },
    DomainID: { type: Text(200).nullable(), label: 'Domain login', edit: true, search: true },
    Language: {
      type: z.enum(languages),
      label: 'Language',
      edit: true,
      choices: languages,
    },
    Active: { type: z.boolean(), label: 'Active', edit: true, filter: 'boolean', sort: true },
    /** The stored file of the photo; set through the record's photo upload, shown as the avatar. */
    PhotoFileID: { type: z.uuid().nullable(), label: 'Photo', edit: true, hidden: true },
    ...flagFields,
  },
  access: { read: { anyOf: people }, change: { anyOf: people } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetEmployees',
    get: 'web/GetEmployee',
    update: 'web/UpdateEmployeeRecord',
    history: 'web/GetEmployeeHistory',
  },
  list: {
    columns: ['LastName', 'FirstName', 'Title', 'PlantID', 'SupervisorID', 'Active'],
    sort: { field: 'LastName' },
  },
});

const employeeCalls = documentCalls(Employee);
export const GetEmployees = employeeCalls.List;
export const GetEmployee = employeeCalls.Get;
export const UpdateEmployeeRecord = employeeCalls.Update;
export const GetEmployeeHistory = employeeCalls.History;

/**
 * /supervisors: who reports to whom. One row per employee with the supervisor they report to; filter
 * by a supervisor to see their people, and reassign with the picker. Those with editSupervisors may
 * change only this; the rest of the record stays with the employee administrators.
 */
const supervising = ['editSupervisors', 'employeeAdministrator', 'superAdministrator'] as const;
export const ReportingLine = defineDocument({
  type: 'reportingLine',
  noun: 'reporting line',
  nounPlural: 'reporting lines',
  key: 'EmployeeID',
  fields: {
    LastName: { type: Text(100), label: 'Last name', sort: true, search: true },
    FirstName: { type: Text(100), label: 'First name', sort: true, search: true },
    Title: { type: Text(200).nullable(), label: 'Job title', sort: true, search: true },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', sort: true },
    SupervisorID: {
      type: Id.nullable(),
      label: 'Reports to',
      input: 'employee',
      edit: true,
      filter: 'pick',
    },
    IsSupervisor: { type: z.boolean(), label: 'Supervisor', filter: 'boolean', sort: true },
    Active: { type: z.boolean(), label: 'Active', filter: 'boolean', sort: true },
  },
  access: { read: { anyOf: supervising }, change: { anyOf: supervising } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetReportingLines',
    get: 'web/GetReportingLine',
    update: 'web/UpdateReportingLine',
    history: 'web/GetReportingLineHistory',
  },
  list: {
    columns: ['LastName', 'FirstName', 'Title', 'SupervisorID', 'IsSupervisor'],
    sort: { field: 'LastName' },
  },
});

const lineCalls = documentCalls(ReportingLine);
export const GetReportingLines = lineCalls.List;
export const GetReportingLine = lineCalls.Get;
export const UpdateReportingLine = lineCalls.Update;
export const GetReportingLineHistory = lineCalls.History;

/** /offices: each plant's offices (address, phone), the platform's own table (migration 0038). */
export const Office = defineDocument({
  type: 'office',
  noun: 'office',
  nounPlural: 'offices',
  key: 'OfficeID',
  fields: {
    Name: {
      type: Text(100).trim().min(1),
      label: 'Name',
      edit: true,
      required: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    Address: { type: Text(300).nullable(), label: 'Address', edit: true, search: true },
    City: { type: Text(100).nullable(), label: 'City', edit: true, filter: 'text', sort: true, search: true },
    PhoneNumber: { type: Text(40).nullable(), label: 'Phone number', edit: true, search: true },
    Email: { type: z.email().max(200).nullable(), label: 'Email', edit: true, search: true },
    Notes: { type: Text(2000).nullable(), label: 'Notes', edit: true, input: 'textarea' },
  },
  access: { read: { anyOf: people }, change: { anyOf: people } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetOffices',
    get: 'web/GetOffice',
    update: 'web/UpdateOffice',
    create: 'web/AddOffice',
    delete: 'web/DeleteOffice',
    history: 'web/GetOfficeHistory',
  },
  list: { columns: ['Name', 'PlantID', 'City', 'PhoneNumber'], sort: { field: 'Name' } },
});

const officeCalls = documentCalls(Office);
export const GetOffices = officeCalls.List;
export const GetOffice = officeCalls.Get;
export const UpdateOffice = officeCalls.Update;
export const GetOfficeHistory = officeCalls.History;
export const AddOffice = officeCalls.Create!;
export const DeleteOffice = officeCalls.Delete!;
