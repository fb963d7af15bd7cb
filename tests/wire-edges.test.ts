import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

describe.skipIf(!dbAvailable)(`wire edge cases (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: { token: string; employeeId: number };
  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
  });
  afterAll(() => server?.close());

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: { Authorization: admin.token, ...headers },
    });

  it('malformed JSON answers an Error envelope, not a framework page', async () => {
    const res = await post('web/RecordPageView', '{"RouteName": ', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Error: true, Message: 'The request body is not valid JSON.' });
  });

  it('an unsupported content type answers 415 with an Error envelope', async () => {
    const res = await post('web/RecordPageView', '<x/>', { 'Content-Type': 'application/xml' });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.Error).toBe(true);
    expect(body.Message).toMatch(/^The content type application\/xml is not accepted/);
  });

  it('a JSON body over 10 MB answers 413 with an Error envelope', async () => {
    const res = await post(
      'web/RecordPageView',
      JSON.stringify({ RouteName: 'x'.repeat(11 * 1024 * 1024) }),
      {
        'Content-Type': 'application/json',
      },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ Error: true, Message: 'The request is too large.' });
  });

  it('BigPost: false is not a Big POST', async () => {
    const before = await fingerprint(server.db);
    const res = await post('web/RecordPageView', JSON.stringify({ RouteName: 'Intro', Path: '/intro' }), {
      'Content-Type': 'text/plain;charset=UTF-8',
      BigPost: 'false',
    });
    expect((await res.json()).Message).toBe('A plain-text body must carry the header BigPost: true.');
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('an anonymous upload is refused at its first file, before the server buffers it', async () => {
    const form = new FormData();
    form.append('Interface', 'pm');
    form.append('files', new Blob([new Uint8Array(5 * 1024 * 1024)]), 'big.bin');
    const res = await fetch(`${server.url}files/Upload`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
    const rows = await server.db.query('SELECT 1 FROM stored_files WHERE file_name = $1', ['big.bin']);
    expect(rows).toHaveLength(0);
  });

  it("file names in Content-Disposition follow RFC 5987 (' ( ) * escaped)", async () => {
    const form = new FormData();
    form.append('Token', admin.token);
    form.append('files', new Blob(['hello']), "O'Neil (draft)*.txt");
    const up = await fetch(`${server.url}files/Upload`, { method: 'POST', body: form });
    const [file] = JSON.parse((await up.json()).ResultJSON) as Array<{ FileID: string }>;
    const res = await api.raw(`files/Download?FileID=${file!.FileID}`, { who: { token: admin.token } });
    expect(res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''O%27Neil%20%28draft%29%2A.txt",
    );
  });

  it('messages read as sentences for length, format and missing enum values', async () => {
    const who = admin;
    const long = await api.get('web/VideoLinksForRoute', { RouteName: 'x'.repeat(201) }, who);
    expect(long.envelope.Message).toBe('RouteName must be at most 200 characters');
    const empty = await api.get('web/SOPLinksForRoute', { RouteName: '' }, who);
    expect(empty.envelope.Message).toMatch(/^RouteName (must not be empty|is required)$/);
    const email = await api.post(
      'web/UpdateEmployee',
      { EmployeeID: 1002, FieldName: 'Email', Value: 'nope' },
      who,
    );
    expect(email.envelope.Message).toBe('Value for Email must be an e-mail address');
    const name = await api.post(
      'web/UpdateEmployee',
      { EmployeeID: 1002, FieldName: 'FirstName', Value: '' },
      who,
    );
    expect(name.envelope.Message).toBe('Value for FirstName must not be empty');
    const lang = await api.get('translation/GetDefaultTranslations', {}, who);
    expect(lang.envelope.Message).toBe('language is required');
  });
});
