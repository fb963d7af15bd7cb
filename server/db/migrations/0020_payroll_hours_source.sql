-- Issue 15 (item 5): where a payroll record's regular and overtime hours come from, so payroll and the
-- timecards agree and the screen can say which it is. 'clock': the closed punches of an hourly employee;
-- 'salaried': the salaried default of a working day; 'manual': typed by a person, which wins and is never
-- refilled. Records someone had already changed keep their hours as typed.
ALTER TABLE payroll_entries ADD COLUMN hours_source text NOT NULL DEFAULT 'clock'
  CHECK (hours_source IN ('clock', 'salaried', 'manual'));
UPDATE payroll_entries SET hours_source = 'manual' WHERE modified_by IS NOT NULL;
