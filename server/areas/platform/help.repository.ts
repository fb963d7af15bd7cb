import type { HelpKind } from '../../../domain/platform/help';
import type { Sql } from '../../db/database';

export interface HelpLinkDbRow {
  help_link_id: number;
  kind: HelpKind;
  route_name: string;
  title: string;
  url: string;
}

const COLUMNS = 'help_link_id, kind, route_name, title, url';

/** Every link of a kind, by screen name then order; `routeName` (any case) narrows to one screen. */
export const listAllHelpLinks = (db: Sql, kind: HelpKind, routeName: string | null) =>
  db.query<HelpLinkDbRow>(
    `SELECT ${COLUMNS} FROM help_links
      WHERE kind = $1 AND ($2::text IS NULL OR lower(route_name) = lower($2::text))
      ORDER BY lower(route_name), sort_order, help_link_id`,
    [kind, routeName],
  );

export async function findHelpLink(db: Sql, id: number): Promise<HelpLinkDbRow | undefined> {
  const rows = await db.query<HelpLinkDbRow>(`SELECT ${COLUMNS} FROM help_links WHERE help_link_id = $1`, [
    id,
  ]);
  return rows[0];
}

/** Another link of the same kind and screen with the same address, if any. */
export async function findSameAddress(
  db: Sql,
  l: { kind: HelpKind; routeName: string; url: string; exceptId: number | null },
): Promise<HelpLinkDbRow | undefined> {
  const rows = await db.query<HelpLinkDbRow>(
    `SELECT ${COLUMNS} FROM help_links
      WHERE kind = $1 AND lower(route_name) = lower($2) AND url = $3
        AND ($4::int IS NULL OR help_link_id <> $4::int) LIMIT 1`,
    [l.kind, l.routeName, l.url, l.exceptId],
  );
  return rows[0];
}

export async function insertHelpLink(
  db: Sql,
  l: { kind: HelpKind; routeName: string; title: string; url: string },
): Promise<HelpLinkDbRow> {
  const rows = await db.query<HelpLinkDbRow>(
    `INSERT INTO help_links (kind, route_name, title, url) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [l.kind, l.routeName, l.title, l.url],
  );
  return rows[0]!;
}

export async function updateHelpLink(
  db: Sql,
  l: { id: number; kind: HelpKind; routeName: string; title: string; url: string },
): Promise<HelpLinkDbRow | undefined> {
  const rows = await db.query<HelpLinkDbRow>(
    `UPDATE help_links SET kind = $2, route_name = $3, title = $4, url = $5
      WHERE help_link_id = $1 RETURNING ${COLUMNS}`,
    [l.id, l.kind, l.routeName, l.title, l.url],
  );
  return rows[0];
}

export async function deleteHelpLink(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM help_links WHERE help_link_id = $1 RETURNING help_link_id', [id]);
  return rows.length > 0;
}

export const listDismissedTips = (db: Sql, employeeId: number) =>
  db.query<{ tip_key: string; route_name: string }>(
    'SELECT tip_key, route_name FROM dismissed_tips WHERE employee_id = $1 ORDER BY dismissed_at, tip_key',
    [employeeId],
  );

/** A no-op when the tip is dismissed already, so a repeated (queued) dismissal changes nothing. */
export async function insertDismissedTip(
  db: Sql,
  employeeId: number,
  tipKey: string,
  routeName: string,
): Promise<void> {
  await db.query(
    `INSERT INTO dismissed_tips (employee_id, tip_key, route_name) VALUES ($1, $2, $3)
     ON CONFLICT (employee_id, tip_key, route_name) DO NOTHING`,
    [employeeId, tipKey, routeName],
  );
}
