import type { WorkcenterSetting } from '../../../../domain/scheduling/entities';

type LaneSetting = Pick<WorkcenterSetting, 'ResourceID' | 'SortOrder'>;

/**
 * The plant's lane order, the one the plant board shows: the workcenter settings' SortOrder, then
 * ResourceID. GetSchedule answers its lanes in this order and the server moves a multi-selection in it
 * (server/areas/scheduling/README.md); every scheduling screen that lists workcenters uses this.
 */
export function compareLanes(a: LaneSetting, b: LaneSetting): number {
  return a.SortOrder - b.SortOrder || a.ResourceID.localeCompare(b.ResourceID);
}

/**
 * ResourceIDs in the plant's lane order ({@link compareLanes}). Ids without a setting (the settings not
 * read yet, or a machine no longer active) come after the others, in the order given: before the
 * settings arrive, the order given (the server's) stands.
 */
export function orderLanes(
  ids: Iterable<string>,
  settings: ReadonlyMap<string, Pick<WorkcenterSetting, 'SortOrder'>>,
): string[] {
  const known: LaneSetting[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const s = settings.get(id);
    if (s) known.push({ ResourceID: id, SortOrder: s.SortOrder });
    else unknown.push(id);
  }
  return [...known.sort(compareLanes).map((l) => l.ResourceID), ...unknown];
}
