import { useState } from 'react';
import type { Avatar as AvatarRecord } from '../../domain/platform/employees';
import { AVATAR_SIZES, type AvatarSize } from './constants';
import { initialsOf } from './format';
import './widgets.css';

/** §3.2/§7.2: the photo is GET mes/GetEmployeePhoto?photo={EmployeeID}.bmp under the API base. */
export function defaultPhotoUrl(employeeId: number): string {
  return `/api/mes/GetEmployeePhoto?photo=${encodeURIComponent(`${employeeId}.bmp`)}`;
}

export type AvatarPerson = Pick<
  AvatarRecord,
  'EmployeeID' | 'FirstName' | 'LastName' | 'Name' | 'BackColor' | 'TextColor' | 'PhotoExists'
> &
  Partial<Pick<AvatarRecord, 'Title'>>;

export interface AvatarProps {
  person: AvatarPerson;
  /** xs 20, s 30, default 45, l 60, xl 90 px (spec 000 §2.4). */
  size?: AvatarSize;
  /**
   * Builds the photo address. The app passes the API client's photoUrl, which adds the token fields the
   * server asks for; the default is the bare path.
   */
  photoUrl?: (employeeId: number) => string;
  className?: string;
}

/**
 * An employee avatar (spec 000 §2.4, §3.2): the photo when PhotoExists, else the initials on the
 * person's back colour in their text colour. A photo that fails to load falls back to the initials.
 */
export function Avatar({ person, size = 'default', photoUrl = defaultPhotoUrl, className }: AvatarProps) {
  const [broken, setBroken] = useState<number | null>(null);
  const px = AVATAR_SIZES[size];
  const label = person.Title ? `${person.Name}, ${person.Title}` : person.Name;
  const classes = `sw-avatar sw-avatar-${size}${className ? ` ${className}` : ''}`;
  if (person.PhotoExists && broken !== person.EmployeeID) {
    return (
      <img
        className={classes}
        src={photoUrl(person.EmployeeID)}
        alt={person.Name}
        title={label}
        width={px}
        height={px}
        style={{ width: px, height: px }}
        onError={() => setBroken(person.EmployeeID)}
      />
    );
  }
  return (
    <span
      className={classes}
      role="img"
      aria-label={person.Name}
      title={label}
      style={{
        width: px,
        height: px,
        // Initials fill about 40% of the circle at every size.
        fontSize: Math.max(8, Math.round(px * 0.4)),
        background: person.BackColor || undefined,
        color: person.TextColor || undefined,
      }}
    >
      {initialsOf(person.FirstName, person.LastName, person.Name)}
    </span>
  );
}
