import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { HubConnectionDoc } from '../domain/live/docs';

/** `hubConnections`: the live hub connections of every server process (topic `connections`, /connections). */
export type HubConnectionProjection = HubConnectionDoc;

/** Only the key is required, so a deletion (`{ConnectionID, _deleted: true}`) validates. */
export const hubConnectionsSchema: RxJsonSchema<HubConnectionProjection> = {
  title: 'hubConnections',
  description: 'Live hub connections (topic connections)',
  version: 0,
  primaryKey: 'ConnectionID',
  type: 'object',
  properties: {
    ConnectionID: { type: 'string', maxLength: 128 },
    EmployeeID: { type: ['integer', 'null'] },
    Name: { type: ['string', 'null'] },
    Interface: { type: ['string', 'null'] },
    PlantID: { type: ['integer', 'null'] },
    Transport: { type: 'string', enum: ['WebSockets', 'ServerSentEvents', 'LongPolling'] },
    ConnectedAt: { type: 'string' },
    NodeID: { type: 'string' },
  },
  required: ['ConnectionID'],
};

export type HubConnectionsCollection = RxCollection<HubConnectionProjection>;

/** Collection name, the same as ChangeItem.collection of connection changes. */
export const HUB_CONNECTIONS = 'hubConnections';
