import { z } from 'zod';

/**
 * What topic `plan:{JobNumber}` carries (collection `planParts`): one document per plan header, BOM
 * line and operation (backflushes travel inside their operation), so two planners on one plan see every
 * change of the other. The change item's id is `{Kind}:{ID}` (`operation:812`); `doc: null` deletes.
 * `RowVersion` grows with every change of the row: of two copies, the screen keeps the higher.
 */
export const PLAN_PARTS = 'planParts';

export const PlanPartKind = z.enum(['plan', 'bom', 'operation']);
export type PlanPartKind = z.infer<typeof PlanPartKind>;

export const PlanPartDoc = z.object({
  Kind: PlanPartKind,
  JobNumber: z.string(),
  RowVersion: z.number().int(),
  /** The PlanHeader, BomLine or Operation (domain/production-plan/entities.ts). */
  Data: z.record(z.string(), z.unknown()),
});
export type PlanPartDoc = z.infer<typeof PlanPartDoc>;

export const planPartId = (kind: PlanPartKind, id: number) => `${kind}:${id}`;

/**
 * Topic `machines:{PlantID}` (collection `machines`): one document per machine of the plant, the
 * Machine with its rates that are not deleted; id ResourceID. Topic `workcenters:{PlantID}`
 * (collection `workcenters`): one document per workcenter, the Workcenter; id WorkcenterID.
 */
export const MACHINES = 'machines';
export const WORKCENTERS = 'workcenters';
