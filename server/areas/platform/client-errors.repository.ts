import type { Sql } from '../../db/database';

export interface ClientErrorDbRow {
  client_error_id: number | string;
  reported_at: Date | string;
  name: string | null;
  employee_id: number | null;
  plant_id: number | null;
  browser: string;
  message: string;
  stack: string | null;
  url: string;
  verified: boolean;
}

/** `text` as a LIKE pattern that matches it anywhere, with its own % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MATCHES = `($1::text IS NULL OR message ILIKE $1 OR name ILIKE $1 OR url ILIKE $1 OR browser ILIKE $1
   OR stack ILIKE $1 OR employee_id::text = $2::text)`;

/** One page of reports, newest first, and how many match in all. */
export async function listClientErrors(
  db: Sql,
  q: { search: string | null; skip: number; take: number },
): Promise<{ rows: ClientErrorDbRow[]; total: number }> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const params = [pattern, q.search];
  const rows = await db.query<ClientErrorDbRow>(
    `SELECT client_error_id, reported_at, name, employee_id, plant_id, browser, message, stack, url, verified
       FROM client_errors WHERE ${MATCHES}
      ORDER BY reported_at DESC, client_error_id DESC
      OFFSET $3 LIMIT $4`,
    [...params, q.skip, q.take],
  );
  const [count] = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM client_errors WHERE ${MATCHES}`,
    params,
  );
  return { rows, total: Number(count?.n ?? 0) };
}
