-- The record side of the document kit (issue 16): comments with mentions, the notifications they make,
-- files attached to a record, and who has a record open. Every row names its record by (doc_type,
-- doc_id), like document_history, so one table serves every kit document type.
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

-- A comment on a record. The author's name is kept as it was, like the history. Deleting one's own
-- comment marks it deleted: the timeline still says a comment was there.
CREATE TABLE document_comments (
  comment_id    bigserial   PRIMARY KEY,
  doc_type      text        NOT NULL,
  doc_id        integer     NOT NULL,
  employee_id   integer     NOT NULL,
  employee_name text        NOT NULL,
  body          text        NOT NULL,
  mentions      integer[]   NOT NULL DEFAULT '{}',
  at            timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
CREATE INDEX document_comments_doc ON document_comments (doc_type, doc_id, comment_id DESC);

-- What a person is told in the product (a mention today): the bell in the shell header.
CREATE TABLE notifications (
  notification_id bigserial   PRIMARY KEY,
  employee_id     integer     NOT NULL,
  kind            text        NOT NULL,
  doc_type        text,
  doc_id          integer,
  comment_id      bigint,
  from_name       text,
  text            text        NOT NULL,
  link            text,
  at              timestamptz NOT NULL DEFAULT now(),
  read_at         timestamptz
);
CREATE INDEX notifications_employee ON notifications (employee_id, notification_id DESC);

-- A stored file attached to a record. The file itself stays in stored_files (owner_kind 'document',
-- owner_id '<type>:<id>'); removing the attachment marks it deleted (spec 000 §4: soft).
CREATE TABLE document_files (
  file_id     uuid        PRIMARY KEY REFERENCES stored_files (file_id),
  doc_type    text        NOT NULL,
  doc_id      integer     NOT NULL,
  attached_by integer,
  attached_at timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  deleted_by  integer
);
CREATE INDEX document_files_doc ON document_files (doc_type, doc_id, attached_at DESC);

-- Who has a record open, one row per hub connection and record. The topic is kept so a disconnect
-- can say on which topic the viewer left.
CREATE TABLE document_viewers (
  connection_id text        NOT NULL,
  doc_type      text        NOT NULL,
  doc_id        integer     NOT NULL,
  employee_id   integer     NOT NULL,
  name          text        NOT NULL,
  topic         text        NOT NULL,
  opened_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, doc_type, doc_id)
);
CREATE INDEX document_viewers_doc ON document_viewers (doc_type, doc_id);
