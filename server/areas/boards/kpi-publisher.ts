import { kpiTopic } from '../../../domain/boards/live';
import type { Database } from '../../db/database';
import type { Backplane } from '../../feed/backplane';
import { appendChanges } from '../../feed/feed.service';
import { kpiBoard, kpiChange } from './boards.documents';
import { Coalescer, type CoalescerLog } from './coalescer';

/**
 * Publishes `kpi:{PlantID}` after shop-floor writes commit, coalesced per plant (issue 14 §5): the KPI
 * document is a handful of plant-wide queries, and rebuilding it inside every write's transaction made
 * each completion pay for it and held the topic's head row lock (so concurrent writers of one plant
 * queued behind each other). Now a write only asks for a rebuild; at most one runs per plant per
 * `intervalMs` on this node, and one more always runs after the last request, so the board ends on the
 * final state. Each rebuild is its own short transaction that appends the change to the change log (the
 * sequence stays the truth) and then publishes it on the backplane, as the call pipeline does.
 */
export class KpiPublisher {
  private readonly coalescer: Coalescer<number>;
  private readonly clock: () => string;

  constructor(
    private readonly db: Database,
    private readonly backplane: Backplane,
    options: { intervalMs?: number; log?: CoalescerLog; clock?: () => string } = {},
  ) {
    const clock = options.clock ?? (() => new Date().toISOString());
    this.clock = clock;
    this.coalescer = new Coalescer((plant) => this.rebuild(plant), {
      intervalMs: options.intervalMs,
      log: options.log,
    });
  }

  /** A write touched this plant (call it after the write committed). */
  request(plantId: number): void {
    this.coalescer.request(plantId);
  }

  /** Resolves when no rebuild is running or owed. */
  idle(): Promise<void> {
    return this.coalescer.idle();
  }

  /** Shutdown: publish every owed plant now, then take no more requests. */
  flush(): Promise<void> {
    return this.coalescer.flush();
  }

  private async rebuild(plantId: number): Promise<void> {
    const changes = await this.db.transaction(async (tx) => {
      // Take the topic's head row lock BEFORE reading the floor: two nodes rebuilding one plant then
      // read in the order they append, so the higher sequence number always carries the later state
      // (read first, lock later could publish an older reading after a newer one). Each write asks for
      // its rebuild after it committed, so the last rebuild to get this lock sees every write.
      const topic = kpiTopic(plantId);
      await tx.query('INSERT INTO topic_heads (topic, seq) VALUES ($1, 0) ON CONFLICT (topic) DO NOTHING', [
        topic,
      ]);
      await tx.query('SELECT seq FROM topic_heads WHERE topic = $1 FOR UPDATE', [topic]);
      return appendChanges(tx, [kpiChange(await kpiBoard(tx, plantId, this.clock()))], null);
    });
    await this.backplane.publish({ kind: 'changes', changes });
  }
}
