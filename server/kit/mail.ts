import { JOBS_TOPIC, MAIL_COLLECTION, type MailSummary } from '../../domain/kit/jobs';
import type { Sql } from '../db/database';
import { appendChanges } from '../feed/feed.service';
import { enqueue } from './jobs';

/** One message to send. Addresses are plain e-mail addresses; attachments name stored files. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; fileId: string }[];
  /** What caused it (shown on the outbox screen): a record, a reason. */
  source?: Record<string, unknown>;
  createdBy?: number | null;
}

/**
 * Queues a message inside the caller's transaction: it is sent (or kept in the outbox) only if the
 * change that caused it commits. The one way any area sends mail; the sending itself belongs to the
 * kit's mail sender (SMTP_URL) and job queue.
 */
export async function queueMail(db: Sql, message: MailMessage): Promise<number> {
  const to = message.to.map((a) => a.trim()).filter((a) => a.length > 0);
  if (to.length === 0) throw new Error('queueMail: a message needs at least one address');
  const [row] = await db.query<{ mail_id: string }>(
    `INSERT INTO mail_outbox (to_addresses, subject, text_body, html_body, attachments, source, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) RETURNING mail_id`,
    [
      to,
      message.subject,
      message.text,
      message.html ?? null,
      JSON.stringify(message.attachments ?? []),
      message.source ? JSON.stringify(message.source) : null,
      message.createdBy ?? null,
    ],
  );
  const mailId = Number(row!.mail_id);
  // With SMTP_URL the queue sends it; the job is written in the same transaction, so a message never
  // waits for a sender that nobody asked for, nor is sent for a change that rolled back.
  if (mailSending.enabled)
    await enqueue(db, MAIL_SEND, { MailID: mailId }, { maxAttempts: mailSending.maxAttempts });
  const [saved] = await db.query<MailRow>('SELECT * FROM mail_outbox WHERE mail_id = $1', [mailId]);
  await appendChanges(db, [mailChange(saved!)], null);
  return mailId;
}

/** The job kind that sends one outbox message (server/kit/mail-sender.ts). */
export const MAIL_SEND = 'mail.send';

/**
 * Whether queued mail is sent (SMTP_URL set): set once by buildApp from the configuration. Without it,
 * messages stay in the outbox that /hangfire shows, marked as not sent because no mail server is set.
 */
export const mailSending = { enabled: false, maxAttempts: 5 };

export interface MailRow {
  mail_id: number;
  to_addresses: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: { filename: string; contentType: string; fileId: string }[];
  source: Record<string, unknown> | null;
  created_by: number | null;
  created_at: Date;
  sent_at: Date | null;
  last_error: string | null;
}

export function mailSummary(row: MailRow): MailSummary {
  return {
    MailID: Number(row.mail_id),
    To: row.to_addresses,
    Subject: row.subject,
    CreatedAt: new Date(row.created_at).toISOString(),
    SentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    LastError: row.last_error,
    Attachments: (row.attachments ?? []).map((a) => ({
      FileName: a.filename,
      ContentType: a.contentType,
      FileID: a.fileId,
    })),
  };
}

export const mailChange = (row: MailRow) => ({
  topic: JOBS_TOPIC,
  collection: MAIL_COLLECTION,
  id: String(row.mail_id),
  doc: mailSummary(row) as unknown as Record<string, unknown>,
});

export async function findMail(db: Sql, mailId: number, lock = false): Promise<MailRow | undefined> {
  return (
    await db.query<MailRow>(`SELECT * FROM mail_outbox WHERE mail_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      mailId,
    ])
  )[0];
}

/** The outcome of one sending attempt: sent (error null) or refused (the reason kept). */
export async function markMail(db: Sql, mailId: number, error: string | null): Promise<MailRow | undefined> {
  const rows = await db.query<MailRow>(
    `UPDATE mail_outbox SET sent_at = CASE WHEN $2::text IS NULL THEN now() ELSE sent_at END, last_error = $2
      WHERE mail_id = $1 RETURNING *`,
    [mailId, error],
  );
  return rows[0];
}

export async function listMail(
  db: Sql,
  q: { unsent?: boolean; skip: number; take: number },
): Promise<{ rows: MailRow[]; total: number }> {
  const rows = await db.query<MailRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM mail_outbox
      WHERE NOT $1::boolean OR sent_at IS NULL
      ORDER BY created_at DESC, mail_id DESC OFFSET $2 LIMIT $3`,
    [q.unsent ?? false, q.skip, q.take],
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}
