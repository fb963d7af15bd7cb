-- Time clocking and shop-floor activities (issue 7 parts 1, 2 and 5; spec 001 §3 Face record): clock
-- punches, labor activities (direct on a machine, job and plan operation, or indirect with a code; a
-- team's members point at the lead's activity), completions reported on a direct activity, machine
-- downtime, and the lookup tables of indirect codes and downtime reasons. Instants are timestamptz;
-- quantities double precision. At most one open punch and one open activity per employee and one open
-- downtime per machine, enforced by partial unique indexes (the service checks first and says why).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

CREATE TABLE indirect_codes (
  indirect_code text    PRIMARY KEY,
  description   text    NOT NULL,
  sort_order    integer NOT NULL DEFAULT 0,
  active        boolean NOT NULL DEFAULT true
);

CREATE TABLE downtime_reasons (
  reason_code text    PRIMARY KEY,
  description text    NOT NULL,
  sort_order  integer NOT NULL DEFAULT 0,
  active      boolean NOT NULL DEFAULT true
);

INSERT INTO indirect_codes (indirect_code, description, sort_order) VALUES
  ('CLEAN', 'Cleaning', 10),
  ('TRAIN', 'Training', 20),
  ('MEET', 'Meeting', 30),
  ('MATL', 'Material handling', 40),
  ('MAINT', 'Maintenance assist', 50),
  ('SAFETY', 'Safety', 60);

INSERT INTO downtime_reasons (reason_code, description, sort_order) VALUES
  ('MATL', 'Waiting for material', 10),
  ('CHANGE', 'Changeover', 20),
  ('BREAK', 'Breakdown', 30),
  ('QHOLD', 'Quality hold', 40),
  ('NOOP', 'No operator', 50),
  ('TOOL', 'Tooling', 60);

CREATE TABLE clock_punches (
  clock_punch_id  serial      PRIMARY KEY,
  employee_id     integer     NOT NULL REFERENCES employees (employee_id),
  plant_id        integer     NOT NULL REFERENCES plants (plant_id),
  clocked_in_at   timestamptz NOT NULL,
  clocked_out_at  timestamptz,
  -- Who punched when it was not the employee (a supervisor or time approver); null: the employee.
  clocked_in_by   integer     REFERENCES employees (employee_id),
  clocked_out_by  integer     REFERENCES employees (employee_id),
  CHECK (clocked_out_at IS NULL OR clocked_out_at >= clocked_in_at)
);
-- The open punch of an employee: at most one.
CREATE UNIQUE INDEX clock_punches_open ON clock_punches (employee_id) WHERE clocked_out_at IS NULL;
CREATE INDEX clock_punches_employee ON clock_punches (employee_id, clocked_in_at);
CREATE INDEX clock_punches_plant_open ON clock_punches (plant_id) WHERE clocked_out_at IS NULL;

CREATE TABLE labor_activities (
  labor_activity_id            serial      PRIMARY KEY,
  employee_id                  integer     NOT NULL REFERENCES employees (employee_id),
  plant_id                     integer     NOT NULL REFERENCES plants (plant_id),
  -- Direct: the machine, job and plan operation.
  resource_id                  text        REFERENCES resources (resource_id),
  job_number                   text,
  production_plan_operation_id integer     REFERENCES production_plan_operations (production_plan_operation_id) ON DELETE SET NULL,
  -- Indirect: the code.
  indirect_code                text        REFERENCES indirect_codes (indirect_code),
  started_at                   timestamptz NOT NULL,
  ended_at                     timestamptz,
  -- A team member's activity points at its lead's; the lead's activity has null.
  team_lead_activity_id        integer     REFERENCES labor_activities (labor_activity_id),
  started_by                   integer     REFERENCES employees (employee_id),
  CHECK (ended_at IS NULL OR ended_at >= started_at),
  CHECK (
    (indirect_code IS NULL AND resource_id IS NOT NULL AND job_number IS NOT NULL)
    OR (indirect_code IS NOT NULL AND resource_id IS NULL AND job_number IS NULL AND production_plan_operation_id IS NULL)
  )
);
-- The open activity of an employee: at most one.
CREATE UNIQUE INDEX labor_activities_open ON labor_activities (employee_id) WHERE ended_at IS NULL;
CREATE INDEX labor_activities_employee ON labor_activities (employee_id, started_at);
CREATE INDEX labor_activities_resource_open ON labor_activities (resource_id) WHERE ended_at IS NULL;
CREATE INDEX labor_activities_team ON labor_activities (team_lead_activity_id) WHERE team_lead_activity_id IS NOT NULL;

CREATE TABLE completions (
  completion_id                serial      PRIMARY KEY,
  labor_activity_id            integer     NOT NULL REFERENCES labor_activities (labor_activity_id),
  resource_id                  text        NOT NULL REFERENCES resources (resource_id),
  job_number                   text        NOT NULL,
  production_plan_operation_id integer     REFERENCES production_plan_operations (production_plan_operation_id) ON DELETE SET NULL,
  quantity                     double precision NOT NULL CHECK (quantity >= 0),
  scrap_quantity               double precision NOT NULL DEFAULT 0 CHECK (scrap_quantity >= 0),
  scrap_reason                 text,
  recorded_at                  timestamptz NOT NULL,
  employee_id                  integer     NOT NULL REFERENCES employees (employee_id),
  recorded_by                  integer     REFERENCES employees (employee_id),
  CHECK (quantity > 0 OR scrap_quantity > 0),
  CHECK (scrap_quantity = 0 OR scrap_reason IS NOT NULL)
);
CREATE INDEX completions_resource ON completions (resource_id, recorded_at);
CREATE INDEX completions_activity ON completions (labor_activity_id);
CREATE INDEX completions_employee ON completions (employee_id, recorded_at);

CREATE TABLE downtime_events (
  downtime_event_id serial      PRIMARY KEY,
  resource_id       text        NOT NULL REFERENCES resources (resource_id),
  plant_id          integer     NOT NULL REFERENCES plants (plant_id),
  reason_code       text        NOT NULL REFERENCES downtime_reasons (reason_code),
  started_at        timestamptz NOT NULL,
  ended_at          timestamptz,
  -- Who started it (and who ended it).
  employee_id       integer     REFERENCES employees (employee_id),
  ended_by          integer     REFERENCES employees (employee_id),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- The open downtime of a machine: at most one.
CREATE UNIQUE INDEX downtime_events_open ON downtime_events (resource_id) WHERE ended_at IS NULL;
CREATE INDEX downtime_events_resource ON downtime_events (resource_id, started_at);
