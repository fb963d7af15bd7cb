import { GetBayBoard, GetKpiBoard } from '../../../domain/boards/calls';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import type { PaintingService } from '../painting/painting.service';
import type { WriteContext } from '../shopfloor/shopfloor.service';
import { affected, bayBoard, bayChange, kpiBoard } from './boards.documents';
import type { KpiPublisher } from './kpi-publisher';

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
 * and machines, republish in the same transaction the scoreboards of the touched machines' bays and the
 * paint-line documents of touched paint lines, and ask `kpi` for the KPI monitors of the machines'
 * plants and the people's plants once the write has committed (coalesced per plant, kpi-publisher.ts).
 * Every document is rebuilt whole from the database, so it is right whatever the write was.
 *
 * Bays stay in the transaction: a bay board is what the operator beside the machine watches react to
 * their own completion, and it is published with the write's own sequence (no extra transaction). The
 * KPI monitor is plant-wide and the most shared document, so it is the one coalesced (README, "KPI").
 */
export function boardsHook(painting: PaintingService, kpi: Pick<KpiPublisher, 'request'>) {
  return async (
    w: Pick<WriteContext, 'db' | 'publish' | 'afterCommit'>,
    touched: { resources: readonly string[]; employees: readonly number[] },
    at: string,
  ): Promise<void> => {
    const hit = await affected(w.db, touched);
    for (const bay of hit.bays) {
      const b = await bayBoard(w.db, bay, at);
      if (b) w.publish(bayChange(b));
    }
    // After commit: a refused or rolled-back write asks for nothing. Without afterCommit the KPI would
    // silently go stale, so a caller that forgot it is a programming error.
    if (!w.afterCommit) throw new Error('The boards hook needs the write context’s afterCommit.');
    w.afterCommit(() => {
      for (const plant of hit.plants) kpi.request(plant);
    });
    for (const r of hit.paintLines) await painting.publish(w, r, at);
  };
}
