import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Text } from '../contract/fields';
import { CuringLocation, LocationID } from './entities';
import { MAX_CURE_MINUTES } from './rules';

/**
 * The curing calls the TV curing board needs (issue 7 part 3). There are no curing flags in spec 000
 * §6: loading and unloading racks is floor work, so the writes need accessManufacturing or supervisor
 * (as the shop-floor calls); GetLocation is public, exactly what topic curing:{LocationID} carries.
 */

const floor: Access = { anyOf: ['accessManufacturing', 'supervisor'] };
const SlotID = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, 'SlotID may contain only letters, digits, - and _')
  .transform((s) => s.toUpperCase());
const JobNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'JobNumber may contain only letters, digits and dashes');

export const LoadRack = defineCall({
  method: 'POST',
  path: 'curing/LoadRack',
  summary:
    'Put a load (job, part, quantity) into an empty slot of a curing location to cure for CureMinutes from now; refused when the slot holds a load.',
  access: floor,
  payload: z.object({
    LocationID,
    SlotID,
    JobNumber,
    PartNum: Text(50).trim().min(1).nullable().optional(),
    Quantity: z.number().positive().max(1_000_000),
    CureMinutes: z.number().int().min(1).max(MAX_CURE_MINUTES),
  }),
  result: CuringLocation,
});

export const UnloadRack = defineCall({
  method: 'POST',
  path: 'curing/UnloadRack',
  summary: 'Take the load out of a slot (cured or not); refused when the slot is empty.',
  access: floor,
  payload: z.object({ LocationID, SlotID }),
  result: CuringLocation,
});

export const GetLocation = defineCall({
  method: 'GET',
  path: 'curing/GetLocation',
  summary:
    'A curing location with its slots and the load in each. Public: what topic curing:{LocationID} carries.',
  access: 'public',
  payload: z.object({ LocationID }),
  result: CuringLocation,
});

export const curingCalls = [LoadRack, UnloadRack, GetLocation] as const;
