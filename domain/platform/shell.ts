import { z } from 'zod';
import { defineCall } from '../contract/call';
import { interfaces } from '../contract/wire';

/** One row of the screen catalogue (/screenviewer): a screen of the route table, or a redirect. */
export const ScreenCatalogueRow = z.object({
  /** As the spec writes it: `/budget2/{passedOrderNum?}`. */
  Path: z.string(),
  Kind: z.enum(['screen', 'redirect']),
  Name: z.string().nullable(),
  Title: z.string().nullable(),
  Area: z.string().nullable(),
  Interface: z.enum(interfaces).nullable(),
  Public: z.boolean(),
  Flags: z.array(z.string()),
  Built: z.boolean(),
  RedirectTo: z.string().nullable(),
});
export type ScreenCatalogueRow = z.infer<typeof ScreenCatalogueRow>;

/** Beyond the spec: the route table as a catalogue for administrators (spec 000 §2.1 names /screenviewer). */
export const GetScreenCatalogue = defineCall({
  method: 'GET',
  path: 'web/GetScreenCatalogue',
  summary:
    'Every screen and redirect of the route table, with its area, interface, flags and whether it is built.',
  access: { anyOf: ['superAdministrator', 'mesAdministrator', 'informationTechnology'] },
  payload: z.object({}),
  result: z.array(ScreenCatalogueRow),
});

export const shellCalls = [GetScreenCatalogue] as const;
