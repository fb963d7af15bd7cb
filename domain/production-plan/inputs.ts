import type { BomLine, Job, Operation, Part, PlanHeader } from './entities';

/**
 * The named inputs a costing engine's or a rate algorithm's formulas read (issue 5: "from the
 * operation's and the part's attributes"). One dictionary for both, so a formula written for an engine
 * reads the same names in an algorithm. A value the operation does not have is null: a formula that
 * needs it stops with a message naming it, never computes with a made-up zero.
 */
export interface OperationInputs {
  /** Pieces this operation makes (ProductionQuantity). */
  Quantity: number;
  /** The plan's quantity. */
  PlanQuantity: number;
  BundleSize: number;
  /** ceil(Quantity / BundleSize) (spec 001 §9). */
  Bundles: number;
  WorkerCount: number;
  /** Inches: the BOM line's cut length, or the part's length for a top-level operation. */
  CutLength: number | null;
  /** Pounds per piece. */
  Weight: number | null;
  Gauge: number | null;
  Holes: number | null;
  Welds: number | null;
  /** Inches. */
  Width: number | null;
  Length: number | null;
  PartNum: string;
  PartClass: string;
  Material: string;
  Painted: boolean;
  ResourceID: string | null;
  RateType: string;
  ActionPaint: boolean;
  ActionSetup: boolean;
  ActionWeld: boolean;
  ActionPunch: boolean;
  ActionCut: boolean;
  ActionRollForm: boolean;
  ActionSlit: boolean;
  ActionAssemble: boolean;
  ActionPack: boolean;
}

/** The names of {@link OperationInputs}, for editors that offer them. */
export const operationInputNames: readonly (keyof OperationInputs)[] = [
  'Quantity',
  'PlanQuantity',
  'BundleSize',
  'Bundles',
  'WorkerCount',
  'CutLength',
  'Weight',
  'Gauge',
  'Holes',
  'Welds',
  'Width',
  'Length',
  'PartNum',
  'PartClass',
  'Material',
  'Painted',
  'ResourceID',
  'RateType',
  'ActionPaint',
  'ActionSetup',
  'ActionWeld',
  'ActionPunch',
  'ActionCut',
  'ActionRollForm',
  'ActionSlit',
  'ActionAssemble',
  'ActionPack',
];

/** Spec 001 §9: quantity divided by bundle size, rounded up (0 when there is no bundle size). */
export function bundleCount(quantity: number, bundleSize: number): number {
  if (!(bundleSize > 0)) return 0;
  return Math.ceil(quantity / bundleSize);
}

/**
 * The inputs of one operation. `part` is the part the operation works on: the BOM line's part for an
 * operation on a BOM line (its attributes where known), else the job's part.
 */
export function operationInputs(
  op: Pick<
    Operation,
    'ProductionQuantity' | 'WorkerCount' | 'ResourceID' | 'RateType' | 'ProductionPlanBOMID'
  > &
    Partial<Record<`Action${string}`, boolean>>,
  plan: Pick<PlanHeader, 'Quantity' | 'BundleSize'>,
  part: Part,
  bom: Pick<BomLine, 'CutLength'> | null,
): OperationInputs {
  const flag = (name: string) => Boolean((op as Record<string, unknown>)[name]);
  return {
    Quantity: op.ProductionQuantity,
    PlanQuantity: plan.Quantity,
    BundleSize: plan.BundleSize,
    Bundles: bundleCount(op.ProductionQuantity, plan.BundleSize),
    WorkerCount: op.WorkerCount,
    CutLength: bom ? bom.CutLength : part.Length,
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
    ResourceID: op.ResourceID,
    RateType: op.RateType,
    ActionPaint: flag('ActionPaint'),
    ActionSetup: flag('ActionSetup'),
    ActionWeld: flag('ActionWeld'),
    ActionPunch: flag('ActionPunch'),
    ActionCut: flag('ActionCut'),
    ActionRollForm: flag('ActionRollForm'),
    ActionSlit: flag('ActionSlit'),
    ActionAssemble: flag('ActionAssemble'),
    ActionPack: flag('ActionPack'),
  };
}

export type { Job };
