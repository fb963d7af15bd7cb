import { z } from 'zod';

/** Document of topic `employee:{id}`, collection `employees`: the user record without the token. */
export const EmployeeDoc = z
  .object({
    EmployeeID: z.number().int(),
    Name: z.string(),
    PlantID: z.number().int(),
    Language: z.enum(['en', 'es']),
    ShowMyHelp: z.boolean(),
    Email: z.string().nullable(),
    Active: z.boolean(),
  })
  .catchall(z.unknown());
export type EmployeeDoc = z.infer<typeof EmployeeDoc>;

/** Document of topic `connections`, collection `hubConnections`: one live hub connection. */
export const HubConnectionDoc = z.object({
  ConnectionID: z.string(),
  EmployeeID: z.number().int().nullable(),
  Name: z.string().nullable(),
  Interface: z.string().nullable(),
  PlantID: z.number().int().nullable(),
  Transport: z.enum(['WebSockets', 'ServerSentEvents', 'LongPolling']),
  ConnectedAt: z.string(),
  NodeID: z.string(),
});
export type HubConnectionDoc = z.infer<typeof HubConnectionDoc>;

/**
 * Document of topic `translations:{language}`, collection `translations`: one translation, keyed by
 * TranslationID. `Text` null means the text has no translation (any more): screens show the English.
 */
export const TranslationDoc = z.object({
  TranslationID: z.number().int(),
  Language: z.enum(['en', 'es']),
  English: z.string(),
  Text: z.string().nullable(),
});
export type TranslationDoc = z.infer<typeof TranslationDoc>;
