-- Mail (issue 16): every message the product sends is first a row here, written in the same
-- transaction as whatever caused it (a mention, a form's approval, a record mailed from its screen).
-- With SMTP_URL set, the job queue sends it and marks it sent; without, it stays here as the outbox
-- that administrators read in the product, so the embedded default needs no mail server and loses
-- nothing.
-- No `;` inside a statement: the migration runner splits on `;` at line ends.
CREATE TABLE mail_outbox (
  mail_id       bigserial   PRIMARY KEY,
  to_addresses  text[]      NOT NULL,
  subject       text        NOT NULL,
  text_body     text        NOT NULL,
  html_body     text,
  -- [{ "filename": "...", "contentType": "...", "fileId": "..." }]: bytes stay in the files table.
  attachments   jsonb       NOT NULL DEFAULT '[]'::jsonb,
  -- What caused it, for the outbox screen: e.g. { "docType": "device", "docId": 4, "reason": "mention" }.
  source        jsonb,
  created_by    integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz,
  last_error    text
);
CREATE INDEX mail_outbox_unsent ON mail_outbox (created_at) WHERE sent_at IS NULL;
