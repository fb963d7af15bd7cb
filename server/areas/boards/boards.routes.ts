import { GetBayBoard, GetKpiBoard } from '../../../domain/boards/calls';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import type { PaintingService } from '../painting/painting.service';
import type { WriteContext } from '../shopfloor/shopfloor.service';
import { affected, bayBoard, bayChange, kpiBoard, kpiChange } from './boards.documents';

const now = () => new Date().toISOString();

export function registerBoardCalls(registry: CallRegistry, clock: () => string = now): void {
  registry.handle(GetBayBoard, async ({ db, payload }) => {
    const b = await bayBoard(db, payload.BayNumber, clock());
    if (!b) throw invalid(`There is no bay ${payload.BayNumber}.`);
    return b;
  });
  registry.handle(GetKpiBoard, ({ db, payload }) => kpiBoard(db, payload.PlantID, clock()));
}

/**
 * The shop-floor service's hook (ShopfloorService `boards`): after a write has republished its faces
 * and machines, republish in the same transaction the scoreboards of the touched machines' bays, the
 * KPI monitors of their plants and the people's plants, and the paint-line documents of touched paint
 * lines. Every document is rebuilt whole from the database, so it is right whatever the write was.
 */
export function boardsHook(painting: PaintingService) {
  return async (
    w: Pick<WriteContext, 'db' | 'publish'>,
    touched: { resources: readonly string[]; employees: readonly number[] },
    at: string,
  ): Promise<void> => {
    const hit = await affected(w.db, touched);
    for (const bay of hit.bays) {
      const b = await bayBoard(w.db, bay, at);
      if (b) w.publish(bayChange(b));
    }
    for (const plant of hit.plants) w.publish(kpiChange(await kpiBoard(w.db, plant, at)));
    for (const r of hit.paintLines) await painting.publish(w, r, at);
  };
}
