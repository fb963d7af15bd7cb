import type { Sql } from '../db/database';

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
  return Number(row!.mail_id);
}
