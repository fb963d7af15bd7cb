import { gzip } from 'pako';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../domain/contract/call';
import { describeZodError } from '../../domain/contract/errors';
import { EXPIRED_401_TEXT, OTHER_USER_401_TEXT } from '../../domain/contract/wire';
import { GetPlants, Login, Translate, UpdateEmployee } from '../../domain/platform';
import { ApiError } from './errors';
import { createLoadingStore } from './loading';
import { deferred, envelopeResponse, jsonResponse, makeClient, rejectionOf, testSession } from './testing';

const plant = {
  PlantID: 6,
  PlantName: 'Dyersburg',
  ShortName: 'DYB',
  Country: 'US',
  Subcontractor: false,
  TimeZone: 'America/Chicago',
};

/** A GET call with every kind of query value. */
const Probe = defineCall({
  method: 'GET',
  path: 'web/Probe',
  summary: 'test only',
  access: 'user',
  payload: z.object({
    Count: z.number(),
    Flag: z.boolean(),
    Name: z.string(),
    Nothing: z.string().nullable(),
    Missing: z.string().optional(),
  }),
  result: z.unknown(),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request headers and URL', () => {
  it('sends every wire header with its exact name, credentials and the relative path under /api/', async () => {
    const t = makeClient(() => envelopeResponse({ result: [plant] }));
    await t.client.get(GetPlants, {});
    const [request] = t.requests;
    expect(request?.url.startsWith('/api/web/GetPlants?')).toBe(true);
    expect(request?.method).toBe('GET');
    expect(request?.credentials).toBe('include');
    expect(request?.headers).toEqual({
      Compression: 'true',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      EmployeeID: '42',
      Authorization: 'tok-abc',
      ConnectionID: 'conn-1',
    });
  });

  it('sends Compression false, an empty ConnectionID and a custom base', async () => {
    const t = makeClient(() => envelopeResponse({ result: [] }), {
      compression: false,
      getConnectionId: () => null,
      base: 'https://mes.example.com/api',
    });
    await t.client.get(GetPlants, {});
    expect(t.requests[0]?.url.startsWith('https://mes.example.com/api/web/GetPlants?')).toBe(true);
    expect(t.requests[0]?.headers.Compression).toBe('false');
    expect(t.requests[0]?.headers.ConnectionID).toBe('');
  });

  it('sends empty credentials and null ids when nobody is logged in', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }), { getSession: () => null });
    await t.client.post(Login, { UserName: 'jdoe', Password: 'secret' });
    const request = t.requests[0];
    expect(request?.headers.EmployeeID).toBe('');
    expect(request?.headers.Authorization).toBe('');
    expect(request?.json?.Token).toBe('');
    expect(JSON.parse(String(request?.json?.TransmissionInfoJSON))).toEqual({
      DeviceOS: 'TestOS',
      DeviceType: 'web',
      PlantID: null,
      EmployeeID: null,
    });
  });
});

describe('GET query', () => {
  it('carries TransmissionInfoJSON, Token, Interface and the payload values as text, skipping null and undefined', async () => {
    const t = makeClient(() => envelopeResponse({ result: 1 }));
    await t.client.get(Probe, { Count: 3, Flag: false, Name: 'a b&c', Nothing: null, Missing: undefined });
    const query = t.requests[0]?.query;
    expect(JSON.parse(query?.get('TransmissionInfoJSON') ?? '')).toEqual({
      DeviceOS: 'TestOS',
      DeviceType: 'web',
      PlantID: 6,
      EmployeeID: 42,
    });
    expect(query?.get('Token')).toBe('tok-abc');
    expect(query?.get('Interface')).toBe('pm');
    expect(query?.get('Count')).toBe('3');
    expect(query?.get('Flag')).toBe('false');
    expect(query?.get('Name')).toBe('a b&c');
    expect(query?.has('Nothing')).toBe(false);
    expect(query?.has('Missing')).toBe(false);
    expect([...(query?.keys() ?? [])].sort()).toEqual([
      'Count',
      'Flag',
      'Interface',
      'Name',
      'Token',
      'TransmissionInfoJSON',
    ]);
  });

  it('sends the payload as given (the server runs the schema itself)', async () => {
    const t = makeClient(() => envelopeResponse({ result: 'Hola' }));
    const text = await t.client.get(Translate, { english: 'Hello', language: 'es' });
    expect(text).toBe('Hola');
    expect(t.requests[0]?.query.get('english')).toBe('Hello');
    expect(t.requests[0]?.query.get('language')).toBe('es');
  });
});

describe('POST body', () => {
  it('is JSON with the payload and the three transport fields', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    await t.client.post(UpdateEmployee, { EmployeeID: 42, FieldName: 'Language', Value: 'es' });
    const request = t.requests[0];
    expect(request?.url).toBe('/api/web/UpdateEmployee');
    expect(request?.method).toBe('POST');
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.headers.BigPost).toBeUndefined();
    expect(request?.json).toEqual({
      EmployeeID: 42,
      FieldName: 'Language',
      Value: 'es',
      TransmissionInfoJSON: JSON.stringify({
        DeviceOS: 'TestOS',
        DeviceType: 'web',
        PlantID: 6,
        EmployeeID: 42,
      }),
      Token: 'tok-abc',
      Interface: 'pm',
    });
  });

  it('big post sends the same body as text/plain with BigPost: true', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    await t.client.bigPost(UpdateEmployee, { EmployeeID: 42, FieldName: 'Title', Value: 'x'.repeat(150) });
    const request = t.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers['Content-Type']).toBe('text/plain;charset=UTF-8');
    expect(request?.headers.BigPost).toBe('true');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(typeof request?.body).toBe('string');
    expect(request?.json).toMatchObject({
      EmployeeID: 42,
      FieldName: 'Title',
      Token: 'tok-abc',
      Interface: 'pm',
    });
    expect(request?.json?.Value).toBe('x'.repeat(150));
  });
});

describe('successful answers', () => {
  it('parses ResultJSON into data and keeps Message', async () => {
    const t = makeClient(() => envelopeResponse({ result: [plant], Message: 'Loaded 1 plant' }));
    const answer = await t.client.request(GetPlants, {});
    expect(answer).toEqual({ data: [plant], message: 'Loaded 1 plant' });
    expect(t.shown).toEqual([]);
  });

  it('decodes a compressed ResultJSON (base64 of gzip)', async () => {
    const plants = Array.from({ length: 50 }, (_, i) => ({
      ...plant,
      PlantID: i,
      PlantName: `Plant ${i} — ñ`,
    }));
    const compressed = Buffer.from(gzip(JSON.stringify(plants))).toString('base64');
    const t = makeClient(() => envelopeResponse({ ResultJSON: compressed, ResultCompressed: true }));
    await expect(t.client.get(GetPlants, {})).resolves.toEqual(plants);
  });

  it('logs answers longer than 2000 characters with the path and length, and not shorter ones', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const big = envelopeResponse({ result: 'y'.repeat(2100) });
    const bigLength = (await big.clone().text()).length;
    const t = makeClient((_, index) => (index === 0 ? big : envelopeResponse({ result: 'short' })));
    await t.client.get(Probe, { Count: 1, Flag: true, Name: 'n', Nothing: null });
    expect(debug).toHaveBeenCalledTimes(1);
    expect(debug.mock.calls[0]).toContain('web/Probe');
    expect(debug.mock.calls[0]).toContain(bigLength);
    await t.client.get(Probe, { Count: 1, Flag: true, Name: 'n', Nothing: null });
    expect(debug).toHaveBeenCalledTimes(1);
  });

  it('answers a 200 that is not an envelope with an http error', async () => {
    const t = makeClient(() => new Response('<html>proxy</html>', { status: 200 }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('http');
    expect(t.shown.map((s) => s.hook)).toEqual(['showError']);
  });
});

describe('envelope error catalogue', () => {
  it('Error: shows Message as an error, logs it and rejects with kind error', async () => {
    const t = makeClient(() => envelopeResponse({ Error: true, Message: 'Plant 99 does not exist' }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'error', message: 'Plant 99 does not exist' });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'Plant 99 does not exist' }]);
    expect(t.logged.some((entry) => entry.includes('Plant 99 does not exist'))).toBe(true);
  });

  it('Sorry: shows Message as a warning, logs it and rejects with kind sorry', async () => {
    const t = makeClient(() => envelopeResponse({ Sorry: true, Message: 'Someone else is editing this' }));
    const error = await rejectionOf(
      t.client.post(UpdateEmployee, { EmployeeID: 1, FieldName: 'Title', Value: 'x' }),
    );
    expect(error).toMatchObject({ kind: 'sorry', message: 'Someone else is editing this' });
    expect(t.shown).toEqual([{ hook: 'showWarning', message: 'Someone else is editing this' }]);
    expect(t.logged.some((entry) => entry.includes('Someone else is editing this'))).toBe(true);
  });

  it('inline: the screen shows the failure in place, so Error, Sorry and HTTP errors raise no alert', async () => {
    const answers = [
      envelopeResponse({ Error: true, Message: 'The user name or password is not correct.' }),
      envelopeResponse({ Sorry: true, Message: 'Job J999999 was not found.' }),
      jsonResponse({ Error: true, Message: 'Too many failed logins' }, { status: 429 }),
    ];
    const t = makeClient(() => answers.shift()!);
    const login = await rejectionOf(
      t.client.post(Login, { UserName: 'pm', Password: 'x' }, { inline: true }),
    );
    expect(login).toMatchObject({ kind: 'error', message: 'The user name or password is not correct.' });
    const plan = await rejectionOf(t.client.get(GetPlants, {}, { inline: true }));
    expect(plan).toMatchObject({ kind: 'sorry', message: 'Job J999999 was not found.' });
    const limited = await rejectionOf(
      t.client.post(Login, { UserName: 'pm', Password: 'x' }, { inline: true }),
    );
    expect(limited).toMatchObject({ kind: 'http', message: 'Too many failed logins' });
    expect(t.shown).toEqual([]);
    expect(t.logged.some((entry) => entry.includes('Job J999999 was not found.'))).toBe(true);
  });

  it('Silent: rejects with the Message and shows nothing', async () => {
    const t = makeClient(() => envelopeResponse({ Silent: true, Message: 'nothing changed' }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({ kind: 'silent', message: 'nothing changed' });
    expect(t.shown).toEqual([]);
  });
});

describe('ReturnOrder', () => {
  it('rejects the older answer that arrives after a newer request was sent', async () => {
    const first = deferred<Response>();
    const second = deferred<Response>();
    const t = makeClient((_, index) => (index === 0 ? first.promise : second.promise));
    const older = t.client.get(GetPlants, {}, { returnOrder: true });
    const newer = t.client.get(GetPlants, {}, { returnOrder: true });
    await vi.waitFor(() => expect(t.requests).toHaveLength(2));
    expect(t.requests[0]?.headers.ReturnOrder).toBe('1');
    expect(t.requests[1]?.headers.ReturnOrder).toBe('2');

    second.resolve(envelopeResponse({ result: [plant], ReturnOrder: 2 }));
    await expect(newer).resolves.toEqual([plant]);
    first.resolve(envelopeResponse({ result: [], ReturnOrder: 1 }));
    const error = await rejectionOf(older);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'outOfOrder', message: 'out of order response' });
    expect(t.shown).toEqual([]);
  });

  it('accepts an answer whose ReturnOrder is the latest sent, and counts each path apart', async () => {
    const t = makeClient((request) =>
      envelopeResponse({ result: 1, ReturnOrder: Number(request.headers.ReturnOrder) }),
    );
    await expect(t.client.get(GetPlants, {}, { returnOrder: true })).resolves.toBe(1);
    await expect(t.client.get(GetPlants, {}, { returnOrder: true })).resolves.toBe(1);
    await t.client.get(Probe, { Count: 1, Flag: true, Name: 'n', Nothing: null }, { returnOrder: true });
    expect(t.requests.map((r) => r.headers.ReturnOrder)).toEqual(['1', '2', '1']);
  });

  it('rejects an answer carrying a stale ReturnOrder even when it arrives first', async () => {
    const t = makeClient(() => envelopeResponse({ result: 1, ReturnOrder: 7 }));
    const error = await rejectionOf(t.client.get(GetPlants, {}, { returnOrder: true }));
    expect(error).toMatchObject({ kind: 'outOfOrder', message: 'out of order response' });
  });

  it('sends no ReturnOrder header without the option', async () => {
    const t = makeClient(() => envelopeResponse({ result: 1, ReturnOrder: 99 }));
    await expect(t.client.get(GetPlants, {})).resolves.toBe(1);
    expect('ReturnOrder' in (t.requests[0]?.headers ?? {})).toBe(false);
  });
});

describe('HTTP failures', () => {
  it('401 for an expired session calls onUnauthorized(statusText, false) and shows nothing itself', async () => {
    const t = makeClient(() => new Response(null, { status: 401, statusText: EXPIRED_401_TEXT }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: EXPIRED_401_TEXT });
    expect(t.unauthorized).toEqual([{ statusText: EXPIRED_401_TEXT, otherUser: false }]);
    expect(t.shown).toEqual([]);
  });

  it('401 for another user calls onUnauthorized(statusText, true)', async () => {
    const t = makeClient(() => new Response(null, { status: 401, statusText: OTHER_USER_401_TEXT }));
    const error = await rejectionOf(
      t.client.post(UpdateEmployee, { EmployeeID: 42, FieldName: 'Language', Value: 'en' }),
    );
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(t.unauthorized).toEqual([{ statusText: OTHER_USER_401_TEXT, otherUser: true }]);
  });

  it('shows the Message of a JSON error body as an error', async () => {
    const t = makeClient(() => jsonResponse({ Message: 'Database unavailable' }, { status: 500 }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Database unavailable' });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'Database unavailable' }]);
  });

  it('shows a lowercase message too', async () => {
    const t = makeClient(() => jsonResponse({ message: 'Body too large' }, { status: 413 }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({ kind: 'http', status: 413, message: 'Body too large' });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'Body too large' }]);
  });

  it('shows the Message as a warning when the body says Sorry', async () => {
    const t = makeClient(() => jsonResponse({ Sorry: true, Message: 'You cannot do that' }, { status: 403 }));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(t.shown).toEqual([{ hook: 'showWarning', message: 'You cannot do that' }]);
  });

  it('shows a generic error with the status when the body has no message', async () => {
    const t = makeClient(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      message: 'The server answered 502 Bad Gateway',
    });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'The server answered 502 Bad Gateway' }]);
    expect(t.unauthorized).toEqual([]);
  });

  it('network failure shows the connection message and rejects with kind network', async () => {
    const t = makeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejectionOf(t.client.get(GetPlants, {}));
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Cannot reach the server. Check the connection and try again.',
    });
    expect(t.shown).toEqual([
      { hook: 'showError', message: 'Cannot reach the server. Check the connection and try again.' },
    ]);
  });
});

describe('loading indicator', () => {
  it('is on while a request is pending and off after it succeeded', async () => {
    const loading = createLoadingStore();
    const answer = deferred<Response>();
    const seenAtFetch: boolean[] = [];
    const t = makeClient(
      () => {
        seenAtFetch.push(loading.getSnapshot());
        return answer.promise;
      },
      { loading },
    );
    const changes: boolean[] = [];
    loading.subscribe(() => changes.push(loading.getSnapshot()));
    expect(loading.getSnapshot()).toBe(false);
    const pending = t.client.get(GetPlants, {});
    await vi.waitFor(() => expect(t.requests).toHaveLength(1));
    expect(seenAtFetch).toEqual([true]);
    expect(loading.getSnapshot()).toBe(true);
    answer.resolve(envelopeResponse({ result: [] }));
    await pending;
    expect(loading.getSnapshot()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('stays on until the last of two requests ended, and ends on failures too', async () => {
    const first = deferred<Response>();
    const second = deferred<Response>();
    const t = makeClient((_, index) => (index === 0 ? first.promise : second.promise));
    const a = rejectionOf(t.client.get(GetPlants, {}));
    const b = rejectionOf(t.client.get(GetPlants, {}));
    await vi.waitFor(() => expect(t.requests).toHaveLength(2));
    first.resolve(envelopeResponse({ Error: true, Message: 'boom' }));
    await a;
    expect(t.loading.getSnapshot()).toBe(true);
    second.resolve(new Response(null, { status: 401, statusText: EXPIRED_401_TEXT }));
    await b;
    expect(t.loading.getSnapshot()).toBe(false);
  });

  it('ends after a network failure', async () => {
    const t = makeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await rejectionOf(t.client.get(GetPlants, {}));
    expect(t.loading.getSnapshot()).toBe(false);
  });
});

describe('payload validation', () => {
  it('rejects an invalid payload with the described zod error, shows it and never fetches', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    const payload = { UserName: '   ', Password: '' };
    const parsed = Login.payload.safeParse(payload);
    if (parsed.success) throw new Error('the test payload should be invalid');
    const expected = describeZodError(parsed.error);
    const error = await rejectionOf(t.client.post(Login, payload));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid', message: expected });
    expect(t.shown).toEqual([{ hook: 'showError', message: expected }]);
    expect(t.requests).toHaveLength(0);
    expect(t.loading.getSnapshot()).toBe(false);
  });

  it('uses the field-update whitelist of the call', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    const error = await rejectionOf(
      t.client.post(UpdateEmployee, { EmployeeID: 42, FieldName: 'Salary', Value: 1 }),
    );
    expect(error).toMatchObject({ kind: 'invalid' });
    expect((error as ApiError).message).toContain(
      "'Salary' is not a field of an employee that can be changed",
    );
    expect(t.requests).toHaveLength(0);
  });
});

describe('queuedPostBody and photoUrl', () => {
  it('returns the path and the payload to enqueue', () => {
    const t = makeClient(() => envelopeResponse());
    expect(
      t.client.queuedPostBody(UpdateEmployee, { EmployeeID: 42, FieldName: 'ShowMyHelp', Value: true }),
    ).toEqual({
      path: 'web/UpdateEmployee',
      body: { EmployeeID: 42, FieldName: 'ShowMyHelp', Value: true },
    });
    expect(t.requests).toHaveLength(0);
  });

  it('throws ApiError invalid with the described zod error', () => {
    const t = makeClient(() => envelopeResponse());
    let caught: unknown;
    try {
      t.client.queuedPostBody(UpdateEmployee, { EmployeeID: 42, FieldName: 'Language', Value: 'fr' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ kind: 'invalid', message: 'Value for Language must be one of: en, es' });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'Value for Language must be one of: en, es' }]);
  });

  it('photoUrl points at mes/GetEmployeePhoto with {id}.bmp, Token and TransmissionInfoJSON', () => {
    const t = makeClient(() => envelopeResponse());
    const url = t.client.photoUrl(17);
    expect(url.startsWith('/api/mes/GetEmployeePhoto?')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(query.get('photo')).toBe('17.bmp');
    expect(query.get('Token')).toBe(testSession.TokenID);
    expect(JSON.parse(query.get('TransmissionInfoJSON') ?? '')).toMatchObject({ EmployeeID: 42, PlantID: 6 });
  });
});
