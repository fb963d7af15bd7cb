import { z } from 'zod';
import { defineCall } from '../contract/call';
import { PlantID, Text } from '../contract/fields';

/**
 * Pickers (issue 16 item 6): a record field that holds another record's id (an employee, an order, a
 * job…) is chosen by searching as you type. One call answers every kind; each area that owns a kind's
 * records registers the source that searches them (server/kit/pick.ts). A kind whose owning area does
 * not exist yet is declared here and answers an Error saying so until that area registers its source.
 */
export const pickKinds = [
  'employee',
  'plant',
  'order',
  'job',
  'part',
  'customer',
  'vendor',
  'location',
  'office',
] as const;
export type PickKind = (typeof pickKinds)[number];

export function isPickKind(kind: string): kind is PickKind {
  return (pickKinds as readonly string[]).includes(kind);
}

/** The most options one search answers: a picker shows a short list and the person types more. */
export const PICK_TAKE = 20;

/** An id as a picker carries it: a number for serial ids (employees, orders), text for job and part numbers. */
export const PickID = z.union([z.number().int().min(0).max(2_147_483_647), Text(100).min(1)]);

export const PickOption = z.object({
  ID: PickID,
  /** What the field shows: "Dana Whitfield", "Long Valley", "J-100234". */
  Label: z.string(),
  /** A second line: title and plant, the order's customer, a part's description. */
  Detail: z.string().nullable().optional(),
  /** Employees: an avatar (mes/GetEmployeePhoto) when true, initials otherwise. */
  PhotoExists: z.boolean().optional(),
});
export type PickOption = z.infer<typeof PickOption>;

/**
 * Beyond the spec: `web/Pick {Kind, Search?, ID?, PlantID?}`. With `Search`, the best matches (at most
 * PICK_TAKE); with `ID`, that one record's option (how a record shows the chosen value's label, not a
 * bare id). Only what the user may see: the plant rule applies to PlantID (left out: a plant-bound
 * user's own plant), and each source applies its area's own read rule.
 */
export const Pick = defineCall({
  method: 'GET',
  path: 'web/Pick',
  summary: 'Search the records a picker offers (employees, plants, orders, jobs…), or one by its ID.',
  access: 'user',
  payload: z.object({
    Kind: z.enum(pickKinds),
    Search: Text(100).optional(),
    ID: Text(100).min(1).optional(),
    PlantID: PlantID.optional(),
  }),
  result: z.array(PickOption),
});
