import { describe, expect, it } from 'vitest';
import { callsOf, examplePayload, groupCalls, type OpenApiDoc, Resolver, treeRows } from './reference';

const op = (
  id: string,
  tag: string,
  summary: string,
  permissions: object,
  payload: string,
  result: string | null,
) => ({
  operationId: id,
  summary,
  tags: [tag],
  'x-permissions': permissions,
  'x-payload': { $ref: `#/components/schemas/${payload}` },
  'x-result': result ? { $ref: `#/components/schemas/${result}` } : null,
  'x-response': result ? 'envelope' : 'file',
});

const doc = {
  info: { title: 'Steelworks API', version: '1' },
  paths: {
    '/web/SaveHoliday': {
      post: op(
        'postWebSaveHoliday',
        'web',
        'Save a holiday.',
        { anyOf: ['editSchedules'] },
        'Holiday',
        'Holiday',
      ),
    },
    '/sync/Pull': {
      get: op('getSyncPull', 'sync', 'Catch up a topic.', { access: 'public' }, 'Pull', 'Pulled'),
    },
    '/files/Download': {
      get: op('getFilesDownload', 'files', 'Bytes.', { access: 'user' }, 'Download', null),
      post: op('postFilesDownload', 'files', 'Bytes.', { access: 'user' }, 'Download', null),
    },
  },
  components: {
    schemas: {
      Holiday: {
        type: 'object',
        properties: {
          HolidayID: { type: 'integer', minimum: 0, maximum: 2147483647 },
          Date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          Note: { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] },
          Kind: { enum: ['paid', 'unpaid'] },
        },
        required: ['HolidayID', 'Date', 'Kind'],
      },
      Pull: { type: 'object', properties: { Topic: { type: 'string' } }, required: ['Topic'] },
      Pulled: {
        type: 'object',
        properties: { documents: { type: 'array', items: { $ref: '#/components/schemas/Doc' } } },
        required: ['documents'],
      },
      Doc: { type: 'object', properties: { seq: { type: 'integer' } }, required: ['seq'] },
      Download: { type: 'object', properties: { FileID: { type: 'string', format: 'uuid' } } },
    },
  },
} as unknown as OpenApiDoc;

describe('the API reference of /apibrowser', () => {
  const calls = callsOf(doc);
  const r = new Resolver(doc);

  it('lists every operation, both methods of a file call, sorted by area and path', () => {
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET files/Download',
      'POST files/Download',
      'GET sync/Pull',
      'POST web/SaveHoliday',
    ]);
    expect(calls[0]?.file).toBe(true);
  });

  it('groups by area and searches path, summary and flags', () => {
    expect(groupCalls(calls, '').map(([area]) => area)).toEqual(['files', 'sync', 'web']);
    expect(groupCalls(calls, 'editschedules').flatMap(([, list]) => list.map((c) => c.path))).toEqual([
      'web/SaveHoliday',
    ]);
    expect(groupCalls(calls, 'catch topic')[0]?.[1].map((c) => c.path)).toEqual(['sync/Pull']);
    expect(groupCalls(calls, 'nothing like this')).toEqual([]);
  });

  it('shows a schema as rows with type, required and rules, nested objects indented', () => {
    const holiday = treeRows(r, calls.find((c) => c.path === 'web/SaveHoliday')!.payload);
    expect(holiday).toContainEqual({
      depth: 0,
      name: 'HolidayID',
      type: 'integer',
      required: true,
      rules: ['≥ 0', '≤ 2147483647'],
    });
    expect(holiday.find((row) => row.name === 'Note')).toMatchObject({
      type: 'string | null',
      required: false,
      rules: ['max length 80'],
    });
    expect(holiday.find((row) => row.name === 'Kind')?.type).toBe('"paid" | "unpaid"');
    const pulled = treeRows(r, calls.find((c) => c.path === 'sync/Pull')!.result!);
    expect(pulled).toEqual([
      { depth: 0, name: 'documents', type: 'object[]', required: true, rules: [] },
      { depth: 1, name: 'seq', type: 'integer', required: true, rules: [] },
    ]);
  });

  it('pre-fills Try it with the required fields, each within its rules', () => {
    const example = examplePayload(r, calls.find((c) => c.path === 'web/SaveHoliday')!.payload) as Record<
      string,
      unknown
    >;
    expect(Object.keys(example).sort()).toEqual(['Date', 'HolidayID', 'Kind']);
    expect(example.HolidayID).toBe(1);
    expect(example.Date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(example.Kind).toBe('paid');
  });
});
