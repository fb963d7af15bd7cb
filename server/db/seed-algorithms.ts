import type { Algorithm } from '../../domain/algorithms/algorithm';
import * as repo from '../areas/algorithms/algorithms.repository';
import type { Sql } from './database';

/**
 * Demo rate algorithms: a roll-forming group and a painting group over the demo plants' machines, the
 * rate tables their formulas read and the PB properties of the demo beams, uprights and column. The
 * numbers are believable for a racking plant (14 ga beams roll at about 60 ft/min), not measured ones.
 */

export const demoRateTables: Record<string, Record<string, number>> = {
  // Feet per minute of a roll former by gauge: heavier steel runs slower.
  RollFormerFPM: { '12': 45, '14': 60, '16': 75 },
  // Feet per minute of the paint line by material (galvanized needs a slower pretreatment).
  PaintLineFPM: { HR: 18, CR: 20, GALV: 12 },
};

export const demoPbProperties: [string, string, string][] = [
  ['BM-4814-96', 'ProfileDepth', '4.8'],
  ['BM-4814-96', 'StepHeight', '1.625'],
  ['BM-5016-144', 'ProfileDepth', '5'],
  ['BM-5016-144', 'StepHeight', '1.625'],
  ['UP-3X3-240', 'ProfileDepth', '3'],
  ['UP-3X4-288', 'ProfileDepth', '4'],
  ['COL-C4-192', 'ProfileDepth', '4'],
];

type Rule = Omit<Algorithm, 'AlgorithmID' | 'AlgorithmGroupID' | 'Active'> & { Active?: boolean };

const none = {
  AppliesWhen: '',
  FeetPerMinute: '',
  MinutesPerPiece: '',
  MinutesPerBundle: '',
  SetupMinutes: '',
  SchedulingMinutesPerPiece: '',
  Questions: [],
  RateLookups: [],
};

export const demoAlgorithmGroups: {
  name: string;
  description: string;
  process: string;
  resources: string[];
  rules: Rule[];
}[] = [
  {
    name: 'Roll forming',
    description: 'Beams, uprights and columns formed from coil on the roll formers.',
    process: 'Roll forming',
    resources: ['LV-RF01', 'LV-RF02', 'IDF-RF01', 'DYB-RF01', 'MIL-RF01'],
    rules: [
      {
        ...none,
        Name: 'Beams',
        Priority: 10,
        AppliesWhen: 'PartClass == "Beam"',
        RateLookups: [{ Name: 'FPM', Table: 'RollFormerFPM', Key: 'Gauge' }],
        FeetPerMinute: 'FPM',
        MinutesPerPiece: 'CutLength / 12 / FeetPerMinute',
        MinutesPerBundle: 'MinutesPerPiece * BundleSize + 3',
        SetupMinutes: '20 + ProfileDepth * 4',
        SchedulingMinutesPerPiece: 'MinutesPerPiece * 1.15',
      },
      {
        ...none,
        Name: 'Uprights and columns',
        Priority: 20,
        AppliesWhen: 'PartClass == "Upright" || PartClass == "Column"',
        RateLookups: [{ Name: 'FPM', Table: 'RollFormerFPM', Key: 'Gauge' }],
        // The punch press in line slows the former by a tenth.
        FeetPerMinute: 'FPM * 0.9',
        MinutesPerPiece: 'CutLength / 12 / FeetPerMinute + Holes * 0.002',
        MinutesPerBundle: 'MinutesPerPiece * BundleSize',
        SetupMinutes: '35',
        SchedulingMinutesPerPiece: 'MinutesPerPiece * 1.1',
      },
      {
        ...none,
        Name: 'Anything else',
        Priority: 90,
        MinutesPerPiece: 'max(0.25, CutLength / 12 / 40)',
        MinutesPerBundle: 'MinutesPerPiece * BundleSize',
        SetupMinutes: '30',
        SchedulingMinutesPerPiece: 'MinutesPerPiece',
      },
    ],
  },
  {
    name: 'Painting',
    description: 'The powder-coat lines: time by bundle weight.',
    process: 'Painting',
    resources: ['LV-PNT01', 'IDF-PNT01', 'DYB-PNT01', 'MIL-PNT01'],
    rules: [
      {
        ...none,
        Name: 'Galvanized parts',
        Priority: 10,
        AppliesWhen: 'Material == "GALV"',
        Questions: [{ Key: 'TouchUpOnly', Text: 'Is this a touch-up only?', Kind: 'yesno', Choices: [] }],
        RateLookups: [{ Name: 'LineFPM', Table: 'PaintLineFPM', Key: 'Material' }],
        FeetPerMinute: 'TouchUpOnly ? 0 : LineFPM',
        MinutesPerBundle: 'TouchUpOnly ? 4 + Weight * BundleSize / 500 : 6 + Weight * BundleSize / 150',
        MinutesPerPiece: 'MinutesPerBundle / BundleSize',
        SetupMinutes: 'TouchUpOnly ? 5 : 15',
        SchedulingMinutesPerPiece: 'MinutesPerPiece',
      },
      {
        ...none,
        Name: 'Painted steel',
        Priority: 20,
        AppliesWhen: 'Painted',
        RateLookups: [{ Name: 'LineFPM', Table: 'PaintLineFPM', Key: 'Material' }],
        FeetPerMinute: 'LineFPM',
        MinutesPerBundle: '6 + Weight * BundleSize / 150',
        MinutesPerPiece: 'MinutesPerBundle / BundleSize',
        SetupMinutes: '15',
        SchedulingMinutesPerPiece: 'MinutesPerPiece * 1.05',
      },
    ],
  },
];

export async function seedAlgorithms(db: Sql): Promise<void> {
  for (const [table, keys] of Object.entries(demoRateTables)) {
    for (const [key, value] of Object.entries(keys)) {
      await repo.upsertRate(db, { RateTable: table, Key: key, Value: value });
    }
  }
  for (const [PartNum, Property, Value] of demoPbProperties) {
    await repo.upsertProperty(db, { PartNum, Property, Value });
  }
  for (const g of demoAlgorithmGroups) {
    if (await repo.findGroupByName(db, g.name)) continue;
    const id = await repo.insertGroup(db, { name: g.name, description: g.description, process: g.process });
    await repo.setGroupResources(db, id, g.resources);
    for (const rule of g.rules) {
      await repo.insertAlgorithm(db, { ...rule, AlgorithmGroupID: id, Active: rule.Active ?? true });
    }
  }
}
