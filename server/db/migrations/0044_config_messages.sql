-- The config group and the news editor (issue 16): login page messages, TV alerts, news items.
-- Kit documents: their history is the kit's document_history. No `;` inside a statement.

CREATE TABLE login_messages (
  login_message_id serial      PRIMARY KEY,
  message          text        NOT NULL,
  severity         text        NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  shows_from       timestamptz,
  shows_until      timestamptz,
  deleted_at       timestamptz
);

CREATE TABLE tv_alerts (
  tv_alert_id serial      PRIMARY KEY,
  message     text        NOT NULL,
  plant_id    integer     NOT NULL REFERENCES plants (plant_id),
  severity    text        NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  shows_from  timestamptz,
  shows_until timestamptz,
  deleted_at  timestamptz
);
CREATE INDEX tv_alerts_plant ON tv_alerts (plant_id) WHERE deleted_at IS NULL;

-- A news item with no plant is for every plant.
CREATE TABLE news_items (
  news_item_id  serial      PRIMARY KEY,
  title         text        NOT NULL,
  body          text        NOT NULL,
  plant_id      integer     REFERENCES plants (plant_id),
  publish_from  timestamptz,
  publish_until timestamptz,
  pinned        boolean     NOT NULL DEFAULT false,
  deleted_at    timestamptz
);
