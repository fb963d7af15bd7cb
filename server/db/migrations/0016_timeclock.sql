-- Time clock (issue 7 part 1): punch corrections by time approvers (timeclock/SavePunch). The punch
-- keeps its last correction (who, when); clock_punch_corrections keeps every one with the times before
-- and after. The employee record's clocked_in is brought in step with the open punches (ClockIn,
-- ClockOut and SavePunch keep it so from now on).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.

ALTER TABLE clock_punches ADD COLUMN corrected_by integer REFERENCES employees (employee_id);
ALTER TABLE clock_punches ADD COLUMN corrected_at timestamptz;

CREATE TABLE clock_punch_corrections (
  clock_punch_correction_id serial      PRIMARY KEY,
  clock_punch_id            integer     NOT NULL REFERENCES clock_punches (clock_punch_id),
  corrected_by              integer     NOT NULL REFERENCES employees (employee_id),
  corrected_at              timestamptz NOT NULL,
  old_clocked_in_at         timestamptz NOT NULL,
  old_clocked_out_at        timestamptz,
  new_clocked_in_at         timestamptz NOT NULL,
  new_clocked_out_at        timestamptz
);
CREATE INDEX clock_punch_corrections_punch ON clock_punch_corrections (clock_punch_id);

UPDATE employees e SET clocked_in = EXISTS (
  SELECT 1 FROM clock_punches p WHERE p.employee_id = e.employee_id AND p.clocked_out_at IS NULL
);
