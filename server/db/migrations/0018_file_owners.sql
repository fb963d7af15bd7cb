-- Every stored file belongs to something, and a download is allowed only to whoever may see that thing
-- (issue 14 §3). owner_kind says what: 'employee-photo' (owner_id: the employee), 'upload' (uploaded and
-- not yet attached to anything; owner_id: the uploader). Later areas add their kinds (a form, an order,
-- a daily report) with their rule in server/areas/platform/files.policy.ts; an unknown kind is refused.
ALTER TABLE stored_files ADD COLUMN owner_kind text NOT NULL DEFAULT 'upload';
ALTER TABLE stored_files ADD COLUMN owner_id text;

UPDATE stored_files f SET owner_kind = 'employee-photo', owner_id = e.employee_id::text
  FROM employees e WHERE e.photo_file_id = f.file_id;
UPDATE stored_files SET owner_id = uploaded_by::text WHERE owner_kind = 'upload' AND uploaded_by IS NOT NULL;

-- The per-employee storage quota sums this.
CREATE INDEX stored_files_uploaded_by ON stored_files (uploaded_by) WHERE deleted_at IS NULL;
