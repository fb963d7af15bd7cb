import type { OperationInputs } from '../production-plan/inputs';

/**
 * The demo parts as operation inputs: an operation of 100 pieces in bundles of 25, two workers. The
 * testing screen starts from one of them, and the analysis runs a group over all of them while there
 * is no production-plan operations table to run it over (said plainly on the screen). The attributes
 * are this area's reading of the demo part numbers (beam face and gauge from the number).
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
    Description: 'Step beam 4.8" 14 ga, 96"',
    PartClass: 'Beam',
    Material: 'HR',
    Gauge: 14,
    Weight: 22.5,
    Length: 96,
    Width: 4.8,
    Holes: 0,
    Welds: 2,
    Painted: true,
  },
  {
    PartNum: 'BM-5016-144',
    Description: 'Step beam 5" 16 ga, 144"',
    PartClass: 'Beam',
    Material: 'HR',
    Gauge: 16,
    Weight: 28,
    Length: 144,
    Width: 5,
    Holes: 0,
    Welds: 2,
    Painted: true,
  },
  {
    PartNum: 'UP-3X3-240',
    Description: 'Upright 3x3 12 ga, 240"',
    PartClass: 'Upright',
    Material: 'HR',
    Gauge: 12,
    Weight: 78,
    Length: 240,
    Width: 3,
    Holes: 160,
    Welds: 0,
    Painted: true,
  },
  {
    PartNum: 'UP-3X4-288',
    Description: 'Upright 3x4 12 ga, 288"',
    PartClass: 'Upright',
    Material: 'HR',
    Gauge: 12,
    Weight: 98,
    Length: 288,
    Width: 4,
    Holes: 192,
    Welds: 0,
    Painted: true,
  },
  {
    PartNum: 'BR-H-42',
    Description: 'Horizontal brace, 42"',
    PartClass: 'Brace',
    Material: 'HR',
    Gauge: 14,
    Weight: 3.1,
    Length: 42,
    Width: 1.5,
    Holes: 2,
    Welds: 0,
    Painted: true,
  },
  {
    PartNum: 'BP-6X8',
    Description: 'Baseplate 6x8',
    PartClass: 'Baseplate',
    Material: 'HR',
    Gauge: null,
    Weight: 4.2,
    Length: 8,
    Width: 6,
    Holes: 2,
    Welds: 1,
    Painted: true,
  },
  {
    PartNum: 'COL-C4-192',
    Description: 'Column C4 galvanized, 192"',
    PartClass: 'Column',
    Material: 'GALV',
    Gauge: 12,
    Weight: 64,
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
