-- Live hub connections of every server process (/connections), and each process's heartbeat so the
-- connections of a process that died are removed by the others.

CREATE TABLE hub_connections (
  connection_id text        PRIMARY KEY,
  node_id       text        NOT NULL,
  employee_id   integer,
  name          text,
  plant_id      integer,
  interface     text,
  transport     text        NOT NULL,
  connected_at  timestamptz NOT NULL
);
CREATE INDEX hub_connections_node ON hub_connections (node_id);

CREATE TABLE hub_nodes (
  node_id    text        PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at    timestamptz NOT NULL DEFAULT now()
);
