import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import type { OperationInputs } from '../production-plan/inputs';
import {
  type Algorithm,
  type AlgorithmGroup,
  AlgorithmQuestion,
  answerValue,
  formulaProblem,
  RateLookup,
  runAlgorithm,
} from './algorithm';

const rollForming: AlgorithmGroup = {
  AlgorithmGroupID: 1,
  Name: 'Roll forming',
  Description: '',
  Process: 'Roll forming',
  ResourceIDs: ['LV-RF01'],
};

const blank = {
  AlgorithmGroupID: 1,
  Active: true,
  AppliesWhen: '',
  FeetPerMinute: '',
  MinutesPerPiece: '',
  MinutesPerBundle: '',
  SetupMinutes: '',
  SchedulingMinutesPerPiece: '',
  Questions: [],
  RateLookups: [],
} satisfies Partial<Algorithm>;

const beams: Algorithm = {
  ...blank,
  AlgorithmID: 11,
  Name: 'Beams',
  Priority: 10,
  AppliesWhen: 'PartClass == "Beam"',
  RateLookups: [{ Name: 'FPM', Table: 'RollFormerFPM', Key: 'Gauge' }],
  FeetPerMinute: 'Embossed ? FPM * 0.8 : FPM',
  MinutesPerPiece: 'CutLength / 12 / FeetPerMinute',
  MinutesPerBundle: 'MinutesPerPiece * BundleSize + 2',
  SetupMinutes: '30 + ProfileDepth * 2',
  SchedulingMinutesPerPiece: 'MinutesPerPiece * 1.1',
  Questions: [{ Key: 'Embossed', Text: 'Are these beams embossed?', Kind: 'yesno', Choices: [] }],
};

const catchAll: Algorithm = {
  ...blank,
  AlgorithmID: 19,
  Name: 'Anything else',
  Priority: 90,
  MinutesPerPiece: '0.5',
  SetupMinutes: '20',
};

const rates = { RollFormerFPM: { '12': 45, '14': 60, '16': 75 } };

const beam: OperationInputs = {
  Quantity: 100,
  PlanQuantity: 100,
  BundleSize: 25,
  Bundles: 4,
  WorkerCount: 2,
  CutLength: 96,
  Weight: 22.5,
  Gauge: 14,
  Holes: 0,
  Welds: 0,
  Width: 4,
  Length: 96,
  PartNum: 'BM-4814-96',
  PartClass: 'Beam',
  Material: 'HR',
  Painted: true,
  ResourceID: 'LV-RF01',
  RateType: 'Production',
  ActionPaint: false,
  ActionSetup: false,
  ActionWeld: false,
  ActionPunch: false,
  ActionCut: false,
  ActionRollForm: true,
  ActionSlit: false,
  ActionAssemble: false,
  ActionPack: false,
};

const props = { ProfileDepth: '4.75' };

describe('runAlgorithm', () => {
  it('rates a roll-formed beam from the RollFormerFPM table by gauge, with exact numbers', () => {
    const run = runAlgorithm(rollForming, [catchAll, beams], beam, { Embossed: false }, props, rates);
    expect(run.result).toEqual({
      Success: true,
      QuestionPosed: false,
      Question: null,
      // 14 ga -> 60 ft/min; 96 in / 12 / 60 = 0.1333 min; bundle 0.1333 * 25 + 2 = 5.3325;
      // setup 30 + 4.75 * 2 = 39.5; scheduling 0.1333 * 1.1 = 0.14663 -> 0.1466.
      Result: {
        FeetPerMinute: 60,
        MinutesPerPiece: 0.1333,
        MinutesPerBundle: 5.3325,
        SetupMinutes: 39.5,
        SchedulingMinutesPerPiece: 0.1466,
      },
    });
    expect(run.AlgorithmID).toBe(11);
    expect(run.AlgorithmGroupID).toBe(1);
    const log = run.calculation.RateLog.split('\n');
    expect(log).toContain('FPM = rate table RollFormerFPM[14] = 60');
    expect(log).toContain(
      'MinutesPerPiece = CutLength / 12 / FeetPerMinute [CutLength = 96, FeetPerMinute = 60] = 0.1333',
    );
    expect(log).toContain('PB property ProfileDepth = 4.75');
  });

  it('a 16 gauge beam reads 75 ft/min from the same table', () => {
    const run = runAlgorithm(
      rollForming,
      [beams],
      { ...beam, Gauge: 16, CutLength: 144 },
      { Embossed: 'no' },
      props,
      rates,
    );
    expect(run.result.Result.FeetPerMinute).toBe(75);
    expect(run.result.Result.MinutesPerPiece).toBe(0.16); // 144 / 12 / 75
  });

  it('poses the question when a formula needs an answer, then the answer gives the result', () => {
    const asked = runAlgorithm(rollForming, [beams], beam, {}, props, rates);
    expect(asked.result.Success).toBe(false);
    expect(asked.result.QuestionPosed).toBe(true);
    expect(asked.result.Question).toEqual({
      Key: 'Embossed',
      Text: 'Are these beams embossed?',
      Kind: 'yesno',
      Choices: [],
    });
    expect(asked.result.Result.MinutesPerPiece).toBe(0);
    expect(asked.calculation.RateLog).toContain('Question: Are these beams embossed?');

    const answered = runAlgorithm(rollForming, [beams], beam, { Embossed: 'yes' }, props, rates);
    expect(answered.result.Success).toBe(true);
    expect(answered.result.QuestionPosed).toBe(false);
    // Embossed: 60 * 0.8 = 48 ft/min; 96 / 12 / 48 = 0.1667.
    expect(answered.result.Result.FeetPerMinute).toBe(48);
    expect(answered.result.Result.MinutesPerPiece).toBe(0.1667);
    expect(answered.calculation.RateLog).toContain('Answer Embossed = true (Are these beams embossed?)');
  });

  it('refuses an answer of the wrong kind with a sentence', () => {
    const run = runAlgorithm(rollForming, [beams], beam, { Embossed: 'maybe' }, props, rates);
    expect(run.result.Success).toBe(false);
    expect(run.result.QuestionPosed).toBe(false);
    expect(run.calculation.RateLog).toContain(
      'Stopped: The answer to Embossed must be yes or no, not "maybe"',
    );
  });

  it('stops with the reason when the operation lacks an input (no made-up zero)', () => {
    const run = runAlgorithm(
      rollForming,
      [beams],
      { ...beam, CutLength: null },
      { Embossed: false },
      props,
      rates,
    );
    expect(run.result.Success).toBe(false);
    expect(run.result.QuestionPosed).toBe(false);
    expect(run.result.Result.MinutesPerPiece).toBe(0);
    expect(run.calculation.RateLog).toContain(
      'Stopped: Beams: MinutesPerPiece = CutLength / 12 / FeetPerMinute needs CutLength, which this operation does not have',
    );
  });

  it('stops on a PB property the part does not have', () => {
    const run = runAlgorithm(rollForming, [beams], beam, { Embossed: false }, {}, rates);
    expect(run.result.Success).toBe(false);
    expect(run.calculation.RateLog).toContain('needs ProfileDepth, which this operation does not have');
  });

  it('stops on a division by zero', () => {
    const zeroRate = { RollFormerFPM: { '14': 0 } };
    const run = runAlgorithm(rollForming, [beams], beam, { Embossed: false }, props, zeroRate);
    expect(run.result.Success).toBe(false);
    expect(run.calculation.RateLog).toContain(
      'Stopped: Beams: MinutesPerPiece = CutLength / 12 / FeetPerMinute: Division by zero (8 / 0)',
    );
  });

  it('stops when the rate table has no rate for the key', () => {
    const run = runAlgorithm(rollForming, [beams], { ...beam, Gauge: 10 }, { Embossed: false }, props, rates);
    expect(run.result.Success).toBe(false);
    expect(run.calculation.RateLog).toContain('Stopped: Beams: rate table RollFormerFPM has no rate for 10');
  });

  it('says so when no algorithm applies', () => {
    const run = runAlgorithm(
      rollForming,
      [beams],
      { ...beam, PartClass: 'Upright', Gauge: 12 },
      {},
      props,
      rates,
    );
    expect(run.result).toMatchObject({ Success: false, QuestionPosed: false, Question: null });
    expect(run.AlgorithmID).toBeNull();
    expect(run.calculation.RateLog.split('\n').at(-1)).toBe(
      'Stopped: No algorithm of group Roll forming applies to this part (PartClass Upright, Gauge 12)',
    );
  });

  it('uses the first applicable active algorithm by priority, whatever the list order', () => {
    const fast: Algorithm = {
      ...catchAll,
      AlgorithmID: 20,
      Name: 'Fast beams',
      Priority: 5,
      AppliesWhen: 'PartClass == "Beam"',
      MinutesPerPiece: '0.1',
    };
    const runs = [
      runAlgorithm(rollForming, [catchAll, beams, fast], beam, { Embossed: false }, props, rates),
      runAlgorithm(rollForming, [fast, beams, catchAll], beam, { Embossed: false }, props, rates),
    ];
    for (const run of runs) {
      expect(run.AlgorithmID).toBe(20);
      expect(run.result.Result.MinutesPerPiece).toBe(0.1);
    }
    // Inactive: skipped, the beam rule is next.
    const off = runAlgorithm(
      rollForming,
      [catchAll, beams, { ...fast, Active: false }],
      beam,
      { Embossed: false },
      props,
      rates,
    );
    expect(off.AlgorithmID).toBe(11);
    // Not a beam: the catch-all (priority 90) after the two beam rules that do not apply.
    const brace = runAlgorithm(
      rollForming,
      [catchAll, beams, fast],
      { ...beam, PartClass: 'Brace' },
      {},
      props,
      rates,
    );
    expect(brace.AlgorithmID).toBe(19);
    expect(brace.result.Result).toEqual({
      FeetPerMinute: 0,
      MinutesPerPiece: 0.5,
      MinutesPerBundle: 0,
      SetupMinutes: 20,
      SchedulingMinutesPerPiece: 0,
    });
    expect(brace.calculation.RateLog).toContain('Beams (priority 10): does not apply');
  });

  it('ignores algorithms of other groups', () => {
    const other = { ...catchAll, AlgorithmGroupID: 2, Priority: 1, MinutesPerPiece: '9' };
    expect(runAlgorithm(rollForming, [other, catchAll], beam, {}, {}, rates).AlgorithmID).toBe(19);
  });
});

describe('algorithm fields', () => {
  it('checks formulas, question keys and rate lookups', () => {
    expect(formulaProblem('CutLength / 12 /')).toMatch(/cannot be read/);
    expect(formulaProblem('')).toBeNull();
    expect(formulaProblem('', false)).toBe('The formula is empty');
    expect(formulaProblem('eval(1)')).toMatch(/There is no function eval/);
    expect(AlgorithmQuestion.safeParse({ Key: 'Gauge', Text: 'x', Kind: 'number' }).success).toBe(false);
    expect(
      AlgorithmQuestion.safeParse({ Key: 'Coat', Text: 'Which?', Kind: 'choice', Choices: ['A'] }).success,
    ).toBe(false);
    expect(RateLookup.safeParse({ Name: 'FPM', Table: 'T', Key: 'Gauge +' }).success).toBe(false);
    expect(answerValue({ Key: 'N', Kind: 'number', Choices: [] }, '2.5')).toEqual({ value: 2.5 });
    expect(answerValue({ Key: 'C', Kind: 'choice', Choices: ['A', 'B'] }, 'C')).toEqual({
      problem: 'The answer to C must be one of A, B, not "C"',
    });
  });
});

describe('results that name each other', () => {
  const paint: Algorithm = {
    ...blank,
    AlgorithmID: 30,
    Name: 'Paint',
    Priority: 1,
    MinutesPerBundle: '6 + Weight * BundleSize / 150',
    MinutesPerPiece: 'MinutesPerBundle / BundleSize',
  };
  it('computes a result before the formula that names it, whatever the order', () => {
    const run = runAlgorithm(rollForming, [paint], beam, {}, {}, rates);
    // 6 + 22.5 * 25 / 150 = 9.75 per bundle; / 25 = 0.39 per piece.
    expect(run.result.Result.MinutesPerBundle).toBe(9.75);
    expect(run.result.Result.MinutesPerPiece).toBe(0.39);
  });
  it('stops on a cycle', () => {
    const loop = { ...paint, MinutesPerBundle: 'MinutesPerPiece * BundleSize' };
    const run = runAlgorithm(rollForming, [loop], beam, {}, {}, rates);
    expect(run.result.Success).toBe(false);
    expect(run.calculation.RateLog).toContain(
      'Stopped: Paint: MinutesPerPiece needs MinutesPerBundle needs MinutesPerPiece; a result cannot depend on itself',
    );
  });
});

describe('topic algorithms', () => {
  it('is followed by any of the three algorithm flags, and no one else', () => {
    const viewer = (flags: string[]) =>
      ({ employeeId: 5, plantId: 1, flags: new Set(flags) }) as Parameters<typeof authorizeTopic>[0];
    for (const flag of ['editAlgorithms', 'editAlgorithmRates', 'editPbProperties']) {
      expect(authorizeTopic(viewer([flag]), 'algorithms')).toBeNull();
    }
    expect(authorizeTopic(viewer(['editProductionPlans']), 'algorithms')).toBe(
      'You do not have permission to follow the rate algorithms.',
    );
    expect(authorizeTopic(null, 'algorithms')).toBe('Log in to follow algorithms.');
  });
});
