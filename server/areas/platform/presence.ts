import type { HubConnectionDoc } from '../../../domain/live/docs';
import { topicOf } from '../../../domain/live/topics';
import type { Database, Sql } from '../../db/database';
import type { Backplane } from '../../feed/backplane';
import { appendChanges } from '../../feed/feed.service';
import type { HubConnectionInfo } from '../../hub/types';
import { closeViewsOfConnections } from '../../kit/record.repository';

/**
 * Presence: every live hub connection of every server process, as the `connections` topic that
 * /connections shows live. Each process writes its own connections (and a heartbeat); a process whose
 * heartbeat stops (killed, crashed) has its connections removed by whichever process sweeps next, so
 * the list never keeps ghosts for more than `deadAfterMs`.
 */
export interface PresenceOptions {
  nodeId: string;
  heartbeatMs?: number;
  deadAfterMs?: number;
}

const COLLECTION = 'hubConnections';

export function toDoc(info: HubConnectionInfo): HubConnectionDoc {
  return {
    ConnectionID: info.connectionId,
    EmployeeID: info.employeeId,
    Name: info.name,
    Interface: info.interface,
    PlantID: info.plantId,
    Transport: info.transport,
    ConnectedAt: info.connectedAt,
    NodeID: info.nodeId,
  };
}

export class Presence {
  private timer: NodeJS.Timeout | undefined;
  /** Writes run one after another so a connect and its disconnect are published in that order. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly backplane: Pick<Backplane, 'publish'>,
    private readonly log: { warn(obj: unknown, msg: string): void },
    private readonly options: PresenceOptions,
  ) {}

  private get heartbeatMs() {
    return this.options.heartbeatMs ?? 10_000;
  }

  private get deadAfterMs() {
    return this.options.deadAfterMs ?? 45_000;
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.enqueue(async () => {
        await this.beat();
        await this.sweep();
      });
    }, this.heartbeatMs);
    this.timer.unref();
  }

  connected(info: HubConnectionInfo): void {
    this.enqueue(() =>
      this.write(async (tx) => {
        await tx.query(
          `INSERT INTO hub_connections (connection_id, node_id, employee_id, name, plant_id, interface, transport, connected_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (connection_id) DO NOTHING`,
          [
            info.connectionId,
            info.nodeId,
            info.employeeId,
            info.name,
            info.plantId,
            info.interface,
            info.transport,
            info.connectedAt,
          ],
        );
        return [
          { topic: topicOf.connections(), collection: COLLECTION, id: info.connectionId, doc: toDoc(info) },
        ];
      }),
    );
  }

  disconnected(info: HubConnectionInfo): void {
    this.enqueue(() =>
      this.write(async (tx) => {
        const gone = await tx.query(
          'DELETE FROM hub_connections WHERE connection_id = $1 RETURNING connection_id',
          [info.connectionId],
        );
        // The records it had open are closed too (the kit's "who else has it open").
        const closed = await closeViewsOfConnections(tx, [info.connectionId]);
        return gone.length
          ? [
              { topic: topicOf.connections(), collection: COLLECTION, id: info.connectionId, doc: null },
              ...closed,
            ]
          : closed;
      }),
    );
  }

  /** On shutdown: this process's connections are gone; say so now rather than after the heartbeat times out. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.chain;
    await this.removeNode(this.options.nodeId).catch((error) =>
      this.log.warn({ err: error }, 'presence: cleanup failed'),
    );
  }

  private enqueue(work: () => Promise<unknown>): void {
    this.chain = this.chain
      .then(work)
      .catch((error) => this.log.warn({ err: error }, 'presence: write failed'));
  }

  private async beat(): Promise<void> {
    await this.db.query(
      `INSERT INTO hub_nodes (node_id) VALUES ($1) ON CONFLICT (node_id) DO UPDATE SET seen_at = now()`,
      [this.options.nodeId],
    );
  }

  /** Removes the connections of processes whose heartbeat stopped. */
  async sweep(): Promise<void> {
    const dead = await this.db.query<{ node_id: string }>(
      `SELECT node_id FROM hub_nodes WHERE seen_at < now() - make_interval(secs => $1::double precision)
       UNION SELECT DISTINCT c.node_id FROM hub_connections c LEFT JOIN hub_nodes n USING (node_id) WHERE n.node_id IS NULL`,
      [this.deadAfterMs / 1000],
    );
    for (const { node_id } of dead) if (node_id !== this.options.nodeId) await this.removeNode(node_id);
  }

  private async removeNode(nodeId: string): Promise<void> {
    await this.write(async (tx) => {
      const gone = await tx.query<{ connection_id: string }>(
        'DELETE FROM hub_connections WHERE node_id = $1 RETURNING connection_id',
        [nodeId],
      );
      await tx.query('DELETE FROM hub_nodes WHERE node_id = $1', [nodeId]);
      const closed = await closeViewsOfConnections(
        tx,
        gone.map((g) => g.connection_id),
      );
      return [
        ...gone.map((g) => ({
          topic: topicOf.connections(),
          collection: COLLECTION,
          id: g.connection_id,
          doc: null,
        })),
        ...closed,
      ];
    });
  }

  /** Rows and their change-log entries in one transaction, then the backplane (brief §4.1). */
  private async write(
    work: (tx: Sql) => Promise<
      Array<{
        topic: string;
        collection: string;
        id: string;
        doc: HubConnectionDoc | Record<string, unknown> | null;
      }>
    >,
  ): Promise<void> {
    const changes = await this.db.transaction(async (tx) => {
      const pending = await work(tx);
      return pending.length ? appendChanges(tx, pending, null) : [];
    });
    if (changes.length) await this.backplane.publish({ kind: 'changes', changes });
  }
}
