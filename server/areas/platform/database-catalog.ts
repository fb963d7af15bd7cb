import {
  type CatalogTable,
  EXACT_COUNT_BYTES,
  GetDatabaseCatalog,
  GetDatabaseTable,
} from '../../../domain/platform/database-catalog';
import type { Database, Sql } from '../../db/database';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';

/**
 * /databasecatalog's calls: pg_catalog read the same way on PGlite and PostgreSQL. A table name from
 * a request is only ever used after it was found in pg_class, and then quoted as an identifier.
 */
interface TableRow {
  oid: number;
  name: string;
  reltuples: number;
  table_bytes: number;
  index_bytes: number;
  total_bytes: number;
  columns: number;
  indexes: number;
}

const TABLES = `SELECT c.oid::int AS oid, c.relname AS name, c.reltuples::float8 AS reltuples,
    pg_table_size(c.oid)::float8 AS table_bytes, pg_indexes_size(c.oid)::float8 AS index_bytes,
    pg_total_relation_size(c.oid)::float8 AS total_bytes,
    (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)::int AS columns,
    (SELECT count(*) FROM pg_index x WHERE x.indrelid = c.oid)::int AS indexes
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`;

const quoted = (name: string) => `"public"."${name.replace(/"/g, '""')}"`;

async function exactCount(db: Sql, name: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM ${quoted(name)}`);
  return Number(row?.n ?? 0);
}

async function describe(db: Sql, t: TableRow, exact: boolean): Promise<CatalogTable> {
  const count = exact || Number(t.total_bytes) <= EXACT_COUNT_BYTES;
  const estimate = Number(t.reltuples);
  return {
    Table: t.name,
    Rows: count ? await exactCount(db, t.name) : estimate >= 0 ? Math.round(estimate) : null,
    Estimated: !count,
    TableBytes: Number(t.table_bytes),
    IndexBytes: Number(t.index_bytes),
    TotalBytes: Number(t.total_bytes),
    Columns: Number(t.columns),
    Indexes: Number(t.indexes),
  };
}

export function registerDatabaseCatalogCalls(registry: CallRegistry, database: Database): void {
  registry.handle(
    GetDatabaseCatalog,
    async ({ db, payload }) => {
      const search = payload.Search?.trim().toLowerCase();
      const params: unknown[] = [];
      let where = '';
      if (search) {
        params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where = ` AND (c.relname LIKE $1 OR EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
          AND a.attnum > 0 AND NOT a.attisdropped AND lower(a.attname) LIKE $1))`;
      }
      const rows = await db.query<TableRow>(`${TABLES}${where} ORDER BY c.relname`, params);
      const tables: CatalogTable[] = [];
      for (const t of rows) tables.push(await describe(db, t, false));
      return { Database: database.kind, Tables: tables };
    },
    { plant: { none: 'the database is the same for every plant' } },
  );

  registry.handle(
    GetDatabaseTable,
    async ({ db, payload }) => {
      const [t] = await db.query<TableRow>(`${TABLES} AND c.relname = $1`, [payload.Table]);
      if (!t) throw invalid(`Table: there is no table ${payload.Table}`);
      const columns = await db.query<{ name: string; type: string; nullable: boolean; def: string | null }>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
                pg_get_expr(d.adbin, d.adrelid) AS def
           FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
        [t.oid],
      );
      const indexes = await db.query<{
        name: string;
        definition: string;
        is_unique: boolean;
        is_primary: boolean;
        bytes: number;
      }>(
        `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition, x.indisunique AS is_unique,
                x.indisprimary AS is_primary, pg_relation_size(i.oid)::float8 AS bytes
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1 ORDER BY i.relname`,
        [t.oid],
      );
      return {
        Table: await describe(db, t, payload.ExactCount === true),
        ColumnList: columns.map((c) => ({
          Name: c.name,
          Type: c.type,
          Nullable: c.nullable,
          Default: c.def,
        })),
        IndexList: indexes.map((i) => ({
          Name: i.name,
          Definition: i.definition,
          Unique: i.is_unique,
          Primary: i.is_primary,
          Bytes: Number(i.bytes),
        })),
      };
    },
    { plant: { none: 'the database is the same for every plant' } },
  );
}
