-- Payroll entry (issue 7; spec 001 §3 Payroll, §5 SavePayrollEntry): one record per employee and
-- plant-local date, and one lock row per employee and payroll week (weeks start on Monday, plant-local).
-- Hours are typed in today; the time clock (migration 0012, another area) will feed RegularHours and
-- OvertimeHours later (server/areas/payroll/README.md). Money is numeric(12,2).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

CREATE TABLE payroll_entries (
  payroll_id      serial  PRIMARY KEY,
  employee_id     integer NOT NULL REFERENCES employees (employee_id),
  -- The plant whose time zone the date is in (the employee's plant when the record was made).
  plant_id        integer NOT NULL REFERENCES plants (plant_id),
  payroll_date    date    NOT NULL,
  regular_hours   double precision NOT NULL DEFAULT 0 CHECK (regular_hours BETWEEN 0 AND 24),
  overtime_hours  double precision NOT NULL DEFAULT 0 CHECK (overtime_hours BETWEEN 0 AND 24),
  holiday_hours   double precision NOT NULL DEFAULT 0 CHECK (holiday_hours BETWEEN 0 AND 24),
  -- Money advanced to the employee on this day, paid back from the week's pay.
  prepay_amount   numeric(12, 2) NOT NULL DEFAULT 0 CHECK (prepay_amount >= 0),
  notes           text    NOT NULL DEFAULT '' CHECK (length(notes) <= 500),
  modified_by     text,
  modified_at     timestamptz,
  row_version     integer NOT NULL DEFAULT 1,
  -- A day holds at most 24 hours in all.
  CHECK (regular_hours + overtime_hours + holiday_hours <= 24),
  UNIQUE (employee_id, payroll_date)
);
CREATE INDEX payroll_entries_plant_date ON payroll_entries (plant_id, payroll_date);

CREATE TABLE payroll_week_locks (
  employee_id integer NOT NULL REFERENCES employees (employee_id),
  -- The Monday the week starts on (plant-local).
  week_start  date    NOT NULL CHECK (extract(isodow FROM week_start) = 1),
  locked      boolean NOT NULL DEFAULT true,
  locked_by   text    NOT NULL,
  locked_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, week_start)
);
