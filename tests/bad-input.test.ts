import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, Method } from '../domain/contract/call';
import type { Envelope } from '../domain/contract/wire';
import { platformCalls } from '../domain/platform/index';
import { payloadFields, transport } from './support/contract';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, wire } from './support/wire';

/**
 * Brief §4.3: "Bad input gets a clear error and changes nothing". For every platform call whose payload
 * takes fields, a table of bad inputs, each answered by an Error envelope (a JSON message for file calls)
 * whose message names the offending field, with every platform table unchanged.
 */

type Kind = 'missing' | 'type' | 'value';

interface BadCase {
  kind: Kind;
  name: string;
  /** The call's own values; GET values go in the query (an array repeats the parameter). */
  values: Record<string, unknown>;
  message: string | RegExp;
  /** Send by this method instead of the call's own (a call with alsoMethod). */
  method?: Method;
}

const clientError = {
  Name: 'Alex Morgan',
  EmployeeID: 1001,
  PlantID: 1,
  Browser: 'vitest',
  Message: 'bad input',
  Stack: null,
  URL: '/bad-input',
};
const update = { EmployeeID: 1001, FieldName: 'Language', Value: 'es' };
const uuid = '00000000-0000-4000-8000-000000000000';
const without = (o: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const routeCases = (): BadCase[] => [
  { kind: 'missing', name: 'no RouteName', values: {}, message: 'RouteName is required' },
  {
    kind: 'type',
    name: 'RouteName repeated',
    values: { RouteName: ['Intro', 'Other'] },
    message: 'RouteName must be text',
  },
  {
    kind: 'value',
    name: 'RouteName too long',
    values: { RouteName: 'r'.repeat(201) },
    message: /^RouteName\b.*\b200\b/,
  },
];

const badInputs: Record<string, BadCase[]> = {
  'web/Login': [
    { kind: 'missing', name: 'no UserName', values: { Password: 'x' }, message: 'UserName is required' },
    {
      kind: 'missing',
      name: 'no Password',
      values: { UserName: 'bad-input-1' },
      message: 'Password is required',
    },
    {
      kind: 'type',
      name: 'UserName a number',
      values: { UserName: 42, Password: 'x' },
      message: 'UserName must be text',
    },
    {
      kind: 'type',
      name: 'Password a boolean',
      values: { UserName: 'bad-input-2', Password: true },
      message: 'Password must be text',
    },
    {
      kind: 'value',
      name: 'blank UserName',
      values: { UserName: '   ', Password: 'x' },
      message: 'UserName must not be empty',
    },
  ],
  'mes/GetEmployeePhoto': [
    { kind: 'missing', name: 'no photo', values: {}, message: 'photo is required' },
    {
      kind: 'type',
      name: 'photo repeated',
      values: { photo: ['1001.bmp', '1005.bmp'] },
      message: 'photo must be text',
    },
    {
      kind: 'value',
      name: 'photo not {id}.bmp',
      values: { photo: '../1001.bmp' },
      message: 'photo must be an employee id followed by .bmp',
    },
  ],
  'cache/GetEmployeeAvatar': [
    { kind: 'missing', name: 'no EmployeeID', values: {}, message: 'EmployeeID is required' },
    {
      kind: 'type',
      name: 'EmployeeID text',
      values: { EmployeeID: 'abc' },
      message: 'EmployeeID must be a number',
    },
    {
      kind: 'type',
      name: 'EmployeeID repeated',
      values: { EmployeeID: ['1001', '1002'] },
      message: 'EmployeeID must be a number',
    },
    {
      kind: 'value',
      name: 'EmployeeID 1.5',
      values: { EmployeeID: '1.5' },
      message: 'EmployeeID must be a whole number from 1 to 2147483647',
    },
  ],
  'web/UpdateEmployee': [
    {
      kind: 'missing',
      name: 'no EmployeeID',
      values: without(update, 'EmployeeID'),
      message: 'EmployeeID is required',
    },
    {
      kind: 'missing',
      name: 'no FieldName',
      values: without(update, 'FieldName'),
      message: 'FieldName is required',
    },
    { kind: 'missing', name: 'no Value', values: without(update, 'Value'), message: 'Value is required' },
    {
      kind: 'type',
      name: 'EmployeeID as text',
      values: { ...update, EmployeeID: '1001' },
      message: 'EmployeeID must be a number',
    },
    {
      kind: 'type',
      name: 'FieldName a number',
      values: { ...update, FieldName: 3 },
      message: 'FieldName must be text',
    },
    {
      kind: 'value',
      name: 'unknown FieldName',
      values: { ...update, FieldName: 'Salary', Value: 1 },
      message:
        /^'Salary' is not a field of an employee that can be changed \(allowed: Language, ShowMyHelp, PlantID, FirstName, LastName, Email, Title, PhoneNumber, DomainID, Active, AccessManufacturing, .*, FisExperimental\)$/,
    },
    {
      kind: 'value',
      name: 'Language fr',
      values: { ...update, Value: 'fr' },
      message: 'Value for Language must be one of: en, es',
    },
    {
      kind: 'type',
      name: 'ShowMyHelp "yes"',
      values: { ...update, FieldName: 'ShowMyHelp', Value: 'yes' },
      message: 'Value for ShowMyHelp must be true or false',
    },
    {
      kind: 'type',
      name: 'PlantID "x"',
      values: { ...update, FieldName: 'PlantID', Value: 'x' },
      message: 'Value for PlantID must be a number',
    },
    {
      kind: 'value',
      name: 'PlantID 1.5',
      values: { ...update, FieldName: 'PlantID', Value: 1.5 },
      message: 'Value for PlantID must be a whole number from 0 to 2147483647',
    },
    {
      kind: 'type',
      name: 'a flag as text',
      values: { ...update, FieldName: 'EditStock', Value: 'true' },
      message: 'Value for EditStock must be true or false',
    },
    {
      kind: 'type',
      name: 'Active as 0',
      values: { ...update, EmployeeID: 1002, FieldName: 'Active', Value: 0 },
      message: 'Value for Active must be true or false',
    },
    {
      kind: 'value',
      name: 'FirstName blank',
      values: { ...update, FieldName: 'FirstName', Value: '  ' },
      message: 'Value for FirstName must not be empty',
    },
  ],
  'translation/Translate': [
    { kind: 'missing', name: 'no English', values: { language: 'es' }, message: 'English is required' },
    {
      kind: 'missing',
      name: 'no language',
      values: { English: 'Log in' },
      message: 'language is required',
    },
    {
      kind: 'type',
      name: 'English repeated',
      values: { English: ['Log in', 'Log out'], language: 'es' },
      message: 'English must be text',
    },
    {
      kind: 'value',
      name: 'language fr',
      values: { English: 'Log in', language: 'fr' },
      message: 'language must be one of: en, es',
    },
    {
      kind: 'value',
      name: 'English too long',
      values: { English: 'e'.repeat(4001), language: 'es' },
      message: /^English\b.*\b4000\b/,
    },
  ],
  'translation/GetDefaultTranslations': [
    { kind: 'missing', name: 'no language', values: {}, message: 'language is required' },
    {
      kind: 'type',
      name: 'language repeated',
      values: { language: ['es', 'en'] },
      message: 'language must be one of: en, es',
    },
    {
      kind: 'value',
      name: 'language fr',
      values: { language: 'fr' },
      message: 'language must be one of: en, es',
    },
  ],
  'translation/ReportMissing': [
    { kind: 'missing', name: 'no Texts', values: { Language: 'es' }, message: 'Texts is required' },
    {
      kind: 'type',
      name: 'Texts as text',
      values: { Language: 'es', Texts: 'Log in' },
      message: 'Texts must be a list',
    },
    {
      kind: 'value',
      name: 'Language en',
      values: { Language: 'en', Texts: ['Log in'] },
      message: 'Language must be one of: es',
    },
  ],
  'translation/GetTranslations': [
    { kind: 'missing', name: 'no Language', values: {}, message: 'Language is required' },
    {
      kind: 'type',
      name: 'Take as text',
      values: { Language: 'es', Take: 'ten' },
      message: 'Take must be a number',
    },
    {
      kind: 'value',
      name: 'Take 201',
      values: { Language: 'es', Take: 201 },
      message: 'Take must be at most 200',
    },
  ],
  'translation/SaveTranslation': [
    {
      kind: 'missing',
      name: 'no Text',
      values: { Language: 'es', English: 'Log in' },
      message: 'Text is required',
    },
    {
      kind: 'type',
      name: 'Text as a number',
      values: { Language: 'es', English: 'Log in', Text: 5 },
      message: 'Text must be text',
    },
    {
      kind: 'value',
      name: 'Text blank',
      values: { Language: 'es', English: 'Log in', Text: '  ' },
      message: 'Text must not be empty',
    },
  ],
  'translation/DeleteTranslation': [
    { kind: 'missing', name: 'no English', values: { Language: 'es' }, message: 'English is required' },
    {
      kind: 'type',
      name: 'English as a list',
      values: { Language: 'es', English: ['Log in'] },
      message: 'English must be text',
    },
  ],
  'web/VideoLinksForRoute': routeCases(),
  'web/SOPLinksForRoute': routeCases(),
  'web/RecordPageView': [
    { kind: 'missing', name: 'no RouteName', values: { Path: '/x' }, message: 'RouteName is required' },
    { kind: 'missing', name: 'no Path', values: { RouteName: 'Intro' }, message: 'Path is required' },
    {
      kind: 'type',
      name: 'RouteName a number',
      values: { RouteName: 5, Path: '/x' },
      message: 'RouteName must be text',
    },
    {
      kind: 'type',
      name: 'Path null',
      values: { RouteName: 'Intro', Path: null },
      message: 'Path must be text',
    },
    {
      kind: 'value',
      name: 'RouteName empty',
      values: { RouteName: '', Path: '/x' },
      message: 'RouteName must not be empty',
    },
  ],
  'web/ReportClientError': [
    {
      kind: 'missing',
      name: 'no Message',
      values: without(clientError, 'Message'),
      message: 'Message is required',
    },
    {
      kind: 'missing',
      name: 'no Browser',
      values: without(clientError, 'Browser'),
      message: 'Browser is required',
    },
    {
      kind: 'type',
      name: 'EmployeeID as text',
      values: { ...clientError, EmployeeID: 'x' },
      message: 'EmployeeID must be a number',
    },
    { kind: 'type', name: 'URL a number', values: { ...clientError, URL: 5 }, message: 'URL must be text' },
    {
      kind: 'value',
      name: 'Message empty',
      values: { ...clientError, Message: '' },
      message: 'Message must not be empty',
    },
    {
      kind: 'value',
      name: 'Stack too long',
      values: { ...clientError, Stack: 's'.repeat(200_001) },
      message: /^Stack\b.*\b200000\b/,
    },
  ],
  'files/Download': [
    { kind: 'missing', name: 'no FileID', values: {}, message: 'FileID is required' },
    {
      kind: 'value',
      name: 'FileID not a uuid',
      values: { FileID: 'abc' },
      message: 'FileID must be a valid id (a UUID)',
    },
    {
      kind: 'type',
      name: 'FileID repeated',
      values: { FileID: [uuid, uuid] },
      message: 'FileID must be text',
    },
    {
      kind: 'type',
      name: 'FileID a number (POST)',
      values: { FileID: 42 },
      message: 'FileID must be text',
      method: 'POST',
    },
    { kind: 'missing', name: 'no FileID (POST)', values: {}, message: 'FileID is required', method: 'POST' },
  ],
  'web/PostQueueBatch': [
    { kind: 'missing', name: 'no CompressedPosts', values: {}, message: 'CompressedPosts is required' },
    {
      kind: 'type',
      name: 'CompressedPosts text',
      values: { CompressedPosts: 'H4sI' },
      message: 'CompressedPosts must be a list',
    },
    {
      kind: 'type',
      name: 'a chunk a number',
      values: { CompressedPosts: [5] },
      message: 'CompressedPosts.0 must be text',
    },
    {
      kind: 'value',
      name: 'no chunks',
      values: { CompressedPosts: [] },
      message: 'CompressedPosts must have at least 1 item',
    },
    {
      kind: 'value',
      name: 'a chunk over 32768',
      values: { CompressedPosts: ['A'.repeat(32769)] },
      message: /^CompressedPosts\.0\b.*\b32768\b/,
    },
  ],
};

const callsWithFields = platformCalls.filter((c) => payloadFields(c.payload).length > 0);

describe('the bad-input table', () => {
  it('has cases for every platform call whose payload takes fields, and no others', () => {
    expect(Object.keys(badInputs).sort()).toEqual(callsWithFields.map((c) => c.path).sort());
  });

  it.each(callsWithFields.map((c) => [c.path, c] as const))(
    '%s: at least one missing field and one value of the wrong type',
    (_path, call) => {
      const kinds = new Set((badInputs[call.path] ?? []).map((c) => c.kind));
      expect(kinds.has('missing')).toBe(true);
      expect(kinds.has('type')).toBe(true);
    },
  );

  it('knows which calls take fields (the helper reads through refinements and transforms)', () => {
    expect(callsWithFields.map((c) => c.path)).toEqual(
      expect.arrayContaining(['web/UpdateEmployee', 'translation/Translate', 'web/Login', 'files/Download']),
    );
    const none = platformCalls.filter((c) => !callsWithFields.includes(c)).map((c) => c.path);
    expect(none.sort()).toEqual(
      [
        'cache/GetAvatars',
        'files/Upload',
        'web/GetAllEmployeeNamesFirstLast',
        'web/GetPlants',
        'web/GetSession',
        'web/Logout',
      ].sort(),
    );
  });
});

describe.skipIf(!dbAvailable)(`bad input gets a clear error and changes nothing (${dbKind})`, () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    token = (await wire(server.url).login('admin')).token;
  });
  afterAll(() => server?.close());

  /** Sends the call by hand: GET values in the query (arrays repeat the parameter), POST values in a JSON body. */
  async function send(call: CallDef, method: Method, values: Record<string, unknown>) {
    const headers: Record<string, string> = {
      Authorization: token,
      EmployeeID: '1001',
      Compression: 'false',
    };
    let res: Response;
    if (method === 'GET') {
      const q = new URLSearchParams(transport(token, 1001));
      for (const [k, v] of Object.entries(values)) {
        for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
      }
      res = await fetch(`${server.url}${call.path}?${q}`, { headers });
    } else {
      res = await fetch(`${server.url}${call.path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...transport(token, 1001), ...values }),
      });
    }
    return { status: res.status, body: (await res.json()) as Partial<Envelope> & { message?: string } };
  }

  const table = callsWithFields.flatMap((call) =>
    (badInputs[call.path] ?? []).map((c) => [`${call.path}: ${c.name}`, call, c] as const),
  );

  it.each(table)('%s', async (_name, call, bad) => {
    // Any session touch happens now, not between the two fingerprints.
    await fetch(`${server.url}web/GetPlants`, { headers: { Authorization: token } });
    const before = await fingerprint(server.db);
    const { status, body } = await send(call, bad.method ?? call.method, bad.values);
    if (call.response === 'file') {
      // A file call answers a failure as JSON with a message (spec 000 §8), with a 4xx status.
      expect(status).toBe(400);
      expect(body.message).toEqual(
        bad.message instanceof RegExp ? expect.stringMatching(bad.message) : bad.message,
      );
    } else {
      expect(status).toBe(200);
      expect(body).toMatchObject({ Error: true, Sorry: false, Silent: false, ResultJSON: 'null' });
      expect(body.Message).toEqual(
        bad.message instanceof RegExp ? expect.stringMatching(bad.message) : bad.message,
      );
    }
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('the same values made valid are accepted (the table tests the bad field, not something else)', async () => {
    const ok = async (path: string, values: Record<string, unknown>) => {
      const call = platformCalls.find((c) => c.path === path)!;
      const { status, body } = await send(call, call.method, values);
      expect(status).toBe(200);
      expect(body.Error).toBe(false);
    };
    await ok('web/UpdateEmployee', update);
    await ok('web/RecordPageView', { RouteName: 'Intro', Path: '/x' });
    await ok('web/ReportClientError', clientError);
    await ok('translation/Translate', { English: 'Log in', language: 'es' });
    await ok('translation/GetDefaultTranslations', { language: 'es' });
    await ok('cache/GetEmployeeAvatar', { EmployeeID: '1001' });
    await ok('web/VideoLinksForRoute', { RouteName: 'Intro' });
  });
});
