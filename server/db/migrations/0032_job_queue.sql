-- The durable job queue (issue 16): mail, PDFs, exports and nightly work, on PGlite and PostgreSQL.
-- (Named job_queue: `jobs` is the production plan's table of job numbers.)
-- A job is a row written in the transaction of the change that caused it, so it exists only if that
-- change commits. Workers claim one row at a time with FOR UPDATE SKIP LOCKED and hold it by a lease
-- (locked_until): a crashed node's job is claimed again once its lease runs out.
-- No `;` inside a statement: the migration runner splits on `;` at line ends.
CREATE TABLE job_queue (
  job_id        bigserial   PRIMARY KEY,
  kind          text        NOT NULL,
  payload       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  -- queued: waiting for its first run. running: leased by locked_by until locked_until. failed: an
  -- attempt failed, retried at run_at. dead: out of attempts (the dead-letter list). finished: done.
  status        text        NOT NULL DEFAULT 'queued'
                CHECK (status IN ('queued', 'running', 'failed', 'dead', 'finished')),
  run_at        timestamptz NOT NULL DEFAULT now(),
  attempts      integer     NOT NULL DEFAULT 0,
  max_attempts  integer     NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 100),
  -- At most one job ever per key (a nightly run's "kind:plant:date"): several nodes enqueue it, one row.
  unique_key    text        UNIQUE,
  locked_by     text,
  locked_until  timestamptz,
  progress      double precision,
  progress_text text,
  result        jsonb,
  last_error    text,
  -- Every failed attempt: [{ "At": "...", "Attempt": 2, "Error": "..." }].
  errors        jsonb       NOT NULL DEFAULT '[]'::jsonb,
  created_by    integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- The claim's search: due work, oldest first.
CREATE INDEX job_queue_due ON job_queue (run_at, job_id) WHERE status IN ('queued', 'failed', 'running');
CREATE INDEX job_queue_status ON job_queue (status, updated_at DESC);
