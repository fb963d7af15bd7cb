import { useEffect, useState } from 'react';
import type { Machine, MachineRate } from '../../../../domain/production-plan/entities';

/**
 * The machines to show: the list read from the server, each replaced by its live document when the
 * `machines:{PlantID}` topic brought one (a change log document is the machine after its latest change,
 * so it is never older than the list), plus any live machine of the plant the list did not have.
 * Ordered by ResourceID, each machine's rates by MachineRateID.
 */
export function mergeMachines(
  base: readonly Machine[],
  live: readonly Machine[],
  plantId: number,
): Machine[] {
  const byId = new Map<string, Machine>();
  for (const m of base) if (m.PlantID === plantId) byId.set(m.ResourceID, m);
  for (const m of live) if (m.PlantID === plantId && m.ResourceID) byId.set(m.ResourceID, m);
  return [...byId.values()]
    .map((m) => ({
      ...m,
      MachineRates: [...(m.MachineRates ?? [])].sort((a, b) => a.MachineRateID - b.MachineRateID),
    }))
    .sort((a, b) => a.ResourceID.localeCompare(b.ResourceID));
}

/**
 * A value being edited: what the person typed (or chose) until the value from the server changes,
 * whether to theirs (saved) or to someone else's (the later edit wins). `set` starts or changes the
 * draft; `drop` forgets it.
 */
export function useDraft<T>(value: T): { shown: T; dirty: boolean; set(v: T): void; drop(): void } {
  const [draft, setDraft] = useState<{ value: T; base: T } | null>(null);
  useEffect(() => {
    setDraft((d) => (d && !Object.is(d.base, value) ? null : d));
  }, [value]);
  return {
    shown: draft ? draft.value : value,
    dirty: draft !== null && !Object.is(draft.value, value),
    set: (v: T) => setDraft({ value: v, base: value }),
    drop: () => setDraft(null),
  };
}

/**
 * The figure that rates a machine's work, as [English template, number]: minutes per piece, else per
 * bundle, else feet per minute (the screen translates the template).
 */
export function rateFigure(
  rate: Pick<
    MachineRate,
    'ProductionMinutesPerPiece' | 'ProductionMinutesPerBundle' | 'ProductionFeetPerMinute'
  >,
): [string, number] | null {
  if (rate.ProductionMinutesPerPiece > 0) return ['{{n}} min/pc', rate.ProductionMinutesPerPiece];
  if (rate.ProductionMinutesPerBundle > 0) return ['{{n}} min/bundle', rate.ProductionMinutesPerBundle];
  if (rate.ProductionFeetPerMinute > 0) return ['{{n}} ft/min', rate.ProductionFeetPerMinute];
  return null;
}
