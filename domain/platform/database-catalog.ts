import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Count, Text } from '../contract/fields';
import type { PermissionFlag } from './permissions';

/**
 * /databasecatalog (issue 16): the database's tables with their columns, row counts, sizes and
 * indexes, read from pg_catalog (the same on PGlite and PostgreSQL). For the administrators of spec
 * 000's admin screens.
 */
export const catalogFlags = [
  'superAdministrator',
  'mesAdministrator',
  'informationTechnology',
] as const satisfies readonly PermissionFlag[];

/** Tables up to this size are counted exactly in the list; bigger ones show the planner's estimate. */
export const EXACT_COUNT_BYTES = 8 * 1024 * 1024;

export const CatalogTable = z.object({
  Table: z.string(),
  /** Exact when `Estimated` is false; the planner's estimate otherwise (null: never analysed). */
  Rows: z.number().nullable(),
  Estimated: z.boolean(),
  TableBytes: z.number(),
  IndexBytes: z.number(),
  TotalBytes: z.number(),
  Columns: Count(),
  Indexes: Count(),
});
export type CatalogTable = z.infer<typeof CatalogTable>;

export const GetDatabaseCatalog = defineCall({
  method: 'GET',
  path: 'web/GetDatabaseCatalog',
  summary:
    "The database's tables: rows (exact for small tables, estimated for big ones), sizes of the table, its indexes and in all; Search keeps tables whose name or a column's name holds the text.",
  access: { anyOf: [...catalogFlags] },
  payload: z.object({ Search: Text(100).optional() }),
  result: z.object({ Database: z.enum(['pglite', 'postgres']), Tables: z.array(CatalogTable) }),
});

export const CatalogColumn = z.object({
  Name: z.string(),
  Type: z.string(),
  Nullable: z.boolean(),
  Default: z.string().nullable(),
});
export const CatalogIndex = z.object({
  Name: z.string(),
  Definition: z.string(),
  Unique: z.boolean(),
  Primary: z.boolean(),
  Bytes: z.number(),
});

export const GetDatabaseTable = defineCall({
  method: 'GET',
  path: 'web/GetDatabaseTable',
  summary:
    'One table: its columns (type, nullable, default), indexes with sizes, and its rows (ExactCount: counted now).',
  access: { anyOf: [...catalogFlags] },
  payload: z.object({
    Table: Text(63).regex(/^[a-z_][a-z0-9_]*$/, 'must be a table name (lower case letters, digits, _)'),
    ExactCount: z.boolean().optional(),
  }),
  result: z.object({
    Table: CatalogTable,
    ColumnList: z.array(CatalogColumn),
    IndexList: z.array(CatalogIndex),
  }),
});
