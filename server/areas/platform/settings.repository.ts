import {
  type SettingName,
  type SettingRow,
  settingDefs,
  settingNames,
  settingSchema,
} from '../../../domain/platform/settings';
import type { Sql } from '../../db/database';

interface StoredRow {
  name: string;
  value: unknown;
  changed_at: Date | string;
  changed_by_name: string | null;
}

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/** A stored value that no longer passes its setting's type (bounds tightened since) counts as unset. */
function storedValue(name: SettingName, stored: unknown): number {
  const parsed = settingSchema(name).safeParse(stored);
  return parsed.success ? parsed.data : settingDefs[name].default;
}

/**
 * The value a setting has now: what an administrator saved, else its declared default. The one way
 * other code reads a setting (my-work reads ShortcutDays and ShortcutCount).
 */
export async function settingValue(db: Sql, name: SettingName): Promise<number> {
  const [row] = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE name = $1', [name]);
  return row ? storedValue(name, row.value) : settingDefs[name].default;
}

export const settingsRepository = {
  async all(db: Sql): Promise<SettingRow[]> {
    const rows = await db.query<StoredRow>('SELECT name, value, changed_at, changed_by_name FROM settings');
    const stored = new Map(rows.map((r) => [r.name, r]));
    return settingNames.map((Name) => {
      const row = stored.get(Name);
      return {
        Name,
        Value: row ? storedValue(Name, row.value) : settingDefs[Name].default,
        Default: settingDefs[Name].default,
        ChangedAt: row ? iso(row.changed_at) : null,
        ChangedBy: row?.changed_by_name ?? null,
      };
    });
  },

  /** Writes the value and its history row; the row lock orders two administrators saving at once. */
  async save(
    db: Sql,
    name: SettingName,
    value: number,
    who: { employeeId: number; name: string },
  ): Promise<boolean> {
    const [before] = await db.query<{ value: unknown }>(
      'SELECT value FROM settings WHERE name = $1 FOR UPDATE',
      [name],
    );
    const old = before ? storedValue(name, before.value) : settingDefs[name].default;
    if (before && old === value) return false;
    await db.query(
      `INSERT INTO settings (name, value, changed_at, changed_by, changed_by_name) VALUES ($1, $2::jsonb, now(), $3, $4)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, changed_at = now(),
         changed_by = EXCLUDED.changed_by, changed_by_name = EXCLUDED.changed_by_name`,
      [name, JSON.stringify(value), who.employeeId, who.name],
    );
    await db.query(
      `INSERT INTO setting_history (name, old_value, new_value, employee_id, employee_name)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)`,
      [name, JSON.stringify(old), JSON.stringify(value), who.employeeId, who.name],
    );
    return true;
  },

  async history(db: Sql, name: SettingName, take: number) {
    const rows = await db.query<{
      at: Date | string;
      employee_id: number | null;
      employee_name: string | null;
      old_value: number | null;
      new_value: number;
      total: number;
    }>(
      `SELECT at, employee_id, employee_name, old_value, new_value, count(*) OVER () AS total
         FROM setting_history WHERE name = $1 ORDER BY history_id DESC LIMIT $2`,
      [name, take],
    );
    return {
      Total: rows.length ? Number(rows[0]!.total) : 0,
      Rows: rows.map((r) => ({
        At: iso(r.at),
        EmployeeID: r.employee_id,
        Name: r.employee_name,
        Old: r.old_value === null ? null : Number(r.old_value),
        New: Number(r.new_value),
      })),
    };
  },
};
