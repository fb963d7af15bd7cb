import { topicOf } from '../../domain/live/topics';
import type {
  ActionFlag,
  Backflush,
  BomLine,
  MachineRate,
  Operation,
  Part,
  PlanHeader,
  RateType,
} from '../../domain/production-plan/entities';
import { operationDefaults } from '../../domain/production-plan/entities';
import {
  PLAN_PARTS,
  type PlanPartDoc,
  type PlanPartKind,
  planPartId,
} from '../../domain/production-plan/live';
import { computeFigures } from '../../domain/production-plan/rules';
import type { Sql } from './database';

/**
 * Demo production data for a racking manufacturer (issue 5): per plant, workcenters and machines
 * (slitting, roll forming, punching, cutting, welding, painting, assembly) with machine rates, traveler
 * printers, the parts racking is made of, and jobs, each with a production plan of BOM lines and
 * operations routed over the plant's machines, figures computed by the production-plan rules.
 *
 * `small` (integration tests): 40 jobs; `full` (npm start): 2,000. Both add job J299300, a plan of 300
 * operations (the plan bench). Deterministic: the same jobs, quantities and dates (relative to the
 * day of seeding) every time, so tests can name them.
 *
 * Every plan's header, BOM lines and operations are also written to the change log of its topic
 * `plan:{JobNumber}`, so a screen that follows the topic from seq 0 receives the whole plan.
 */
export type ProductionSeedSize = 'small' | 'full';

type Process = 'Slitting' | 'Roll forming' | 'Punching' | 'Cutting' | 'Welding' | 'Painting' | 'Assembly';

const processes: Record<string, { process: Process; workers: number; engine: boolean; algorithm: boolean }> =
  {
    SLT: { process: 'Slitting', workers: 2, engine: false, algorithm: false },
    RF: { process: 'Roll forming', workers: 2, engine: false, algorithm: true },
    PCH: { process: 'Punching', workers: 1, engine: true, algorithm: false },
    CUT: { process: 'Cutting', workers: 1, engine: true, algorithm: false },
    WLD: { process: 'Welding', workers: 1, engine: true, algorithm: false },
    PNT: { process: 'Painting', workers: 3, engine: false, algorithm: true },
    ASM: { process: 'Assembly', workers: 2, engine: false, algorithm: false },
  };

const workcenterColors: Record<Process, string> = {
  Slitting: '#0ea5e9',
  'Roll forming': '#1f6feb',
  Punching: '#8b5cf6',
  Cutting: '#f59e0b',
  Welding: '#ef4444',
  Painting: '#10b981',
  Assembly: '#64748b',
};

/** The demo machines: plant, short name, machine codes. */
export const demoPlants: ReadonlyArray<readonly [number, string, readonly string[]]> = [
  [1, 'LV', ['SLT01', 'RF01', 'RF02', 'PCH01', 'CUT01', 'CUT02', 'WLD01', 'WLD02', 'PNT01', 'ASM01']],
  [2, 'IDF', ['RF01', 'PCH01', 'CUT01', 'WLD01', 'PNT01', 'ASM01']],
  [3, 'MIL', ['RF01', 'PCH01', 'CUT01', 'PNT01']],
  [6, 'DYB', ['SLT01', 'RF01', 'CUT01', 'WLD01', 'PNT01']],
  // Last, so the other plants' ids stay as they were: the demo saw operator's plant (issue 15).
  [19, 'CAT', ['CUT01', 'PNT01']],
];

const machineNames: Record<string, string> = {
  SLT01: 'Coil slitter',
  RF01: 'Roll former 1',
  RF02: 'Roll former 2 (beams)',
  PCH01: 'Punch press 200 t',
  CUT01: 'Cold saw',
  CUT02: 'Band saw',
  WLD01: 'Welding cell 1',
  WLD02: 'Robotic welding cell',
  PNT01: 'Powder coat line',
  ASM01: 'Assembly bench',
};

type RateRow = Omit<MachineRate, 'MachineRateID' | 'ResourceID'>;
const rate = (
  Description: string,
  mpp: number,
  mpb: number,
  fpm: number,
  setup: number,
  sched: number,
  Official = false,
): RateRow => ({
  Description,
  ProductionMinutesPerPiece: mpp,
  ProductionMinutesPerBundle: mpb,
  ProductionFeetPerMinute: fpm,
  SetupMinutes: setup,
  SchedulingMinutesPerPiece: sched,
  Official,
});

const ratesByProcess: Record<string, RateRow[]> = {
  SLT: [rate('Standard coil', 0, 0, 120, 45, 0.05, true), rate('Heavy gauge coil', 0, 0, 80, 60, 0.08)],
  RF: [
    rate('Beam profile', 0, 0, 60, 40, 0.12, true),
    rate('Upright column 12 ga', 0, 0, 45, 55, 0.2),
    rate('Brace channel', 0, 0, 90, 30, 0.06),
  ],
  PCH: [rate('Standard hole pattern', 0.25, 0, 0, 20, 0.25, true), rate('Dense pattern', 0.4, 0, 0, 25, 0.4)],
  CUT: [rate('Light section', 0.35, 0, 0, 10, 0.35, true), rate('Heavy section', 0.6, 0, 0, 15, 0.6)],
  WLD: [rate('Beam connectors', 1.8, 0, 0, 15, 1.8, true), rate('Upright frame', 6.5, 0, 0, 30, 6.5)],
  PNT: [rate('Powder coat, per bundle', 0, 12, 0, 30, 0.4, true), rate('Touch-up', 0, 5, 0, 10, 0.15)],
  ASM: [rate('Bench assembly', 2.5, 0, 0, 5, 2.5, true)],
};

const part = (
  PartNum: string,
  Description: string,
  PartClass: string,
  Material: string,
  Gauge: number | null,
  Weight: number | null,
  Length: number | null,
  Width: number | null,
  Holes: number | null,
  Welds: number | null,
  Painted: boolean,
  Color: string | null,
): Part => ({
  PartNum,
  Description,
  PartClass,
  Material,
  Gauge,
  Weight,
  Length,
  Width,
  Holes,
  Welds,
  Painted,
  Color,
});

/** Finished parts (what jobs make) and the raw material and components their BOMs consume. */
export const demoParts: readonly Part[] = [
  part(
    'BM-4814-96',
    'Step beam 4.8" × 96", 14 ga',
    'Beam',
    'HR',
    14,
    24.5,
    96,
    4.8,
    0,
    4,
    true,
    'Safety orange',
  ),
  part(
    'BM-4814-108',
    'Step beam 4.8" × 108", 14 ga',
    'Beam',
    'HR',
    14,
    27.4,
    108,
    4.8,
    0,
    4,
    true,
    'Safety orange',
  ),
  part(
    'BM-5016-144',
    'Box beam 5" × 144", 16 ga',
    'Beam',
    'HR',
    16,
    31.2,
    144,
    5,
    0,
    4,
    true,
    'Safety orange',
  ),
  part(
    'BM-6014-120',
    'Step beam 6" × 120", 14 ga',
    'Beam',
    'HR',
    14,
    36.8,
    120,
    6,
    0,
    4,
    true,
    'Safety orange',
  ),
  part(
    'UP-3X3-240',
    'Upright frame 3" × 3" × 240", 12 ga',
    'Upright',
    'HR',
    12,
    128,
    240,
    42,
    160,
    24,
    true,
    'Blue',
  ),
  part(
    'UP-3X4-288',
    'Upright frame 3" × 4" × 288", 12 ga',
    'Upright',
    'HR',
    12,
    162,
    288,
    44,
    192,
    28,
    true,
    'Blue',
  ),
  part(
    'UP-3X3-192',
    'Upright frame 3" × 3" × 192", 14 ga',
    'Upright',
    'HR',
    14,
    92,
    192,
    42,
    128,
    20,
    true,
    'Blue',
  ),
  part('BR-H-42', 'Horizontal brace 42"', 'Brace', 'HR', 16, 4.2, 42, 1.5, 2, 0, false, null),
  part('BR-D-48', 'Diagonal brace 48"', 'Brace', 'HR', 16, 4.8, 48, 1.5, 2, 0, false, null),
  part('BP-6X8', 'Baseplate 6" × 8", 3/8"', 'Baseplate', 'HR', 3, 5.1, 8, 6, 4, 0, true, 'Blue'),
  part('COL-C4-192', 'C-column 4" × 192", galvanized', 'Column', 'GALV', 12, 58, 192, 4, 96, 0, false, null),
  part('RS-12', 'Row spacer 12"', 'Row spacer', 'HR', 14, 2.3, 12, 1.6, 4, 0, true, 'Blue'),
  part('WD-4246', 'Wire deck 42" × 46"', 'Wire deck', 'GALV', null, 14.5, 46, 42, null, null, false, null),
  // Material and components (BOM lines)
  part('COIL-14-HR', 'Coil, hot rolled, 14 ga', 'Coil', 'HR', 14, null, null, null, null, null, false, null),
  part('COIL-12-HR', 'Coil, hot rolled, 12 ga', 'Coil', 'HR', 12, null, null, null, null, null, false, null),
  part('COIL-16-HR', 'Coil, hot rolled, 16 ga', 'Coil', 'HR', 16, null, null, null, null, null, false, null),
  part(
    'COIL-12-GALV',
    'Coil, galvanized, 12 ga',
    'Coil',
    'GALV',
    12,
    null,
    null,
    null,
    null,
    null,
    false,
    null,
  ),
  part('CONN-3P', 'Beam connector, 3 pin', 'Component', 'HR', 7, 0.9, null, null, 3, null, false, null),
  part('PLATE-38', 'Plate 3/8" × 6"', 'Plate', 'HR', 3, null, null, null, null, null, false, null),
  part('WIRE-4GA', 'Wire, 4 ga, galvanized', 'Wire', 'GALV', 4, null, null, null, null, null, false, null),
  part(
    'PWD-ORANGE',
    'Powder, safety orange',
    'Powder',
    'Powder',
    null,
    null,
    null,
    null,
    null,
    null,
    false,
    null,
  ),
  part('PWD-BLUE', 'Powder, blue', 'Powder', 'Powder', null, null, null, null, null, null, false, null),
];

interface BomTemplate {
  part: string;
  per: number;
  fixed?: boolean;
  /** Cut length in inches; 'length': the finished part's length. */
  cut: number | 'length';
  uom: string;
}
interface OpTemplate {
  code: string;
  /** Index into the template's BOM lines, or null for a top-level operation. */
  bom: number | null;
  rateType: RateType;
  actions: ActionFlag[];
  final?: boolean;
}
interface Routing {
  bom: BomTemplate[];
  ops: OpTemplate[];
  bundle: number;
  qty: [number, number];
}

const routings: Record<string, Routing> = {
  Beam: {
    bom: [
      { part: 'COIL-14-HR', per: 1, cut: 'length', uom: 'EA' },
      { part: 'CONN-3P', per: 2, cut: 0, uom: 'EA' },
      { part: 'PWD-ORANGE', per: 0.4, cut: 0, uom: 'LB' },
    ],
    ops: [
      { code: 'RF', bom: 0, rateType: 'Foot', actions: ['ActionSetup', 'ActionRollForm'] },
      { code: 'CUT', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'] },
      { code: 'WLD', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionWeld'] },
      { code: 'PNT', bom: null, rateType: 'Bundle', actions: ['ActionPaint'], final: true },
    ],
    bundle: 50,
    qty: [200, 1200],
  },
  Upright: {
    bom: [
      { part: 'COIL-12-HR', per: 2, cut: 'length', uom: 'EA' },
      { part: 'BR-H-42', per: 6, cut: 42, uom: 'EA' },
      { part: 'BR-D-48', per: 5, cut: 48, uom: 'EA' },
      { part: 'BP-6X8', per: 2, cut: 0, uom: 'EA' },
      { part: 'PWD-BLUE', per: 1.6, cut: 0, uom: 'LB' },
    ],
    ops: [
      { code: 'RF', bom: 0, rateType: 'Foot', actions: ['ActionSetup', 'ActionRollForm'] },
      { code: 'PCH', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionPunch'] },
      { code: 'CUT', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'] },
      { code: 'WLD', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionWeld'] },
      { code: 'PNT', bom: null, rateType: 'Bundle', actions: ['ActionPaint'], final: true },
    ],
    bundle: 10,
    qty: [20, 240],
  },
  Brace: {
    bom: [{ part: 'COIL-16-HR', per: 1, cut: 'length', uom: 'EA' }],
    ops: [
      { code: 'RF', bom: 0, rateType: 'Foot', actions: ['ActionSetup', 'ActionRollForm'] },
      { code: 'PCH', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionPunch'] },
      { code: 'CUT', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'], final: true },
    ],
    bundle: 100,
    qty: [500, 3000],
  },
  Baseplate: {
    bom: [
      { part: 'PLATE-38', per: 1, cut: 8, uom: 'EA' },
      { part: 'PWD-BLUE', per: 0.1, cut: 0, uom: 'LB' },
    ],
    ops: [
      { code: 'CUT', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'] },
      { code: 'PCH', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionPunch'] },
      { code: 'PNT', bom: null, rateType: 'Bundle', actions: ['ActionPaint'], final: true },
    ],
    bundle: 100,
    qty: [200, 2000],
  },
  Column: {
    bom: [{ part: 'COIL-12-GALV', per: 1, cut: 'length', uom: 'EA' }],
    ops: [
      { code: 'RF', bom: 0, rateType: 'Foot', actions: ['ActionSetup', 'ActionRollForm'] },
      { code: 'PCH', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionPunch'] },
      { code: 'CUT', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'], final: true },
    ],
    bundle: 20,
    qty: [40, 400],
  },
  'Row spacer': {
    bom: [
      { part: 'COIL-14-HR', per: 1, cut: 'length', uom: 'EA' },
      { part: 'PWD-BLUE', per: 0.05, cut: 0, uom: 'LB' },
    ],
    ops: [
      { code: 'CUT', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'] },
      { code: 'PCH', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionPunch'] },
      { code: 'PNT', bom: null, rateType: 'Bundle', actions: ['ActionPaint'], final: true },
    ],
    bundle: 200,
    qty: [400, 4000],
  },
  'Wire deck': {
    bom: [{ part: 'WIRE-4GA', per: 38, cut: 46, uom: 'EA' }],
    ops: [
      { code: 'CUT', bom: 0, rateType: 'MPP', actions: ['ActionSetup', 'ActionCut'] },
      { code: 'ASM', bom: null, rateType: 'MPP', actions: ['ActionSetup', 'ActionAssemble'], final: true },
    ],
    bundle: 25,
    qty: [100, 1500],
  },
};

const customers = [
  'Northline Distribution',
  'Harbor Cold Storage',
  'Summit Home Centers',
  'Prairie Ag Supply',
  'Gulf Coast Beverage',
  'Trent Valley Logistics',
  'Idaho Potato Growers Co-op',
  'Keystone Foods',
  'Bluewater Marine Supply',
  'Cascade Paper Products',
  'Redline Auto Parts',
  'Granite State Grocers',
];

/** Plants of jobs in order: plant 1 four in ten, 2 three, 6 two, 3 one. */
const plantCycle = [1, 2, 1, 6, 2, 1, 3, 6, 2, 1];
const finishedParts = demoParts.filter((p) => routings[p.PartClass]);

/** A small deterministic generator (the same demo data every time). */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const snake = (name: string) =>
  name
    .replace(/ID$/, 'Id')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** Inserts rows (objects with the same keys) in chunks, columns named by {@link snake} of each key. */
async function insertRows(tx: Sql, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!);
  const columns = keys.map(snake);
  const perChunk = Math.max(1, Math.floor(30000 / keys.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = keys.map((k) => {
        const v = row[k];
        params.push(v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** After explicit ids, the serial sequence continues above them. */
async function syncSequence(tx: Sql, table: string, column: string): Promise<void> {
  await tx.query(
    `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE((SELECT max(${column}) FROM ${table}), 0) + 1, false)`,
  );
}

const omit = <T extends object>(o: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

interface SeedMachine {
  ResourceID: string;
  PlantID: number;
  code: string;
  rates: MachineRate[];
}

/** Seeds the demo production data (skipped when jobs exist already). */
export async function seedProduction(tx: Sql, size: ProductionSeedSize = 'small'): Promise<void> {
  const existing = await tx.query('SELECT 1 FROM jobs LIMIT 1');
  if (existing.length) return;
  const random = generator(20260101);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const dayOffset = (days: number) =>
    new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

  // Workcenters, machines, rates, printers.
  const workcenters: Record<string, unknown>[] = [];
  const resources: Record<string, unknown>[] = [];
  const machineRates: Record<string, unknown>[] = [];
  const printers: Record<string, unknown>[] = [];
  const machinesByPlant = new Map<number, Map<string, SeedMachine[]>>();
  let workcenterId = 0;
  let rateId = 0;
  let printerId = 0;
  for (const [plantId, short, codes] of demoPlants) {
    const byProcess = new Map<string, number>();
    const byCode = new Map<string, SeedMachine[]>();
    machinesByPlant.set(plantId, byCode);
    for (const code of codes) {
      const kind = code.replace(/\d+$/, '');
      const info = processes[kind]!;
      let wc = byProcess.get(info.process);
      if (wc === undefined) {
        wc = ++workcenterId;
        byProcess.set(info.process, wc);
        workcenters.push({
          WorkcenterID: wc,
          PlantID: plantId,
          Name: info.process,
          Description: `${info.process} at ${short}`,
          Color: workcenterColors[info.process],
          Active: true,
        });
      }
      const resourceId = `${short}-${code}`;
      resources.push({
        ResourceID: resourceId,
        PlantID: plantId,
        WorkcenterID: wc,
        Description: machineNames[code] ?? code,
        Process: info.process,
        DefaultWorkerCount: code === 'WLD02' ? 1 : info.workers,
        EngineActive: info.engine,
        AlgorithmActive: info.algorithm,
        Active: true,
      });
      const rates = ratesByProcess[kind]!.map(
        (r): MachineRate => ({ MachineRateID: ++rateId, ResourceID: resourceId, ...r }),
      );
      for (const r of rates) machineRates.push({ ...r });
      const list = byCode.get(kind) ?? [];
      list.push({ ResourceID: resourceId, PlantID: plantId, code, rates });
      byCode.set(kind, list);
    }
    printers.push(
      {
        PrinterID: ++printerId,
        PlantID: plantId,
        Name: `${short} Office LaserJet`,
        Location: 'Planning office',
      },
      {
        PrinterID: ++printerId,
        PlantID: plantId,
        Name: `${short} Floor Zebra`,
        Location: 'Shop floor, bay 2',
      },
    );
  }
  await insertRows(tx, 'workcenters', workcenters);
  await insertRows(tx, 'resources', resources);
  await insertRows(tx, 'machine_rates', machineRates);
  await insertRows(tx, 'printers', printers);
  await insertRows(tx, 'parts', demoParts as unknown as Record<string, unknown>[]);
  const partsByNum = new Map(demoParts.map((p) => [p.PartNum, p]));

  // Jobs and their plans.
  const jobs: Record<string, unknown>[] = [];
  const plans: PlanHeader[] = [];
  const boms: BomLine[] = [];
  const ops: Operation[] = [];
  const backflushes: Backflush[] = [];
  let bomId = 0;
  let opId = 0;
  let backflushId = 0;

  const addPlan = (
    jobNumber: string,
    plantId: number,
    finished: Part,
    quantity: number,
    opts: { bigOperations?: number; index: number },
  ) => {
    const routing = routings[finished.PartClass]!;
    const machines = machinesByPlant.get(plantId)!;
    const i = opts.index;
    const ready = i % 5 === 1 || i % 10 === 3;
    const reviewed = i % 10 === 3;
    const hold = i % 29 === 7;
    const customer = customers[i % customers.length]!;
    const orderType = i % 7 === 4 ? 'MTS' : 'MTO';
    jobs.push({
      JobNumber: jobNumber,
      PlantID: plantId,
      PartNum: finished.PartNum,
      Quantity: quantity,
      DueDate: dayOffset((i % 75) - 10),
      OrderNum: orderType === 'MTO' ? 100234 + (i % 40) : null,
      CustomerName: orderType === 'MTO' ? customer : null,
      OrderType: orderType,
      Status: i % 6 === 0 ? 'Firm' : 'Released',
      FabricationHold: hold,
      FabricationHoldNotes: hold ? 'Waiting on the customer to approve the revised drawing.' : '',
      Tags: [
        finished.PartClass,
        finished.Painted ? `Paint: ${finished.Color}` : 'Unpainted',
        ...(i % 9 === 0 ? ['Rush'] : []),
      ],
      Allocations: routing.bom.slice(0, 1).map((b) => ({
        PartNum: b.part,
        Description: partsByNum.get(b.part)?.Description ?? b.part,
        Quantity: Math.ceil(quantity * b.per),
        UOM: b.uom,
        Location: `R${(i % 12) + 1}-B${(i % 5) + 1}`,
      })),
      DemandSummary:
        orderType === 'MTO'
          ? [
              {
                OrderNum: 100234 + (i % 40),
                CustomerName: customer,
                Quantity: quantity,
                DueDate: dayOffset((i % 75) - 12),
              },
            ]
          : [],
      Unclaimed:
        i % 4 === 0
          ? [
              {
                PartNum: routing.bom[0]!.part,
                Description: 'Drop from an earlier job',
                Quantity: 3 + (i % 7),
                UOM: 'EA',
              },
            ]
          : [],
      QaDocuments: [
        {
          Title: `${finished.PartClass} inspection checklist`,
          URL: `https://docs.example.com/qa/${finished.PartClass.toLowerCase().replace(/\s/g, '-')}.pdf`,
        },
      ],
      Drawings: [
        {
          Title: `${finished.PartNum} rev C`,
          URL: `https://docs.example.com/drawings/${finished.PartNum}.pdf`,
        },
      ],
    });
    const planId = plans.length + 1;
    const header: PlanHeader = {
      ProductionPlanID: planId,
      JobNumber: jobNumber,
      Quantity: quantity,
      BundleSize: routing.bundle,
      ReadyForReview: ready,
      PlanReviewedBy: reviewed ? 'Sam Ortiz' : null,
      PlanReviewedAt: reviewed
        ? new Date(today.getTime() - (i % 9) * 86_400_000 - 3_600_000 * 5).toISOString()
        : null,
      PrinterID: null,
      IncludeQAD: i % 3 === 0,
      IncludeDrawings: true,
      FabricationHold: hold,
      FabricationHoldNotes: hold ? 'Waiting on the customer to approve the revised drawing.' : '',
      RowVersion: 1,
    };
    plans.push(header);
    const planBoms = routing.bom.map((b, k): BomLine => {
      const line: BomLine = {
        ProductionPlanBOMID: ++bomId,
        ProductionPlanID: planId,
        JobNumber: jobNumber,
        Sequence: (k + 1) * 10,
        PartNum: b.part,
        Description: partsByNum.get(b.part)?.Description ?? b.part,
        QuantityPer: b.per,
        FixedQty: b.fixed ?? false,
        CutLength: b.cut === 'length' ? (finished.Length ?? 0) : b.cut,
        UOM: b.uom,
        RowVersion: 1,
      };
      boms.push(line);
      return line;
    });
    const templates: OpTemplate[] = [];
    if (opts.bigOperations) {
      const cycle = routing.ops;
      for (let k = 0; k < opts.bigOperations; k++)
        templates.push({ ...cycle[k % cycle.length]!, final: false });
      templates[templates.length - 1] = { ...templates[templates.length - 1]!, final: true };
    } else {
      templates.push(...routing.ops);
    }
    const locked = i % 7 === 2;
    let sequence = 0;
    templates.forEach((t, k) => {
      const candidates = machines.get(t.code);
      if (!candidates?.length) return;
      const machine = candidates[(i + k) % candidates.length]!;
      const official = machine.rates.find((r) => r.Official) ?? null;
      const bom = t.bom === null ? null : (planBoms[t.bom] ?? null);
      const productionQuantity = bom ? quantity * bom.QuantityPer : quantity;
      const actions = Object.fromEntries(t.actions.map((a) => [a, true]));
      const info = processes[t.code]!;
      sequence += 10;
      const base = {
        ...operationDefaults(),
        ...actions,
        ProductionPlanOperationID: ++opId,
        ProductionPlanID: planId,
        JobNumber: jobNumber,
        ProductionPlanBOMID: bom?.ProductionPlanBOMID ?? null,
        Sequence: sequence,
        ResourceID: machine.ResourceID,
        MachineRateID: official?.MachineRateID ?? null,
        WorkerCount: machine.code === 'WLD02' ? 1 : info.workers,
        ProductionQuantity: productionQuantity,
        RateType: t.rateType,
        FinalOperation: Boolean(t.final),
        PrintTraveler: !t.actions.includes('ActionPaint'),
        Locked: locked && k === 0,
        Printed: locked && k === 0,
        AllowResourceChange: !(locked && k === 0),
        AllowRateChange: !(locked && k === 0),
      } as Operation;
      const op: Operation = {
        ...base,
        ...computeFigures(base, header, bom ? bom.CutLength : finished.Length, official),
      };
      // Powder is backflushed at the paint operation, wire at assembly.
      const consumed = planBoms.find(
        (b) =>
          (t.code === 'PNT' && b.PartNum.startsWith('PWD-')) ||
          (t.code === 'ASM' && b.PartNum.startsWith('WIRE-')),
      );
      if (consumed && !opts.bigOperations) {
        const bf: Backflush = {
          ProductionPlanBackflushID: ++backflushId,
          ProductionPlanOperationID: op.ProductionPlanOperationID,
          ProductionPlanBOMID: consumed.ProductionPlanBOMID,
          Quantity: consumed.QuantityPer,
        };
        backflushes.push(bf);
        op.Backflushes = [bf];
      }
      ops.push(op);
    });
  };

  const count = size === 'full' ? 2000 : 40;
  for (let i = 0; i < count; i++) {
    const plantId = plantCycle[i % plantCycle.length]!;
    // Plant 3 has no welding: its jobs are parts that need none.
    const choices =
      plantId === 3
        ? finishedParts.filter((p) => !routings[p.PartClass]!.ops.some((o) => o.code === 'WLD'))
        : finishedParts;
    const finished = choices[(i * 7 + Math.floor(i / 10)) % choices.length]!;
    const [lo, hi] = routings[finished.PartClass]!.qty;
    const step = routings[finished.PartClass]!.bundle;
    const quantity = Math.max(step, Math.round((lo + random() * (hi - lo)) / step) * step);
    addPlan(`J${240001 + i}`, plantId, finished, quantity, { index: i });
  }
  addPlan('J299300', 1, partsByNum.get('UP-3X4-288')!, 120, { bigOperations: 300, index: 1 });
  // Plant 19 (Cataforesis) cuts and paints: work for the demo saw operator there (issue 15), outside the
  // plant cycle so every other job keeps its plant and number. Operations on machines the plant lacks
  // are left out, so braces are one cut and baseplates a cut then paint.
  addPlan('J219001', 19, partsByNum.get('BR-H-42')!, 600, { index: 1 });
  addPlan('J219002', 19, partsByNum.get('BP-6X8')!, 400, { index: 11 });

  await insertRows(tx, 'jobs', jobs);
  await insertRows(
    tx,
    'production_plans',
    plans.map((p) => omit(p, ['FabricationHold', 'FabricationHoldNotes'])),
  );
  await insertRows(
    tx,
    'production_plan_boms',
    boms.map((b) => omit(b, ['JobNumber'])),
  );
  await insertRows(
    tx,
    'production_plan_operations',
    ops.map((o) => omit(o, ['JobNumber', 'Backflushes'])),
  );
  await insertRows(tx, 'production_plan_backflushes', backflushes as unknown as Record<string, unknown>[]);
  await syncSequence(tx, 'workcenters', 'workcenter_id');
  await syncSequence(tx, 'machine_rates', 'machine_rate_id');
  await syncSequence(tx, 'printers', 'printer_id');
  await syncSequence(tx, 'production_plans', 'production_plan_id');
  await syncSequence(tx, 'production_plan_boms', 'production_plan_bom_id');
  await syncSequence(tx, 'production_plan_operations', 'production_plan_operation_id');
  await syncSequence(tx, 'production_plan_backflushes', 'production_plan_backflush_id');

  // The initial documents of every plan's topic. New topics with no writer yet, so the sequence
  // numbers are simply 1..n per topic (appendChanges' per-topic locking is for concurrent writers).
  const byJob = new Map<
    string,
    { kind: PlanPartKind; id: number; data: Record<string, unknown>; version: number }[]
  >();
  const push = (job: string, kind: PlanPartKind, id: number, data: object, version: number) => {
    const list = byJob.get(job) ?? [];
    list.push({ kind, id, data: data as Record<string, unknown>, version });
    byJob.set(job, list);
  };
  for (const p of plans) push(p.JobNumber, 'plan', p.ProductionPlanID, p, p.RowVersion);
  for (const b of boms) push(b.JobNumber, 'bom', b.ProductionPlanBOMID, b, b.RowVersion);
  for (const o of ops) push(o.JobNumber, 'operation', o.ProductionPlanOperationID, o, o.RowVersion);
  const heads: Record<string, unknown>[] = [];
  const entries: Record<string, unknown>[] = [];
  for (const [job, docs] of byJob) {
    const topic = topicOf.plan(job);
    heads.push({ Topic: topic, Seq: docs.length });
    docs.forEach((d, k) => {
      const doc: PlanPartDoc = { Kind: d.kind, JobNumber: job, RowVersion: d.version, Data: d.data };
      entries.push({
        Topic: topic,
        Seq: k + 1,
        Collection: PLAN_PARTS,
        DocId: planPartId(d.kind, d.id),
        Doc: doc,
      });
    });
  }
  await insertRows(tx, 'topic_heads', heads);
  await insertRows(tx, 'change_log', entries);
}
