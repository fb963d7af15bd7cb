-- Global search (issue 16 item 9): one index the areas feed, so one query finds every kind of record.
-- pg_trgm gives the substring and close-spelling matches (PGlite loads it too: server/db/database.ts).
-- No `;` inside a statement: the migration runner splits on `;` at line ends.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per findable record. The owning area writes it in the same transaction as the change
-- (server/kit/search.ts indexSearchEntries), so a renamed record is found by its new name at once.
-- title_folded and search_text hold the text folded as domain/platform/search.ts foldSearchText
-- does (no accents, lower case), so the comparisons need no unaccent extension and no ILIKE.
CREATE TABLE search_index (
  kind         text        NOT NULL,
  record_key   text        NOT NULL,
  plant_id     integer,
  title        text        NOT NULL,
  detail       text        NOT NULL DEFAULT '',
  link         text        NOT NULL,
  title_folded text        NOT NULL,
  search_text  text        NOT NULL,
  tsv          tsvector    GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
  indexed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, record_key)
);
-- Whole title and title prefix (the best tiers), per kind, in title order.
CREATE INDEX search_index_title ON search_index (kind, title_folded text_pattern_ops);
-- A word starting with what was typed.
CREATE INDEX search_index_tsv ON search_index USING gin (tsv);
-- Anywhere in the text, and close spellings (word similarity).
CREATE INDEX search_index_trgm ON search_index USING gin (search_text gin_trgm_ops);
