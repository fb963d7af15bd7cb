-- The help system (spec 000 §1, §4) and runtime error reports (spec 000 §8).

-- Tips an employee dismissed, once per tip key and route, kept on the server so a dismissal follows the
-- employee to every device. Dismissing again is a no-op (the primary key), so the call may be queued.
CREATE TABLE dismissed_tips (
  employee_id  integer     NOT NULL REFERENCES employees (employee_id) ON DELETE CASCADE,
  tip_key      text        NOT NULL,
  route_name   text        NOT NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, tip_key, route_name)
);

-- Whether the reporter's name, employee id and plant came from a valid session (true) or are only what
-- an anonymous browser claimed (false).
ALTER TABLE client_errors ADD COLUMN verified boolean NOT NULL DEFAULT false;
-- IT lists reports newest first; the one-minute repeat check looks at recent rows.
CREATE INDEX client_errors_reported_at ON client_errors (reported_at DESC, client_error_id DESC);
