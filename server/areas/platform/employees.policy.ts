import { selfEditableEmployeeFields } from '../../../domain/platform/employees';
import { flagChangeRefusal } from '../../../domain/platform/flag-grants';
import { flagFromServerName } from '../../../domain/platform/permissions';
import type { AuthUser } from '../../rpc/registry';

/**
 * Who may change which field of which employee: your own Language and ShowMyHelp; your own PlantID
 * with canChangePlant (spec 000 §1); anything, on anyone, as an employee or super administrator; a
 * permission flag only as flag-grants.ts allows (the same rule as /employees). Returns the reason for a
 * refusal, or null.
 */
export function canUpdateEmployee(
  user: AuthUser,
  employeeId: number,
  field: string,
  value?: unknown,
): string | null {
  const flag = flagFromServerName(field);
  if (flag) {
    const refusal = flagChangeRefusal(user, employeeId, flag, value === true);
    return refusal ? `${field}: ${refusal}.` : null;
  }
  if (user.flags.has('employeeAdministrator') || user.flags.has('superAdministrator')) return null;
  if (employeeId !== user.employeeId) return 'Only an employee administrator can change another employee.';
  if (!(selfEditableEmployeeFields as readonly string[]).includes(field)) {
    return `Only an employee administrator can change ${field}.`;
  }
  if (field === 'PlantID' && !user.flags.has('canChangePlant')) return 'You are not allowed to change plant.';
  return null;
}
