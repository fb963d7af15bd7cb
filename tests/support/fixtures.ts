import { flagServerName, permissionFlags } from '../../domain/platform/permissions';
import type { UserRecord } from '../../domain/platform/session';

/** A promise with its resolve and reject exposed, to settle work in the order a test chooses. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A complete user record: every flag false except `granted` (server names, e.g. 'AccessPm'). */
export function userRecord(overrides: Partial<UserRecord> = {}, granted: readonly string[] = []): UserRecord {
  const record: Record<string, unknown> = {
    EmployeeID: 7,
    Name: 'Ann Lee',
    TokenID: 'token-7',
    PlantID: 1,
    PhotoFile: null,
    Language: 'en',
    Email: null,
    DomainID: null,
    ShowMyHelp: true,
    ViewableSecureReports: [],
  };
  for (const flag of permissionFlags) record[flagServerName(flag)] = granted.includes(flagServerName(flag));
  return { ...(record as UserRecord), ...overrides };
}
