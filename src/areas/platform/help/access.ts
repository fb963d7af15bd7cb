import { flagServerName, type PermissionFlag } from '../../../../domain/platform/permissions';
import type { UserRecord } from '../../../../domain/platform/session';

/** Whether the user record holds at least one of the flags (the same rule as a call's `anyOf` access). */
export function holdsAnyFlag(user: UserRecord | null, flags: readonly PermissionFlag[]): boolean {
  if (!user) return false;
  const record = user as unknown as Record<string, unknown>;
  return flags.some((f) => record[flagServerName(f)] === true);
}
