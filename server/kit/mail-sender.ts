import nodemailer from 'nodemailer';
import { fileBytes } from '../areas/platform/files.repository';
import type { Database } from '../db/database';
import type { Backplane } from '../feed/backplane';
import { appendChanges } from '../feed/feed.service';
import type { JobWorker } from './jobs';
import { findMail, MAIL_SEND, mailChange, markMail } from './mail';

/**
 * The 'mail.send' job: sends one outbox message over SMTP_URL (nodemailer) and marks it sent. A
 * refusal (the server down, a 5xx answer) is kept on the message as its last error and the job fails,
 * so the queue retries it with backoff and finally lists it as dead with that reason.
 */
export function registerMailSender(
  worker: JobWorker,
  db: Database,
  backplane: Backplane | null,
  smtpUrl: string,
  from = process.env.MAIL_FROM || 'steelworks@localhost',
): void {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  const record = async (mailId: number, error: string | null) => {
    const changes = await db.transaction(async (tx) => {
      const row = await markMail(tx, mailId, error);
      return row ? appendChanges(tx, [mailChange(row)], null) : [];
    });
    if (changes.length) await backplane?.publish({ kind: 'changes', changes });
  };

  worker.handle<{ MailID: number }>(MAIL_SEND, async (job) => {
    const mail = await findMail(db, Number(job.payload.MailID));
    if (!mail) throw new Error(`There is no message ${job.payload.MailID} in the outbox.`);
    // Sent already (a retry after a crash between sending and marking): never twice.
    if (mail.sent_at) return { MailID: Number(mail.mail_id), Already: true };
    const attachments = [];
    for (const a of mail.attachments ?? []) {
      const content = await fileBytes(db, a.fileId);
      if (!content) throw new Error(`The attachment ${a.filename} is no longer stored.`);
      attachments.push({ filename: a.filename, contentType: a.contentType, content });
    }
    try {
      const info = await transport.sendMail({
        to: mail.to_addresses,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        attachments,
      });
      await record(Number(mail.mail_id), null);
      return { MailID: Number(mail.mail_id), MessageID: info.messageId, Accepted: info.accepted };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await record(Number(mail.mail_id), reason.slice(0, 2000));
      throw error;
    }
  });
}
