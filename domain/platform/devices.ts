import { z } from 'zod';
import { LocalDate, PlantID, Text } from '../contract/fields';
import { defineDocument, documentCalls } from '../kit/document';

/**
 * /devices: the tablets, TV displays, scanners, kiosks and label printers of each plant, kept by IT.
 * The first document type on the kit (issue 16); the spec names only the route.
 */
export const deviceKinds = ['tablet', 'tv', 'scanner', 'kiosk', 'printer', 'other'] as const;

const itFlags = ['informationTechnology', 'mesAdministrator', 'superAdministrator'] as const;

export const Device = defineDocument({
  type: 'device',
  noun: 'device',
  nounPlural: 'devices',
  key: 'DeviceID',
  route: '/devices',
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
    Kind: {
      type: z.enum(deviceKinds),
      label: 'Kind',
      edit: true,
      required: true,
      filter: 'choice',
      choices: deviceKinds,
      sort: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    Location: {
      type: Text(200).nullable(),
      label: 'Location',
      edit: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    SerialNumber: { type: Text(100).nullable(), label: 'Serial number', edit: true, search: true },
    IPAddress: {
      type: Text(45)
        .regex(/^[0-9A-Fa-f.:]+$/, 'must be an IPv4 or IPv6 address')
        .nullable(),
      label: 'IP address',
      edit: true,
      search: true,
    },
    InService: { type: z.boolean(), label: 'In service', edit: true, filter: 'boolean', sort: true },
    InstalledOn: {
      type: LocalDate.nullable(),
      label: 'Installed on',
      edit: true,
      filter: 'dateRange',
      sort: true,
    },
    Notes: { type: Text(2000).nullable(), label: 'Notes', edit: true, input: 'textarea' },
  },
  access: { read: { anyOf: itFlags }, change: { anyOf: itFlags } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetDevices',
    get: 'web/GetDevice',
    update: 'web/UpdateDevice',
    create: 'web/AddDevice',
    delete: 'web/DeleteDevice',
    history: 'web/GetDeviceHistory',
  },
  list: {
    columns: ['Name', 'Kind', 'PlantID', 'Location', 'InService', 'InstalledOn'],
    sort: { field: 'Name' },
  },
});

const calls = documentCalls(Device);
export const GetDevices = calls.List;
export const GetDevice = calls.Get;
export const UpdateDevice = calls.Update;
export const GetDeviceHistory = calls.History;
export const AddDevice = calls.Create!;
export const DeleteDevice = calls.Delete!;
export const ExportDevices = calls.Export;
