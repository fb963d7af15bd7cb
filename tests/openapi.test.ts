import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../domain/contract/call';
import { danglingRefs, type OpenApiDocument } from '../server/rpc/openapi';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

const permissionsOf = (access: Access) => (access === 'public' || access === 'user' ? { access } : access);

/** GET /api/openapi.json served by the real server: every registered call, valid OpenAPI 3.1, admins only. */
describe.skipIf(!dbAvailable)(`GET /api/openapi.json (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let doc: OpenApiDocument;

  const read = (who: Partial<Login> = {}) =>
    api.raw('openapi.json', { who: { token: who.token ?? null, employeeId: who.employeeId ?? null } });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    const res = await read(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as OpenApiDocument;
  });
  afterAll(() => server?.close());

  it('describes every registered call with its method, payload, result and permission flags', () => {
    const entries = server.app.registry.all();
    expect(entries.length).toBeGreaterThan(100);
    for (const { call } of entries) {
      for (const method of [call.method, call.alsoMethod].filter(Boolean) as string[]) {
        const operation = doc.paths[`/${call.path}`]?.[method.toLowerCase()];
        expect(operation, `${method} ${call.path}`).toBeDefined();
        expect(operation?.summary).toBe(call.summary);
        expect(operation?.['x-permissions']).toEqual(permissionsOf(call.access));
        expect(operation?.['x-response']).toBe(call.response ?? 'envelope');
        const payload = operation?.['x-payload'].$ref.split('/').pop() as string;
        expect(doc.components.schemas[payload], payload).toBeDefined();
      }
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    const calls = new Set(entries.map((e) => e.call));
    const expected = [...calls].reduce((n, call) => n + (call.alsoMethod ? 2 : 1), 0);
    expect(operations).toHaveLength(expected);
    // A GET's payload fields are its query parameters: GetTimecards takes PlantID and WeekStart.
    const timecards = doc.paths['/timeclock/GetTimecards']?.get;
    const names = timecards?.parameters.flatMap((p) => ('name' in p ? [p.name] : []));
    expect(names).toEqual(expect.arrayContaining(['PlantID', 'WeekStart']));
    expect(doc.paths['/web/Login']?.post?.security).toEqual([]);
    expect(doc.components.schemas.Envelope?.required).toContain('ResultJSON');
  });

  it('is valid OpenAPI 3.1: the official schema holds and every $ref resolves', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(danglingRefs(doc)).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    // swagger-parser checks the document against the OpenAPI 3.1 schema and dereferences every $ref.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('is refused without a session (401) and to a user who is not an administrator (403)', async () => {
    const anonymous = await read();
    expect(anonymous.status).toBe(401);
    expect(anonymous.statusText).toBe('Your session has expired. Please log in again');
    expect(((await anonymous.json()) as { Error: boolean }).Error).toBe(true);
    expect((await read({ token: 'not-a-token' })).status).toBe(401);
    const pm = await api.login('pm');
    const refused = await read(pm);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { Message: string }).Message).toMatch(
      /superAdministrator|super administrator/i,
    );
    // The Token query field works as it does for the calls (a browser tab opening the link).
    const byQuery = await fetch(`${server.url}openapi.json?Token=${encodeURIComponent(admin.token)}`);
    expect(byQuery.status).toBe(200);
  });
});
