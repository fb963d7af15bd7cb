import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHeader } from '../domain/orders/orders';
import { displayPath, routeTable, screenRoutes } from '../domain/platform/routes';
import type { ScreenCatalogueRow } from '../domain/platform/shell';
import { demoOrders } from '../server/db/seed-orders';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

/** The shell's calls beyond the spec: the screen catalogue (/screenviewer) and PM Order Loading's order. */
describe.skipIf(!dbAvailable)(`shell calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let pm: Login;
  let operator: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    pm = await api.login('pm');
    operator = await api.login('operator');
  });
  afterAll(() => server?.close());

  describe('GET web/GetScreenCatalogue', () => {
    it('answers every entry of the route table, in table order, with built screens marked', async () => {
      const reply = await api.get<ScreenCatalogueRow[]>('web/GetScreenCatalogue', {}, admin);
      expect(reply.status).toBe(200);
      expect(reply.result).toHaveLength(routeTable.length);
      expect(reply.result.map((r) => r.Path)).toEqual(routeTable.map((e) => displayPath(e.path)));
      const kpi = reply.result.find((r) => r.Path === '/tv/kpimonitor/{plantId}');
      expect(kpi).toMatchObject({
        Kind: 'screen',
        Name: 'KPI Monitor',
        Area: 'tv',
        Interface: 'tv',
        Public: true,
        Built: true,
      });
      // A screen not built yet says so.
      expect(reply.result.find((r) => r.Path === '/manufacturing/movematerial')).toMatchObject({
        Kind: 'screen',
        Built: false,
      });
      const viewer = reply.result.find((r) => r.Path === '/screenviewer');
      expect(viewer).toMatchObject({ Built: true, Public: false, Area: 'admin' });
      expect(viewer?.Flags).toContain('superAdministrator');
      expect(reply.result.find((r) => r.Path === '/config')).toMatchObject({
        Kind: 'redirect',
        RedirectTo: '/pages/',
      });
      expect(reply.result.filter((r) => r.Kind === 'screen' && r.Built)).toHaveLength(
        screenRoutes.filter((s) => s.screen).length,
      );
    });

    it('is refused (403) to a user who is not an administrator', async () => {
      const reply = await api.get('web/GetScreenCatalogue', {}, pm);
      expect(reply.status).toBe(403);
      expect(reply.envelope.Error).toBe(true);
    });

    it('needs a login (401)', async () => {
      const reply = await api.get('web/GetScreenCatalogue', {}, { token: null });
      expect(reply.status).toBe(401);
    });
  });

  describe('GET pm/GetOrderHeader', () => {
    it('answers the order header of a demo order', async () => {
      const [orderNum, customer, description, plant] = demoOrders[0];
      const reply = await api.get<OrderHeader>('pm/GetOrderHeader', { OrderNum: orderNum }, pm);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result).toEqual({
        OrderNum: orderNum,
        CustomerName: customer,
        ProjectDescription: description,
        PlantID: plant,
      });
    });

    it('answers Sorry for an order that does not exist', async () => {
      const reply = await api.get('pm/GetOrderHeader', { OrderNum: 999999 }, pm);
      expect(reply.status).toBe(200);
      expect(reply.envelope).toMatchObject({
        Sorry: true,
        Error: false,
        Message: 'Order 999999 was not found.',
      });
    });

    it.each([
      ['missing', {}, 'OrderNum is required'],
      ['text', { OrderNum: 'abc' }, /^OrderNum\b/],
      ['zero', { OrderNum: 0 }, /^OrderNum\b/],
      ['a fraction', { OrderNum: 1.5 }, /^OrderNum\b/],
      // Spec 001 §5: an order loads only when its number is exactly 6 characters long.
      ['5-digit', { OrderNum: 12345 }, 'OrderNum must be 6 digits long'],
      ['7-digit', { OrderNum: 1234567 }, 'OrderNum must be 6 digits long'],
    ] as const)(
      'refuses a %s OrderNum with a clear error and changes nothing',
      async (_name, values, message) => {
        await api.get('web/GetPlants', {}, pm);
        const before = await fingerprint(server.db);
        const reply = await api.get('pm/GetOrderHeader', values, pm);
        expect(reply.envelope.Error).toBe(true);
        expect(reply.envelope.Message).toEqual(
          typeof message === 'string' ? message : expect.stringMatching(message),
        );
        expect(await fingerprint(server.db)).toBe(before);
      },
    );

    it('is refused (403) to a user without project-management access', async () => {
      const reply = await api.get('pm/GetOrderHeader', { OrderNum: demoOrders[0][0] }, operator);
      expect(reply.status).toBe(403);
    });
  });
});
