import { localParts } from '../../../../domain/platform/dates';
import { addDays } from '../../../../domain/scheduling/calendar';

/**
 * The plant schedule's late rule. Its dates and times are written by the one formatter,
 * domain/platform/dates.ts (through src/ui/format).
 */

/**
 * Late: the task ends after the end of its due date (midnight after it, plant-local). A due date is a
 * plant-local calendar day, so a task ending at 12:00 am the next day is on time, one minute later late.
 */
export function isLate(
  task: { EndAt: string | null; DueDate: string | null },
  plantId: number | null,
): boolean {
  if (!task.EndAt || !task.DueDate) return false;
  const { year, month, day, hour, minute } = localParts(task.EndAt, plantId);
  const local = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return local > `${addDays(task.DueDate, 1)} 00:00`;
}
