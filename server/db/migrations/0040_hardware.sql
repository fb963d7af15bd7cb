-- Issue 16, the platform's hardware screens on the document kit: /printers (label printers),
-- /plcs (PLC connections) and /thresholds (KPI warning and alarm levels the boards colour by).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

-- Label printers speaking ZPL on a raw TCP port. At most one printer per plant and purpose is the
-- default (the rule is the call's, with a clear message; the index keeps it true under concurrency).
CREATE TABLE label_printers (
  label_printer_id serial      PRIMARY KEY,
  name             text        NOT NULL,
  plant_id         integer     NOT NULL REFERENCES plants (plant_id),
  location         text,
  host             text        NOT NULL,
  port             integer     NOT NULL DEFAULT 9100 CHECK (port BETWEEN 1 AND 65535),
  language         text        NOT NULL DEFAULT 'ZPL' CHECK (language IN ('ZPL')),
  label_size       text        NOT NULL DEFAULT '4x6',
  dpi              text        NOT NULL DEFAULT '203' CHECK (dpi IN ('203', '300', '600')),
  in_service       boolean     NOT NULL DEFAULT true,
  default_for      text,
  notes            text,
  deleted_at       timestamptz
);
CREATE INDEX label_printers_plant ON label_printers (plant_id, name);
CREATE UNIQUE INDEX label_printers_default ON label_printers (plant_id, default_for)
  WHERE default_for IS NOT NULL AND deleted_at IS NULL;

-- PLC connections: the machine is a production-plan machine by its ResourceID (checked by the calls
-- through that area's functions, not by a foreign key into its table).
CREATE TABLE plcs (
  plc_id       serial      PRIMARY KEY,
  name         text        NOT NULL,
  plant_id     integer     NOT NULL REFERENCES plants (plant_id),
  resource_id  text,
  address      text        NOT NULL,
  port         integer     CHECK (port BETWEEN 1 AND 65535),
  protocol     text        NOT NULL,
  poll_seconds integer     NOT NULL DEFAULT 5 CHECK (poll_seconds BETWEEN 1 AND 3600),
  enabled      boolean     NOT NULL DEFAULT true,
  last_seen    timestamptz,
  last_error   text,
  notes        text,
  deleted_at   timestamptz
);
CREATE INDEX plcs_plant ON plcs (plant_id, name);

-- KPI thresholds: per plant (resource_id null) or per machine. Levels are plain numbers (percent,
-- minutes, people), not money.
CREATE TABLE kpi_thresholds (
  threshold_id  serial           PRIMARY KEY,
  plant_id      integer          NOT NULL REFERENCES plants (plant_id),
  metric        text             NOT NULL,
  resource_id   text,
  direction     text             NOT NULL CHECK (direction IN ('above', 'below')),
  warning_level double precision,
  alarm_level   double precision,
  notes         text,
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX kpi_thresholds_one ON kpi_thresholds (plant_id, metric, coalesce(resource_id, ''))
  WHERE deleted_at IS NULL;
