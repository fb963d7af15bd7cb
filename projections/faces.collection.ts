import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { FaceboardDoc } from '../domain/shopfloor/entities';
import { FACES as FACES_COLLECTION } from '../domain/shopfloor/live';

/** `faces`: the FaceboardDoc of topic `faces:{PlantID}` (domain/shopfloor/live.ts), id `{EmployeeID}`. */
export type FaceProjection = FaceboardDoc & { id: string };

const instant = { type: ['string', 'null'] } as const;

/** Only the key is required, so a deletion (`{id, _deleted: true}`) validates. */
export const facesSchema: RxJsonSchema<FaceProjection> = {
  title: 'faces',
  description: 'Who is clocked in and on what, per plant (topic faces:{PlantID})',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 16 },
    EmployeeID: { type: 'integer' },
    PlantID: { type: 'integer' },
    Name: { type: 'string' },
    PhotoFile: { type: ['string', 'null'] },
    ClockedIn: { type: 'boolean' },
    Machine: { type: ['string', 'null'] },
    Operation: { type: ['integer', 'null'] },
    WONumber: { type: ['string', 'null'] },
    Indirect: { type: ['string', 'null'] },
    StartActivity: instant,
    IdleSince: instant,
    TeamMembers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { EmployeeID: { type: 'integer' }, Name: { type: 'string' } },
      },
    },
  },
  required: ['id'],
};

export type FacesCollection = RxCollection<FaceProjection>;

/** Collection name, the same as ChangeItem.collection of face changes. */
export const FACES = FACES_COLLECTION;
