import { createConnection } from 'node:net';
import { Plc, type PlcProtocol, plcPort, TestPlcConnection } from '../../../domain/platform/plcs';
import type { Sql } from '../../db/database';
import type { DocRecord, DocumentRepository } from '../../kit/document.repository';
import { publishRecord, registerDocument } from '../../kit/document.routes';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { findMachine } from '../production-plan/machines.repository';
import { connectionProblem, printerTimeoutMs } from './printing';

/**
 * /plcs on the document kit: a PLC's machine must be a machine of its plant (the production-plan
 * area's `findMachine`), and "Test connection" opens a TCP connection to it and records the outcome.
 */

/** Resolves when host:port accepts a TCP connection within `timeoutMs`; rejects with the reason's code. */
export function probe(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error('timed out'), { code: 'TIMEOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    });
  });
}

/** Null when the machine may be named on a record of this plant, else why not. */
export async function machineProblem(db: Sql, resourceId: unknown, plantId: number): Promise<string | null> {
  if (resourceId === null || resourceId === undefined) return null;
  const machine = await findMachine(db, String(resourceId));
  if (!machine) return `there is no machine ${String(resourceId)}`;
  if (machine.PlantID !== plantId)
    return `machine ${machine.ResourceID} is in plant ${machine.PlantID}, not in plant ${plantId}`;
  return null;
}

export function registerPlcCalls(registry: CallRegistry): void {
  const repo: DocumentRepository = registerDocument(
    registry,
    Plc,
    {
      table: 'plcs',
      key: 'plc_id',
      deletedAt: 'deleted_at',
      columns: {
        Name: 'name',
        PlantID: 'plant_id',
        ResourceID: 'resource_id',
        Address: 'address',
        Port: 'port',
        Protocol: 'protocol',
        PollSeconds: 'poll_seconds',
        Enabled: 'enabled',
        LastSeen: { column: 'last_seen', as: 'timestamp' },
        LastError: 'last_error',
        Notes: 'notes',
      },
    },
    {
      async checkRecord({ db }, { after }) {
        const problem = await machineProblem(db, after.ResourceID, Number(after.PlantID));
        if (problem) throw invalid(`ResourceID: ${problem}`);
      },
    },
  );

  registry.handle(
    TestPlcConnection,
    async (ctx) => {
      const id = ctx.payload.PlcID;
      const plc = await repo.get(ctx.db, id, true);
      if (!plc) throw invalid(`PlcID: there is no PLC ${id}`);
      if (plc.Deleted) throw invalid(`PlcID: PLC "${String(plc.Name)}" is deleted`);
      const port = plcPort(plc as { Port: number | null; Protocol: PlcProtocol });
      if (port === null)
        throw invalid(
          `Port: PLC "${String(plc.Name)}" has no port and its protocol has no usual one; set its port`,
        );
      const where = `${String(plc.Address)}:${port}`;
      const timeoutMs = printerTimeoutMs();
      let problem: string | null = null;
      try {
        await probe(String(plc.Address), port, timeoutMs);
      } catch (error) {
        problem = connectionProblem(error as NodeJS.ErrnoException, timeoutMs);
      }
      // The outcome is the record's status, not an edit: written without a history line, shown live.
      if (problem) {
        await repo.setField(ctx.db, id, 'LastError', `${new Date().toISOString()}: ${problem}`.slice(0, 500));
      } else {
        await repo.setField(ctx.db, id, 'LastSeen', new Date().toISOString());
        await repo.setField(ctx.db, id, 'LastError', null);
      }
      const after = (await repo.get(ctx.db, id)) as DocRecord;
      publishRecord(ctx, Plc, after);
      return problem
        ? { Ok: false, Message: `PLC "${String(plc.Name)}" (${where}) cannot be reached: ${problem}.` }
        : { Ok: true, Message: `PLC "${String(plc.Name)}" (${where}) answered.` };
    },
    {
      plant: { by: "the PLC's plant", plants: async (db, p) => [await repo.plantOf(db, Number(p.PlcID))] },
    },
  );
}
