import { describe, expect, it } from 'vitest';
import type { MachineRate } from './entities';
import { type PlantRates, planRateImport, type RawRow } from './rate-import';

const rate = (id: number, over: Partial<MachineRate> = {}): MachineRate => ({
  MachineRateID: id,
  ResourceID: 'SAW01',
  Description: `Rate ${id}`,
  ProductionMinutesPerPiece: 1,
  ProductionMinutesPerBundle: 0,
  ProductionFeetPerMinute: 0,
  SetupMinutes: 5,
  SchedulingMinutesPerPiece: 1,
  Official: false,
  ...over,
});

const plant: PlantRates = {
  plantId: 1,
  machines: new Map([
    ['SAW01', { plantId: 1, rates: [rate(10, { Official: true }), rate(11)] }],
    ['SAW02', { plantId: 1, rates: [] }],
    ['BRK09', { plantId: 2, rates: [rate(90, { ResourceID: 'BRK09' })] }],
  ]),
};

const row = (n: number, cells: RawRow['cells']): RawRow => ({ row: n, cells });

describe('planRateImport', () => {
  it('an empty cell of an existing rate keeps its value; a new rate starts from zero', () => {
    const { preview, writes } = planRateImport(
      [
        row(2, { ResourceID: 'saw01', MachineRateID: 11, SetupMinutes: 7 }),
        row(3, { ResourceID: 'SAW02', Description: 'New' }),
      ],
      plant,
    );
    expect(preview.Rows.map((r) => r.Action)).toEqual(['change', 'add']);
    expect(preview.Rows[0]!.Changes).toEqual([{ Field: 'Setup minutes', Old: 5, New: 7 }]);
    expect(writes[0]).toEqual({
      kind: 'change',
      row: 2,
      rateId: 11,
      resourceId: 'SAW01',
      values: { SetupMinutes: 7 },
    });
    expect(writes[1]).toMatchObject({
      kind: 'add',
      values: { Description: 'New', ProductionMinutesPerPiece: 0, SetupMinutes: 0, Official: false },
    });
  });

  it('reads a decimal comma and yes/no in English or Spanish', () => {
    const { preview } = planRateImport(
      [row(2, { ResourceID: 'SAW01', MachineRateID: 11, ProductionMinutesPerPiece: '1,25', Official: 'Sí' })],
      plant,
    );
    expect(preview.Rows[0]!.Errors).toEqual([]);
    expect(preview.Rows[0]!.Changes).toEqual([
      { Field: 'Minutes per piece', Old: 1, New: 1.25 },
      { Field: 'Official', Old: false, New: true },
    ]);
  });

  it('allows one official rate per machine in a workbook, counting the rows left official', () => {
    const { preview } = planRateImport(
      [
        row(2, { ResourceID: 'SAW01', MachineRateID: 10, Official: 'Yes' }),
        row(3, { ResourceID: 'SAW01', MachineRateID: 11, Official: 'Yes' }),
      ],
      plant,
    );
    expect(preview.Rows[0]!.Action).toBe('unchanged');
    expect(preview.Rows[1]!.Errors).toEqual([
      { Field: 'Official', Message: 'row 2 already makes another rate of SAW01 official: only one may be.' },
    ]);
  });

  it('refuses a rate twice, a rate of another machine, and a machine of another plant', () => {
    const { preview, writes } = planRateImport(
      [
        row(2, { ResourceID: 'SAW01', MachineRateID: 11, SetupMinutes: 1 }),
        row(3, { ResourceID: 'SAW01', MachineRateID: 11, SetupMinutes: 2 }),
        row(4, { ResourceID: 'SAW02', MachineRateID: 10 }),
        row(5, { ResourceID: 'BRK09', Description: 'x' }),
        row(6, { ResourceID: 'SAW01', MachineRateID: 'abc' }),
      ],
      plant,
    );
    expect(preview.Rows.map((r) => r.Errors[0]?.Message)).toEqual([
      undefined,
      'rate 11 is also on row 2.',
      'machine SAW02 has no rate 10 (it may have been deleted).',
      'machine BRK09 is in plant 2, not in plant 1.',
      '"abc" is not a rate ID: leave it empty to add a rate.',
    ]);
    expect(preview.Errors).toBe(4);
    expect(writes).toHaveLength(1);
  });

  it('names every wrong cell of a row, with the column header', () => {
    const { preview } = planRateImport(
      [
        row(2, {
          ResourceID: 'SAW02',
          Description: '',
          SetupMinutes: 200000,
          ProductionFeetPerMinute: 'fast',
          Official: 'maybe',
        }),
      ],
      plant,
    );
    expect(preview.Rows[0]!.Errors.map((e) => `${e.Field}: ${e.Message}`)).toEqual([
      'Description: is empty: a new rate needs a description.',
      'Feet per minute: "fast" is not a number.',
      'Setup minutes: 200000 is outside 0 to 100000.',
      'Official: "maybe" is not yes or no.',
    ]);
  });

  it('refuses a new rate named like one its machine has: a workbook applied twice adds no twins', () => {
    const { preview } = planRateImport([row(2, { ResourceID: 'SAW01', Description: 'rate 11' })], plant);
    expect(preview.Rows[0]!.Errors).toEqual([
      {
        Field: 'Description',
        Message:
          'machine SAW01 already has a rate "Rate 11" (rate 11): give its Rate ID to change it, or another description to add one.',
      },
    ]);
  });
});
