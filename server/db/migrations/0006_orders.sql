-- The order header that /pm/order/{orderNum} loads first (spec 000 §2.3, PM Order Loading). The orders
-- area (spec 001: rack rows, deliveries, lead times) adds its tables beside this one.

CREATE TABLE orders (
  order_num           integer     PRIMARY KEY,
  customer_name       text        NOT NULL,
  project_description text        NOT NULL,
  plant_id            integer     NOT NULL REFERENCES plants (plant_id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
