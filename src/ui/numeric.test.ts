import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  emptyValue,
  formatNumeric,
  parseNumeric,
  plainText,
  sanitizeKeystroke,
  shiftDecimal,
} from './numeric';

describe('decimalsOf (spec 000 §5, §9)', () => {
  it('defaults to 0, and to 2 for currency and percentages; an explicit count wins', () => {
    expect(decimalsOf({})).toBe(0);
    expect(decimalsOf({ usd: true })).toBe(2);
    expect(decimalsOf({ percent: true })).toBe(2);
    expect(decimalsOf({ usd: true, decimals: 0 })).toBe(0);
    expect(decimalsOf({ decimals: 3 })).toBe(3);
  });
});

describe('sanitizeKeystroke (spec 000 §5)', () => {
  it('accepts digits only; anything else keeps the previous text', () => {
    expect(sanitizeKeystroke('123', {}, '12')).toBe('123');
    expect(sanitizeKeystroke('12a', {}, '12')).toBe('12');
    expect(sanitizeKeystroke('1 2', {}, '1')).toBe('1');
    expect(sanitizeKeystroke('1e5', { decimals: 2 }, '1')).toBe('1');
    expect(sanitizeKeystroke('', {}, '5')).toBe('');
  });
  it('accepts a minus only when negatives are allowed, only once, and only leading', () => {
    expect(sanitizeKeystroke('-5', {}, '5')).toBe('5');
    expect(sanitizeKeystroke('-5', { allowNegative: true }, '5')).toBe('-5');
    expect(sanitizeKeystroke('--5', { allowNegative: true }, '-5')).toBe('-5');
    expect(sanitizeKeystroke('12-3', { allowNegative: true }, '123')).toBe('123');
    expect(sanitizeKeystroke('-', { allowNegative: true }, '')).toBe('-');
  });
  it('accepts a decimal point only when decimals > 0, and only once', () => {
    expect(sanitizeKeystroke('1.', {}, '1')).toBe('1');
    expect(sanitizeKeystroke('1.', { decimals: 2 }, '1')).toBe('1.');
    expect(sanitizeKeystroke('1.2.', { decimals: 2 }, '1.2')).toBe('1.2');
  });
  it('removes thousands commas and truncates extra decimals', () => {
    expect(sanitizeKeystroke('1,234', {}, '')).toBe('1234');
    expect(sanitizeKeystroke('1,234.567', { decimals: 2 }, '')).toBe('1234.56');
    expect(sanitizeKeystroke('9.999', { usd: true }, '9.99')).toBe('9.99');
  });
});

describe('parseNumeric (spec 000 §5)', () => {
  it('removes commas and truncates extra decimals (never rounds)', () => {
    expect(parseNumeric('1,234.567', { decimals: 2 })).toBe(1234.56);
    expect(parseNumeric('12.7', {})).toBe(12);
    expect(parseNumeric('-1.239', { decimals: 2, allowNegative: true })).toBe(-1.23);
    expect(parseNumeric('0.999', { decimals: 1 })).toBe(0.9);
  });
  it('snaps above max to max and below min to min', () => {
    expect(parseNumeric('150', { max: 100 })).toBe(100);
    expect(parseNumeric('100', { max: 100 })).toBe(100);
    expect(parseNumeric('3', { min: 5 })).toBe(5);
    expect(parseNumeric('-20', { min: -10, allowNegative: true })).toBe(-10);
    expect(parseNumeric('7', { min: 5, max: 10 })).toBe(7);
  });
  it('reverts non-numeric input to the previous value', () => {
    expect(parseNumeric('abc', {}, 42)).toBe(42);
    expect(parseNumeric('12-3', { allowNegative: true }, 7)).toBe(7);
    expect(parseNumeric('--5', { allowNegative: true }, 7)).toBe(7);
    expect(parseNumeric('1.2.3', { decimals: 2 }, 7)).toBe(7);
    expect(parseNumeric('-', { allowNegative: true }, 7)).toBe(7);
    expect(parseNumeric('.', { decimals: 2 }, null)).toBeNull();
  });
  it('rejects a minus unless negatives are allowed', () => {
    expect(parseNumeric('-5', {}, 3)).toBe(3);
    expect(parseNumeric('-5', { allowNegative: true }, 3)).toBe(-5);
  });
  it('converts empty text to null when nullable, else to the default (0 unless given)', () => {
    expect(parseNumeric('', { nullable: true }, 5)).toBeNull();
    expect(parseNumeric('  ', { nullable: true }, 5)).toBeNull();
    expect(parseNumeric('', {}, 5)).toBe(0);
    expect(parseNumeric('', { defaultValue: 12 }, 5)).toBe(12);
    expect(emptyValue({ min: 3 })).toBe(3);
  });
  it('stores a percent field divided by 100, exactly', () => {
    expect(parseNumeric('7.5', { percent: true })).toBe(0.075);
    expect(parseNumeric('7', { percent: true })).toBe(0.07);
    expect(parseNumeric('57', { percent: true })).toBe(0.57);
    expect(parseNumeric('12.345', { percent: true })).toBe(0.1234);
    // Float division would give 0.0007000000000000001 and 0.0028000000000000004.
    expect(parseNumeric('0.07', { percent: true })).toBe(0.0007);
    expect(parseNumeric('0.28', { percent: true })).toBe(0.0028);
    expect(parseNumeric('150', { percent: true, max: 1 })).toBe(1);
  });
  it('accepts the display form: $ prefix, lb and in suffixes, thousands commas', () => {
    expect(parseNumeric('$1,234.50', { usd: true })).toBe(1234.5);
    expect(parseNumeric('1,200 lb', { pounds: true })).toBe(1200);
    expect(parseNumeric('36 in', { inches: true })).toBe(36);
  });
  it('stores zero as 0, not -0', () => {
    expect(Object.is(parseNumeric('-0', { allowNegative: true }), 0)).toBe(true);
  });
});

describe('formatNumeric (spec 000 §5, §9)', () => {
  it('displays a percent as value × 100 without float noise', () => {
    expect(formatNumeric(0.075, { percent: true })).toBe('7.5');
    expect(formatNumeric(0.07, { percent: true })).toBe('7');
    expect(formatNumeric(0.57, { percent: true })).toBe('57');
    expect(formatNumeric(1.1, { percent: true })).toBe('110');
    expect(formatNumeric(0.123456, { percent: true })).toBe('12.34');
  });
  it('adds the $ prefix with 2 decimals, and the lb and in suffixes, on display only', () => {
    expect(formatNumeric(1234.5, { usd: true })).toBe('$1,234.50');
    expect(formatNumeric(-3, { usd: true, allowNegative: true })).toBe('-$3.00');
    expect(formatNumeric(1234.5, { usd: true }, 'edit')).toBe('1234.5');
    expect(formatNumeric(1200, { pounds: true })).toBe('1,200 lb');
    expect(formatNumeric(36, { inches: true })).toBe('36 in');
    expect(formatNumeric(36, { inches: true }, 'edit')).toBe('36');
  });
  it('groups thousands on display and truncates to the allowed decimals', () => {
    expect(formatNumeric(1234567, {})).toBe('1,234,567');
    expect(formatNumeric(12.99, {})).toBe('12');
    expect(formatNumeric(1.239, { decimals: 2 })).toBe('1.23');
    expect(formatNumeric(1.001, { decimals: 2 }, 'edit')).toBe('1');
    expect(formatNumeric(-0.001, { decimals: 2, allowNegative: true })).toBe('0');
  });
  it('shows null and undefined as empty text', () => {
    expect(formatNumeric(null, {})).toBe('');
    expect(formatNumeric(undefined, { usd: true })).toBe('');
  });
  it('round-trips what it displays', () => {
    const opts = { percent: true, decimals: 2 };
    for (const v of [0.0725, 0.07, 0.5, 1, 0.0001]) {
      expect(parseNumeric(formatNumeric(v, opts, 'edit'), opts)).toBe(v);
    }
  });
});

describe('decimal string helpers', () => {
  it('shiftDecimal moves the point exactly', () => {
    expect(shiftDecimal('7.5', -2)).toBe('0.075');
    expect(shiftDecimal('0.07', 2)).toBe('7');
    expect(shiftDecimal('-12', -3)).toBe('-0.012');
    expect(shiftDecimal('5', 2)).toBe('500');
    expect(shiftDecimal('-0', 2)).toBe('0');
  });
  it('plainText never uses an exponent', () => {
    expect(plainText(1e-7)).toBe('0.0000001');
    expect(plainText(1.5e21)).toBe('1500000000000000000000');
    expect(plainText(-2.5e-8)).toBe('-0.000000025');
  });
});
