import {
  type DocumentDecl,
  type FieldFilter,
  groupableFields,
  type HistoryRow,
  inputOf,
  LIST_GROUPS_MAX,
  type ListGroup,
} from '../../domain/kit/document';
import type { Sql } from '../db/database';
import { invalid } from '../rpc/errors';

/**
 * Where a document type's records live: the one thing about a document the declaration (domain/kit)
 * does not say. Every identifier here is written by a developer, never taken from a request, and is
 * still checked against a strict pattern at start-up; every value goes in as a parameter.
 */
export interface DocumentTable {
  table: string;
  /** The serial key column. */
  key: string;
  /**
   * Set when a record is deleted; a deleted record stays, with its history. Left out for a table whose
   * records are never deleted through the kit (employees are made inactive instead).
   */
  deletedAt?: string;
  /**
   * Each declared field's column; `date` columns travel as `YYYY-MM-DD` text, never through a zone,
   * `timestamp` (timestamptz) columns as ISO instants in UTC (`2026-11-27T13:00:00Z`).
   */
  columns: Record<string, string | { column: string; as: 'date' | 'timestamp' }>;
}

export interface ListQuery {
  plantId?: number | null;
  search?: string;
  filters?: Record<string, FieldFilter>;
  sort?: string;
  desc?: boolean;
  skip?: number;
  take?: number;
  includeDeleted?: boolean;
  /** Count the filtered set by this field (dates by month); with `group`, only that group's rows. */
  groupBy?: string;
  /** The group's value as JSON text (`"tv"`, `true`, `2`, `"2026-01"`, `null`). */
  group?: string;
}

export type DocRecord = Record<string, unknown>;

const identifier = /^[a-z_][a-z0-9_]*$/;
const fieldName = /^[A-Za-z][A-Za-z0-9]*$/;

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Generic SQL over one document table; built once per document type, when the server starts. */
export class DocumentRepository {
  private readonly select: string;
  private readonly column: (field: string) => string;

  constructor(
    readonly decl: DocumentDecl,
    readonly table: DocumentTable,
  ) {
    if (decl.calls.delete && !table.deletedAt) throw new Error(`${decl.type}: a delete call needs deletedAt`);
    for (const name of [table.table, table.key, table.deletedAt ?? 'none']) {
      if (!identifier.test(name)) throw new Error(`${decl.type}: ${name} is not a plain SQL identifier`);
    }
    for (const field of Object.keys(decl.fields)) {
      if (!fieldName.test(field)) throw new Error(`${decl.type}: field ${field} is not a plain name`);
      const c = table.columns[field];
      const col = typeof c === 'string' ? c : c?.column;
      if (!col || !identifier.test(col)) throw new Error(`${decl.type}: field ${field} has no plain column`);
    }
    if (!fieldName.test(decl.key)) throw new Error(`${decl.type}: key ${decl.key} is not a plain name`);
    this.column = (field) => {
      const c = table.columns[field]!;
      return typeof c === 'string' ? c : c.column;
    };
    const expr = (field: string) => {
      const c = table.columns[field]!;
      if (typeof c === 'string') return c;
      return c.as === 'timestamp'
        ? `to_char(${c.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
        : `to_char(${c.column}, 'YYYY-MM-DD')`;
    };
    this.select = [
      `${table.key} AS "${decl.key}"`,
      ...Object.keys(decl.fields).map((f) => `${expr(f)} AS "${f}"`),
      table.deletedAt ? `(${table.deletedAt} IS NOT NULL) AS "Deleted"` : `false AS "Deleted"`,
    ].join(', ');
  }

  /** The WHERE clause of a list request, parameters from $1. Unknown fields and wrong kinds are refused. */
  where(q: ListQuery): { sql: string; params: unknown[] } {
    const { decl } = this;
    const conditions: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (!q.includeDeleted && this.table.deletedAt) conditions.push(`${this.table.deletedAt} IS NULL`);
    if (decl.plantField && q.plantId !== undefined && q.plantId !== null) {
      conditions.push(`${this.column(decl.plantField)} = ${param(q.plantId)}`);
    }
    const search = q.search?.trim();
    if (search) {
      const fields = Object.entries(decl.fields).filter(([, f]) => f.search);
      if (fields.length) {
        const p = param(contains(search));
        conditions.push(`(${fields.map(([name]) => `${this.column(name)}::text ILIKE ${p}`).join(' OR ')})`);
      }
    }
    for (const [name, filter] of Object.entries(q.filters ?? {})) {
      const field = Object.hasOwn(decl.fields, name) ? decl.fields[name] : undefined;
      if (!field?.filter) {
        const allowed = Object.entries(decl.fields)
          .filter(([, f]) => f.filter)
          .map(([n]) => n);
        throw invalid(
          `Filters: ${decl.nounPlural} cannot be filtered by '${name.slice(0, 60)}' (allowed: ${allowed.join(', ')})`,
        );
      }
      const col = this.column(name);
      const wrong = (what: string) =>
        invalid(`Filters ${name}: ${field.label} is filtered by ${field.filter}, not by ${what}`);
      if (filter.Contains !== undefined) {
        if (field.filter !== 'text') throw wrong('text');
        if (filter.Contains.trim())
          conditions.push(`${col}::text ILIKE ${param(contains(filter.Contains.trim()))}`);
      }
      if (filter.AnyOf !== undefined) {
        if (field.filter !== 'choice' && field.filter !== 'pick') throw wrong('a list of values');
        conditions.push(`${col}::text = ANY(${param(filter.AnyOf)}::text[])`);
      }
      for (const [bound, op] of [
        ['From', '>='],
        ['To', '<='],
      ] as const) {
        const value = filter[bound];
        if (value === undefined) continue;
        if (field.filter === 'dateRange' && typeof value === 'string')
          conditions.push(`${col} ${op} ${param(value)}::date`);
        else if (field.filter === 'numberRange' && typeof value === 'number')
          conditions.push(`${col} ${op} ${param(value)}`);
        else throw wrong(typeof value === 'string' ? 'a date range' : 'a number range');
      }
      if (filter.Is !== undefined) {
        if (field.filter !== 'boolean') throw wrong('yes or no');
        conditions.push(`${col} = ${param(filter.Is)}`);
      }
    }
    if (q.group !== undefined) {
      if (!q.groupBy) throw invalid('Group: needs GroupBy, the field it is a value of');
      const value = this.groupValue(q.groupBy, q.group);
      const expr = this.groupExpr(q.groupBy);
      conditions.push(value === null ? `${expr} IS NULL` : `${expr} = ${param(value)}`);
    }
    return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }

  /** What a list groups by: the column, or a date's month as `YYYY-MM`. */
  private groupExpr(field: string): string {
    if (!groupableFields(this.decl).includes(field))
      throw invalid(`GroupBy: ${this.decl.nounPlural} cannot be grouped by '${field.slice(0, 60)}'`);
    const col = this.column(field);
    return inputOf(this.decl.fields[field]!) === 'date' ? `to_char(${col}, 'YYYY-MM')` : col;
  }

  /** A group's value from its JSON text, checked against the field's kind (an Error naming Group otherwise). */
  private groupValue(field: string, text: string): string | number | boolean | null {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw invalid('Group: must be the group\'s value as JSON, such as "tv", true, 2 or null');
    }
    if (value === null) return null;
    const f = this.decl.fields[field]!;
    const kind = inputOf(f);
    const ok =
      field === this.decl.plantField
        ? Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2147483647
        : kind === 'boolean'
          ? typeof value === 'boolean'
          : kind === 'date'
            ? typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
            : typeof value === 'string' && value.length <= 200;
    if (!ok) {
      const what =
        field === this.decl.plantField
          ? 'a plant number'
          : kind === 'boolean'
            ? 'true or false'
            : kind === 'date'
              ? 'a month such as "2026-01"'
              : 'a text';
      throw invalid(`Group: ${f.label} groups are ${what}, or null`);
    }
    return value as string | number | boolean;
  }

  /** The filtered set's groups by `field`, with counts, in value order (empty last); at most LIST_GROUPS_MAX. */
  async groups(db: Sql, q: ListQuery, field: string): Promise<ListGroup[]> {
    const expr = this.groupExpr(field);
    const { sql, params } = this.where({ ...q, group: undefined });
    const rows = await db.query<{ value: unknown; n: number }>(
      `SELECT ${expr} AS value, count(*) AS n FROM ${this.table.table} ${sql}
        GROUP BY 1 ORDER BY 1 NULLS LAST LIMIT ${LIST_GROUPS_MAX}`,
      params,
    );
    const isPlant = field === this.decl.plantField;
    return rows.map((r) => ({
      Value: r.value === null ? null : isPlant ? Number(r.value) : (r.value as string | boolean),
      Count: Number(r.n),
    }));
  }

  /** The list's ORDER BY parts: the sort expression and direction, checked. */
  private order(q: ListQuery): { sortSql: string; desc: boolean } {
    const { decl } = this;
    const sortField = q.sort ?? decl.list.sort.field;
    if (!decl.fields[sortField]?.sort && sortField !== decl.list.sort.field) {
      throw invalid(`Sort: ${decl.nounPlural} cannot be sorted by '${sortField}'`);
    }
    const desc = q.desc ?? decl.list.sort.desc ?? false;
    const input = inputOf(decl.fields[sortField]!);
    const sortSql =
      input === 'text' || input === 'textarea' ? `lower(${this.column(sortField)})` : this.column(sortField);
    return { sortSql, desc };
  }

  /**
   * Every row the list's filters match, in the list's order, `batch` at a time: each batch starts after
   * the last row of the one before (by sort value and key), so no batch repeats or skips a row that
   * stayed put while others changed, no transaction is held between batches (PGlite has one
   * connection), and no OFFSET grows with the set. For the export.
   */
  async *scan(db: Sql, q: ListQuery, batch = 2000): AsyncGenerator<DocRecord[]> {
    const { table } = this;
    const { sortSql, desc } = this.order(q);
    const { sql, params } = this.where(q);
    const dir = desc ? 'DESC' : 'ASC';
    const after = desc ? '<' : '>';
    let last: { k: string | null; id: number } | null = null;
    for (;;) {
      const p = [...params];
      let cursor = '';
      if (last) {
        p.push(last.id);
        const id = `$${p.length}`;
        if (last.k === null) cursor = `(${sortSql} IS NULL AND ${table.key} ${after} ${id})`;
        else {
          p.push(last.k);
          const k = `$${p.length}`;
          cursor = `(${sortSql} ${after} ${k} OR (${sortSql} = ${k} AND ${table.key} ${after} ${id}) OR ${sortSql} IS NULL)`;
        }
      }
      const where = cursor ? (sql ? `${sql} AND ${cursor}` : `WHERE ${cursor}`) : sql;
      p.push(batch);
      const rows = await db.query<DocRecord & { __k: string | null; __id: number }>(
        `SELECT ${this.select}, (${sortSql})::text AS "__k", ${table.key} AS "__id" FROM ${table.table} ${where}
          ORDER BY ${sortSql} ${dir} NULLS LAST, ${table.key} ${dir} LIMIT $${p.length}`,
        p,
      );
      if (!rows.length) return;
      const tail = rows[rows.length - 1]!;
      last = { k: tail.__k, id: Number(tail.__id) };
      yield rows.map(({ __k: _k, __id: _id, ...r }) => r);
      if (rows.length < batch) return;
    }
  }

  /** One page and the count of all that match, in one statement (the count by a window before OFFSET). */
  async list(db: Sql, q: ListQuery): Promise<{ Rows: DocRecord[]; Total: number; Groups?: ListGroup[] }> {
    const { table } = this;
    // Text sorts as people read it: "LV dock scanner" before "LV KPI TV" (the C collation of PGlite
    // would put every capital first).
    const { sortSql, desc } = this.order(q);
    if (q.groupBy && q.group === undefined) {
      // The groups of the whole filtered set, not of a page: their rows are asked group by group.
      const groups = await this.groups(db, q, q.groupBy);
      let total = groups.reduce((sum, g) => sum + g.Count, 0);
      if (groups.length === LIST_GROUPS_MAX) {
        const { sql, params } = this.where(q);
        const [count] = await db.query<{ n: number }>(
          `SELECT count(*) AS n FROM ${table.table} ${sql}`,
          params,
        );
        total = Number(count?.n ?? 0);
      }
      return { Rows: [], Total: total, Groups: groups };
    }
    const { sql, params } = this.where(q);
    const n = params.length;
    const rows = await db.query<DocRecord & { __total: number }>(
      `SELECT ${this.select}, count(*) OVER () AS "__total" FROM ${table.table} ${sql}
        ORDER BY ${sortSql} ${desc ? 'DESC' : 'ASC'} NULLS LAST, ${table.key} ${desc ? 'DESC' : 'ASC'}
        OFFSET $${n + 1} LIMIT $${n + 2}`,
      [...params, q.skip ?? 0, q.take ?? 100],
    );
    let total = rows.length ? Number(rows[0]!.__total) : 0;
    if (!rows.length && (q.skip ?? 0) > 0) {
      const [count] = await db.query<{ n: number }>(
        `SELECT count(*) AS n FROM ${table.table} ${sql}`,
        params,
      );
      total = Number(count?.n ?? 0);
    }
    return { Rows: rows.map(({ __total: _, ...r }) => r), Total: total };
  }

  /** One record, deleted or not; `lock` takes its row lock for the rest of the transaction. */
  async get(db: Sql, id: number, lock = false): Promise<DocRecord | null> {
    const [row] = await db.query<DocRecord>(
      `SELECT ${this.select} FROM ${this.table.table} WHERE ${this.table.key} = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  /** Records that are not deleted, in key order after `afterId`: global search's catch-up (server/kit/search.ts). */
  async pageAfter(db: Sql, afterId: number, limit: number): Promise<DocRecord[]> {
    return db.query<DocRecord>(
      `SELECT ${this.select} FROM ${this.table.table}
        WHERE ${this.table.deletedAt} IS NULL AND ${this.table.key} > $1 ORDER BY ${this.table.key} LIMIT $2`,
      [afterId, limit],
    );
  }

  /** The record's plant, for the plant rule; null when there is no such record. */
  async plantOf(db: Sql, id: number): Promise<number | null> {
    if (!this.decl.plantField) return null;
    const [row] = await db.query<{ p: number }>(
      `SELECT ${this.column(this.decl.plantField)} AS p FROM ${this.table.table} WHERE ${this.table.key} = $1`,
      [id],
    );
    return row ? Number(row.p) : null;
  }

  async setField(db: Sql, id: number, field: string, value: unknown): Promise<void> {
    await db.query(`UPDATE ${this.table.table} SET ${this.column(field)} = $1 WHERE ${this.table.key} = $2`, [
      value,
      id,
    ]);
  }

  async insert(db: Sql, values: Record<string, unknown>): Promise<number> {
    const fields = Object.keys(values).filter(
      (f) => Object.hasOwn(this.decl.fields, f) && values[f] !== undefined,
    );
    const [row] = await db.query<{ id: number }>(
      fields.length
        ? `INSERT INTO ${this.table.table} (${fields.map((f) => this.column(f)).join(', ')})
           VALUES (${fields.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${this.table.key} AS id`
        : `INSERT INTO ${this.table.table} DEFAULT VALUES RETURNING ${this.table.key} AS id`,
      fields.map((f) => values[f]),
    );
    return Number(row!.id);
  }

  async markDeleted(db: Sql, id: number): Promise<void> {
    await db.query(
      `UPDATE ${this.table.table} SET ${this.table.deletedAt} = now() WHERE ${this.table.key} = $1`,
      [id],
    );
  }
}

/** The history of every kit document (document_history, migration 0030). */
export const documentHistory = {
  async add(
    db: Sql,
    row: {
      type: string;
      id: number;
      field: string;
      old: unknown;
      new: unknown;
      employeeId: number | null;
      name: string | null;
      call: string;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO document_history (doc_type, doc_id, field, old_value, new_value, employee_id, employee_name, call)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8)`,
      [
        row.type,
        row.id,
        row.field,
        row.old === undefined ? null : JSON.stringify(row.old),
        row.new === undefined ? null : JSON.stringify(row.new),
        row.employeeId,
        row.name,
        row.call,
      ],
    );
  },

  async list(
    db: Sql,
    type: string,
    id: number,
    skip: number,
    take: number,
  ): Promise<{ Rows: HistoryRow[]; Total: number }> {
    const rows = await db.query<{
      at: Date | string;
      employee_id: number | null;
      employee_name: string | null;
      field: string;
      old_value: unknown;
      new_value: unknown;
      call: string;
      total: number;
    }>(
      `SELECT at, employee_id, employee_name, field, old_value, new_value, call, count(*) OVER () AS total
         FROM document_history WHERE doc_type = $1 AND doc_id = $2
        ORDER BY history_id DESC OFFSET $3 LIMIT $4`,
      [type, id, skip, take],
    );
    return {
      Total: rows.length ? Number(rows[0]!.total) : 0,
      Rows: rows.map((r) => ({
        At: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
        EmployeeID: r.employee_id,
        Name: r.employee_name,
        Field: r.field,
        Old: r.old_value,
        New: r.new_value,
        Call: r.call,
      })),
    };
  },
};
