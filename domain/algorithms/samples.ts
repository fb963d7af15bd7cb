import type { OperationInputs } from '../production-plan/inputs';

/**
 * The demo parts as operation inputs: an operation of 100 pieces in bundles of 25, two workers. The
 * testing screen starts from one of them, and the analysis runs a group over all of them while there
 * is no production-plan operations table to run it over (said plainly on the screen). The attributes
 * are those the production-plan demo data gives these parts (server/db/seed-production.ts on main).
 */
export interface SamplePart {
  PartNum: string;
  Description: string;
  PartClass: string;
  Material: string;
  Gauge: number | null;
  Weight: number;
  Length: number;
  Width: number;
  Holes: number;
  Welds: number;
  Painted: boolean;
}

export const sampleParts: readonly SamplePart[] = [
  {
    PartNum: 'BM-4814-96',
    Description: 'Step beam 4.8" × 96", 14 ga',
    PartClass: 'Beam',
    Material: 'HR',
    Gauge: 14,
    Weight: 24.5,
    Length: 96,
    Width: 4.8,
    Holes: 0,
    Welds: 4,
    Painted: true,
  },
  {
    PartNum: 'BM-5016-144',
    Description: 'Box beam 5" × 144", 16 ga',
    PartClass: 'Beam',
    Material: 'HR',
    Gauge: 16,
    Weight: 31.2,
    Length: 144,
    Width: 5,
    Holes: 0,
    Welds: 4,
    Painted: true,
  },
  {
    PartNum: 'UP-3X3-240',
    Description: 'Upright frame 3" × 3" × 240", 12 ga',
    PartClass: 'Upright',
    Material: 'HR',
    Gauge: 12,
    Weight: 128,
    Length: 240,
    Width: 42,
    Holes: 160,
    Welds: 24,
    Painted: true,
  },
  {
    PartNum: 'UP-3X4-288',
    Description: 'Upright frame 3" × 4" × 288", 12 ga',
    PartClass: 'Upright',
    Material: 'HR',
    Gauge: 12,
    Weight: 162,
    Length: 288,
    Width: 44,
    Holes: 192,
    Welds: 28,
    Painted: true,
  },
  {
    PartNum: 'BR-H-42',
    Description: 'Horizontal brace 42"',
    PartClass: 'Brace',
    Material: 'HR',
    Gauge: 16,
    Weight: 4.2,
    Length: 42,
    Width: 1.5,
    Holes: 2,
    Welds: 0,
    Painted: false,
  },
  {
    PartNum: 'BP-6X8',
    Description: 'Baseplate 6" × 8", 3/8"',
    PartClass: 'Baseplate',
    Material: 'HR',
    Gauge: 3,
    Weight: 5.1,
    Length: 8,
    Width: 6,
    Holes: 4,
    Welds: 0,
    Painted: true,
  },
  {
    PartNum: 'COL-C4-192',
    Description: 'C-column 4" × 192", galvanized',
    PartClass: 'Column',
    Material: 'GALV',
    Gauge: 12,
    Weight: 58,
    Length: 192,
    Width: 4,
    Holes: 96,
    Welds: 0,
    Painted: false,
  },
];

/** One sample operation's inputs on `resourceId`. */
export function sampleInputs(part: SamplePart, resourceId: string | null): OperationInputs {
  return {
    Quantity: 100,
    PlanQuantity: 100,
    BundleSize: 25,
    Bundles: 4,
    WorkerCount: 2,
    CutLength: part.Length,
    Weight: part.Weight,
    Gauge: part.Gauge,
    Holes: part.Holes,
    Welds: part.Welds,
    Width: part.Width,
    Length: part.Length,
    PartNum: part.PartNum,
    PartClass: part.PartClass,
    Material: part.Material,
    Painted: part.Painted,
    ResourceID: resourceId,
    RateType: 'Production',
    ActionPaint: false,
    ActionSetup: false,
    ActionWeld: false,
    ActionPunch: false,
    ActionCut: false,
    ActionRollForm: false,
    ActionSlit: false,
    ActionAssemble: false,
    ActionPack: false,
  };
}
