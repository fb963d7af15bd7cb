import { useState } from 'react';
import {
  Employee,
  Office,
  ReportingLine,
  UpdateEmployeeRecord,
} from '../../../domain/platform/employee-documents';
import { flagChangeRefusal } from '../../../domain/platform/flag-grants';
import { flagFromServerName } from '../../../domain/platform/permissions';
import { useServices, useUser } from '../../app/context';
import { flagSet } from '../../app/menus';
import { useT } from '../../i18n';
import { DocumentScreen } from '../../kit/DocumentScreen';
import type { KitRow } from '../../kit/list-state';
import { Avatar } from '../../ui/Avatar';

/** The largest photo the screen sends; the server refuses a bigger one anyway (PHOTO_MAX_BYTES). */
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An employee's photo on their record: the avatar, and uploading a new one (files/Upload, then the
 * record's PhotoFileID, so the change is in the history like any other).
 */
function EmployeePhoto(props: { record: KitRow; canChange: boolean }) {
  const t = useT();
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = Number(props.record.EmployeeID);
  const first = String(props.record.FirstName ?? '');
  const last = String(props.record.LastName ?? '');
  const fileId = props.record.PhotoFileID ? String(props.record.PhotoFileID) : null;
  const setPhoto = async (value: string | null) => {
    // The update's payload type is the union of every field's; this one is PhotoFileID's.
    await api.post(UpdateEmployeeRecord, { EmployeeID: id, FieldName: 'PhotoFileID', Value: value } as never);
  };
  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('The photo must be an image.'));
    if (file.size > PHOTO_MAX_BYTES) return setError(t('The photo must be at most 5 MB.'));
    setBusy(true);
    try {
      const [stored] = await api.upload([file]);
      if (stored) await setPhoto(stored.FileID);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Avatar
        key={fileId ?? 'none'}
        size="xl"
        // The file id in the address: a new photo is a new address, never the browser's old copy.
        photoUrl={(employeeId) => `${api.photoUrl(employeeId)}&v=${fileId ?? ''}`}
        person={{
          EmployeeID: id,
          FirstName: first,
          LastName: last,
          Name: `${first} ${last}`,
          BackColor: '#0a3069',
          TextColor: '#ffffff',
          PhotoExists: fileId !== null,
        }}
      />
      {props.canChange && (
        <div className="kit-photo-actions">
          <label className="kit-upload">
            {busy ? t('Uploading…') : fileId ? t('Change photo') : t('Upload a photo')}
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              disabled={busy}
              data-testid="employee-photo-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
          {fileId && (
            <button type="button" disabled={busy} onClick={() => void setPhoto(null).catch(() => undefined)}>
              {t('Remove photo')}
            </button>
          )}
          {error && (
            <span className="kit-error" role="alert">
              {error}
            </span>
          )}
        </div>
      )}
    </>
  );
}

/**
 * /employees: every employee of the user's plant (every plant for those who cross plants), the record
 * with its flags grouped by area, the photo, the supervisor and office pickers and the history. A flag
 * the user may not grant (flag-grants.ts) is shown but cannot be changed; the server refuses it anyway.
 */
export function EmployeesPage() {
  const user = useUser();
  const flags = flagSet(user);
  const me = { employeeId: user?.EmployeeID ?? 0, flags };
  const canChange = flags.has('employeeAdministrator') || flags.has('superAdministrator');
  return (
    <DocumentScreen
      decl={Employee}
      title="Employees"
      canEdit={(field, record) => {
        const flag = flagFromServerName(field);
        if (!flag) return !(field === 'Active' && record.EmployeeID === me.employeeId);
        return flagChangeRefusal(me, Number(record.EmployeeID), flag, record[field] !== true) === null;
      }}
      recordTop={(record) => <EmployeePhoto record={record} canChange={canChange} />}
    />
  );
}

/** /allemployees: every employee of every plant the user may see, to read and search. */
export function AllEmployeesPage() {
  return (
    <DocumentScreen
      decl={Employee}
      title="All Employees"
      readOnly
      allPlants
      recordTop={(record) => <EmployeePhoto record={record} canChange={false} />}
    />
  );
}

/** /supervisors: who reports to whom; filter by a supervisor to see their people, reassign with the picker. */
export function SupervisorsPage() {
  return <DocumentScreen decl={ReportingLine} title="Supervisors" />;
}

/** /offices: each plant's offices. */
export function OfficesPage() {
  return <DocumentScreen decl={Office} title="Offices" />;
}
