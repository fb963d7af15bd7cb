import { describe, expect, it } from 'vitest';
import type { OperationInputs } from '../production-plan/inputs';
import {
  checkSteps,
  type EngineStepDef,
  runEngine,
  runEngineDetailed,
  substitute,
  unknownNames,
} from './engine';
import { sampleEngineInputs } from './engines';

let nextId = 0;
const set = (Name: string, Formula: string, Condition = ''): EngineStepDef => ({
  StepID: `s${++nextId}`,
  Kind: 'set',
  Name,
  Formula,
  Condition,
  Message: '',
});
const stop = (Message: string, Condition = ''): EngineStepDef => ({
  StepID: `s${++nextId}`,
  Kind: 'stop',
  Name: '',
  Formula: '',
  Condition,
  Message,
});

const inputs = (over: Partial<OperationInputs> = {}): OperationInputs => ({ ...sampleEngineInputs, ...over });

/** A cold saw: seconds per cut by length and gauge, bundle handling, setup when the operation sets up. */
const cutting = {
  Steps: [
    stop('No cut length on the part: add it or choose a rate manually', 'CutLength <= 0'),
    set('CutSeconds', '20 + CutLength * 0.1 + (Gauge <= 12 ? 15 : 0)'),
    set('CutMinutes', 'Quantity * CutSeconds / 60'),
    set('BundleMinutes', 'Bundles * 1.5'),
    set('ProductionMinutes', 'CutMinutes + BundleMinutes'),
    set('SetupMinutes', '10 + (Gauge <= 12 ? 5 : 0)', 'ActionSetup'),
  ],
};

describe('runEngine', () => {
  it('runs a cutting engine: exact minutes and one readable line per step', () => {
    const run = runEngine(cutting, inputs());
    expect(run.results).toEqual({ stopMessage: null, productionMinutes: 68.2, setupMinutes: 10 });
    expect(run.log.split('\n')).toEqual([
      '1. Stop skipped: CutLength <= 0 is false (96 <= 0)',
      '2. CutSeconds = 20 + CutLength * 0.1 + (Gauge <= 12 ? 15 : 0) = 20 + 96 * 0.1 + (14 <= 12 ? 15 : 0) = 29.6',
      '3. CutMinutes = Quantity * CutSeconds / 60 = 120 * 29.6 / 60 = 59.2',
      '4. BundleMinutes = Bundles * 1.5 = 6 * 1.5 = 9',
      '5. ProductionMinutes = CutMinutes + BundleMinutes = 59.2 + 9 = 68.2',
      '6. SetupMinutes = 10 + (Gauge <= 12 ? 5 : 0) = 10 + (14 <= 12 ? 5 : 0) = 10',
      'Result: ProductionMinutes = 68.2, SetupMinutes = 10',
    ]);
  });

  it('rounds results to 4 decimals (spec 001 §9)', () => {
    const run = runEngine(
      { Steps: [set('ProductionMinutes', '10 / 3'), set('SetupMinutes', '2 / 3')] },
      inputs(),
    );
    expect(run.results).toEqual({ stopMessage: null, productionMinutes: 3.3333, setupMinutes: 0.6667 });
  });

  it('gives heavier gauge more seconds, and no setup without ActionSetup (condition skips the step)', () => {
    const run = runEngine(cutting, inputs({ Gauge: 11, ActionSetup: false, Quantity: 60, Bundles: 3 }));
    // (20 + 9.6 + 15) s x 60 / 60 = 44.6 min, + 3 bundles x 1.5 = 49.1
    expect(run.results).toEqual({ stopMessage: null, productionMinutes: 49.1, setupMinutes: null });
    expect(run.log).toContain('6. SetupMinutes skipped: ActionSetup is false (false)');
  });

  it('stops with the message of a stop step whose condition holds, and computes nothing after it', () => {
    const run = runEngine(cutting, inputs({ CutLength: 0 }));
    expect(run.results).toEqual({
      stopMessage: 'No cut length on the part: add it or choose a rate manually',
      productionMinutes: null,
      setupMinutes: null,
    });
    expect(run.log.split('\n')).toEqual([
      '1. Stop: No cut length on the part: add it or choose a rate manually (CutLength <= 0 is true: 0 <= 0)',
      'Stopped: No cut length on the part: add it or choose a rate manually',
    ]);
  });

  it("stops with a stop step's own message when its condition needs a missing input", () => {
    const welding = {
      Steps: [
        stop('No weld count on the part: add it to the part or choose a rate manually', 'Welds <= 0'),
        set('ProductionMinutes', 'Quantity * Welds * 0.6'),
      ],
    };
    const missing = runEngine(welding, inputs({ Welds: null }));
    expect(missing.results.stopMessage).toBe(
      'No weld count on the part: add it to the part or choose a rate manually',
    );
    expect(missing.log.split('\n')[0]).toBe(
      '1. Stop: No weld count on the part: add it to the part or choose a rate manually (Welds has no value)',
    );
    expect(runEngine(welding, inputs({ Welds: 0 })).results.stopMessage).toBe(
      'No weld count on the part: add it to the part or choose a rate manually',
    );
    expect(runEngine(welding, inputs({ Welds: 4 })).results).toEqual({
      stopMessage: null,
      productionMinutes: 288,
      setupMinutes: null,
    });
  });

  it('names a missing input and the step that needed it', () => {
    const run = runEngine(cutting, inputs({ Gauge: null }));
    expect(run.results.stopMessage).toBe('Missing input: Gauge (step 2, CutSeconds)');
    expect(run.log.split('\n')[1]).toBe('2. Missing input: Gauge (step 2, CutSeconds)');
    expect(run.results.productionMinutes).toBeNull();

    const welding = {
      Steps: [
        set('WeldMinutes', 'Welds * 0.75'),
        set('ProductionMinutes', 'Quantity * WeldMinutes * Weight / 10'),
      ],
    };
    const missingWeight = runEngine(welding, inputs({ Weight: null }));
    expect(missingWeight.results.stopMessage).toBe('Missing input: Weight (step 2, ProductionMinutes)');
    expect(missingWeight.log.split('\n')[0]).toBe('1. WeldMinutes = Welds * 0.75 = 4 * 0.75 = 3');
  });

  it('stops on a division by zero, naming the step', () => {
    const run = runEngine(
      { Steps: [set('PerBundle', 'Quantity / BundleSize'), set('ProductionMinutes', 'PerBundle * 2')] },
      inputs({ BundleSize: 0 }),
    );
    expect(run.results).toEqual({
      stopMessage: 'Division by zero (step 1, PerBundle): Division by zero (120 / 0)',
      productionMinutes: null,
      setupMinutes: null,
    });
  });

  it('stops when no step sets ProductionMinutes', () => {
    const run = runEngine({ Steps: [set('SetupMinutes', '5')] }, inputs());
    expect(run.results).toEqual({
      stopMessage: 'The engine did not set ProductionMinutes: add a step that sets it',
      productionMinutes: null,
      setupMinutes: null,
    });
  });

  it('escapes every value in the HTML log: an input with <script> comes out as text', () => {
    const run = runEngine(
      {
        Steps: [
          stop('Part <b>class</b> not costed', 'PartClass == "<script>alert(1)</script>"'),
          set('ProductionMinutes', '1'),
        ],
      },
      inputs({ PartClass: '<script>alert(1)</script>' }),
    );
    expect(run.results.stopMessage).toBe('Part <b>class</b> not costed');
    expect(run.htmlLog).not.toContain('<script>');
    expect(run.htmlLog).not.toContain('<b>');
    expect(run.htmlLog).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(run.htmlLog).toContain('Part &lt;b&gt;class&lt;/b&gt; not costed');
    expect(run.htmlLog.startsWith('<table class="engine-log">')).toBe(true);
  });

  it('never treats a formula as code: member access and unknown functions stop with a message', () => {
    const run = runEngine({ Steps: [set('ProductionMinutes', 'constructor.constructor("x")()')] }, inputs());
    expect(run.results.productionMinutes).toBeNull();
    expect(run.results.stopMessage).toMatch(/^The engine cannot compute step 1, ProductionMinutes:/);
  });

  it('gives the structured entries beside the text', () => {
    const { entries } = runEngineDetailed(cutting, inputs());
    expect(entries.map((e) => e.Outcome)).toEqual(['skipped', 'set', 'set', 'set', 'set', 'set', 'result']);
    expect(entries[2]).toMatchObject({ Step: 3, Name: 'CutMinutes', WithValues: '120 * 29.6 / 60' });
  });
});

describe('substitute', () => {
  it('replaces names by values but leaves quoted text, function names and unknown names', () => {
    expect(substitute('max(Holes, 2) + Foo + "Holes"', { Holes: 24 })).toBe('max(24, 2) + Foo + "Holes"');
    expect(substitute('PartClass == "BEAM" && Painted', { PartClass: 'BEAM', Painted: true })).toBe(
      '"BEAM" == "BEAM" && true',
    );
    expect(substitute('1e5 * Weight', { e5: 3, Weight: 2 })).toBe('1e5 * 2');
  });
});

describe('checkSteps', () => {
  it('names each step that cannot be used', () => {
    expect(
      checkSteps([
        set('Good', 'Quantity * 2'),
        set('Bad', 'Quantity * (2'),
        set('2bad', '1'),
        set('Weight', '1'),
        stop(''),
        set('X', '1', 'Holes >'),
      ]),
    ).toEqual([
      expect.stringMatching(
        /^Step 2 \(Bad\): the formula cannot be used: The formula "Quantity \* \(2" cannot be read/,
      ),
      'Step 3 (2bad): the variable name "2bad" must start with a letter and use only letters, digits and _',
      'Step 4 (Weight): "Weight" is an input of the operation; give the variable another name',
      'Step 5: a stop step needs a message',
      expect.stringMatching(/^Step 6 \(X\): the condition cannot be used:/),
    ]);
  });
});

describe('unknownNames', () => {
  it('names what is neither an input nor an earlier variable, per step', () => {
    expect(
      unknownNames([
        set('PerCut', 'CutLength * 0.1 + Later', 'Bundls > 0'),
        set('Later', 'PerCut * 2'),
        set('ProductionMinutes', 'Quantity * Later + max(1, Holes)'),
        set('Broken', 'Quantity * ('),
      ]),
    ).toEqual([['Bundls', 'Later'], [], [], []]);
  });
});
