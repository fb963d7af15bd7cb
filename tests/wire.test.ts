import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, EXPIRED_401_TEXT, WireConstants } from '../domain/contract/wire';
import { StoredFile } from '../domain/platform/files';
import { portraitBmp } from '../server/db/seed';
import { Limits } from '../server/rpc/rpc.plugin';
import { compressPosts, newPostId, randomHex, transport } from './support/contract';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { decodeResult, fingerprint, type Wire, wire } from './support/wire';

interface BatchResult {
  Path: string;
  PostID: string | null;
  Status: 'applied' | 'failed' | 'skipped';
  Envelope: Envelope | null;
}

const envelopeKeys = ['Error', 'Message', 'ResultCompressed', 'ResultJSON', 'ReturnOrder', 'Silent', 'Sorry'];

describe.skipIf(!dbAvailable)(`wire contract (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  /** admin 1001 */
  let admin: { token: string; employeeId: number };
  /** pm 1002 */
  let pm: { token: string; employeeId: number };

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n);

  const clientError = (message: string, extra: Record<string, unknown> = {}) => ({
    Name: 'Alex Morgan',
    EmployeeID: 1001,
    PlantID: 1,
    Browser: 'vitest',
    Message: message,
    Stack: null,
    URL: '/wire-test',
    ...extra,
  });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    pm = await api.login('pm');
  });
  afterAll(() => server?.close());

  describe('envelope (spec 000 §3.3, §8)', () => {
    it('success: no flag set, ResultJSON parses, nothing compressed, no ReturnOrder', async () => {
      const reply = await api.get('web/GetPlants', {}, admin);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.envelope).sort()).toEqual(envelopeKeys);
      expect(reply.envelope).toMatchObject({
        Error: false,
        Sorry: false,
        Silent: false,
        Message: '',
        ResultCompressed: false,
        ReturnOrder: null,
      });
      const plants = JSON.parse(reply.envelope.ResultJSON) as unknown[];
      expect(plants).toHaveLength(12);
    });

    it('Error: a bad payload answers Error with a message naming the field, and ResultJSON null', async () => {
      const reply = await api.post('web/RecordPageView', { Path: '/x' }, admin);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.envelope).sort()).toEqual(envelopeKeys);
      expect(reply.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false, ResultJSON: 'null' });
      expect(reply.envelope.Message).toBe('RouteName is required');
    });

    it('Sorry: the right password of a disabled account is a warning, not an error', async () => {
      await server.db.query('UPDATE employees SET active = false WHERE employee_id = 1011');
      try {
        const reply = await api.post('web/Login', { UserName: 'shipper', Password: 'shipper' });
        expect(reply.status).toBe(200);
        expect(reply.envelope).toMatchObject({
          Sorry: true,
          Error: false,
          Silent: false,
          ResultJSON: 'null',
        });
        expect(reply.envelope.Message).toBe('This account is disabled. Ask an administrator to enable it.');
      } finally {
        await server.db.query('UPDATE employees SET active = true WHERE employee_id = 1011');
      }
    });

    it('Silent: the same client error from the same user within a minute is stored once', async () => {
      const message = `render loop ${randomHex(8)}`;
      const first = await api.post('web/ReportClientError', clientError(message), admin);
      expect(first.envelope).toMatchObject({ Error: false, Sorry: false, Silent: false });
      const second = await api.post('web/ReportClientError', clientError(message), admin);
      expect(second.status).toBe(200);
      expect(second.envelope).toMatchObject({ Silent: true, Error: false, Sorry: false });
      expect(await count('client_errors WHERE message = $1', [message])).toBe(1);
      // Another page is another error.
      const other = await api.post(
        'web/ReportClientError',
        clientError(message, { URL: '/elsewhere' }),
        admin,
      );
      expect(other.envelope.Silent).toBe(false);
      expect(await count('client_errors WHERE message = $1', [message])).toBe(2);
    });

    it('an unknown call path answers 404 with an Error envelope', async () => {
      const get = await api.get('web/NoSuchCall', {}, admin);
      expect(get.status).toBe(404);
      expect(get.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(get.envelope.Message).toBe('There is no call named GET web/NoSuchCall.');
      const post = await api.post('web/NoSuchCall', {}, admin);
      expect(post.status).toBe(404);
      expect(post.envelope.Error).toBe(true);
      // A call that exists only as GET is unknown as POST.
      const wrongMethod = await api.post('web/GetPlants', {}, admin);
      expect(wrongMethod.status).toBe(404);
      expect(wrongMethod.envelope.Message).toBe('There is no call named POST web/GetPlants.');
    });
  });

  describe('compressed results', () => {
    const compressed = { Compression: 'true' };

    it.each([['web/GetSession'], ['cache/GetAvatars']])(
      '%s: base64(gzip) of the same ResultJSON when asked for',
      async (path) => {
        const plain = await api.get(path, {}, admin);
        expect(plain.envelope.ResultCompressed).toBe(false);
        expect(plain.envelope.ResultJSON.length).toBeGreaterThanOrEqual(
          WireConstants.compressResultMinLength,
        );
        const zipped = await api.get(path, {}, { ...admin, headers: compressed });
        expect(zipped.envelope.ResultCompressed).toBe(true);
        expect(zipped.envelope.ResultJSON).not.toBe(plain.envelope.ResultJSON);
        const text = gunzipSync(Buffer.from(zipped.envelope.ResultJSON, 'base64')).toString('utf8');
        expect(text).toBe(plain.envelope.ResultJSON);
      },
    );

    it('a small result stays uncompressed even when asked for', async () => {
      const reply = await api.get(
        'translation/Translate',
        { English: 'Log in', language: 'es' },
        {
          ...admin,
          headers: compressed,
        },
      );
      expect(reply.envelope.ResultCompressed).toBe(false);
      expect(JSON.parse(reply.envelope.ResultJSON)).toBe('Iniciar sesión');
    });

    it(`the threshold is ${WireConstants.compressResultMinLength} characters of ResultJSON`, async () => {
      // Translate into en answers the text itself: ResultJSON is the text plus two quotes.
      const at = async (length: number) => {
        const English = 'a'.repeat(length - 2);
        const reply = await api.get(
          'translation/Translate',
          { English, language: 'en' },
          { ...admin, headers: compressed },
        );
        expect(decodeResult(reply.envelope)).toBe(English);
        return reply.envelope.ResultCompressed;
      };
      expect(await at(WireConstants.compressResultMinLength - 1)).toBe(false);
      expect(await at(WireConstants.compressResultMinLength)).toBe(true);
    });

    it('web/GetPlants follows the same threshold', async () => {
      const plain = await api.get('web/GetPlants', {}, admin);
      const zipped = await api.get('web/GetPlants', {}, { ...admin, headers: compressed });
      expect(zipped.envelope.ResultCompressed).toBe(
        plain.envelope.ResultJSON.length >= WireConstants.compressResultMinLength,
      );
      expect(decodeResult(zipped.envelope)).toEqual(JSON.parse(plain.envelope.ResultJSON));
    });

    it('Compression: false (or absent) never compresses', async () => {
      const off = await api.get('web/GetSession', {}, admin);
      expect(off.envelope.ResultCompressed).toBe(false);
      const absent = await fetch(`${server.url}web/GetSession?Token=${encodeURIComponent(admin.token)}`);
      const envelope = (await absent.json()) as Envelope;
      expect(envelope.ResultCompressed).toBe(false);
      expect(JSON.parse(envelope.ResultJSON)).toMatchObject({ EmployeeID: 1001 });
    });
  });

  describe('ReturnOrder', () => {
    it('echoes the ReturnOrder header', async () => {
      const reply = await api.get('web/GetPlants', {}, { ...admin, headers: { ReturnOrder: '42' } });
      expect(reply.envelope.ReturnOrder).toBe(42);
      const post = await api.post(
        'web/RecordPageView',
        { RouteName: 'ro', Path: '/ro' },
        {
          ...admin,
          headers: { ReturnOrder: '7' },
        },
      );
      expect(post.envelope.ReturnOrder).toBe(7);
    });

    it('echoes it on a failure too', async () => {
      const reply = await api.post('web/RecordPageView', {}, { ...admin, headers: { ReturnOrder: '43' } });
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.ReturnOrder).toBe(43);
    });

    it('is null without the header', async () => {
      const reply = await api.get('web/GetPlants', {}, admin);
      expect(reply.envelope.ReturnOrder).toBeNull();
    });
  });

  describe('queued posts and PostID (brief §4.2)', () => {
    const views = (route: string) => count('page_views WHERE route_name = $1', [route]);

    it('the same PostID twice: identical answers, one row', async () => {
      const PostID = newPostId();
      const route = `pid-${PostID}`;
      const body = { RouteName: route, Path: '/a', PostID, PostQueueEmpty: true };
      const first = await api.post('web/RecordPageView', body, admin);
      const second = await api.post('web/RecordPageView', body, admin);
      expect(first.envelope.Error).toBe(false);
      expect(second.envelope).toEqual(first.envelope);
      expect(await views(route)).toBe(1);
      const applied = await server.db.query<{ path: string }>(
        'SELECT path FROM applied_posts WHERE employee_id = 1001 AND post_id = $1',
        [PostID],
      );
      expect(applied.map((r) => r.path)).toEqual(['web/RecordPageView']);
    });

    it('a different PostID is another post', async () => {
      const route = `pid-${newPostId()}`;
      await api.post('web/RecordPageView', { RouteName: route, Path: '/a', PostID: newPostId() }, admin);
      await api.post('web/RecordPageView', { RouteName: route, Path: '/a', PostID: newPostId() }, admin);
      expect(await views(route)).toBe(2);
    });

    it('the same PostID from another employee is another post (scoped per employee)', async () => {
      const PostID = newPostId();
      const route = `pid-${PostID}`;
      const body = { RouteName: route, Path: '/a', PostID };
      expect((await api.post('web/RecordPageView', body, admin)).envelope.Error).toBe(false);
      expect((await api.post('web/RecordPageView', body, pm)).envelope.Error).toBe(false);
      const rows = await server.db.query<{ employee_id: number }>(
        'SELECT employee_id FROM page_views WHERE route_name = $1 ORDER BY employee_id',
        [route],
      );
      expect(rows.map((r) => r.employee_id)).toEqual([1001, 1002]);
    });

    it('concurrent copies of one post are applied once', async () => {
      const PostID = newPostId();
      const route = `pid-${PostID}`;
      const body = { RouteName: route, Path: '/a', PostID };
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => api.post('web/RecordPageView', body, admin)),
      );
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        expect(reply.envelope).toMatchObject({ Error: false, Sorry: false, Silent: false });
      }
      expect(await views(route)).toBe(1);
      expect(await count('applied_posts WHERE post_id = $1', [PostID])).toBe(1);
    });

    it('a failed post is not recorded as applied, so its retry runs again', async () => {
      const PostID = newPostId();
      const bad = await api.post('web/RecordPageView', { Path: '/a', PostID }, admin);
      expect(bad.envelope.Error).toBe(true);
      expect(await count('applied_posts WHERE post_id = $1', [PostID])).toBe(0);
      const route = `pid-${PostID}`;
      const good = await api.post('web/RecordPageView', { RouteName: route, Path: '/a', PostID }, admin);
      expect(good.envelope.Error).toBe(false);
      expect(await views(route)).toBe(1);
    });

    it.each([true, false, 'yes'])(
      'PostQueueEmpty %s is a transport field, not a payload field',
      async (flag) => {
        const PostID = newPostId();
        const route = `pqe-${PostID}`;
        const reply = await api.post(
          'web/RecordPageView',
          { RouteName: route, Path: '/a', PostID, PostQueueEmpty: flag },
          admin,
        );
        expect(reply.envelope).toMatchObject({ Error: false, Sorry: false, Silent: false });
        expect(await views(route)).toBe(1);
        // The recorded answer (replayed for a repeated PostID) carries nothing of the transport fields.
        const [applied] = await server.db.query<{ envelope: Envelope }>(
          'SELECT envelope FROM applied_posts WHERE employee_id = 1001 AND post_id = $1',
          [PostID],
        );
        expect(JSON.stringify(applied?.envelope)).not.toMatch(/PostQueueEmpty|PostID/);
        // On a field-update call the echoed change is exactly the payload.
        const update = await api.post(
          'web/UpdateEmployee',
          {
            EmployeeID: 1001,
            FieldName: 'ShowMyHelp',
            Value: true,
            PostQueueEmpty: flag,
            PostID: newPostId(),
          },
          admin,
        );
        expect(update.result).toEqual({ EmployeeID: 1001, FieldName: 'ShowMyHelp', Value: true });
      },
    );
  });

  describe('web/PostQueueBatch', () => {
    /** supervisor 1004: the batch tests change only this employee's own record. */
    let supervisor: { token: string; employeeId: number };
    beforeAll(async () => {
      supervisor = await api.login('supervisor');
    });

    const send = (CompressedPosts: string[], who = supervisor) =>
      api.post<BatchResult[]>('web/PostQueueBatch', { CompressedPosts, PostID: newPostId() }, who);
    const body = (payload: Record<string, unknown>, PostID = newPostId(), PostQueueEmpty = false) => ({
      ...payload,
      ...transport(supervisor.token, supervisor.employeeId),
      PostID,
      PostQueueEmpty,
    });
    const employee = async (id: number) =>
      (
        await server.db.query<{ language: string; show_my_help: boolean }>(
          'SELECT language, show_my_help FROM employees WHERE employee_id = $1',
          [id],
        )
      )[0];

    let firstBatch: string[];
    let firstResults: BatchResult[];
    const batchRoute = `batch-a-${randomHex(8)}`;

    it('(a) applies every post in order', async () => {
      expect(await employee(1004)).toEqual({ language: 'en', show_my_help: true });
      const items = [
        { Path: 'web/UpdateEmployee', Body: body({ EmployeeID: 1004, FieldName: 'Language', Value: 'es' }) },
        { Path: 'web/RecordPageView', Body: body({ RouteName: batchRoute, Path: '/batch' }) },
        {
          Path: 'web/UpdateEmployee',
          Body: body({ EmployeeID: 1004, FieldName: 'ShowMyHelp', Value: false }, newPostId(), true),
        },
      ];
      firstBatch = compressPosts(items);
      expect(firstBatch).toHaveLength(1);
      const reply = await send(firstBatch);
      expect(reply.envelope).toMatchObject({ Error: false, Sorry: false, Silent: false });
      firstResults = reply.result;
      expect(firstResults.map((r) => [r.Path, r.PostID, r.Status])).toEqual(
        items.map((i) => [i.Path, i.Body.PostID, 'applied']),
      );
      expect(firstResults[0]?.Envelope).toMatchObject({ Error: false });
      expect(decodeResult(firstResults[0]!.Envelope!)).toEqual({
        EmployeeID: 1004,
        FieldName: 'Language',
        Value: 'es',
      });
      expect(await employee(1004)).toEqual({ language: 'es', show_my_help: false });
      const views = await server.db.query<{ employee_id: number; path: string }>(
        'SELECT employee_id, path FROM page_views WHERE route_name = $1',
        [batchRoute],
      );
      expect(views).toEqual([{ employee_id: 1004, path: '/batch' }]);
      // Each post recorded its own PostID.
      for (const item of items) {
        expect(
          await count('applied_posts WHERE employee_id = 1004 AND post_id = $1', [item.Body.PostID]),
        ).toBe(1);
      }
    });

    it('(d) the same batch again applies nothing twice and answers the first results', async () => {
      await server.db.query("UPDATE employees SET language = 'en' WHERE employee_id = 1004");
      const reply = await send(firstBatch);
      expect(reply.result.map((r) => r.Status)).toEqual(['applied', 'applied', 'applied']);
      expect(reply.result).toEqual(firstResults);
      // Not applied again: the language changed since stays, and there is still one page view.
      expect((await employee(1004))?.language).toBe('en');
      expect(await count('page_views WHERE route_name = $1', [batchRoute])).toBe(1);
      await server.db.query("UPDATE employees SET language = 'es' WHERE employee_id = 1004");
    });

    it('(b) a body that needs several chunks arrives whole', async () => {
      const stack = randomHex(150_000);
      const message = `big batch ${randomHex(8)}`;
      const chunks = compressPosts([
        {
          Path: 'web/ReportClientError',
          Body: body({ ...clientError(message), EmployeeID: 1004, Stack: stack }),
        },
      ]);
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(WireConstants.gzipChunkSize);
      const reply = await send(chunks);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result.map((r) => r.Status)).toEqual(['applied']);
      const rows = await server.db.query<{ stack: string; employee_id: number }>(
        'SELECT stack, employee_id FROM client_errors WHERE message = $1',
        [message],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.employee_id).toBe(1004);
      expect(rows[0]?.stack === stack).toBe(true);
    });

    let failingBatch: string[];
    const routeC1 = `batch-c1-${randomHex(8)}`;
    const routeC3 = `batch-c3-${randomHex(8)}`;

    it('(c) stops at the first failure: applied, failed with its envelope, skipped', async () => {
      const items = [
        { Path: 'web/RecordPageView', Body: body({ RouteName: routeC1, Path: '/c1' }) },
        { Path: 'web/UpdateEmployee', Body: body({ EmployeeID: 1004, FieldName: 'Salary', Value: 1 }) },
        { Path: 'web/RecordPageView', Body: body({ RouteName: routeC3, Path: '/c3' }) },
      ];
      failingBatch = compressPosts(items);
      const reply = await send(failingBatch);
      expect(reply.envelope.Error).toBe(false);
      const [first, second, third] = reply.result;
      expect(first).toMatchObject({
        Path: 'web/RecordPageView',
        PostID: items[0]?.Body.PostID,
        Status: 'applied',
      });
      expect(second).toMatchObject({
        Path: 'web/UpdateEmployee',
        PostID: items[1]?.Body.PostID,
        Status: 'failed',
      });
      expect(second?.Envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(second?.Envelope?.Message).toMatch(
        /^'Salary' is not a field of an employee that can be changed \(allowed: Language, ShowMyHelp, PlantID, /,
      );
      expect(third).toEqual({
        Path: 'web/RecordPageView',
        PostID: items[2]?.Body.PostID,
        Status: 'skipped',
        Envelope: null,
      });
      expect(await count('page_views WHERE route_name = $1', [routeC1])).toBe(1);
      expect(await count('page_views WHERE route_name = $1', [routeC3])).toBe(0);
      expect(await count('applied_posts WHERE post_id = $1', [items[1]?.Body.PostID])).toBe(0);
      expect(await count('applied_posts WHERE post_id = $1', [items[2]?.Body.PostID])).toBe(0);
    });

    it('(d) the failing batch again: the first post is not applied twice, the rest still not applied', async () => {
      const reply = await send(failingBatch);
      expect(reply.result.map((r) => r.Status)).toEqual(['applied', 'failed', 'skipped']);
      expect(await count('page_views WHERE route_name = $1', [routeC1])).toBe(1);
      expect(await count('page_views WHERE route_name = $1', [routeC3])).toBe(0);
    });

    it.each([
      ['not base64 at all', ['%%% not base64 gzip %%%']],
      ['base64 but not gzip', [Buffer.from('just text').toString('base64')]],
      ['gzip but not JSON', [gzipSync('not json').toString('base64')]],
    ])('(e) garbage (%s) is an Error envelope and changes nothing', async (_name, chunks) => {
      const before = await fingerprint(server.db);
      const reply = await send(chunks);
      expect(reply.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(reply.envelope.Message).toBe('CompressedPosts is not a gzipped, base64-encoded list of posts.');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('(e) a gzipped JSON value that is not a list of posts is an Error envelope and changes nothing', async () => {
      const before = await fingerprint(server.db);
      const reply = await send([gzipSync(JSON.stringify([{ Body: {} }])).toString('base64')]);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toBe('CompressedPosts: 0.Path is required');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it.each(['files/Download', 'files/Upload', 'web/PostQueueBatch', 'web/GetPlants', 'web/NoSuchCall'])(
      '(f) an item for %s fails and stops the batch',
      async (path) => {
        const route = `batch-f-${randomHex(8)}`;
        const reply = await send(
          compressPosts([
            {
              Path: path,
              Body: body({ FileID: '00000000-0000-4000-8000-000000000001', CompressedPosts: ['x'] }),
            },
            { Path: 'web/RecordPageView', Body: body({ RouteName: route, Path: '/f' }) },
          ]),
        );
        expect(reply.envelope.Error).toBe(false);
        expect(reply.result.map((r) => r.Status)).toEqual(['failed', 'skipped']);
        expect(reply.result[0]?.Envelope).toMatchObject({
          Error: true,
          Message: `${path} cannot be sent through the post queue.`,
        });
        expect(await count('page_views WHERE route_name = $1', [route])).toBe(0);
      },
    );

    it('without a token is a 401', async () => {
      const reply = await api.post('web/PostQueueBatch', {
        CompressedPosts: compressPosts([
          { Path: 'web/RecordPageView', Body: { RouteName: 'x', Path: '/x' } },
        ]),
      });
      expect(reply.status).toBe(401);
      expect(reply.statusText).toBe(EXPIRED_401_TEXT);
    });
  });

  describe('Big POST (text/plain body with the BigPost header)', () => {
    const bigPost = (body: string, headers: Record<string, string> = { BigPost: 'true' }) =>
      fetch(`${server.url}web/ReportClientError`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Compression: 'false', ...headers },
        body,
      });
    const full = (payload: Record<string, unknown>) =>
      JSON.stringify({ ...payload, ...transport(admin.token, 1001) });

    it('is read as the JSON body and stored', async () => {
      // The call takes a Stack of up to 200000 characters; send the most it takes, with non-ASCII text.
      const stack = `é ${randomHex(199_990)}`;
      const message = `big post ${randomHex(8)}`;
      const res = await bigPost(full(clientError(message, { Stack: stack })));
      expect(res.status).toBe(200);
      const envelope = (await res.json()) as Envelope;
      expect(envelope).toMatchObject({ Error: false, Sorry: false, Silent: false });
      const rows = await server.db.query<{ stack: string }>(
        'SELECT stack FROM client_errors WHERE message = $1',
        [message],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.stack === stack).toBe(true);
    });

    it('a ~3 MB Big POST arrives whole (a batch of queued client errors)', async () => {
      const reports = Array.from({ length: 24 }, (_, i) => ({
        message: `big post batch ${i} ${randomHex(8)}`,
        stack: randomHex(190_000),
      }));
      const CompressedPosts = compressPosts(
        reports.map((r) => ({
          Path: 'web/ReportClientError',
          Body: {
            ...clientError(r.message, { Stack: r.stack }),
            ...transport(admin.token, 1001),
            PostID: newPostId(),
          },
        })),
      );
      const text = JSON.stringify({ CompressedPosts, ...transport(admin.token, 1001) });
      expect(text.length).toBeGreaterThan(3_000_000);
      const res = await fetch(`${server.url}web/PostQueueBatch`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', BigPost: 'true' },
        body: text,
      });
      expect(res.status).toBe(200);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(false);
      const results = decodeResult(envelope) as BatchResult[];
      expect(results.map((r) => r.Status)).toEqual(reports.map(() => 'applied'));
      for (const r of reports) {
        const rows = await server.db.query<{ stack: string }>(
          'SELECT stack FROM client_errors WHERE message = $1',
          [r.message],
        );
        expect(rows.length === 1 && rows[0]?.stack === r.stack).toBe(true);
      }
    });

    it('a ~3 MB Stack reaches the call and is refused by its own limit, with the field named', async () => {
      const message = `too big ${randomHex(8)}`;
      const res = await bigPost(full(clientError(message, { Stack: randomHex(3_000_000) })));
      expect(res.status).toBe(200);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toMatch(/^Stack\b.*200000/);
      expect(await count('client_errors WHERE message = $1', [message])).toBe(0);
    });

    it('a Big POST larger than the JSON body limit still reaches the call (an envelope, not a 413)', async () => {
      const message = `beyond json limit ${randomHex(8)}`;
      const text = full(clientError(message, { Stack: randomHex(12 * 1024 * 1024) }));
      expect(text.length).toBeGreaterThan(Limits.jsonBody);
      const res = await bigPost(text);
      expect(res.status).toBe(200);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toMatch(/^Stack\b.*200000/);
      expect(await count('client_errors WHERE message = $1', [message])).toBe(0);
    });

    it('a plain-text body without the BigPost header is refused and nothing is stored', async () => {
      const message = `no header ${randomHex(8)}`;
      const before = await fingerprint(server.db);
      const res = await bigPost(full(clientError(message)), {});
      const envelope = (await res.json()) as Envelope;
      expect(envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(envelope.Message).toBe('A plain-text body must carry the header BigPost: true.');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('invalid JSON with the BigPost header is an Error envelope', async () => {
      const before = await fingerprint(server.db);
      const res = await bigPost('{"Message": "unterminated');
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toBe('The Big POST body is not valid JSON.');
      expect(await fingerprint(server.db)).toBe(before);
    });
  });

  describe('files', () => {
    const multipart = (parts: Array<[string, Blob, string] | [string, string]>, withToken = true) => {
      const form = new FormData();
      for (const [name, value, fileName] of parts as Array<[string, Blob | string, string?]>) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, value, fileName);
      }
      for (const [k, v] of Object.entries(transport(withToken ? admin.token : null, 1001))) form.append(k, v);
      return fetch(`${server.url}files/Upload`, {
        method: 'POST',
        headers: withToken ? { Authorization: admin.token } : {},
        body: form,
      });
    };
    const upload = async (parts: Array<[string, Blob, string] | [string, string]>, withToken = true) => {
      const res = await multipart(parts, withToken);
      return { status: res.status, statusText: res.statusText, envelope: (await res.json()) as Envelope };
    };
    const storedFiles = () => count('stored_files');

    const text = Buffer.from('hello, plant floor\n');
    const binary = randomBytes(5000);
    let uploaded: StoredFile[];

    it('upload: two files under the repeated field "files" answer two StoredFile records', async () => {
      const before = await storedFiles();
      const reply = await upload([
        ['files', new Blob([text], { type: 'text/plain' }), 'notes.txt'],
        ['files', new Blob([binary], { type: 'application/octet-stream' }), 'plan é.pdf'],
      ]);
      expect(reply.status).toBe(200);
      expect(reply.envelope.Error).toBe(false);
      uploaded = StoredFile.array().parse(decodeResult(reply.envelope));
      expect(uploaded).toHaveLength(2);
      expect(uploaded[0]).toMatchObject({
        FileName: 'notes.txt',
        ContentType: 'text/plain',
        Size: text.length,
        UploadedBy: 1001,
      });
      expect(uploaded[1]).toMatchObject({
        FileName: 'plan é.pdf',
        ContentType: 'application/octet-stream',
        Size: binary.length,
        UploadedBy: 1001,
      });
      for (const f of uploaded) expect(f.FileID).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(uploaded[0]!.UploadedAt))).toBe(false);
      expect(await storedFiles()).toBe(before + 2);
      const [row] = await server.db.query<{ bytes: Uint8Array }>(
        'SELECT bytes FROM stored_files WHERE file_id = $1',
        [uploaded[1]!.FileID],
      );
      expect(Buffer.from(row!.bytes).equals(binary)).toBe(true);
    });

    it('upload: a file under another field name is refused and nothing is stored', async () => {
      const before = await fingerprint(server.db);
      const reply = await upload([
        ['files', new Blob([text], { type: 'text/plain' }), 'ok.txt'],
        ['file', new Blob([text], { type: 'text/plain' }), 'wrong.txt'],
      ]);
      expect(reply.envelope).toMatchObject({ Error: true, Sorry: false, Silent: false });
      expect(reply.envelope.Message).toBe('Files must be sent in the "files" field, not "file".');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('upload: no files is an Error envelope', async () => {
      const before = await fingerprint(server.db);
      const reply = await upload([['note', 'no file here']]);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toBe('Choose at least one file to upload (multipart field "files").');
      expect(await fingerprint(server.db)).toBe(before);
    });

    it('upload: no token is a 401', async () => {
      const before = await storedFiles();
      const reply = await upload([['files', new Blob([text], { type: 'text/plain' }), 'a.txt']], false);
      expect(reply.status).toBe(401);
      expect(reply.statusText).toBe(EXPIRED_401_TEXT);
      expect(reply.envelope.Error).toBe(true);
      expect(await storedFiles()).toBe(before);
    });

    it('upload: a multipart body to another call is refused', async () => {
      const form = new FormData();
      form.append('files', new Blob([text]), 'a.txt');
      const res = await fetch(`${server.url}web/RecordPageView`, {
        method: 'POST',
        headers: { Authorization: admin.token },
        body: form,
      });
      const envelope = (await res.json()) as Envelope;
      expect(envelope.Error).toBe(true);
      expect(envelope.Message).toBe('web/RecordPageView does not take a file upload.');
    });

    const query = (values: Record<string, string>, token: string | null = null) =>
      new URLSearchParams({ ...transport(token, 1001), ...values }).toString();

    it('download by GET with the Authorization header: the exact bytes, type and file name', async () => {
      const file = uploaded[0]!;
      const res = await fetch(`${server.url}files/Download?${query({ FileID: file.FileID })}`, {
        headers: { Authorization: admin.token },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(text)).toBe(true);
    });

    it('download: a non-ASCII file name travels as filename*=UTF-8', async () => {
      const file = uploaded[1]!;
      const res = await fetch(`${server.url}files/Download?${query({ FileID: file.FileID })}`, {
        headers: { Authorization: admin.token },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toContain(`filename*=UTF-8''plan%20%C3%A9.pdf`);
      // The plain filename= fallback is ASCII only.
      expect(disposition).toMatch(/^attachment; filename="plan _\.pdf"; /);
      expect(Buffer.from(await res.arrayBuffer()).equals(binary)).toBe(true);
    });

    it('download by POST with a JSON body carrying the token: the same bytes', async () => {
      const file = uploaded[1]!;
      const res = await fetch(`${server.url}files/Download`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ FileID: file.FileID, ...transport(admin.token, 1001) }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(Buffer.from(await res.arrayBuffer()).equals(binary)).toBe(true);
    });

    it('download: an unknown file is a 404 with a JSON message', async () => {
      const res = await fetch(
        `${server.url}files/Download?${query({ FileID: '00000000-0000-4000-8000-000000000000' })}`,
        {
          headers: { Authorization: admin.token },
        },
      );
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { message: string }).message).toBe(
        'That file does not exist or was deleted.',
      );
    });

    it('download: a FileID that is not a uuid is a 4xx with a JSON message', async () => {
      const res = await fetch(`${server.url}files/Download?${query({ FileID: 'not-a-uuid' })}`, {
        headers: { Authorization: admin.token },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { message: string }).message).toBe('FileID must be a valid id (a UUID)');
    });

    it('download: no token is a 401 with a JSON message', async () => {
      const res = await fetch(`${server.url}files/Download?${query({ FileID: uploaded[0]!.FileID })}`);
      expect(res.status).toBe(401);
      expect(res.statusText).toBe(EXPIRED_401_TEXT);
      expect(((await res.json()) as { message: string }).message).toBe(EXPIRED_401_TEXT);
    });
  });

  describe('employee photo (an <img> with the token in the query)', () => {
    const photo = (name: string, token: string | null = admin.token) =>
      fetch(`${server.url}mes/GetEmployeePhoto?${new URLSearchParams({ photo: name, Token: token ?? '' })}`);

    it('1001.bmp: 200 image/bmp, the seeded bitmap', async () => {
      const res = await photo('1001.bmp');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/bmp');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString('ascii')).toBe('BM');
      expect(bytes.equals(portraitBmp([31, 111, 235]))).toBe(true);
    });

    it('1002.bmp (no photo): 404 with a JSON message', async () => {
      const res = await photo('1002.bmp');
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        'There is no photo for employee 1002.',
      );
    });

    it('photo=abc: a 4xx with a message', async () => {
      const res = await photo('abc');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message).toBe(
        'photo must be an employee id followed by .bmp',
      );
    });

    it('without a token: 401', async () => {
      const res = await photo('1001.bmp', null);
      expect(res.status).toBe(401);
    });
  });
});
