import type { PendingChange } from './changes';

/**
 * `boardItems`: one client collection for every document a TV board shows that is not a face record
 * (production-monitor status, maintenance work orders, fixture requests, curing racks, paint batches,
 * scoreboard and KPI figures). The free RxDB build allows 13 open collections per page and the design
 * keeps ten (projections/database.ts), so the boards share one shape instead of one collection each:
 *
 * - `id`: `{Kind}:{Key}`, unique across kinds;
 * - `Kind`: what the document is (`resource`, `workOrder`, ...): a board selects by it;
 * - `Key`: the document's own key within its kind (a ResourceID, a work-order number);
 * - `PlantID`: the plant it belongs to (null when none), so a board can select one plant;
 * - `Data`: the document itself, typed by its kind's zod schema in its area's domain folder.
 *
 * The topic rules (domain/live/topics.ts) decide who may follow the topic that carries an item; the
 * collection has no say in that.
 */
export const BOARD_ITEMS = 'boardItems';

export interface BoardItem<T = Record<string, unknown>> {
  id: string;
  Kind: string;
  Key: string;
  PlantID: number | null;
  Data: T;
}

export const boardItemId = (kind: string, key: string) => `${kind}:${key}`;

/** The change that puts `data` (or, with null, removes the item) on `topic`. */
export function boardItemChange<T extends object>(
  topic: string,
  kind: string,
  key: string,
  plantId: number | null,
  data: T | null,
): PendingChange {
  const id = boardItemId(kind, key);
  return {
    topic,
    collection: BOARD_ITEMS,
    id,
    doc: data === null ? null : { id, Kind: kind, Key: key, PlantID: plantId, Data: data },
  };
}
