-- The change feed (brief §4 guarantee 1, §5; server/feed/README.md). PostgreSQL dialect, run unchanged
-- on PGlite. No `;` inside a statement: the migration runner splits on `;` at line ends.

-- One row per topic: its last assigned sequence number, and the highest sequence number compaction has
-- removed (a client behind that point gets a snapshot instead of the changes). The row lock an append
-- takes on its topic's row, held until commit, is what makes a topic's sequence follow commit order.
CREATE TABLE topic_heads (
  topic             text   PRIMARY KEY,
  seq               bigint NOT NULL,
  compacted_through bigint NOT NULL DEFAULT 0
);

-- Every committed change of a document on a topic. `doc` is the projected document (null: deleted),
-- `origin` the hub connection id of the writer. `committed_at` is the writer's transaction time, used
-- only by compaction's time window.
CREATE TABLE change_log (
  topic        text        NOT NULL,
  seq          bigint      NOT NULL,
  collection   text        NOT NULL,
  doc_id       text        NOT NULL,
  doc          jsonb,
  origin       text,
  committed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, seq)
);

-- The latest entry of each document of a topic: the snapshot answer of sync/Pull, and compaction's
-- "is there a newer entry of this document" test.
CREATE INDEX change_log_doc ON change_log (topic, collection, doc_id, seq);
