-- The document kit (issue 16): the history every kit document keeps, and the first kit document type,
-- devices (/devices: the tablets, TV displays, scanners and kiosks of each plant).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

-- One row per changed field (and one for a creation or a deletion), written in the same transaction as
-- the change itself, so the history never misses a change nor shows one that was rolled back. The name
-- is kept as it was when the change was made: a history shows who did it then.
CREATE TABLE document_history (
  history_id    bigserial   PRIMARY KEY,
  doc_type      text        NOT NULL,
  doc_id        integer     NOT NULL,
  field         text        NOT NULL,
  old_value     jsonb,
  new_value     jsonb,
  employee_id   integer,
  employee_name text,
  call          text        NOT NULL,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_history_doc ON document_history (doc_type, doc_id, history_id DESC);

CREATE TABLE devices (
  device_id     serial      PRIMARY KEY,
  name          text        NOT NULL,
  kind          text        NOT NULL CHECK (kind IN ('tablet', 'tv', 'scanner', 'kiosk', 'printer', 'other')),
  plant_id      integer     NOT NULL REFERENCES plants (plant_id),
  location      text,
  serial_number text,
  ip_address    text,
  in_service    boolean     NOT NULL DEFAULT true,
  installed_on  date,
  notes         text,
  deleted_at    timestamptz
);
CREATE INDEX devices_plant ON devices (plant_id, name);
