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
  if (s.Official) return s.Name === 'Official' ? t('Official') : `${t('Official')}: ${s.Name}`;
  return s.CommittedAt ? `${s.Name} (${t('committed')})` : `${t('What-if')}: ${s.Name}`;
}

/**
 * The schedule a report opens on: the one asked for when it is still in the list, else the plant's
 * official schedule, else the first (newest). null for a plant with no schedule.
 */
export function defaultScheduleId(list: readonly ScheduleHeader[], wanted: number | null): number | null {
  if (wanted !== null && list.some((s) => s.ScheduleID === wanted)) return wanted;
  return (list.find((s) => s.Official) ?? list[0])?.ScheduleID ?? null;
}
