-- Platform tables (spec 000 §3, §6; brief §4). PostgreSQL dialect, run unchanged on PGlite.

CREATE TABLE plants (
  plant_id      integer PRIMARY KEY,
  plant_name    text    NOT NULL,
  short_name    text    NOT NULL,
  country       text    NOT NULL,
  subcontractor boolean NOT NULL DEFAULT false,
  time_zone     text    NOT NULL
);

CREATE TABLE stored_files (
  file_id      uuid        PRIMARY KEY,
  file_name    text        NOT NULL,
  content_type text        NOT NULL,
  size         integer     NOT NULL CHECK (size >= 0),
  sha256       text        NOT NULL,
  bytes        bytea       NOT NULL,
  uploaded_by  integer,
  uploaded_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz
);

-- One row per employee; every permission flag of spec 000 §6 / spec 002 §6 is a boolean column
-- (domain/platform/permissions.ts lists them; a test checks that each has its column).
CREATE TABLE employees (
  employee_id   integer     PRIMARY KEY,
  first_name    text        NOT NULL,
  last_name     text        NOT NULL,
  email         text,
  domain_id     text,
  title         text,
  phone_number  text,
  plant_id      integer     NOT NULL REFERENCES plants (plant_id),
  language      text        NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  show_my_help  boolean     NOT NULL DEFAULT true,
  photo_file_id uuid        REFERENCES stored_files (file_id),
  back_color    text,
  text_color    text,
  active        boolean     NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  -- interfaceAccess
  access_manufacturing boolean NOT NULL DEFAULT false,
  access_pm boolean NOT NULL DEFAULT false,
  access_purchasing boolean NOT NULL DEFAULT false,
  access_finance boolean NOT NULL DEFAULT false,
  access_configurator boolean NOT NULL DEFAULT false,
  access_fis boolean NOT NULL DEFAULT false,
  access_cs boolean NOT NULL DEFAULT false,
  access_vendor_portal boolean NOT NULL DEFAULT false,
  access_installer_portal boolean NOT NULL DEFAULT false,
  access_customer_portal boolean NOT NULL DEFAULT false,
  can_change_interface boolean NOT NULL DEFAULT false,
  can_change_plant boolean NOT NULL DEFAULT false,
  installer boolean NOT NULL DEFAULT false,
  -- peopleAndTime
  clocked_in boolean NOT NULL DEFAULT false,
  approves_time boolean NOT NULL DEFAULT false,
  shipper boolean NOT NULL DEFAULT false,
  receiver boolean NOT NULL DEFAULT false,
  supervisor boolean NOT NULL DEFAULT false,
  salaried boolean NOT NULL DEFAULT false,
  quality_control_personnel boolean NOT NULL DEFAULT false,
  employee_administrator boolean NOT NULL DEFAULT false,
  mes_administrator boolean NOT NULL DEFAULT false,
  super_administrator boolean NOT NULL DEFAULT false,
  document_administrator boolean NOT NULL DEFAULT false,
  information_technology boolean NOT NULL DEFAULT false,
  receiving_manager boolean NOT NULL DEFAULT false,
  forms_proxy_administration boolean NOT NULL DEFAULT false,
  -- editView
  view_payroll boolean NOT NULL DEFAULT false,
  edit_payroll boolean NOT NULL DEFAULT false,
  lock_payroll boolean NOT NULL DEFAULT false,
  edit_locations boolean NOT NULL DEFAULT false,
  edit_supervisors boolean NOT NULL DEFAULT false,
  edit_workcenters boolean NOT NULL DEFAULT false,
  view_production_plans boolean NOT NULL DEFAULT false,
  edit_production_plans boolean NOT NULL DEFAULT false,
  edit_production_schedules boolean NOT NULL DEFAULT false,
  edit_planning_schedules boolean NOT NULL DEFAULT false,
  view_scheduling boolean NOT NULL DEFAULT false,
  view_schedule_details boolean NOT NULL DEFAULT false,
  create_what_if_schedules boolean NOT NULL DEFAULT false,
  commit_schedules boolean NOT NULL DEFAULT false,
  view_schedule_quotes boolean NOT NULL DEFAULT false,
  edit_schedule_quotes boolean NOT NULL DEFAULT false,
  view_schedule_summary boolean NOT NULL DEFAULT false,
  edit_pegging boolean NOT NULL DEFAULT false,
  edit_allocations boolean NOT NULL DEFAULT false,
  edit_machine_rates boolean NOT NULL DEFAULT false,
  edit_algorithms boolean NOT NULL DEFAULT false,
  edit_algorithm_rates boolean NOT NULL DEFAULT false,
  edit_pb_properties boolean NOT NULL DEFAULT false,
  view_bonus_calculator boolean NOT NULL DEFAULT false,
  edit_bonus_calculator boolean NOT NULL DEFAULT false,
  edit_materials boolean NOT NULL DEFAULT false,
  edit_material_plans boolean NOT NULL DEFAULT false,
  edit_material_mills boolean NOT NULL DEFAULT false,
  view_maintenance boolean NOT NULL DEFAULT false,
  create_maintenance_work_order boolean NOT NULL DEFAULT false,
  edit_maintenance_personnel boolean NOT NULL DEFAULT false,
  create_maintenance_procedures boolean NOT NULL DEFAULT false,
  view_maintenance_procedures boolean NOT NULL DEFAULT false,
  edit_maintenance_locations boolean NOT NULL DEFAULT false,
  edit_maintenance_inventory boolean NOT NULL DEFAULT false,
  edit_maintenance_assets boolean NOT NULL DEFAULT false,
  edit_maintenance_categories boolean NOT NULL DEFAULT false,
  view_costing_engines boolean NOT NULL DEFAULT false,
  edit_costing_engines boolean NOT NULL DEFAULT false,
  costing_management_access boolean NOT NULL DEFAULT false,
  view_forms boolean NOT NULL DEFAULT false,
  edit_documents boolean NOT NULL DEFAULT false,
  edit_incidents boolean NOT NULL DEFAULT false,
  edit_stock boolean NOT NULL DEFAULT false,
  edit_shop_supply boolean NOT NULL DEFAULT false,
  edit_system_config boolean NOT NULL DEFAULT false,
  data_repair boolean NOT NULL DEFAULT false,
  start_cycle_count boolean NOT NULL DEFAULT false,
  finalize_shipment boolean NOT NULL DEFAULT false,
  subcontractor_invoicing boolean NOT NULL DEFAULT false,
  allow_exceeding_tag_quantities boolean NOT NULL DEFAULT false,
  process_poc boolean NOT NULL DEFAULT false,
  customer_portal_attachments boolean NOT NULL DEFAULT false,
  show_help boolean NOT NULL DEFAULT false,
  configurator_access boolean NOT NULL DEFAULT false,
  steel_escalation boolean NOT NULL DEFAULT false,
  view_budgets boolean NOT NULL DEFAULT false,
  view_all_projects boolean NOT NULL DEFAULT false,
  view_commission_calc boolean NOT NULL DEFAULT false,
  edit_pallet_moles boolean NOT NULL DEFAULT false,
  assign_pallet_moles boolean NOT NULL DEFAULT false,
  add_pallet_moles boolean NOT NULL DEFAULT false,
  delete_pallet_moles boolean NOT NULL DEFAULT false,
  pallet_mole_tag_assignment boolean NOT NULL DEFAULT false,
  pm_support boolean NOT NULL DEFAULT false,
  project_management boolean NOT NULL DEFAULT false,
  -- configurator
  configurator_read_access boolean NOT NULL DEFAULT false,
  configurator_write_access boolean NOT NULL DEFAULT false,
  configurator_worksheet_access boolean NOT NULL DEFAULT false,
  -- fieldInstallation
  fis_personnel boolean NOT NULL DEFAULT false,
  fis_admin boolean NOT NULL DEFAULT false,
  fis_quote_admin boolean NOT NULL DEFAULT false,
  fis_quote_collaboration boolean NOT NULL DEFAULT false,
  fis_payroll_view boolean NOT NULL DEFAULT false,
  fis_payroll_edit boolean NOT NULL DEFAULT false,
  fis_payroll_finalize boolean NOT NULL DEFAULT false,
  fis_payroll_epicor_export boolean NOT NULL DEFAULT false,
  fis_view_quotes boolean NOT NULL DEFAULT false,
  fis_create_quotes boolean NOT NULL DEFAULT false,
  fis_view_all_orders boolean NOT NULL DEFAULT false,
  fis_experimental boolean NOT NULL DEFAULT false
);

CREATE TABLE employee_secure_reports (
  employee_id integer NOT NULL REFERENCES employees (employee_id) ON DELETE CASCADE,
  report_name text    NOT NULL,
  PRIMARY KEY (employee_id, report_name)
);

-- Passwords are hashed with scrypt (memory-hard); the parameters are stored with each hash.
CREATE TABLE credentials (
  employee_id   integer     PRIMARY KEY REFERENCES employees (employee_id) ON DELETE CASCADE,
  user_name     text        NOT NULL,
  password_hash text        NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credentials_user_name ON credentials (lower(user_name));

-- Tokens are 128-bit random values; only their SHA-256 is stored, so a database leak yields no session.
CREATE TABLE sessions (
  session_id   uuid        PRIMARY KEY,
  token_hash   text        NOT NULL UNIQUE,
  employee_id  integer     NOT NULL REFERENCES employees (employee_id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  ip           text,
  user_agent   text
);
CREATE INDEX sessions_employee ON sessions (employee_id);

-- translated is null while a text is only known to be missing (requested but not yet translated).
CREATE TABLE translations (
  language   text        NOT NULL,
  english    text        NOT NULL,
  translated text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer,
  PRIMARY KEY (language, english)
);

CREATE TABLE help_links (
  help_link_id serial      PRIMARY KEY,
  route_name   text        NOT NULL,
  kind         text        NOT NULL CHECK (kind IN ('video', 'sop')),
  title        text        NOT NULL,
  url          text        NOT NULL,
  sort_order   integer     NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_links_route ON help_links (route_name, kind);

CREATE TABLE page_views (
  page_view_id bigserial   PRIMARY KEY,
  employee_id  integer     NOT NULL,
  route_name   text        NOT NULL,
  path         text        NOT NULL,
  viewed_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE client_errors (
  client_error_id bigserial   PRIMARY KEY,
  employee_id     integer,
  name            text,
  plant_id        integer,
  browser         text        NOT NULL,
  message         text        NOT NULL,
  stack           text,
  url             text        NOT NULL,
  reported_at     timestamptz NOT NULL DEFAULT now()
);

-- Queued posts carry a client-generated PostID; a repeated PostID answers the first result and is not
-- applied again (brief §4.2). Written in the same transaction as the post's own rows.
CREATE TABLE applied_posts (
  employee_id integer     NOT NULL,
  post_id     text        NOT NULL,
  path        text        NOT NULL,
  envelope    jsonb       NOT NULL,
  applied_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, post_id)
);
