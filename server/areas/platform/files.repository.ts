import type { Sql } from '../../db/database';

export interface FileRow {
  file_id: string;
  file_name: string;
  content_type: string;
  size: number;
  uploaded_by: number | null;
  uploaded_at: Date;
}

export async function insertFile(
  db: Sql,
  f: {
    fileId: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
    sha256: string;
    uploadedBy: number | null;
  },
): Promise<FileRow> {
  const rows = await db.query<FileRow>(
    `INSERT INTO stored_files (file_id, file_name, content_type, size, sha256, bytes, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING file_id, file_name, content_type, size, uploaded_by, uploaded_at`,
    [f.fileId, f.fileName, f.contentType, f.bytes.length, f.sha256, f.bytes, f.uploadedBy],
  );
  return rows[0]!;
}

export async function findFile(db: Sql, fileId: string): Promise<(FileRow & { bytes: Buffer }) | undefined> {
  const rows = await db.query<FileRow & { bytes: Uint8Array }>(
    `SELECT file_id, file_name, content_type, size, uploaded_by, uploaded_at, bytes
       FROM stored_files WHERE file_id = $1 AND deleted_at IS NULL`,
    [fileId],
  );
  const row = rows[0];
  return row ? { ...row, bytes: Buffer.from(row.bytes) } : undefined;
}
