import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  ExpressionError,
  evaluateExpression,
  evaluateNumber,
  roundTo,
} from './expression';

const fails = (source: string, inputs: Record<string, number | string | boolean | null> = {}) => {
  try {
    evaluateExpression(source, inputs);
  } catch (error) {
    return error as ExpressionError;
  }
  throw new Error(`"${source}" did not fail`);
};

describe('formulas', () => {
  it('computes arithmetic with precedence and power', () => {
    expect(evaluateNumber('2 + 3 * 4', {})).toBe(14);
    expect(evaluateNumber('2 ^ 3 ^ 2', {})).toBe(512);
    expect(
      evaluateNumber('Quantity * CutLength / 12 / FeetPerMinute', {
        Quantity: 120,
        CutLength: 96,
        FeetPerMinute: 40,
      }),
    ).toBe(24);
  });

  it('lists the inputs a formula names', () => {
    expect(compileExpression('max(Holes, 1) * HoleTime + Setup').inputs).toEqual([
      'Holes',
      'HoleTime',
      'Setup',
    ]);
  });

  it('has conditionals, comparisons, logic and the listed functions', () => {
    expect(evaluateExpression('Gauge <= 12 && Welds > 0 ? 1.5 : 1', { Gauge: 10, Welds: 2 })).toBe(1.5);
    expect(evaluateExpression('if(Holes > 0, 60 / Holes, 0)', { Holes: 0 })).toBe(0);
    expect(evaluateNumber('round(10 / 3, 2)', {})).toBe(3.33);
    expect(evaluateNumber('ceil(101 / 25)', {})).toBe(5);
    expect(evaluateExpression('Material == "HR"', { Material: 'HR' })).toBe(true);
  });

  it('refuses division by zero with its own kind', () => {
    const e = fails('Quantity / Bundles', { Quantity: 10, Bundles: 0 });
    expect(e.kind).toBe('divide');
    expect(e.message).toBe('Division by zero (10 / 0)');
  });

  it('names a missing input', () => {
    const e = fails('Weight * 2', {});
    expect(e.kind).toBe('missing');
    expect(e.input).toBe('Weight');
    expect(fails('Weight * 2', { Weight: null }).kind).toBe('missing');
  });

  it('refuses anything that is not a formula: member access, this, calls of unknown names, assignment', () => {
    expect(fails('constructor.constructor("return 1")()').kind).toBe('syntax');
    expect(fails('this').kind).toBe('syntax');
    expect(fails('process.exit(1)').kind).toBe('syntax');
    expect(fails('eval("1")').kind).toBe('function');
    expect(fails('a = 1').kind).toBe('syntax');
    expect(fails('[1, 2]').kind).toBe('syntax');
    expect(fails('1 +').kind).toBe('syntax');
    expect(fails('').kind).toBe('syntax');
  });

  it('does not read inherited properties as inputs', () => {
    expect(fails('toString', {}).kind).toBe('missing');
  });

  it('refuses wrong types and non-finite results', () => {
    expect(fails('"a" * 2').kind).toBe('type');
    expect(fails('sqrt(0 - 4)').kind).toBe('result');
    expect(fails('10 ^ 400').kind).toBe('result');
    expect(() => evaluateNumber('1 > 0', {})).toThrow(ExpressionError);
  });

  it('rounds half away from zero without float error', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.34565, 4)).toBe(-2.3457);
    expect(roundTo(0.1 + 0.2, 4)).toBe(0.3);
  });
});
