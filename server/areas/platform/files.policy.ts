import type { AuthUser } from '../../rpc/registry';
import type { FileRow } from './files.repository';

/**
 * Who may download a stored file: whoever may see the thing it belongs to (issue 14 §3).
 * - `employee-photo`: any logged-in employee. Photos are what every avatar shows, and
 *   mes/GetEmployeePhoto already gives any logged-in user any photo (spec 000 §3.2).
 * - `upload` (uploaded, not attached to anything yet): the uploader, or a super administrator.
 * - anything else: nobody until its area adds its rule here (deny by default).
 * Returns the refusal's sentence, or null when allowed.
 */
export function downloadRefusal(
  user: AuthUser,
  file: Pick<FileRow, 'owner_kind' | 'owner_id' | 'uploaded_by'>,
): string | null {
  switch (file.owner_kind) {
    case 'employee-photo':
      return null;
    case 'upload':
      return file.uploaded_by === user.employeeId || user.flags.has('superAdministrator')
        ? null
        : "You may not download this file: it belongs to another employee's upload.";
    case 'document':
      // Attached to a kit record: its own call checks the record's type and plant (server/kit/record.routes.ts).
      return 'This file is attached to a record: download it from the record (web/DownloadDocumentFile).';
    default:
      return 'You may not download this file.';
  }
}
