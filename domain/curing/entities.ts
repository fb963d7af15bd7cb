import { z } from 'zod';

/**
 * The small curing model the TV curing board needs (issue 7 part 3): a curing location (a paint or
 * coating cure oven, or a rack area where parts cure in the air) with its slots, and the load in each
 * slot: job, part, quantity, when it went in and its cure time. Instants are ISO 8601 UTC strings.
 * "Ready" is never stored: it is LoadedAt + CureMinutes, and the board counts down to it itself
 * (domain/curing/rules.ts), so the countdown advances between writes.
 */

const Instant = z.string();
const Id = z.number().int();

export const CuringLoad = z.object({
  CuringLoadID: Id,
  JobNumber: z.string(),
  PartNum: z.string().nullable(),
  Quantity: z.number(),
  CureMinutes: Id,
  LoadedAt: Instant,
});
export type CuringLoad = z.infer<typeof CuringLoad>;

export const CuringSlot = z.object({
  /** The rack or slot name within the location, e.g. `R1-A`. */
  SlotID: z.string(),
  /** The load curing in the slot; null: empty. */
  Load: CuringLoad.nullable(),
});
export type CuringSlot = z.infer<typeof CuringSlot>;

/** One curing location with every slot, in slot order: what topic curing:{LocationID} carries. */
export const CuringLocation = z.object({
  LocationID: z.string(),
  PlantID: Id,
  Description: z.string(),
  Slots: z.array(CuringSlot),
});
export type CuringLocation = z.infer<typeof CuringLocation>;

export const LocationID = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, 'LocationID may contain only letters, digits, - and _')
  .transform((s) => s.toUpperCase());
