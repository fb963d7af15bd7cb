import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Text } from '../contract/fields';
import type { PermissionFlag } from './permissions';

/**
 * Runtime errors the browsers reported (spec 000 §8) through web/ReportClientError (reference.ts),
 * listed for IT. Beyond the specification.
 */

/** Who reads the reported errors: the IT department, and the super administrator. */
export const clientErrorReaderFlags = [
  'informationTechnology',
  'superAdministrator',
] as const satisfies readonly PermissionFlag[];

export const CLIENT_ERRORS_TAKE_MAX = 200;

export const ClientErrorRow = z.object({
  ClientErrorID: z.number().int(),
  /** ISO date-time the server received the report. */
  At: z.string(),
  Name: z.string().nullable(),
  EmployeeID: z.number().int().nullable(),
  PlantID: z.number().int().nullable(),
  Browser: z.string(),
  Message: z.string(),
  Stack: z.string().nullable(),
  URL: z.string(),
  /**
   * True when a valid session came with the report, so Name, EmployeeID and PlantID are the session's;
   * false when they are only what an anonymous browser claimed.
   */
  Verified: z.boolean(),
});
export type ClientErrorRow = z.infer<typeof ClientErrorRow>;

export const GetClientErrors = defineCall({
  method: 'GET',
  path: 'web/GetClientErrors',
  summary:
    'Reported runtime errors, newest first, a page at a time; Search matches message, name, employee id, page address, browser and stack.',
  access: { anyOf: clientErrorReaderFlags },
  payload: z.object({
    Search: Text(200).trim().optional(),
    Skip: z.number().int().min(0).max(1_000_000),
    Take: z.number().int().min(1).max(CLIENT_ERRORS_TAKE_MAX),
  }),
  result: z.object({ Rows: z.array(ClientErrorRow), Total: z.number().int() }),
});

export const clientErrorCalls = [GetClientErrors] as const;
