import type { EngineStep } from '../../domain/costing/engines';
import { insertEngine } from '../areas/costing/costing.repository';
import { plantOfResource } from '../areas/costing/costing.service';
import type { Sql } from './database';

/**
 * Demo costing engines: one published version 1 for each demo machine with EngineActive (the resources
 * themselves are seeded by the resources area), and a draft version 2 of LV-CUT01 so the editor shows
 * a draft. Believable racking-plant rules: saws by cut length and gauge plus bundle handling, punch
 * presses by hits and strokes per minute, welding cells by welds and part weight.
 */

let n = 0;
const set = (Name: string, Formula: string, Condition = ''): EngineStep => ({
  StepID: `seed-${++n}`,
  Kind: 'set',
  Name,
  Formula,
  Condition,
  Message: '',
});
const stop = (Message: string, Condition: string): EngineStep => ({
  StepID: `seed-${++n}`,
  Kind: 'stop',
  Name: '',
  Formula: '',
  Condition,
  Message,
});

/** A cold saw: seconds per cut by length and gauge, strapping and moving each bundle, a blade setup. */
export function cuttingSteps(secondsPerInch = 0.08, bundleMinutes = 2.5, setupMinutes = 15): EngineStep[] {
  return [
    stop('No cut length on the part: add it to the part or choose a rate manually', 'CutLength <= 0'),
    set('CutSeconds', `12 + CutLength * ${secondsPerInch} + (Gauge <= 12 ? 10 : 4)`),
    set('CutMinutes', 'Quantity * CutSeconds / 60'),
    set('BundleMinutes', `Bundles * ${bundleMinutes}`),
    set('ProductionMinutes', 'CutMinutes + BundleMinutes / max(WorkerCount, 1)'),
    set('SetupMinutes', `${setupMinutes} + (Gauge <= 12 ? 5 : 0)`, 'ActionSetup'),
  ];
}

/** A punch press: one hit per hole, strokes per minute by gauge, loading each piece by its length. */
export function punchingSteps(setupMinutes = 25): EngineStep[] {
  return [
    stop('No hole count on the part: add it to the part or choose a rate manually', 'Holes <= 0'),
    set('Hits', 'Quantity * Holes'),
    set('StrokesPerMinute', 'Gauge <= 12 ? 30 : 45'),
    set('PunchMinutes', 'Hits / StrokesPerMinute'),
    set('HandlingMinutes', 'Quantity * (0.15 + CutLength / 1200)'),
    set('ProductionMinutes', 'PunchMinutes + HandlingMinutes'),
    set('SetupMinutes', `${setupMinutes}`, 'ActionSetup'),
  ];
}

/** A welding cell: minutes per weld, heavier parts take longer to position, a fixture setup. */
export function weldingSteps(minutesPerWeld = 0.6, setupMinutes = 20): EngineStep[] {
  return [
    stop('No weld count on the part: add it to the part or choose a rate manually', 'Welds <= 0'),
    set('WeldMinutes', `Welds * ${minutesPerWeld}`),
    set('WeightFactor', 'Weight > 50 ? 1.3 : (Weight > 20 ? 1.1 : 1)'),
    set('ProductionMinutes', 'Quantity * WeldMinutes * WeightFactor / max(WorkerCount, 1)'),
    set('SetupMinutes', `${setupMinutes}`, 'ActionSetup'),
  ];
}

/** [resource, engine name, steps] of every published version 1. */
export const demoEngines: ReadonlyArray<readonly [string, string, EngineStep[]]> = [
  ['LV-CUT01', 'Cold saw, beams and braces', cuttingSteps()],
  ['LV-CUT02', 'Cold saw, uprights', cuttingSteps(0.08, 3)],
  ['IDF-CUT01', 'Cold saw', cuttingSteps(0.09)],
  ['DYB-CUT01', 'Cold saw', cuttingSteps(0.08, 2.5, 12)],
  ['MIL-CUT01', 'Band saw', cuttingSteps(0.12, 2.5, 10)],
  ['LV-PCH01', 'Punch press, upright holes', punchingSteps()],
  ['IDF-PCH01', 'Punch press', punchingSteps(30)],
  ['MIL-PCH01', 'Punch press', punchingSteps(20)],
  ['LV-WLD01', 'Robotic welding cell, beams', weldingSteps(0.5)],
  ['LV-WLD02', 'Manual welding cell', weldingSteps(0.75, 15)],
  ['IDF-WLD01', 'Welding cell', weldingSteps()],
  ['DYB-WLD01', 'Welding cell', weldingSteps(0.65)],
];

const ADMIN = 1001;

/** Seeds the demo engines once (skipped when any engine exists). */
export async function seedCostingEngines(db: Sql): Promise<void> {
  const [any] = await db.query('SELECT 1 FROM costing_engines LIMIT 1');
  if (any) return;
  const [admin] = await db.query('SELECT 1 FROM employees WHERE employee_id = $1', [ADMIN]);
  const createdBy = admin ? ADMIN : null;
  for (const [resourceId, name, steps] of demoEngines) {
    await insertEngine(db, {
      resourceId,
      plantId: plantOfResource(resourceId),
      name,
      version: 1,
      status: 'published',
      notes: '',
      steps,
      createdBy,
      published: true,
    });
  }
  await insertEngine(db, {
    resourceId: 'LV-CUT01',
    plantId: plantOfResource('LV-CUT01'),
    name: 'Cold saw, beams and braces',
    version: 2,
    status: 'draft',
    notes: 'Trial: the new strapper should bring bundle handling down to 2 minutes.',
    steps: cuttingSteps(0.08, 2),
    createdBy,
    published: false,
  });
}
