import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogTable } from '../domain/platform/database-catalog';
import { createEmployee } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/** /databasecatalog's calls (issue 16) on both databases: pg_catalog read alike, admins only. */
describe.skipIf(!dbAvailable)(`database catalog (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let planner: Caller;
  const { get } = testCalls({ api: () => api, caller: () => admin });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await createEmployee(server.db, {
      employeeId: 9551,
      userName: 'catplan',
      password: 'catplan',
      firstName: 'Cat',
      lastName: 'Planner',
      title: 'Planner',
      plantId: 1,
      flags: ['viewProductionPlans', 'editProductionPlans'],
    });
    admin = await api.login('admin');
    planner = await api.login('catplan');
  }, 120_000);
  afterAll(() => server?.close());

  it('lists every table with rows, sizes, columns and indexes', async () => {
    const catalog = await get<{ Database: string; Tables: CatalogTable[] }>('web/GetDatabaseCatalog', {});
    expect(catalog.Database).toBe(dbKind);
    const names = catalog.Tables.map((t) => t.Table);
    expect(names).toEqual([...names].sort());
    for (const name of ['employees', 'devices', 'search_index', 'schema_migrations'])
      expect(names).toContain(name);
    const employees = catalog.Tables.find((t) => t.Table === 'employees')!;
    const [count] = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM employees');
    // A small table is counted exactly.
    expect(employees).toMatchObject({ Rows: Number(count!.n), Estimated: false });
    expect(employees.Columns).toBeGreaterThan(20);
    expect(employees.Indexes).toBeGreaterThanOrEqual(1);
    expect(employees.TotalBytes).toBe(employees.TableBytes + employees.IndexBytes);
    expect(employees.TableBytes).toBeGreaterThan(0);
  });

  it('searches table and column names', async () => {
    const byTable = await get<{ Tables: CatalogTable[] }>('web/GetDatabaseCatalog', { Search: 'DEVICE' });
    expect(byTable.Tables.map((t) => t.Table)).toContain('devices');
    const byColumn = await get<{ Tables: CatalogTable[] }>('web/GetDatabaseCatalog', {
      Search: 'serial_number',
    });
    expect(byColumn.Tables.map((t) => t.Table)).toEqual(['devices']);
    // LIKE's own characters are plain text.
    expect((await get<{ Tables: CatalogTable[] }>('web/GetDatabaseCatalog', { Search: '%' })).Tables).toEqual(
      [],
    );
  });

  it("describes one table's columns and indexes, and counts it exactly on request", async () => {
    const devices = await get<{
      Table: CatalogTable;
      ColumnList: Array<{ Name: string; Type: string; Nullable: boolean; Default: string | null }>;
      IndexList: Array<{
        Name: string;
        Definition: string;
        Unique: boolean;
        Primary: boolean;
        Bytes: number;
      }>;
    }>('web/GetDatabaseTable', { Table: 'devices', ExactCount: true });
    expect(devices.ColumnList[0]).toMatchObject({ Name: 'device_id', Type: 'integer', Nullable: false });
    expect(devices.ColumnList[0]!.Default).toMatch(/nextval/);
    expect(devices.ColumnList.find((c) => c.Name === 'in_service')).toEqual({
      Name: 'in_service',
      Type: 'boolean',
      Nullable: false,
      Default: 'true',
    });
    expect(devices.ColumnList.find((c) => c.Name === 'location')).toMatchObject({
      Type: 'text',
      Nullable: true,
    });
    expect(devices.IndexList.find((i) => i.Primary)).toMatchObject({ Name: 'devices_pkey', Unique: true });
    expect(devices.IndexList.map((i) => i.Name)).toContain('devices_plant');
    const [count] = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM devices');
    expect(devices.Table).toMatchObject({ Table: 'devices', Rows: Number(count!.n), Estimated: false });
  });

  it('is for administrators only, and refuses bad table names naming the field', async () => {
    const refused = await api.get('web/GetDatabaseCatalog', {}, planner);
    expect(refused.status).toBe(403);
    expect((await api.get('web/GetDatabaseTable', { Table: 'devices' }, planner)).status).toBe(403);
    for (const [Table, message] of [
      ['devices"; DROP TABLE devices; --', /Table must be a table name/],
      ['no_such_table', /Table: there is no table no_such_table/],
      ['pg_class', /Table: there is no table pg_class/],
      ['', /Table/],
    ] as const) {
      const reply = await api.get('web/GetDatabaseTable', { Table }, admin);
      expect(reply.envelope.Error, Table).toBe(true);
      expect(reply.envelope.Message).toMatch(message);
    }
    expect((await server.db.query('SELECT 1 FROM devices LIMIT 1')).length).toBeGreaterThanOrEqual(0);
  });
});
