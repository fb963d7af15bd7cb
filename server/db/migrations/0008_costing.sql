-- Costing engines (issue 5, item 4): versioned rule sets per resource that compute production and setup
-- minutes. Only drafts change; publishing a draft retires the version that was active. The steps are one
-- jsonb array (ordered, always read and written whole with their engine). resource_id has no foreign key:
-- the resources table (0007) is written in parallel; the costing area checks nothing against it yet.

CREATE TABLE costing_engines (
  costing_engine_id serial      PRIMARY KEY,
  resource_id       text        NOT NULL,
  plant_id          integer     REFERENCES plants (plant_id),
  name              text        NOT NULL,
  version           integer     NOT NULL CHECK (version > 0),
  status            text        NOT NULL CHECK (status IN ('draft', 'published', 'retired')),
  notes             text        NOT NULL DEFAULT '',
  steps             jsonb       NOT NULL DEFAULT '[]',
  created_by        integer     REFERENCES employees (employee_id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  published_at      timestamptz
);

-- One row per resource and version, at most one draft and one active (published) version per resource;
-- the service also locks the resource. Resource ids compare without regard to letter case (lv-cut01 is
-- LV-CUT01), so a draft typed in lower case cannot start a second engine for the same machine.
CREATE UNIQUE INDEX costing_engines_version ON costing_engines (lower(resource_id), version);
CREATE UNIQUE INDEX costing_engines_one_draft ON costing_engines (lower(resource_id)) WHERE status = 'draft';
CREATE UNIQUE INDEX costing_engines_one_published ON costing_engines (lower(resource_id)) WHERE status = 'published';
CREATE INDEX costing_engines_plant ON costing_engines (plant_id, resource_id);
