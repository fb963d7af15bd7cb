-- /config/settings (issue 16): the product settings an administrator changed (the others keep the
-- default declared in domain/platform/settings.ts), and every change. No `;` inside a statement.
CREATE TABLE settings (
  name            text        PRIMARY KEY,
  value           jsonb       NOT NULL,
  changed_at      timestamptz NOT NULL DEFAULT now(),
  changed_by      integer,
  changed_by_name text
);

CREATE TABLE setting_history (
  history_id    bigserial   PRIMARY KEY,
  name          text        NOT NULL,
  old_value     jsonb,
  new_value     jsonb       NOT NULL,
  at            timestamptz NOT NULL DEFAULT now(),
  employee_id   integer,
  employee_name text
);
CREATE INDEX setting_history_name ON setting_history (name, history_id DESC);

-- /config/inventoryalerts: a kit document. Inventory is tracked from issue 20, which evaluates these.
CREATE TABLE inventory_alerts (
  inventory_alert_id serial  PRIMARY KEY,
  item               text    NOT NULL,
  plant_id           integer NOT NULL REFERENCES plants (plant_id),
  minimum            integer NOT NULL CHECK (minimum >= 0),
  tell               text    NOT NULL,
  deleted_at         timestamptz
);
