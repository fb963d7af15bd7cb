import type { DocumentFile, DocumentViewer, Notification, TimelineItem } from '../../domain/kit/record';
import { VIEWER_COLLECTION } from '../../domain/kit/record';
import type { PendingChange } from '../../domain/live/changes';
import type { Sql } from '../db/database';

/**
 * The SQL of the kit's record side (migration 0034): comments, notifications, attached files and who
 * has a record open. Every value is a parameter.
 */

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

export interface CommentRow {
  comment_id: string | number;
  doc_type: string;
  doc_id: number;
  employee_id: number;
  employee_name: string;
  body: string;
  mentions: number[];
  at: Date | string;
  deleted_at: Date | string | null;
}

/** A comment as the timeline shows it: a deleted one keeps its place and author, not its text. */
export function commentItem(row: CommentRow, names: ReadonlyMap<number, string>): TimelineItem {
  const deleted = row.deleted_at !== null;
  return {
    Kind: 'comment',
    At: iso(row.at),
    EmployeeID: row.employee_id,
    Name: row.employee_name,
    CommentID: Number(row.comment_id),
    Text: deleted ? '' : row.body,
    Mentions: deleted ? [] : row.mentions.map((id) => ({ EmployeeID: id, Name: names.get(id) ?? `#${id}` })),
    Deleted: deleted,
  };
}

export const comments = {
  async add(
    db: Sql,
    c: { type: string; id: number; employeeId: number; name: string; text: string; mentions: number[] },
  ): Promise<CommentRow> {
    const [row] = await db.query<CommentRow>(
      `INSERT INTO document_comments (doc_type, doc_id, employee_id, employee_name, body, mentions)
       VALUES ($1, $2, $3, $4, $5, $6::int[]) RETURNING *`,
      [c.type, c.id, c.employeeId, c.name, c.text, c.mentions],
    );
    return row!;
  },

  async find(db: Sql, commentId: number, lock = false): Promise<CommentRow | undefined> {
    const [row] = await db.query<CommentRow>(
      `SELECT * FROM document_comments WHERE comment_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [commentId],
    );
    return row;
  },

  async markDeleted(db: Sql, commentId: number): Promise<CommentRow> {
    const [row] = await db.query<CommentRow>(
      'UPDATE document_comments SET deleted_at = now() WHERE comment_id = $1 RETURNING *',
      [commentId],
    );
    return row!;
  },

  /**
   * The history rows and the comments of a record, merged newest first, one page and the total: one
   * statement, so a page boundary never repeats or skips an item.
   */
  async timeline(
    db: Sql,
    type: string,
    id: number,
    skip: number,
    take: number,
  ): Promise<{ rows: Array<{ kind: 'change' | 'comment'; row: Record<string, unknown> }>; total: number }> {
    const rows = await db.query<{
      kind: 'change' | 'comment';
      item_id: string;
      at: Date | string;
      total: string | number;
    }>(
      `SELECT kind, item_id, at, count(*) OVER () AS total FROM (
         SELECT 'change' AS kind, history_id::text AS item_id, at, history_id AS ord FROM document_history
          WHERE doc_type = $1 AND doc_id = $2
         UNION ALL
         SELECT 'comment', comment_id::text, at, comment_id FROM document_comments
          WHERE doc_type = $1 AND doc_id = $2
       ) items ORDER BY at DESC, kind, ord DESC OFFSET $3 LIMIT $4`,
      [type, id, skip, take],
    );
    const total = rows.length ? Number(rows[0]!.total) : 0;
    const changeIds = rows.filter((r) => r.kind === 'change').map((r) => r.item_id);
    const commentIds = rows.filter((r) => r.kind === 'comment').map((r) => r.item_id);
    const changes = changeIds.length
      ? await db.query<Record<string, unknown>>(
          'SELECT * FROM document_history WHERE history_id = ANY($1::bigint[])',
          [changeIds],
        )
      : [];
    const found = commentIds.length
      ? await db.query<Record<string, unknown>>(
          'SELECT * FROM document_comments WHERE comment_id = ANY($1::bigint[])',
          [commentIds],
        )
      : [];
    const byId = new Map<string, Record<string, unknown>>([
      ...changes.map((c) => [`change:${c.history_id}`, c] as const),
      ...found.map((c) => [`comment:${c.comment_id}`, c] as const),
    ]);
    return {
      total,
      rows: rows.flatMap((r) => {
        const row = byId.get(`${r.kind}:${r.item_id}`);
        return row ? [{ kind: r.kind, row }] : [];
      }),
    };
  },
};

/** A history row as a timeline item. */
export function changeItem(r: Record<string, unknown>): TimelineItem {
  return {
    Kind: 'change',
    At: iso(r.at as Date),
    EmployeeID: (r.employee_id as number | null) ?? null,
    Name: (r.employee_name as string | null) ?? null,
    Field: r.field as string,
    Old: r.old_value,
    New: r.new_value,
    Call: r.call as string,
  };
}

interface NotificationRow {
  notification_id: string | number;
  kind: string;
  text: string;
  from_name: string | null;
  link: string | null;
  at: Date | string;
  read_at: Date | string | null;
}

const notificationOf = (r: NotificationRow): Notification => ({
  NotificationID: Number(r.notification_id),
  Kind: r.kind,
  Text: r.text,
  FromName: r.from_name,
  Link: r.link,
  At: iso(r.at),
  Read: r.read_at !== null,
});

export const notifications = {
  async add(
    db: Sql,
    n: {
      employeeId: number;
      kind: string;
      type: string;
      id: number;
      commentId: number;
      fromName: string;
      text: string;
      link: string | null;
    },
  ): Promise<Notification> {
    const [row] = await db.query<NotificationRow>(
      `INSERT INTO notifications (employee_id, kind, doc_type, doc_id, comment_id, from_name, text, link)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [n.employeeId, n.kind, n.type, n.id, n.commentId, n.fromName, n.text, n.link],
    );
    return notificationOf(row!);
  },

  async list(
    db: Sql,
    employeeId: number,
    skip: number,
    take: number,
  ): Promise<{ Rows: Notification[]; Unread: number; Total: number }> {
    const rows = await db.query<NotificationRow>(
      'SELECT * FROM notifications WHERE employee_id = $1 ORDER BY notification_id DESC OFFSET $2 LIMIT $3',
      [employeeId, skip, take],
    );
    const [counts] = await db.query<{ total: string; unread: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
         FROM notifications WHERE employee_id = $1`,
      [employeeId],
    );
    return {
      Rows: rows.map(notificationOf),
      Unread: Number(counts?.unread ?? 0),
      Total: Number(counts?.total ?? 0),
    };
  },

  /** Marks one (or every) unread notification of the employee read; answers those it changed. */
  async markRead(db: Sql, employeeId: number, notificationId: number | null): Promise<Notification[]> {
    const rows = await db.query<NotificationRow>(
      `UPDATE notifications SET read_at = now()
        WHERE employee_id = $1 AND read_at IS NULL AND ($2::bigint IS NULL OR notification_id = $2)
        RETURNING *`,
      [employeeId, notificationId],
    );
    return rows.map(notificationOf);
  },

  async exists(db: Sql, employeeId: number, notificationId: number): Promise<boolean> {
    return (
      (
        await db.query('SELECT 1 FROM notifications WHERE employee_id = $1 AND notification_id = $2', [
          employeeId,
          notificationId,
        ])
      ).length > 0
    );
  },

  async unread(db: Sql, employeeId: number): Promise<number> {
    const [row] = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM notifications WHERE employee_id = $1 AND read_at IS NULL',
      [employeeId],
    );
    return Number(row?.n ?? 0);
  },
};

interface FileRow {
  file_id: string;
  doc_type: string;
  doc_id: number;
  file_name: string;
  content_type: string;
  size: number;
  attached_by_name: string | null;
  attached_at: Date | string;
  deleted_at: Date | string | null;
}

export const fileOf = (r: FileRow): DocumentFile => ({
  FileID: r.file_id,
  FileName: r.file_name,
  ContentType: r.content_type,
  Size: Number(r.size),
  AttachedBy: r.attached_by_name,
  AttachedAt: iso(r.attached_at),
});

const FILE_SELECT = `SELECT d.file_id, d.doc_type, d.doc_id, s.file_name, s.content_type, s.size, d.attached_at, d.deleted_at,
       (SELECT e.first_name || ' ' || e.last_name FROM employees e WHERE e.employee_id = d.attached_by) AS attached_by_name
  FROM document_files d JOIN stored_files s USING (file_id)`;

export const documentFiles = {
  async attach(db: Sql, f: { fileId: string; type: string; id: number; by: number }): Promise<FileRow> {
    await db.query(
      'INSERT INTO document_files (file_id, doc_type, doc_id, attached_by) VALUES ($1, $2, $3, $4)',
      [f.fileId, f.type, f.id, f.by],
    );
    return (await this.find(db, f.fileId))!;
  },

  async find(db: Sql, fileId: string): Promise<FileRow | undefined> {
    const [row] = await db.query<FileRow>(`${FILE_SELECT} WHERE d.file_id = $1`, [fileId]);
    return row;
  },

  async list(db: Sql, type: string, id: number): Promise<FileRow[]> {
    return db.query<FileRow>(
      `${FILE_SELECT} WHERE d.doc_type = $1 AND d.doc_id = $2 AND d.deleted_at IS NULL ORDER BY d.attached_at DESC, d.file_id`,
      [type, id],
    );
  },

  async markDeleted(db: Sql, fileId: string, by: number): Promise<void> {
    await db.query('UPDATE document_files SET deleted_at = now(), deleted_by = $2 WHERE file_id = $1', [
      fileId,
      by,
    ]);
  },
};

interface ViewerRow {
  connection_id: string;
  doc_type: string;
  doc_id: number;
  employee_id: number;
  name: string;
  topic: string;
  opened_at: Date | string;
}

const viewerOf = (r: ViewerRow): DocumentViewer => ({
  ConnectionID: r.connection_id,
  EmployeeID: r.employee_id,
  Name: r.name,
  OpenedAt: iso(r.opened_at),
});

/** The change item saying a viewer came (doc) or went (null). */
export const viewerChange = (r: ViewerRow, present: boolean): PendingChange => ({
  topic: r.topic,
  collection: VIEWER_COLLECTION,
  id: `${r.doc_type}:${r.doc_id}:${r.connection_id}`,
  doc: present ? { Type: r.doc_type, ID: r.doc_id, ...viewerOf(r) } : null,
});

export const viewers = {
  async open(
    db: Sql,
    v: { connectionId: string; type: string; id: number; employeeId: number; name: string; topic: string },
  ): Promise<ViewerRow | null> {
    const [row] = await db.query<ViewerRow>(
      `INSERT INTO document_viewers (connection_id, doc_type, doc_id, employee_id, name, topic)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (connection_id, doc_type, doc_id) DO NOTHING RETURNING *`,
      [v.connectionId, v.type, v.id, v.employeeId, v.name, v.topic],
    );
    return row ?? null;
  },

  async close(db: Sql, connectionId: string, type: string, id: number): Promise<ViewerRow[]> {
    return db.query<ViewerRow>(
      'DELETE FROM document_viewers WHERE connection_id = $1 AND doc_type = $2 AND doc_id = $3 RETURNING *',
      [connectionId, type, id],
    );
  },

  async of(db: Sql, type: string, id: number): Promise<DocumentViewer[]> {
    return (
      await db.query<ViewerRow>(
        'SELECT * FROM document_viewers WHERE doc_type = $1 AND doc_id = $2 ORDER BY opened_at, connection_id',
        [type, id],
      )
    ).map(viewerOf);
  },
};

/**
 * Hub connections that ended (a disconnect, a dead server process): the records they had open are
 * closed, and the change items that say so are answered for the caller's change-log write
 * (server/areas/platform/presence.ts).
 */
export async function closeViewsOfConnections(
  db: Sql,
  connectionIds: readonly string[],
): Promise<PendingChange[]> {
  if (!connectionIds.length) return [];
  const gone = await db.query<ViewerRow>(
    'DELETE FROM document_viewers WHERE connection_id = ANY($1::text[]) RETURNING *',
    [connectionIds],
  );
  return gone.map((r) => viewerChange(r, false));
}
