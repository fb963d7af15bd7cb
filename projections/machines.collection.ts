import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { Machine } from '../domain/production-plan/entities';
import { MACHINES as MACHINES_COLLECTION } from '../domain/production-plan/live';

/** `machines`: the Machine (with its rates that are not deleted) of topic `machines:{PlantID}`. */
export type MachineProjection = Machine;

const number = { type: 'number' } as const;

/** Only the key is required, so a deletion (`{ResourceID, _deleted: true}`) validates. */
export const machinesSchema: RxJsonSchema<MachineProjection> = {
  title: 'machines',
  description: 'Machines and their rates (topic machines:{PlantID})',
  version: 0,
  primaryKey: 'ResourceID',
  type: 'object',
  properties: {
    ResourceID: { type: 'string', maxLength: 20 },
    PlantID: { type: 'integer' },
    WorkcenterID: { type: ['integer', 'null'] },
    Description: { type: 'string' },
    Process: { type: 'string' },
    DefaultWorkerCount: { type: 'integer' },
    EngineActive: { type: 'boolean' },
    AlgorithmActive: { type: 'boolean' },
    Active: { type: 'boolean' },
    MachineRates: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          MachineRateID: { type: 'integer' },
          ResourceID: { type: 'string' },
          Description: { type: 'string' },
          ProductionMinutesPerPiece: number,
          ProductionMinutesPerBundle: number,
          ProductionFeetPerMinute: number,
          SetupMinutes: number,
          SchedulingMinutesPerPiece: number,
          Official: { type: 'boolean' },
        },
      },
    },
  },
  required: ['ResourceID'],
};

export type MachinesCollection = RxCollection<MachineProjection>;

/** Collection name, the same as ChangeItem.collection of machine changes. */
export const MACHINES = MACHINES_COLLECTION;
