-- Saved views of the kit's lists (issue 16 item 5): each employee's own named list states (search,
-- filters, sort, columns, grouping) per document type, one of them possibly the default.
-- No `;` inside a statement: the migration runner splits on `;` at line ends.
CREATE TABLE saved_views (
  view_id     serial      PRIMARY KEY,
  employee_id integer     NOT NULL,
  doc_type    text        NOT NULL,
  name        text        NOT NULL,
  state       jsonb       NOT NULL,
  is_default  boolean     NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_views_name ON saved_views (employee_id, doc_type, lower(name));
CREATE UNIQUE INDEX saved_views_default ON saved_views (employee_id, doc_type) WHERE is_default;
