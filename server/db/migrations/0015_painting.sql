-- Painting, bays and the TV boards' figures (issue 7 parts 2 and 3). A small paint-line model of our
-- own (the spec names the screens, not the tables): the paints with their viscosity target range in
-- Zahn-cup seconds, the loads (batches) run on a paint resource (job, part, paint, quantity, started,
-- ended) and the viscosity readings taken on a line (paint, seconds, temperature in °F, employee, when,
-- and the target range of the paint at the time with in/out of range, so a later change of the range
-- does not rewrite history). A paint line is a resource whose process is 'Painting'.
-- Bays: a bay is a numbered group of one plant's machines (`bays`, and `resources.bay_number`), shown
-- together on /tv/scoreboard/{BayNumber}. Bay numbers are unique across plants (1-999).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

CREATE TABLE paints (
  paint_code  text    PRIMARY KEY,
  description text    NOT NULL,
  colour      text    NOT NULL,
  -- A CSS colour for the boards' swatch.
  colour_hex  text    NOT NULL DEFAULT '#888888',
  min_seconds double precision NOT NULL CHECK (min_seconds > 0),
  max_seconds double precision NOT NULL,
  sort_order  integer NOT NULL DEFAULT 0,
  active      boolean NOT NULL DEFAULT true,
  CHECK (max_seconds > min_seconds)
);

INSERT INTO paints (paint_code, description, colour, colour_hex, min_seconds, max_seconds, sort_order) VALUES
  ('ORG-ENM', 'Racking orange enamel', 'Orange', '#f57c00', 20, 26, 10),
  ('BLU-ENM', 'Beam blue enamel', 'Blue', '#1e63b5', 19, 25, 20),
  ('YEL-ENM', 'Safety yellow enamel', 'Yellow', '#f9c80e', 18, 24, 30),
  ('GRY-PRM', 'Grey primer', 'Grey', '#8a8f96', 16, 22, 40),
  ('GRN-ENM', 'Frame green enamel', 'Green', '#2e7d32', 19, 25, 50);

CREATE TABLE paint_loads (
  paint_load_id serial      PRIMARY KEY,
  resource_id   text        NOT NULL REFERENCES resources (resource_id),
  plant_id      integer     NOT NULL REFERENCES plants (plant_id),
  job_number    text        NOT NULL,
  part_num      text        NOT NULL,
  paint_code    text        NOT NULL REFERENCES paints (paint_code),
  quantity      double precision NOT NULL CHECK (quantity > 0),
  started_at    timestamptz NOT NULL,
  ended_at      timestamptz,
  started_by    integer     REFERENCES employees (employee_id),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- The load on a line now: at most one.
CREATE UNIQUE INDEX paint_loads_open ON paint_loads (resource_id) WHERE ended_at IS NULL;
CREATE INDEX paint_loads_resource ON paint_loads (resource_id, started_at);

CREATE TABLE viscosity_readings (
  viscosity_reading_id serial      PRIMARY KEY,
  resource_id          text        NOT NULL REFERENCES resources (resource_id),
  plant_id             integer     NOT NULL REFERENCES plants (plant_id),
  paint_code           text        NOT NULL REFERENCES paints (paint_code),
  seconds              double precision NOT NULL CHECK (seconds > 0),
  temperature_f        double precision NOT NULL,
  employee_id          integer     NOT NULL REFERENCES employees (employee_id),
  recorded_at          timestamptz NOT NULL,
  min_seconds          double precision NOT NULL,
  max_seconds          double precision NOT NULL,
  in_range             boolean     NOT NULL
);
CREATE INDEX viscosity_readings_resource ON viscosity_readings (resource_id, recorded_at);
CREATE INDEX viscosity_readings_employee ON viscosity_readings (employee_id, recorded_at);

CREATE TABLE bays (
  bay_number  integer PRIMARY KEY CHECK (bay_number BETWEEN 1 AND 999),
  plant_id    integer NOT NULL REFERENCES plants (plant_id),
  description text    NOT NULL
);

ALTER TABLE resources ADD COLUMN bay_number integer REFERENCES bays (bay_number);
CREATE INDEX resources_bay ON resources (bay_number);
