-- Scheduling (issue 6; spec 001 §3 Schedule and Task, §4 Schedule task, §7 Scheduling): a plant's
-- official schedule and its what-if (planning) copies, their tasks in per-resource lanes, the calendar
-- the task times are computed from (shifts, holidays, overrides), how each resource takes part in
-- scheduling, and the task statuses a scheduler sets. Figures are double precision (docs/ARCHITECTURE.md).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

CREATE TABLE schedules (
  schedule_id          serial  PRIMARY KEY,
  plant_id             integer NOT NULL REFERENCES plants (plant_id),
  name                 text    NOT NULL,
  official             boolean NOT NULL DEFAULT false,
  planning             boolean NOT NULL DEFAULT false,
  based_on_schedule_id integer REFERENCES schedules (schedule_id) ON DELETE SET NULL,
  -- Lanes start at the first working minute on or after this plant-local date.
  start_date           date    NOT NULL,
  created_by           text    NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  committed_by         text,
  committed_at         timestamptz,
  -- A what-if's copy point: the highest official task id when it was copied. At commit, official tasks
  -- up to it that the what-if no longer has were deleted there; those above it were scheduled since.
  copied_through_task_id integer,
  row_version          integer NOT NULL DEFAULT 1,
  -- A schedule is either the plant's official one or a what-if copy of it.
  CHECK (official <> planning)
);
-- Exactly one official schedule per plant (at most one by this index; the seed and the service keep one).
CREATE UNIQUE INDEX schedules_one_official ON schedules (plant_id) WHERE official;
CREATE INDEX schedules_plant ON schedules (plant_id);

CREATE TABLE scheduling_statuses (
  status_id  serial  PRIMARY KEY,
  plant_id   integer NOT NULL REFERENCES plants (plant_id),
  name       text    NOT NULL,
  color      text    NOT NULL DEFAULT 'n/a',
  sort_order integer NOT NULL DEFAULT 0,
  active     boolean NOT NULL DEFAULT true,
  UNIQUE (plant_id, name)
);

CREATE TABLE schedule_tasks (
  schedule_task_id                      serial  PRIMARY KEY,
  schedule_id                           integer NOT NULL REFERENCES schedules (schedule_id) ON DELETE CASCADE,
  resource_id                           text    NOT NULL REFERENCES resources (resource_id),
  -- The index in the lane's list (0-based), renumbered on every move.
  production_order                      integer NOT NULL,
  scheduled_minutes_per_piece           double precision NOT NULL DEFAULT 0,
  scheduled_setup_minutes               double precision NOT NULL DEFAULT 0,
  goal_minutes_per_piece                double precision NOT NULL DEFAULT 0,
  goal_setup_minutes                    double precision NOT NULL DEFAULT 0,
  original_scheduled_minutes_per_piece  double precision NOT NULL DEFAULT 0,
  machine_rate_id                       integer REFERENCES machine_rates (machine_rate_id),
  official_rate                         boolean NOT NULL DEFAULT false,
  rate_description                      text    NOT NULL DEFAULT '',
  setup_suppressed                      boolean NOT NULL DEFAULT false,
  estimated_minutes                     double precision NOT NULL DEFAULT 0,
  operation_qty                         double precision NOT NULL DEFAULT 0,
  calculated                            boolean NOT NULL DEFAULT false,
  mod_status                            text    NOT NULL DEFAULT '' CHECK (mod_status IN ('', 'A', 'U')),
  -- The plan operation the task schedules: a deleted operation leaves its tasks with pieces done
  -- unlinked (the plan change removes the others first).
  production_plan_operation_id          integer REFERENCES production_plan_operations (production_plan_operation_id) ON DELETE SET NULL,
  -- Copied from the job and operation when the task is made, so reports and bench tasks without an
  -- operation read one table.
  job_number                            text    NOT NULL DEFAULT '',
  part_num                              text    NOT NULL DEFAULT '',
  part_description                      text    NOT NULL DEFAULT '',
  operation_sequence                    integer NOT NULL DEFAULT 0,
  due_date                              date,
  color                                 text    NOT NULL DEFAULT 'n/a',
  status_id                             integer REFERENCES scheduling_statuses (status_id) ON DELETE SET NULL,
  qty_completed                         double precision NOT NULL DEFAULT 0,
  -- Computed on every write that changes the lane (calendar.ts), stored for reports and the topic.
  start_at                              timestamptz,
  end_at                                timestamptz,
  -- The official task a what-if copy came from (no foreign key: the official task may go meanwhile).
  source_task_id                        integer,
  row_version                           integer NOT NULL DEFAULT 1
);
CREATE INDEX schedule_tasks_lane ON schedule_tasks (schedule_id, resource_id, production_order);
CREATE INDEX schedule_tasks_operation ON schedule_tasks (production_plan_operation_id);

-- A working window of a weekday, plant-local 'HH:mm'; resource_id null is the plant's default.
CREATE TABLE scheduling_shifts (
  shift_id    serial  PRIMARY KEY,
  plant_id    integer NOT NULL REFERENCES plants (plant_id),
  resource_id text    REFERENCES resources (resource_id),
  name        text    NOT NULL,
  day_of_week integer NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  start_time  text    NOT NULL,
  end_time    text    NOT NULL
);
CREATE INDEX scheduling_shifts_plant ON scheduling_shifts (plant_id);

CREATE TABLE scheduling_holidays (
  holiday_id  serial  PRIMARY KEY,
  plant_id    integer NOT NULL REFERENCES plants (plant_id),
  date        date    NOT NULL,
  description text    NOT NULL,
  UNIQUE (plant_id, date)
);

CREATE TABLE scheduling_overrides (
  override_id serial  PRIMARY KEY,
  plant_id    integer NOT NULL REFERENCES plants (plant_id),
  resource_id text    REFERENCES resources (resource_id),
  date        date    NOT NULL,
  start_time  text    NOT NULL,
  end_time    text    NOT NULL,
  kind        text    NOT NULL CHECK (kind IN ('Work', 'Off')),
  description text    NOT NULL DEFAULT ''
);
CREATE INDEX scheduling_overrides_plant ON scheduling_overrides (plant_id);

-- How a resource takes part in scheduling. A resource without a row takes the defaults the service
-- gives it (scheduled, 100 %, no colour, after the others).
CREATE TABLE scheduling_workcenter_settings (
  resource_id        text    PRIMARY KEY REFERENCES resources (resource_id),
  plant_id           integer NOT NULL REFERENCES plants (plant_id),
  scheduled          boolean NOT NULL DEFAULT true,
  efficiency_percent double precision NOT NULL DEFAULT 100 CHECK (efficiency_percent >= 1 AND efficiency_percent <= 200),
  color              text    NOT NULL DEFAULT 'n/a',
  sort_order         integer NOT NULL DEFAULT 0
);
