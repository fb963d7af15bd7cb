import type { PermissionFlag, permissionGroups } from './permissions';

/**
 * Who may change which permission flag (issue 16: "who may change which flags is itself a flag").
 *
 * - The flags that give power over other people's access or over every plant and the whole system
 *   (`adminFlags`) are granted and removed only by a super administrator.
 * - Every other flag: an employee administrator or a super administrator.
 * - Nobody changes their own flags, except a super administrator; and a super administrator cannot
 *   remove their own superAdministrator (another one must), so a plant is never left without one by
 *   a slip of the mouse.
 *
 * The server enforces this on web/UpdateEmployee and on the employees document's update; the screen
 * uses the same function to show which boxes the user may change.
 */
export const adminFlags = [
  'superAdministrator',
  'employeeAdministrator',
  'mesAdministrator',
  'informationTechnology',
  'documentAdministrator',
  'editSystemConfig',
  'dataRepair',
  'canChangePlant',
] as const satisfies readonly PermissionFlag[];

const admin: ReadonlySet<string> = new Set(adminFlags);

/** The flag a user needs to change `flag` on someone (a super administrator may change every flag). */
export function flagGranter(flag: PermissionFlag): PermissionFlag {
  return admin.has(flag) ? 'superAdministrator' : 'employeeAdministrator';
}

/** Why `user` may not set `flag` of employee `employeeId` to `value`, or null when they may. */
export function flagChangeRefusal(
  user: { employeeId: number; flags: ReadonlySet<string> },
  employeeId: number,
  flag: PermissionFlag,
  value: boolean,
): string | null {
  const label = flagLabel(flag);
  const superAdmin = user.flags.has('superAdministrator');
  if (!superAdmin && flagGranter(flag) === 'superAdministrator')
    return `only a super administrator may grant or remove ${label}`;
  if (!superAdmin && !user.flags.has('employeeAdministrator'))
    return `only an employee administrator may grant or remove ${label}`;
  if (employeeId === user.employeeId && !superAdmin) return 'you cannot change your own permission flags';
  if (employeeId === user.employeeId && flag === 'superAdministrator' && !value)
    return 'you cannot remove your own Super administrator flag; another super administrator must';
  return null;
}

/** The areas the flags are grouped by on the employee record, in order, with their headings. */
export const flagGroupLabels: Record<keyof typeof permissionGroups, string> = {
  interfaceAccess: 'Interface access',
  peopleAndTime: 'People and time',
  editView: 'Edit and view',
  configurator: 'Configurator',
  fieldInstallation: 'Field installation',
};

const acronyms: Record<string, string> = {
  pm: 'PM',
  fis: 'FIS',
  cs: 'CS',
  pb: 'PB',
  poc: 'POC',
  mes: 'MES',
};

/** `canChangePlant` -> "Can change plant", `accessPm` -> "Access PM": the flag as a person reads it. */
export function flagLabel(flag: PermissionFlag): string {
  const words = flag.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  const text = words.map((w) => acronyms[w] ?? w).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
