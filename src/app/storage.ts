import type { UserRecord } from '../../domain/platform/session';
import type { FailedPost, QueuedPost } from '../../machines/post-queue.machine';

/**
 * Browser storage of the session and of the post queue, so a reload keeps both. The queue moves to an
 * RxDB (IndexedDB) collection with the live-core issue; localStorage already keeps a reload from
 * losing an edit.
 */
const SESSION = 'sw.session';
const EMPLOYEE = 'sw.employeeId';
const QUEUE = 'sw.postQueue';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export const storage = {
  loadUser: () => read<UserRecord>(SESSION),
  loadEmployeeId: () => read<number>(EMPLOYEE),
  saveUser(user: UserRecord) {
    localStorage.setItem(SESSION, JSON.stringify(user));
    localStorage.setItem(EMPLOYEE, JSON.stringify(user.EmployeeID));
  },
  clearUser(keepEmployeeId: boolean) {
    localStorage.removeItem(SESSION);
    if (!keepEmployeeId) localStorage.removeItem(EMPLOYEE);
  },
  loadQueue: () => read<{ items: QueuedPost[]; failed: FailedPost[] }>(QUEUE) ?? { items: [], failed: [] },
  saveQueue(items: readonly QueuedPost[], failed: readonly FailedPost[]) {
    localStorage.setItem(QUEUE, JSON.stringify({ items, failed }));
  },
};
