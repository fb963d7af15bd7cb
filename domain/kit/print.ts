import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, Text } from '../contract/fields';

/**
 * Print and mail any kit record (issue 16 item 7): a PDF made on the server from the type's
 * declaration (title, status, the fields, the history). Allowed exactly to whoever may read the record:
 * the type's read access and its plant rule.
 */
const DocumentRef = {
  Type: Text(40).min(1),
  ID: Id,
};

export const PrintDocument = defineCall({
  method: 'GET',
  alsoMethod: 'POST',
  path: 'web/PrintDocument',
  summary: 'A kit record as a PDF: its fields and its history (GET or POST); a failure answers JSON.',
  access: 'user',
  response: 'file',
  payload: z.object(DocumentRef),
  result: z.never(),
});

export const MailDocument = defineCall({
  method: 'POST',
  path: 'web/MailDocument',
  summary:
    'Mail a kit record as a PDF attachment (sent by the job queue with SMTP_URL, else kept in the outbox).',
  access: 'user',
  payload: z.object({
    ...DocumentRef,
    To: z.array(z.email().max(254)).min(1, { error: 'needs at least one address' }).max(20),
    Message: Text(4000).optional(),
  }),
  result: z.object({ MailID: z.number(), Sending: z.boolean() }),
});
