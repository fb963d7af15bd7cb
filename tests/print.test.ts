import { inflate } from 'pako';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../server/db/seed';
import { documentHistory } from '../server/kit/document.repository';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * Print and mail of a kit record (issue 16 item 7) on /devices: a real PDF whose long history spans
 * pages with the table's header on every page; allowed exactly to whoever may read the record (the
 * type's read flag and its plant); mailing queues the PDF in the outbox.
 */

/** Each page's text: the content streams inflated, pdfkit's hex strings decoded (standard fonts, WinAnsi). */
function pagesText(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const raw = inflate(pdf.subarray(start, end));
      const body = Buffer.from(raw).toString('latin1');
      // One text run per TJ; kerning splits a run into several hex strings, joined back here.
      const hex = (run: string) =>
        [...run.matchAll(/<([0-9a-fA-F]+)>/g)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join('');
      const strings = [...body.matchAll(/\[(.*?)\]\s*TJ/g)].map((m) => hex(m[1]!));
      // pdfkit writes a word space as a space plus an offset: read as one space.
      if (strings.length) streams.push(strings.join(' ').replace(/\s+/g, ' '));
    } catch {
      // Not a deflated content stream (fonts, images): nothing to read.
    }
    re.lastIndex = end;
  }
  return streams;
}

describe.skipIf(!dbAvailable)(`print and mail a record (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let it6: Caller;
  let nobody: Caller;
  let deviceId: number;
  const fingerprint = () =>
    tablesFingerprint(server.db, ['mail_outbox', 'stored_files', 'job_queue', 'change_log']);
  const { post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });
  const print = (who: Caller, values: Record<string, string | number>) =>
    api.raw(
      `web/PrintDocument?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`,
      {
        who: { token: who.token },
      },
    );

  beforeAll(async () => {
    server = await startServer({}, { jobs: false });
    api = wire(server.url);
    await createEmployee(server.db, {
      employeeId: 9601,
      userName: 'it6print',
      password: 'it6print',
      firstName: 'Ivy',
      lastName: 'Six',
      title: 'IT',
      plantId: 6,
      flags: ['informationTechnology'],
    });
    await createEmployee(server.db, {
      employeeId: 9602,
      userName: 'noreadprint',
      password: 'noreadprint',
      firstName: 'No',
      lastName: 'Read',
      title: 'Test',
      plantId: 1,
      flags: ['supervisor'],
    });
    admin = await api.login('admin');
    it6 = await api.login('it6print');
    nobody = await api.login('noreadprint');
    const added = await post<{ Record: { DeviceID: number } }>('web/AddDevice', {
      Name: 'Saw tablet',
      Kind: 'tablet',
      PlantID: 1,
      Location: 'Bay 3',
    });
    deviceId = added.Record.DeviceID;
    // A long history: 150 location changes, enough for several pages.
    for (let i = 1; i <= 150; i++) {
      await documentHistory.add(server.db, {
        type: 'device',
        id: deviceId,
        field: 'Location',
        old: `Bay ${i}`,
        new: `Bay ${i + 1}`,
        employeeId: 1,
        name: 'Admin',
        call: 'web/UpdateDevice',
      });
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('answers a PDF whose long history spans pages with the header row on every page', async () => {
    const reply = await print(admin, { Type: 'device', ID: deviceId });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/pdf/);
    const pdf = Buffer.from(await reply.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pagesText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toContain('Device');
    expect(pages[0]).toContain('Saw tablet');
    expect(pages[0]).toContain('Long Valley');
    // The history table's header row repeats on every page it runs over (headerRows: 1).
    for (const page of pages) {
      expect(page).toContain('When');
      expect(page).toContain('What changed');
    }
    // Every change is there, each row whole on one page (dontBreakRows: no row's text is cut across two).
    const all = pages.join(' ');
    for (const i of [1, 75, 150]) expect(all).toContain(`Location: from Bay ${i} to Bay ${i + 1}`);
  });

  it('is refused to a user of another plant, to a user without the read flag, and for unknown types', async () => {
    const other = await print(it6, { Type: 'device', ID: deviceId });
    expect(other.status).toBe(403);
    expect((await other.json()).message).toMatch(/plant/i);
    const noFlag = await print(nobody, { Type: 'device', ID: deviceId });
    expect(noFlag.status).toBe(403);
    expect((await noFlag.json()).message).toMatch(/permission to read devices/);
    const unknown = await print(admin, { Type: 'spaceship', ID: 1 });
    expect((await unknown.json()).message).toMatch(/Type: there is no document type 'spaceship'/);
    const missing = await print(admin, { Type: 'device', ID: 999999 });
    expect((await missing.json()).message).toMatch(/there is no device 999999/);
  });

  it('mails the PDF: the message with the attachment waits in the outbox (no SMTP_URL)', async () => {
    const sent = await post<{ MailID: number; Sending: boolean }>('web/MailDocument', {
      Type: 'device',
      ID: deviceId,
      To: ['ana@example.com'],
      Message: 'For the audit.',
    });
    expect(sent.Sending).toBe(false);
    const [mail] = await server.db.query<{
      subject: string;
      text_body: string;
      attachments: { fileId: string }[];
    }>('SELECT subject, text_body, attachments FROM mail_outbox WHERE mail_id = $1', [sent.MailID]);
    expect(mail!.subject).toBe(`Device ${deviceId}: Saw tablet`);
    expect(mail!.text_body).toMatch(/^For the audit\./);
    const [file] = await server.db.query<{ bytes: Buffer; content_type: string }>(
      'SELECT bytes, content_type FROM stored_files WHERE file_id = $1',
      [mail!.attachments[0]!.fileId],
    );
    expect(file!.content_type).toBe('application/pdf');
    expect(Buffer.from(file!.bytes).subarray(0, 5).toString()).toBe('%PDF-');

    await refused(
      'web/MailDocument',
      { Type: 'device', ID: deviceId, To: ['x@example.com'] },
      it6,
      /plant/i,
      403,
    );
    await refused('web/MailDocument', { Type: 'device', ID: deviceId, To: ['not an address'] }, admin, /To/);
    await refused('web/MailDocument', { Type: 'device', ID: deviceId, To: [] }, admin, /To/);
  });
});
