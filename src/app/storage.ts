import type { UserRecord } from '../../domain/platform/session';
import type { FailedPost, QueuedPost } from '../../machines/post-queue.machine';

/**
 * Browser storage of the session (localStorage), so a reload keeps the user logged in. The post queue
 * lives in RxDB (projections/post-queue.collection.ts); `takeLegacyQueue` only carries over a queue an
 * earlier version of the app left in localStorage, so an upgrade loses no pending edit.
 */
const SESSION = 'sw.session';
const EMPLOYEE = 'sw.employeeId';
const LEGACY_QUEUE = 'sw.postQueue';
const OFFICIAL_SCHEDULE = 'sw.officialSchedule.';

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
  /** The post queue an earlier version stored in localStorage, if any (remove it with `dropLegacyQueue`). */
  takeLegacyQueue(): { items: QueuedPost[]; failed: FailedPost[] } {
    const stored = read<{ items?: QueuedPost[]; failed?: FailedPost[] }>(LEGACY_QUEUE);
    return {
      items: Array.isArray(stored?.items) ? stored.items : [],
      failed: Array.isArray(stored?.failed) ? stored.failed : [],
    };
  },
  /**
   * The official schedule a plant had when this browser last showed it: the plant board asks for its
   * first tasks at once, beside the plant's schedule list, instead of after it (a wrong guess costs
   * one unused request).
   */
  loadOfficialSchedule: (plantId: number) => read<number>(OFFICIAL_SCHEDULE + plantId),
  saveOfficialSchedule(plantId: number, scheduleId: number) {
    try {
      localStorage.setItem(OFFICIAL_SCHEDULE + plantId, JSON.stringify(scheduleId));
    } catch {
      // Storage full or disabled: the next load just asks in order.
    }
  },
  /** Called once the carried-over queue is safely in RxDB. */
  dropLegacyQueue() {
    try {
      localStorage.removeItem(LEGACY_QUEUE);
    } catch {
      // Nothing to do: the posts are in RxDB, and their PostIDs make a second carry-over harmless.
    }
  },
};
