import type { Sql } from '../../db/database';

/** What a stored file belongs to (migration 0018); files.policy.ts says who may download each kind. */
export type FileOwnerKind = 'upload' | 'employee-photo' | 'document';

export interface FileRow {
  file_id: string;
  file_name: string;
  content_type: string;
  size: number;
  uploaded_by: number | null;
  uploaded_at: Date;
  owner_kind: string;
  owner_id: string | null;
}

const COLUMNS = 'file_id, file_name, content_type, size, uploaded_by, uploaded_at, owner_kind, owner_id';

export async function insertFile(
  db: Sql,
  f: {
    fileId: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
    sha256: string;
    uploadedBy: number | null;
    ownerKind: FileOwnerKind;
    ownerId: string | null;
  },
): Promise<FileRow> {
  const rows = await db.query<FileRow>(
    `INSERT INTO stored_files (file_id, file_name, content_type, size, sha256, bytes, uploaded_by, owner_kind, owner_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${COLUMNS}`,
    [
      f.fileId,
      f.fileName,
      f.contentType,
      f.bytes.length,
      f.sha256,
      f.bytes,
      f.uploadedBy,
      f.ownerKind,
      f.ownerId,
    ],
  );
  return rows[0]!;
}

/** The file's record without its bytes: enough to decide whether the caller may have them. */
export async function findFileRecord(db: Sql, fileId: string): Promise<FileRow | undefined> {
  const rows = await db.query<FileRow>(
    `SELECT ${COLUMNS} FROM stored_files WHERE file_id = $1 AND deleted_at IS NULL`,
    [fileId],
  );
  return rows[0];
}

export async function fileBytes(db: Sql, fileId: string): Promise<Buffer | undefined> {
  const rows = await db.query<{ bytes: Uint8Array }>(
    'SELECT bytes FROM stored_files WHERE file_id = $1 AND deleted_at IS NULL',
    [fileId],
  );
  return rows[0] ? Buffer.from(rows[0].bytes) : undefined;
}

/** Bytes of the files an employee has uploaded and not deleted (the storage quota counts these). */
export async function storedBytesOf(db: Sql, employeeId: number): Promise<number> {
  const [row] = await db.query<{ n: number | string | null }>(
    'SELECT coalesce(sum(size), 0)::bigint AS n FROM stored_files WHERE uploaded_by = $1 AND deleted_at IS NULL',
    [employeeId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Hands an upload of `employeeId` (owner_kind 'upload') to what it is attached to; answers the file, or
 * undefined when it is not that employee's unattached upload (someone else's, already attached, deleted).
 */
export async function claimUpload(
  db: Sql,
  fileId: string,
  employeeId: number,
  owner: { kind: FileOwnerKind; id: string },
): Promise<FileRow | undefined> {
  const rows = await db.query<FileRow>(
    `UPDATE stored_files SET owner_kind = $3, owner_id = $4
      WHERE file_id = $1 AND owner_kind = 'upload' AND uploaded_by = $2 AND deleted_at IS NULL
      RETURNING ${COLUMNS}`,
    [fileId, employeeId, owner.kind, owner.id],
  );
  return rows[0];
}
