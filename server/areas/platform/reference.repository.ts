import type { Sql } from '../../db/database';

export interface PlantRow {
  plant_id: number;
  plant_name: string;
  short_name: string;
  country: string;
  subcontractor: boolean;
  time_zone: string;
}

export const listPlants = (db: Sql) => db.query<PlantRow>('SELECT * FROM plants ORDER BY plant_id');

export async function findTranslation(
  db: Sql,
  language: string,
  english: string,
): Promise<string | null | undefined> {
  const rows = await db.query<{ translated: string | null }>(
    'SELECT translated FROM translations WHERE language = $1 AND english = $2',
    [language, english],
  );
  return rows.length ? (rows[0]!.translated ?? null) : undefined;
}

/** Records a text as missing (translated null) so translators see it; a no-op if it is already known. */
export async function recordMissingTranslation(db: Sql, language: string, english: string): Promise<void> {
  await db.query('INSERT INTO translations (language, english) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    language,
    english,
  ]);
}

export const listTranslations = (db: Sql, language: string) =>
  db.query<{ english: string; translated: string }>(
    'SELECT english, translated FROM translations WHERE language = $1 AND translated IS NOT NULL ORDER BY english',
    [language],
  );

export const listHelpLinks = (db: Sql, routeName: string, kind: 'video' | 'sop') =>
  db.query<{ help_link_id: number; title: string; url: string }>(
    `SELECT help_link_id, title, url FROM help_links
      WHERE lower(route_name) = lower($1) AND kind = $2 ORDER BY sort_order, help_link_id`,
    [routeName, kind],
  );

export async function insertPageView(
  db: Sql,
  employeeId: number,
  routeName: string,
  path: string,
): Promise<void> {
  await db.query('INSERT INTO page_views (employee_id, route_name, path) VALUES ($1, $2, $3)', [
    employeeId,
    routeName,
    path,
  ]);
}

/**
 * The paths an employee opened in the last `days` days, most often first (then most recently), for
 * Intro's shortcuts. At most 50: the caller keeps the first few it may still open.
 */
export async function mostViewedPaths(
  db: Sql,
  employeeId: number,
  days: number,
): Promise<Array<{ Path: string; Views: number }>> {
  return db.query<{ Path: string; Views: number }>(
    `SELECT path AS "Path", count(*)::int AS "Views"
       FROM page_views
      WHERE employee_id = $1 AND viewed_at > now() - make_interval(days => $2::int)
      GROUP BY path ORDER BY count(*) DESC, max(viewed_at) DESC, path LIMIT 50`,
    [employeeId, days],
  );
}

/** Whether this reporter sent the same error from the same page within the last minute. */
export async function recentClientError(
  db: Sql,
  e: { employeeId: number | null; message: string; url: string },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM client_errors
      WHERE employee_id IS NOT DISTINCT FROM $1 AND message = $2 AND url = $3
        AND reported_at > now() - interval '1 minute' LIMIT 1`,
    [e.employeeId, e.message, e.url],
  );
  return rows.length > 0;
}

export async function insertClientError(
  db: Sql,
  e: {
    employeeId: number | null;
    name: string | null;
    plantId: number | null;
    browser: string;
    message: string;
    stack: string | null;
    url: string;
    /** Whether name, employee and plant came from a valid session rather than the report itself. */
    verified: boolean;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO client_errors (employee_id, name, plant_id, browser, message, stack, url, verified)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.employeeId, e.name, e.plantId, e.browser, e.message, e.stack, e.url, e.verified],
  );
}
