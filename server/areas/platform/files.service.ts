import type { Sql } from '../../db/database';
import { invalid } from '../../rpc/errors';
import type { AuthUser } from '../../rpc/registry';
import { downloadRefusal } from './files.policy';
import { fileBytes, findFileRecord } from './files.repository';

/**
 * A file the caller uploaded with files/Upload, for a call that reads it (an import): its name and
 * bytes, under the same rule as a download. Other areas use this instead of the files table. `field`
 * names the payload field in the refusal.
 */
export async function readUploadedFile(
  db: Sql,
  user: AuthUser,
  fileId: string,
  field = 'FileID',
): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  const file = await findFileRecord(db, fileId);
  if (!file) throw invalid(`${field}: there is no uploaded file ${fileId}; upload it again.`);
  const refusal = downloadRefusal(user, file);
  if (refusal) throw invalid(`${field}: ${refusal}`);
  const bytes = await fileBytes(db, fileId);
  if (!bytes) throw invalid(`${field}: the file ${file.file_name} has no content; upload it again.`);
  return { fileName: file.file_name, contentType: file.content_type, bytes };
}
