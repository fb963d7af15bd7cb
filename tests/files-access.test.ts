import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

/** Issue 14 §3: who may download a file, and uploads over the limits (size, count, quota). */

type Stored = { FileID: string; Size: number };

async function uploadTo(target: TestServer, who: { token: string }, files: Array<[Blob, string]>) {
  const form = new FormData();
  form.append('Token', who.token);
  for (const [blob, name] of files) form.append('files', blob, name);
  const res = await fetch(`${target.url}files/Upload`, { method: 'POST', body: form });
  const text = await res.text();
  const envelope = JSON.parse(text) as { Error: boolean; Message: string; ResultJSON: string };
  return {
    status: res.status,
    envelope,
    stored: envelope.Error ? [] : (JSON.parse(envelope.ResultJSON) as Stored[]),
  };
}

describe.skipIf(!dbAvailable)(`files: access and limits (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let pm: { token: string; employeeId: number };
  let scheduler: { token: string; employeeId: number };
  let admin: { token: string; employeeId: number };
  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    pm = await api.login('pm');
    scheduler = await api.login('scheduler');
    admin = await api.login('admin');
  });
  afterAll(() => server?.close());

  const upload = (who: { token: string }, files: Array<[Blob, string]>) => uploadTo(server, who, files);
  const download = (who: { token: string }, fileId: string) =>
    api.raw(`files/Download?FileID=${fileId}`, { who: { token: who.token } });

  it('an upload is downloaded by its uploader and a super administrator only, not by another user', async () => {
    const { stored } = await upload(pm, [[new Blob(['private notes']), 'notes.txt']]);
    const fileId = stored[0]!.FileID;
    const other = await download(scheduler, fileId);
    expect(other.status).toBe(403);
    expect((await other.json()).message).toBe(
      "You may not download this file: it belongs to another employee's upload.",
    );
    const own = await download(pm, fileId);
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('private notes');
    expect((await download(admin, fileId)).status).toBe(200);
  });

  it('an employee photo is downloaded by anyone logged in (as every avatar shows it)', async () => {
    const [row] = await server.db.query<{ photo_file_id: string }>(
      'SELECT photo_file_id FROM employees WHERE employee_id = 1001',
    );
    const res = await download(scheduler, row!.photo_file_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/bmp');
  });

  it('a file of a kind with no rule is refused (deny by default)', async () => {
    const { stored } = await upload(pm, [[new Blob(['x']), 'x.txt']]);
    await server.db.query("UPDATE stored_files SET owner_kind = 'order' WHERE file_id = $1", [
      stored[0]!.FileID,
    ]);
    expect((await download(pm, stored[0]!.FileID)).status).toBe(403);
  });

  it.each([
    ['page.html', 'text/html', '<script>alert(1)</script>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['page.xhtml', 'application/xhtml+xml', '<html/>'],
  ])('%s (%s) goes out as an attachment of a type that runs nothing', async (name, type, body) => {
    const { stored } = await upload(pm, [[new Blob([body], { type }), name]]);
    const res = await download(pm, stored[0]!.FileID);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a file over 50 MB answers 413 with an Error envelope naming it, and nothing is stored', async () => {
    const before = await fingerprint(server.db);
    const { status, envelope } = await upload(admin, [
      [new Blob([new Uint8Array(50 * 1024 * 1024 + 1)]), 'huge.bin'],
    ]);
    expect(status).toBe(413);
    expect(envelope).toMatchObject({
      Error: true,
      Message: 'huge.bin is larger than 50 MB, the most one file may be. Nothing was stored.',
    });
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('more than 20 files answer 413 with an Error envelope, and nothing is stored', async () => {
    const before = await fingerprint(server.db);
    const files = Array.from({ length: 21 }, (_, i): [Blob, string] => [new Blob([`f${i}`]), `f${i}.txt`]);
    const { status, envelope } = await upload(admin, files);
    expect(status).toBe(413);
    expect(envelope).toMatchObject({ Error: true, Message: 'Send at most 20 files in one upload.' });
    expect(await fingerprint(server.db)).toBe(before);
  });
});

describe.skipIf(!dbAvailable)(`files: the storage quota (${dbKind})`, () => {
  let quotaServer: TestServer;
  let scheduler2: { token: string };
  let pm2: { token: string };
  beforeAll(async () => {
    // A 3 MB quota, met without sending hundreds of megabytes.
    quotaServer = await startServer({ UPLOAD_QUOTA_MB: '3' });
    const api = wire(quotaServer.url);
    scheduler2 = await api.login('scheduler');
    pm2 = await api.login('pm');
  });
  afterAll(() => quotaServer?.close());
  const upload = uploadTo;

  it('an upload over the employee storage quota (UPLOAD_QUOTA_MB) answers 413 and stores nothing', async () => {
    const mb = (n: number) => new Blob([new Uint8Array(n * 1024 * 1024)]);
    const first = await upload(quotaServer, scheduler2, [[mb(2), 'a.bin']]);
    expect(first.status).toBe(200);
    const before = await fingerprint(quotaServer.db);
    // 2 MB stored, 3 MB allowed: a 2 MB file goes over half-way through its stream.
    const over = await upload(quotaServer, scheduler2, [[mb(2), 'b.bin']]);
    expect(over.status).toBe(413);
    expect(over.envelope.Message).toMatch(/^This upload would go over your storage quota\./);
    expect(await fingerprint(quotaServer.db)).toBe(before);
    // Another employee's quota is their own.
    expect((await upload(quotaServer, pm2, [[mb(2), 'c.bin']])).status).toBe(200);
  });
});
