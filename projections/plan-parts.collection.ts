import type { RxCollection, RxJsonSchema } from 'rxdb';
import { PLAN_PARTS, type PlanPartDoc } from '../domain/production-plan/live';

/**
 * `planParts`: the documents of topic `plan:{JobNumber}` (domain/production-plan/live.ts): one per plan
 * header, BOM line and operation (backflushes inside their operation), keyed by the change item's id
 * `{Kind}:{ID}`. Every plan a tab has open shares the collection; each follow has the scope
 * `{JobNumber}`, so a snapshot of one plan never deletes another's documents.
 */
export type PlanPartProjection = PlanPartDoc & { id: string };

/** Only the key is required, so a deletion (`{id, _deleted: true}`) validates. */
export const planPartsSchema: RxJsonSchema<PlanPartProjection> = {
  title: 'planParts',
  description: 'Production plan headers, BOM lines and operations (topic plan:{JobNumber})',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    Kind: { type: 'string', enum: ['plan', 'bom', 'operation'] },
    JobNumber: { type: 'string' },
    RowVersion: { type: 'integer' },
    Data: { type: 'object' },
  },
  required: ['id'],
};

export type PlanPartsCollection = RxCollection<PlanPartProjection>;

/** Collection name, the same as ChangeItem.collection of plan changes. */
export { PLAN_PARTS };
