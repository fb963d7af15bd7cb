-- /employees, /supervisors and /offices on the document kit (issue 16).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

-- An office of a plant: where people sit, the address visitors and carriers use.
CREATE TABLE offices (
  office_id    serial      PRIMARY KEY,
  name         text        NOT NULL,
  plant_id     integer     NOT NULL REFERENCES plants (plant_id),
  address      text,
  city         text,
  phone_number text,
  email        text,
  notes        text,
  deleted_at   timestamptz
);
CREATE INDEX offices_plant ON offices (plant_id, name);

-- Who an employee reports to (/supervisors reassigns it), and the office they sit in.
ALTER TABLE employees ADD COLUMN supervisor_id integer REFERENCES employees (employee_id);
ALTER TABLE employees ADD COLUMN office_id integer REFERENCES offices (office_id);
CREATE INDEX employees_supervisor ON employees (supervisor_id);
CREATE INDEX employees_plant_name ON employees (plant_id, last_name, first_name);
