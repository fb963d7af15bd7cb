-- A remembered PostID is bound to the call it was sent with and a hash of its payload: the same PostID
-- on another call, or with other values, is an Error rather than the first call's answer (issue 14 §3).
-- Rows from before this migration have no hash: they still answer their own path.
ALTER TABLE applied_posts ADD COLUMN payload_sha256 text;

-- Login answers carry a new session token: they were stored here in plain text. No call that returns a
-- secret is remembered any more; the ones already remembered go.
DELETE FROM applied_posts WHERE lower(path) = 'web/login';

-- Failed logins per user name, shared by every server process on this database: the growing delay of
-- SessionService.login holds however many processes and addresses an attacker spreads over.
CREATE TABLE login_throttle (
  user_name       text        PRIMARY KEY,
  failures        integer     NOT NULL,
  last_failure_at timestamptz NOT NULL
);
