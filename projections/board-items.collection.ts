import type { RxCollection, RxJsonSchema } from 'rxdb';
import { BOARD_ITEMS as BOARD_ITEMS_COLLECTION, type BoardItem } from '../domain/live/board-items';

/**
 * `boardItems`: every TV-board document that is not a face (domain/live/board-items.ts): one shape for
 * many kinds, so the boards fit in the design's ten collections. `Data` is free-form here; each kind's
 * zod schema (in its domain folder) types it where a board reads it.
 */
export type BoardItemProjection = BoardItem;

export const boardItemsSchema: RxJsonSchema<BoardItemProjection> = {
  title: 'boardItems',
  description: 'TV board documents of every kind but faces (resource:, workorders:, curing:, ...)',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 96 },
    Kind: { type: 'string' },
    Key: { type: 'string' },
    PlantID: { type: ['integer', 'null'] },
    Data: { type: 'object' },
  },
  required: ['id'],
};

export type BoardItemsCollection = RxCollection<BoardItemProjection>;

/** Collection name, the same as ChangeItem.collection of board items. */
export const BOARD_ITEMS = BOARD_ITEMS_COLLECTION;
