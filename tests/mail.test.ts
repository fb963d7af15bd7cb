import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../server/areas/platform/files.repository';
import * as jobsRepo from '../server/kit/jobs.repository';
import { findMail, queueMail } from '../server/kit/mail';
import { testCalls } from './support/calls';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * Mail (issue 16 item 7) against a real SMTP server this file starts (smtp-server): with SMTP_URL a
 * queued message is sent by the job queue with its subject, body and attachment, and marked sent; a
 * server that refuses makes the job retry and finally die with the reason, kept on the message too;
 * without SMTP_URL the message stays in the outbox that /hangfire reads.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server; while `settings.refuse` is set every recipient is refused with it (a 550 answer). */
async function smtp() {
  const received: Received[] = [];
  const settings = { refuse: null as string | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (settings.refuse) {
        const error = new Error(settings.refuse) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    settings,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!dbAvailable)(`mail over SMTP (${dbKind})`, () => {
  let server: TestServer;
  let good: Awaited<ReturnType<typeof smtp>>;

  beforeAll(async () => {
    good = await smtp();
    server = await startServer({ SMTP_URL: good.url }, { jobs: { pollMs: 50, backoffMs: () => 100 } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await good?.close();
  });

  it('sends a queued message with its subject, body and attachment and marks it sent', async () => {
    const pdf = Buffer.from('%PDF-1.4 a tiny test attachment');
    const fileId = randomUUID();
    await insertFile(server.db, {
      fileId,
      fileName: 'device-4.pdf',
      contentType: 'application/pdf',
      bytes: pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      uploadedBy: null,
      ownerKind: 'upload',
      ownerId: null,
    });
    const id = await server.db.transaction((tx) =>
      queueMail(tx, {
        to: ['ana@example.com'],
        subject: 'Device 4: LV KPI TV',
        text: 'The record is attached.',
        attachments: [{ filename: 'device-4.pdf', contentType: 'application/pdf', fileId }],
      }),
    );
    const mail = await until('the message to arrive', async () => good.received[0]);
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.raw).toContain('Subject: Device 4: LV KPI TV');
    expect(mail.raw).toContain('The record is attached.');
    expect(mail.raw).toContain('filename=device-4.pdf');
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
    const row = await until('the message to be marked sent', async () => {
      const m = await findMail(server.db, id);
      return m?.sent_at ? m : null;
    });
    expect(row.last_error).toBeNull();
    // The message is marked sent inside the handler; the job is marked finished after it returns, in
    // its own statement: on PostgreSQL the test can read between the two.
    const job = await until('the job to finish', async () => {
      const [j] = await server.db.query<{ status: string; result: { MailID: number } }>(
        "SELECT status, result FROM job_queue WHERE kind = 'mail.send' AND payload->>'MailID' = $1",
        [String(id)],
      );
      return j?.status === 'finished' ? j : null;
    });
    expect(job).toMatchObject({ status: 'finished', result: { MailID: id } });
    expect(good.received).toHaveLength(1);
  });

  it('queues nothing when the transaction that queued the message rolls back', async () => {
    const before = good.received.length;
    await expect(
      server.db.transaction(async (tx) => {
        await queueMail(tx, { to: ['bo@example.com'], subject: 'Never', text: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await sleep(300);
    expect(good.received.length).toBe(before);
    expect(await server.db.query("SELECT * FROM mail_outbox WHERE subject = 'Never'")).toHaveLength(0);
    // Only the first test's message ever had a sending job.
    expect(await server.db.query("SELECT * FROM job_queue WHERE kind = 'mail.send'")).toHaveLength(1);
  });

  it('a server that refuses: the job retries, then is dead with the reason, kept on the message', async () => {
    good.settings.refuse = 'Mailbox unavailable: no such user here';
    try {
      const id = await server.db.transaction((tx) =>
        queueMail(tx, { to: ['nobody@example.com'], subject: 'Refused', text: 'x' }),
      );
      const dead = await until(
        'the job to be dead',
        async () => {
          const [row] = await server.db.query<{ job_id: number }>(
            "SELECT job_id FROM job_queue WHERE kind = 'mail.send' AND payload->>'MailID' = $1 AND status = 'dead'",
            [String(id)],
          );
          return row ? jobsRepo.jobById(server.db, row.job_id) : null;
        },
        30_000,
      );
      expect(dead.attempts).toBe(5);
      expect(dead.errors).toHaveLength(5);
      expect(dead.last_error).toMatch(/no such user here/);
      const mail = (await findMail(server.db, id))!;
      expect(mail.sent_at).toBeNull();
      expect(mail.last_error).toMatch(/no such user here/);
    } finally {
      good.settings.refuse = null;
    }
  }, 60_000);
});

describe.skipIf(!dbAvailable)(`mail without SMTP_URL (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  const { get } = testCalls({ api: () => api });

  beforeAll(async () => {
    server = await startServer({ SMTP_URL: '' }, { jobs: { pollMs: 50 } });
    api = wire(server.url);
  }, 120_000);
  afterAll(() => server?.close());

  it('keeps the message in the outbox, not sent, with no job, readable on /hangfire', async () => {
    const id = await server.db.transaction((tx) =>
      queueMail(tx, { to: [' carla@example.com '], subject: 'Kept here', text: 'Read me in the outbox.' }),
    );
    await sleep(300);
    expect(await server.db.query("SELECT * FROM job_queue WHERE kind = 'mail.send'")).toHaveLength(0);
    const admin = await api.login('admin');
    const outbox = await get<{
      Sending: boolean;
      Rows: { MailID: number; SentAt: string | null; To: string[] }[];
    }>('web/GetMailOutbox', {}, admin);
    expect(outbox.Sending).toBe(false);
    expect(outbox.Rows.find((r) => r.MailID === id)).toMatchObject({
      SentAt: null,
      To: ['carla@example.com'],
    });
    const one = await get<{ Mail: { Text: string; Subject: string } }>('web/GetMail', { MailID: id }, admin);
    expect(one.Mail).toMatchObject({ Subject: 'Kept here', Text: 'Read me in the outbox.' });
    // The outbox is the administrators': a supervisor may not read it.
    const supervisor = await api.login('supervisor');
    expect((await api.get('web/GetMailOutbox', {}, supervisor)).status).toBe(403);
  });
});
