import { afterEach, describe, expect, it } from 'vitest';
import { collections, MAX_COLLECTIONS, openDatabase, type ProjectionDatabase } from './database';

const open: ProjectionDatabase[] = [];
const unique = () => `db${Math.random().toString(36).slice(2)}`;

afterEach(async () => {
  // The free build allows 13 open collections per page, across databases: close every one.
  await Promise.all(open.splice(0).map((db) => db.close()));
});

describe('openDatabase', () => {
  it('opens every collection, within the design limit of ten', async () => {
    const db = await openDatabase({ name: unique(), storage: 'memory' });
    open.push(db);
    expect(Object.keys(db.collections).sort()).toEqual(Object.keys(collections).sort());
    expect(Object.keys(collections).length).toBeLessThanOrEqual(MAX_COLLECTIONS);
  });

  it('works without crypto.subtle, as on a plain-http LAN page', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      const db = await openDatabase({ name: unique(), storage: 'memory' });
      open.push(db);
      await db.employees.insert({ id: '7', EmployeeID: 7, Name: 'Ann' } as never);
      await db.employees.upsert({ id: '7', EmployeeID: 7, Name: 'Ann B' } as never);
      expect((await db.employees.findOne('7').exec())?.Name).toBe('Ann B');
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    }
  });

  it('validates documents against the schema in development', async () => {
    const db = await openDatabase({ name: unique(), storage: 'memory', devMode: true });
    open.push(db);
    await expect(db.employees.insert({ id: '7', EmployeeID: 'seven' } as never)).rejects.toThrow();
  });

  it('frees its collections on close, so databases can be opened again and again', async () => {
    // 3 collections each: without closing, the 5th database would pass the free build's limit of 13.
    for (let i = 0; i < 8; i++) {
      const db = await openDatabase({ name: unique(), storage: 'memory' });
      await db.close();
    }
  });
});
