import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ProjectionDatabase } from './database';

let db: ProjectionDatabase | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
});

describe('planParts', () => {
  it('stores a plan part by its change item id and takes a deletion with only the key', async () => {
    db = await openDatabase({ name: `pp${Math.random().toString(36).slice(2)}`, storage: 'memory' });
    const doc = {
      id: 'operation:7',
      Kind: 'operation' as const,
      JobNumber: 'J240001',
      RowVersion: 3,
      Data: { ProductionPlanOperationID: 7, WorkerCount: 2 },
    };
    await db.planParts.upsert(doc);
    const found = await db.planParts.find({ selector: { JobNumber: 'J240001' } }).exec();
    expect(found.map((d) => d.toJSON().Data)).toEqual([doc.Data]);
    await db.planParts.bulkUpsert([{ id: 'operation:7', _deleted: true } as never]);
    expect(await db.planParts.find({ selector: { JobNumber: 'J240001' } }).exec()).toEqual([]);
  });

  it('refuses a document of the wrong shape in development', async () => {
    db = await openDatabase({
      name: `pp${Math.random().toString(36).slice(2)}`,
      storage: 'memory',
      devMode: true,
    });
    await expect(db.planParts.insert({ id: 'plan:1', RowVersion: 'new' } as never)).rejects.toThrow();
  });
});
