-- Two-hour quality checks on the shop floor (issue 7 part 2; a small model of our own, the spec names
-- only the routes). While a machine runs a job, a check falls due every 120 minutes from the run's start;
-- each recorded check is one row, at most one per machine and slot (due_at). The job and plan operation
-- are those of the run when the check was recorded. Instants are timestamptz.
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

CREATE TABLE quality_checks (
  quality_check_id             serial      PRIMARY KEY,
  resource_id                  text        NOT NULL REFERENCES resources (resource_id),
  plant_id                     integer     NOT NULL REFERENCES plants (plant_id),
  -- The slot: the run's start + 2 h, + 4 h, …
  due_at                       timestamptz NOT NULL,
  checked_at                   timestamptz NOT NULL,
  employee_id                  integer     NOT NULL REFERENCES employees (employee_id),
  job_number                   text,
  production_plan_operation_id integer     REFERENCES production_plan_operations (production_plan_operation_id) ON DELETE SET NULL,
  result                       text        NOT NULL CHECK (result IN ('pass', 'fail')),
  notes                        text,
  CHECK (result = 'pass' OR coalesce(btrim(notes), '') <> ''),
  UNIQUE (resource_id, due_at)
);
CREATE INDEX quality_checks_plant ON quality_checks (plant_id, due_at);
