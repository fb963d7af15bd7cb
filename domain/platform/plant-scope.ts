import type { PermissionFlag } from './permissions';

/**
 * Issue 14 §3: plant-scoped data (a plant's people, punches, payroll, machines, schedules, work orders,
 * …) is read and changed only within the user's own plant, unless the user holds one of these flags.
 *
 * - `canChangePlant`: the spec's own flag for people who work for several plants (they switch plant
 *   with the plant picker).
 * - `superAdministrator`: may do everything anywhere.
 * - `mesAdministrator`: administers the manufacturing system (machines, TV boards, translations,
 *   connections) for every plant.
 *
 * Deliberately NOT here: `employeeAdministrator` (it decides who may edit employee records, which are
 * not plant-scoped data; it must not open another plant's payroll or punches), `informationTechnology`
 * (reads client errors and connections, no plant data), `supervisor` and `approvesTime` (their power is
 * over their own plant's floor).
 */
export const crossPlantFlags = [
  'canChangePlant',
  'superAdministrator',
  'mesAdministrator',
] as const satisfies readonly PermissionFlag[];

/** True when the holder of `flags` may read and change every plant's data. */
export function mayCrossPlants(flags: ReadonlySet<PermissionFlag>): boolean {
  return crossPlantFlags.some((flag) => flags.has(flag));
}

/** "plant 1 (Long Valley)": how a refusal names a plant. */
export type PlantNamer = (plantId: number) => string;
