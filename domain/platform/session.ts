import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Text } from '../contract/fields';
import { flagServerName, type PermissionFlag, permissionFlags } from './permissions';

/** Languages the product ships (spec 000 §1: per-user language, default en). */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

type FlagFields = { [K in PermissionFlag as Capitalize<K>]: z.ZodBoolean };
/** Every permission flag as a boolean field, by its server name: the user record's and UpdateEmployee's. */
export const flagFieldsShape = Object.fromEntries(
  permissionFlags.map((f) => [flagServerName(f), z.boolean()]),
) as FlagFields;

/**
 * The user record the server sends at login (spec 000 §3.1): EmployeeID, Name, TokenID, PlantID,
 * PhotoFile, Language, Email, DomainID and every flag, plus the viewable secure reports list (§6).
 */
export const UserRecord = z.object({
  EmployeeID: z.number().int(),
  Name: z.string(),
  TokenID: z.string(),
  PlantID: z.number().int(),
  PhotoFile: z.string().nullable(),
  Language: z.enum(languages),
  Email: z.string().nullable(),
  DomainID: z.string().nullable(),
  ShowMyHelp: z.boolean(),
  ViewableSecureReports: z.array(z.string()),
  ...flagFieldsShape,
});
export type UserRecord = z.infer<typeof UserRecord>;

/** Beyond the spec (which does not show the login call): brief §6. */
export const Login = defineCall({
  method: 'POST',
  path: 'web/Login',
  summary: 'Log in with a user name and password; answers the user record with a new TokenID.',
  access: 'public',
  payload: z.object({ UserName: Text(200).trim().min(1), Password: Text(1000).min(1) }),
  result: UserRecord,
  secret: true,
  transaction: false,
});

export const Logout = defineCall({
  method: 'POST',
  path: 'web/Logout',
  summary: "End this session: the token stops working at once and the user's live connections close.",
  access: 'user',
  payload: z.object({}),
  result: z.null(),
});

/** Beyond the spec: lets a reloaded tab check that its stored token still works and refresh its user record. */
export const GetSession = defineCall({
  method: 'GET',
  path: 'web/GetSession',
  summary: 'The user record of the current session (the same shape as web/Login answers).',
  access: 'user',
  payload: z.object({}),
  result: UserRecord,
});
