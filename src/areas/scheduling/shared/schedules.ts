import type { ScheduleHeader } from '../../../../domain/scheduling/entities';

/**
 * A plant's schedules as the picker lists them (pure): the GetSchedules answer and the `schedules`
 * collection (topic schedules:{PlantID}) merged, the higher RowVersion of each winning, deletions
 * removed; the official schedule first, then the what-ifs newest first.
 */
export function mergeSchedules(
  answer: readonly ScheduleHeader[],
  collection: readonly ScheduleHeader[],
  deleted: ReadonlySet<number>,
  plantId: number,
): ScheduleHeader[] {
  const byId = new Map<number, ScheduleHeader>();
  for (const s of [...answer, ...collection]) {
    if (s.PlantID !== plantId || deleted.has(s.ScheduleID)) continue;
    const have = byId.get(s.ScheduleID);
    if (!have || s.RowVersion > have.RowVersion) byId.set(s.ScheduleID, s);
  }
  return [...byId.values()].sort(
    (a, b) =>
      Number(b.Official) - Number(a.Official) ||
      b.CreatedAt.localeCompare(a.CreatedAt) ||
      b.ScheduleID - a.ScheduleID,
  );
}

/** The picker's text for a schedule: "Official", or the what-if's name with "committed" when it is. */
export function scheduleLabel(s: ScheduleHeader, t: (text: string) => string): string {
  if (s.Official) return `${t('Official')}: ${s.Name}`;
  return s.CommittedAt ? `${s.Name} (${t('committed')})` : `${t('What-if')}: ${s.Name}`;
}
