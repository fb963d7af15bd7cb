import type { SavedView, ViewState } from '../../domain/kit/views';
import type { Sql } from '../db/database';

/** saved_views (migration 0036): every statement names the employee, so one never reaches another's. */
interface Row {
  view_id: number;
  doc_type: string;
  name: string;
  state: ViewState | string;
  is_default: boolean;
  updated_at: Date | string;
}

const toView = (r: Row): SavedView => ({
  ViewID: Number(r.view_id),
  Type: r.doc_type,
  Name: r.name,
  State: typeof r.state === 'string' ? (JSON.parse(r.state) as ViewState) : r.state,
  IsDefault: r.is_default,
  UpdatedAt: (r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at)).toISOString(),
});

const columns = 'view_id, doc_type, name, state, is_default, updated_at';

export const savedViews = {
  async list(db: Sql, employeeId: number, type: string): Promise<SavedView[]> {
    const rows = await db.query<Row>(
      `SELECT ${columns} FROM saved_views WHERE employee_id = $1 AND doc_type = $2 ORDER BY lower(name), view_id`,
      [employeeId, type],
    );
    return rows.map(toView);
  },

  async count(db: Sql, employeeId: number, type: string): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM saved_views WHERE employee_id = $1 AND doc_type = $2',
      [employeeId, type],
    );
    return Number(row?.n ?? 0);
  },

  /** One of the employee's own views, locked for the rest of the transaction; null when not theirs. */
  async own(db: Sql, employeeId: number, viewId: number): Promise<SavedView | null> {
    const [row] = await db.query<Row>(
      `SELECT ${columns} FROM saved_views WHERE view_id = $1 AND employee_id = $2 FOR UPDATE`,
      [viewId, employeeId],
    );
    return row ? toView(row) : null;
  },

  /** The employee's view of this type with this name (any case), other than `exceptId`. */
  async named(db: Sql, employeeId: number, type: string, name: string, exceptId: number | null) {
    const [row] = await db.query<Row>(
      `SELECT ${columns} FROM saved_views
        WHERE employee_id = $1 AND doc_type = $2 AND lower(name) = lower($3) AND view_id <> $4`,
      [employeeId, type, name, exceptId ?? 0],
    );
    return row ? toView(row) : null;
  },

  /** The views that stop being the default when another becomes it; returns them as they are after. */
  async clearDefault(db: Sql, employeeId: number, type: string, exceptId: number | null) {
    const rows = await db.query<Row>(
      `UPDATE saved_views SET is_default = false, updated_at = now()
        WHERE employee_id = $1 AND doc_type = $2 AND is_default AND view_id <> $3
        RETURNING ${columns}`,
      [employeeId, type, exceptId ?? 0],
    );
    return rows.map(toView);
  },

  async insert(
    db: Sql,
    employeeId: number,
    v: { type: string; name: string; state: ViewState; isDefault: boolean },
  ): Promise<SavedView> {
    const [row] = await db.query<Row>(
      `INSERT INTO saved_views (employee_id, doc_type, name, state, is_default)
       VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING ${columns}`,
      [employeeId, v.type, v.name, JSON.stringify(v.state), v.isDefault],
    );
    return toView(row!);
  },

  async update(
    db: Sql,
    employeeId: number,
    viewId: number,
    v: { name: string; state: ViewState; isDefault: boolean },
  ): Promise<SavedView> {
    const [row] = await db.query<Row>(
      `UPDATE saved_views SET name = $3, state = $4::jsonb, is_default = $5, updated_at = now()
        WHERE view_id = $1 AND employee_id = $2 RETURNING ${columns}`,
      [viewId, employeeId, v.name, JSON.stringify(v.state), v.isDefault],
    );
    return toView(row!);
  },

  async remove(db: Sql, employeeId: number, viewId: number): Promise<void> {
    await db.query('DELETE FROM saved_views WHERE view_id = $1 AND employee_id = $2', [viewId, employeeId]);
  },
};
