import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, Int, PlantID, Text, Timestamp } from '../contract/fields';
import { defineDocument, documentCalls, RecordActionResult } from '../kit/document';
import { HostName, Port } from './printers';

/**
 * /plcs: the PLC connections of each plant, one per controller, tied to the machine it runs (a machine
 * of the production-plan area, by its ResourceID). IT and controls engineering keep them; "Test
 * connection" opens a TCP connection to the address and port and records when the PLC was last seen or
 * why it could not be reached. The spec names only the route.
 */

export const plcProtocols = ['modbusTcp', 'ethernetIp', 'opcUa', 's7', 'other'] as const;
export type PlcProtocol = (typeof plcProtocols)[number];

/** The port each protocol listens on when the record names none. */
export const protocolPorts: Record<PlcProtocol, number | null> = {
  modbusTcp: 502,
  ethernetIp: 44818,
  opcUa: 4840,
  s7: 102,
  other: null,
};

export const plcAdmins = ['informationTechnology', 'mesAdministrator', 'superAdministrator'] as const;

export const TestPlcConnection = defineCall({
  method: 'POST',
  path: 'web/TestPlcConnection',
  summary:
    'Open a TCP connection to a PLC’s address and port (with a timeout) and record when it was last seen or why it could not be reached.',
  access: { anyOf: plcAdmins },
  payload: z.object({ PlcID: Id }),
  result: RecordActionResult,
});

export const Plc = defineDocument({
  type: 'plc',
  noun: 'PLC',
  nounPlural: 'PLCs',
  key: 'PlcID',
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
    ResourceID: {
      type: Text(50).trim().min(1).nullable(),
      label: 'Machine',
      edit: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    Address: { type: HostName, label: 'Address', edit: true, required: true, sort: true, search: true },
    Port: { type: Port.nullable(), label: 'Port', edit: true, input: 'number' },
    Protocol: {
      type: z.enum(plcProtocols),
      label: 'Protocol',
      edit: true,
      required: true,
      filter: 'choice',
      choices: plcProtocols,
      choiceLabels: {
        modbusTcp: 'Modbus TCP',
        ethernetIp: 'EtherNet/IP',
        opcUa: 'OPC UA',
        s7: 'Siemens S7',
        other: 'Other',
      },
      sort: true,
    },
    PollSeconds: { type: Int(1, 3600), label: 'Poll every (s)', edit: true, input: 'number', sort: true },
    Enabled: { type: z.boolean(), label: 'Enabled', edit: true, filter: 'boolean', sort: true },
    LastSeen: { type: Timestamp.nullable(), label: 'Last seen', sort: true },
    LastError: { type: Text(500).nullable(), label: 'Last error' },
    Notes: { type: Text(2000).nullable(), label: 'Notes', edit: true, input: 'textarea' },
  },
  access: { read: { anyOf: plcAdmins }, change: { anyOf: plcAdmins } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetPlcs',
    get: 'web/GetPlc',
    update: 'web/UpdatePlc',
    create: 'web/AddPlc',
    delete: 'web/DeletePlc',
    history: 'web/GetPlcHistory',
  },
  list: {
    columns: ['Name', 'PlantID', 'ResourceID', 'Address', 'Protocol', 'Enabled', 'LastSeen', 'LastError'],
    sort: { field: 'Name' },
  },
  actions: [{ label: 'Test connection', call: TestPlcConnection }],
});

const calls = documentCalls(Plc);
export const GetPlcs = calls.List;
export const GetPlc = calls.Get;
export const UpdatePlc = calls.Update;
export const GetPlcHistory = calls.History;
export const AddPlc = calls.Create!;
export const DeletePlc = calls.Delete!;

/** The port a connection test uses: the record's, else its protocol's usual one; null when neither. */
export function plcPort(plc: { Port: number | null; Protocol: PlcProtocol }): number | null {
  return plc.Port ?? protocolPorts[plc.Protocol];
}
