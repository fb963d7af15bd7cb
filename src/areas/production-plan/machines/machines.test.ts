import { describe, expect, it } from 'vitest';
import type { Machine, MachineRate } from '../../../../domain/production-plan/entities';
import { mergeMachines, rateFigure } from './machines';

const rate = (id: number, minutes: number, official = false): MachineRate => ({
  MachineRateID: id,
  ResourceID: 'LV-RF01',
  Description: `Rate ${id}`,
  ProductionMinutesPerPiece: minutes,
  ProductionMinutesPerBundle: 0,
  ProductionFeetPerMinute: 0,
  SetupMinutes: 0,
  SchedulingMinutesPerPiece: 0,
  Official: official,
});

const machine = (id: string, plant: number, rates: MachineRate[] = []): Machine => ({
  ResourceID: id,
  PlantID: plant,
  WorkcenterID: null,
  Description: id,
  Process: 'Roll forming',
  DefaultWorkerCount: 1,
  EngineActive: false,
  AlgorithmActive: true,
  Active: true,
  MachineRates: rates,
});

describe('mergeMachines', () => {
  it('replaces a listed machine by its live document, keeps the others, sorted', () => {
    const base = [machine('LV-SLT01', 1), machine('LV-RF01', 1, [rate(2, 0.5), rate(1, 0.4, true)])];
    const live = [machine('LV-RF01', 1, [rate(1, 0.45, true)])];
    const merged = mergeMachines(base, live, 1);
    expect(merged.map((m) => m.ResourceID)).toEqual(['LV-RF01', 'LV-SLT01']);
    expect(merged[0]!.MachineRates).toEqual([rate(1, 0.45, true)]);
  });

  it("orders a machine's rates by id and keeps only the plant's machines", () => {
    const merged = mergeMachines(
      [machine('LV-RF01', 1, [rate(3, 1), rate(1, 2)])],
      [machine('IDF-RF01', 2)],
      1,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.MachineRates.map((r) => r.MachineRateID)).toEqual([1, 3]);
  });

  it('adds a live machine the list did not have', () => {
    expect(mergeMachines([], [machine('LV-ASM01', 1)], 1).map((m) => m.ResourceID)).toEqual(['LV-ASM01']);
  });
});

describe('rateFigure', () => {
  it('names minutes per piece, else per bundle, else feet per minute', () => {
    expect(rateFigure(rate(1, 0.35))).toEqual(['{{n}} min/pc', 0.35]);
    expect(
      rateFigure({
        ProductionMinutesPerPiece: 0,
        ProductionMinutesPerBundle: 12,
        ProductionFeetPerMinute: 0,
      }),
    ).toEqual(['{{n}} min/bundle', 12]);
    expect(
      rateFigure({
        ProductionMinutesPerPiece: 0,
        ProductionMinutesPerBundle: 0,
        ProductionFeetPerMinute: 60,
      }),
    ).toEqual(['{{n}} ft/min', 60]);
    expect(rateFigure(rate(1, 0))).toBeNull();
  });
});
