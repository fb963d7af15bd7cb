import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CallDef, defineCall } from '../../domain/contract/call';
import { platformCalls } from '../../domain/platform';
import { buildOpenApi, danglingRefs, type Operation } from './openapi';

interface Tree {
  id: number;
  children: Tree[];
}
const Tree: z.ZodType<Tree> = z.object({
  id: z.number().int(),
  get children() {
    return z.array(Tree);
  },
});

const calls: CallDef[] = [
  defineCall({
    method: 'GET',
    path: 'web/GetThing',
    summary: 'A thing.',
    access: 'public',
    // The input side of a pipe is what a client sends: a string of digits, not the number it becomes.
    payload: z.object({ ThingID: z.string().regex(/^\d+$/).transform(Number), Name: z.string().optional() }),
    result: z.object({ ThingID: z.number() }),
  }),
  defineCall({
    method: 'POST',
    path: 'web/SaveThing',
    summary: 'Save a thing.',
    access: { allOf: ['superAdministrator', 'editPayroll'] },
    payload: z.object({ Tree, Odd: z.custom<string>((v) => typeof v === 'string') }),
    result: z.string().transform((s) => s.length),
  }),
  defineCall({
    method: 'GET',
    alsoMethod: 'POST',
    path: 'files/Fetch',
    summary: 'Bytes.',
    access: 'user',
    response: 'file',
    payload: z.object({ FileID: z.uuid() }),
    result: z.never(),
  }),
];

const op = (doc: ReturnType<typeof buildOpenApi>, path: string, method: string) =>
  doc.paths[path]?.[method] as Operation;

describe('buildOpenApi', () => {
  const doc = buildOpenApi(calls, { version: '9.9.9' });

  it('is an OpenAPI 3.1 document whose every $ref resolves, recursive schemas included', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.9.9');
    expect(Object.keys(doc.paths).sort()).toEqual(['/files/Fetch', '/web/GetThing', '/web/SaveThing']);
    expect(danglingRefs(doc)).toEqual([]);
    // zod writes the recursive Tree as #/$defs/...; inside the document that must become a component.
    const save = JSON.stringify(doc.components.schemas.WebSaveThingPayload);
    expect(save).not.toContain('#/$defs/');
    expect(danglingRefs({ a: { $ref: '#/nowhere' } })).toEqual(['#/nowhere']);
  });

  it('spells a GET payload as query parameters, from the input side of the schema', () => {
    const get = op(doc, '/web/GetThing', 'get');
    const thing = get.parameters.find((p) => 'name' in p && p.name === 'ThingID');
    expect(thing).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'string', pattern: '^\\d+$' },
    });
    expect(get.parameters.find((p) => 'name' in p && p.name === 'Name')).toMatchObject({ required: false });
    expect(get.parameters).toContainEqual({ $ref: '#/components/parameters/TransmissionInfoJSONQuery' });
    expect(get.parameters).toContainEqual({ $ref: '#/components/parameters/EmployeeIDHeader' });
    expect(get.requestBody).toBeUndefined();
    expect(get.security).toEqual([]);
    expect(get['x-permissions']).toEqual({ access: 'public' });
  });

  it('sends a POST payload as a JSON body with the transport fields, and says which flags it needs', () => {
    const post = op(doc, '/web/SaveThing', 'post');
    expect(post.requestBody?.content['application/json']?.schema).toEqual({
      allOf: [
        { $ref: '#/components/schemas/TransportFields' },
        { $ref: '#/components/schemas/WebSaveThingPayload' },
      ],
    });
    expect(post['x-permissions']).toEqual({ allOf: ['superAdministrator', 'editPayroll'] });
    expect(post.security).toEqual([{ sessionToken: [] }]);
    expect(post.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/BigPostHeader' });
    const envelope = JSON.stringify(post.responses['200']);
    expect(envelope).toContain('#/components/schemas/Envelope');
    expect(envelope).toContain('#/components/schemas/WebSaveThingResult');
  });

  it('does not fail on what JSON Schema cannot say: it shows any value and notes where', () => {
    const notes = op(doc, '/web/SaveThing', 'post')['x-schema-notes'] ?? [];
    expect(notes.some((n) => n.startsWith('WebSaveThingPayload.properties.Odd'))).toBe(true);
    expect(notes.some((n) => n.startsWith('WebSaveThingResult'))).toBe(true);
    expect(op(doc, '/web/GetThing', 'get')['x-schema-notes']).toBeUndefined();
  });

  it('describes a file call by both methods, answering bytes or a JSON message', () => {
    for (const method of ['get', 'post']) {
      const file = op(doc, '/files/Fetch', method);
      expect(file['x-response']).toBe('file');
      expect(file['x-result']).toBeNull();
      expect(file.responses['200']).toMatchObject({ content: { 'application/octet-stream': {} } });
      expect(file.responses['4XX']).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/FileFailure' } } },
      });
    }
    expect(op(doc, '/files/Fetch', 'get').operationId).not.toBe(op(doc, '/files/Fetch', 'post').operationId);
  });

  it('converts every platform call without a note', () => {
    const platform = buildOpenApi(platformCalls as unknown as CallDef[]);
    expect(Object.keys(platform.paths)).toHaveLength(platformCalls.length);
    expect(danglingRefs(platform)).toEqual([]);
    const noted = Object.values(platform.paths).flatMap((item) =>
      Object.values(item).flatMap((o) => o['x-schema-notes'] ?? []),
    );
    expect(noted).toEqual([]);
    const upload = op(platform, '/files/Upload', 'post');
    expect(Object.keys(upload.requestBody?.content ?? {})).toContain('multipart/form-data');
  });
});
