-- Production planning (spec 001 §3): workcenters and their resources (machines) with machine rates,
-- printers, parts, jobs, and each job's production plan with its BOM lines, operations and backflushes.
-- Job-side lists the plan screen shows but this area does not own (allocations, demand, unclaimed
-- material, documents, tags) are kept as JSON on the job until their areas are built.

CREATE TABLE workcenters (
  workcenter_id  serial  PRIMARY KEY,
  plant_id       integer NOT NULL REFERENCES plants (plant_id),
  name           text    NOT NULL,
  description    text    NOT NULL DEFAULT '',
  color          text    NOT NULL DEFAULT '#64748b',
  active         boolean NOT NULL DEFAULT true,
  UNIQUE (plant_id, name)
);

CREATE TABLE resources (
  resource_id          text    PRIMARY KEY,
  plant_id             integer NOT NULL REFERENCES plants (plant_id),
  workcenter_id        integer REFERENCES workcenters (workcenter_id),
  description          text    NOT NULL,
  process              text    NOT NULL,
  default_worker_count integer NOT NULL DEFAULT 1 CHECK (default_worker_count >= 1),
  engine_active        boolean NOT NULL DEFAULT false,
  algorithm_active     boolean NOT NULL DEFAULT false,
  active               boolean NOT NULL DEFAULT true
);
CREATE INDEX resources_plant ON resources (plant_id);

CREATE TABLE machine_rates (
  machine_rate_id               serial  PRIMARY KEY,
  resource_id                   text    NOT NULL REFERENCES resources (resource_id),
  description                   text    NOT NULL,
  production_minutes_per_piece  double precision NOT NULL DEFAULT 0,
  production_minutes_per_bundle double precision NOT NULL DEFAULT 0,
  production_feet_per_minute    double precision NOT NULL DEFAULT 0,
  setup_minutes                 double precision NOT NULL DEFAULT 0,
  scheduling_minutes_per_piece  double precision NOT NULL DEFAULT 0,
  official                      boolean NOT NULL DEFAULT false,
  deleted                       boolean NOT NULL DEFAULT false
);
CREATE INDEX machine_rates_resource ON machine_rates (resource_id);

CREATE TABLE printers (
  printer_id serial  PRIMARY KEY,
  plant_id   integer NOT NULL REFERENCES plants (plant_id),
  name       text    NOT NULL,
  location   text    NOT NULL DEFAULT ''
);

CREATE TABLE parts (
  part_num    text    PRIMARY KEY,
  description text    NOT NULL,
  part_class  text    NOT NULL,
  material    text    NOT NULL,
  gauge       double precision,
  weight      double precision,
  length      double precision,
  width       double precision,
  holes       integer,
  welds       integer,
  painted     boolean NOT NULL DEFAULT false,
  color       text
);

CREATE TABLE jobs (
  job_number             text    PRIMARY KEY,
  plant_id               integer NOT NULL REFERENCES plants (plant_id),
  part_num               text    NOT NULL REFERENCES parts (part_num),
  quantity               integer NOT NULL,
  due_date               date,
  order_num              integer,
  customer_name          text,
  order_type             text    NOT NULL DEFAULT 'MTO',
  status                 text    NOT NULL DEFAULT 'Released',
  fabrication_hold       boolean NOT NULL DEFAULT false,
  fabrication_hold_notes text    NOT NULL DEFAULT '',
  tags                   jsonb   NOT NULL DEFAULT '[]',
  allocations            jsonb   NOT NULL DEFAULT '[]',
  demand_summary         jsonb   NOT NULL DEFAULT '[]',
  unclaimed              jsonb   NOT NULL DEFAULT '[]',
  qa_documents           jsonb   NOT NULL DEFAULT '[]',
  drawings               jsonb   NOT NULL DEFAULT '[]',
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_plant ON jobs (plant_id, job_number);

CREATE TABLE production_plans (
  production_plan_id serial  PRIMARY KEY,
  job_number         text    NOT NULL UNIQUE REFERENCES jobs (job_number),
  quantity           integer NOT NULL,
  bundle_size        integer NOT NULL DEFAULT 1,
  ready_for_review   boolean NOT NULL DEFAULT false,
  plan_reviewed_by   text,
  plan_reviewed_at   timestamptz,
  printer_id         integer REFERENCES printers (printer_id),
  include_qad        boolean NOT NULL DEFAULT false,
  include_drawings   boolean NOT NULL DEFAULT true,
  row_version        integer NOT NULL DEFAULT 1,
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE production_plan_boms (
  production_plan_bom_id serial  PRIMARY KEY,
  production_plan_id     integer NOT NULL REFERENCES production_plans (production_plan_id),
  sequence               integer NOT NULL,
  part_num               text    NOT NULL,
  description            text    NOT NULL DEFAULT '',
  quantity_per           double precision NOT NULL DEFAULT 1,
  fixed_qty              boolean NOT NULL DEFAULT false,
  cut_length             double precision NOT NULL DEFAULT 0,
  uom                    text    NOT NULL DEFAULT 'EA',
  row_version            integer NOT NULL DEFAULT 1
);
CREATE INDEX production_plan_boms_plan ON production_plan_boms (production_plan_id);

CREATE TABLE production_plan_operations (
  production_plan_operation_id  serial  PRIMARY KEY,
  production_plan_id            integer NOT NULL REFERENCES production_plans (production_plan_id),
  production_plan_bom_id        integer REFERENCES production_plan_boms (production_plan_bom_id),
  production_group_id           integer,
  sequence                      integer NOT NULL,
  resource_id                   text    REFERENCES resources (resource_id),
  machine_rate_id               integer REFERENCES machine_rates (machine_rate_id),
  worker_count                  integer NOT NULL DEFAULT 1,
  production_quantity           double precision NOT NULL DEFAULT 0,
  locked                        boolean NOT NULL DEFAULT false,
  invalidated                   boolean NOT NULL DEFAULT false,
  rework                        boolean NOT NULL DEFAULT false,
  final_operation               boolean NOT NULL DEFAULT false,
  final_assembly                boolean NOT NULL DEFAULT false,
  print_traveler                boolean NOT NULL DEFAULT true,
  printed                       boolean NOT NULL DEFAULT false,
  action_setup                  boolean NOT NULL DEFAULT false,
  action_slit                   boolean NOT NULL DEFAULT false,
  action_roll_form              boolean NOT NULL DEFAULT false,
  action_punch                  boolean NOT NULL DEFAULT false,
  action_cut                    boolean NOT NULL DEFAULT false,
  action_weld                   boolean NOT NULL DEFAULT false,
  action_paint                  boolean NOT NULL DEFAULT false,
  action_assemble               boolean NOT NULL DEFAULT false,
  action_pack                   boolean NOT NULL DEFAULT false,
  rate_type                     text    NOT NULL DEFAULT 'MPP' CHECK (rate_type IN ('MPP', 'Bundle', 'Foot')),
  setup_minutes                 double precision NOT NULL DEFAULT 0,
  cost_setup_minutes            double precision NOT NULL DEFAULT 0,
  cost_estimate                 double precision NOT NULL DEFAULT 0,
  cost_minutes_per_piece        double precision NOT NULL DEFAULT 0,
  production_estimate           double precision NOT NULL DEFAULT 0,
  production_minutes_per_piece  double precision NOT NULL DEFAULT 0,
  production_minutes_per_bundle double precision NOT NULL DEFAULT 0,
  production_feet_per_minute    double precision NOT NULL DEFAULT 0,
  scheduled_minutes_per_piece   double precision NOT NULL DEFAULT 0,
  production_estimate_tooltip   text    NOT NULL DEFAULT '',
  cost_estimate_tooltip         text    NOT NULL DEFAULT '',
  algorithm_derived_rate        boolean NOT NULL DEFAULT false,
  algorithm_override            boolean NOT NULL DEFAULT false,
  algorithm_override_by         text,
  algorithm_rate_log            text,
  algorithm_result_json         text,
  algorithm_calculation_json    text,
  algorithm_answers_json        text,
  engine_assigned_rate          boolean NOT NULL DEFAULT false,
  engine_override               boolean NOT NULL DEFAULT false,
  engine_override_by            text,
  engine_calculation_json       text,
  allow_resource_change         boolean NOT NULL DEFAULT true,
  allow_rate_change             boolean NOT NULL DEFAULT true,
  row_version                   integer NOT NULL DEFAULT 1
);
CREATE INDEX production_plan_operations_plan ON production_plan_operations (production_plan_id);

CREATE TABLE production_plan_backflushes (
  production_plan_backflush_id serial  PRIMARY KEY,
  production_plan_operation_id integer NOT NULL REFERENCES production_plan_operations (production_plan_operation_id),
  production_plan_bom_id       integer NOT NULL REFERENCES production_plan_boms (production_plan_bom_id),
  quantity                     double precision NOT NULL DEFAULT 0
);
CREATE INDEX production_plan_backflushes_operation ON production_plan_backflushes (production_plan_operation_id);
