import { describe, expect, it } from 'vitest';
import { parseShortDate, validateDate, validateEmail, validateRequired } from './validators';

describe('validateEmail (spec 000 §5)', () => {
  it('requires a value', () => {
    expect(validateEmail('')).toBe('E-mail is required');
    expect(validateEmail('   ')).toBe('E-mail is required');
    expect(validateEmail(null)).toBe('E-mail is required');
  });
  it('accepts user@domain with a 2–3 letter suffix', () => {
    expect(validateEmail('ann@steel.com')).toBeNull();
    expect(validateEmail('ann.lee@plant.lv.us')).toBeNull();
    expect(validateEmail('ann@steel.io')).toBeNull();
  });
  it('rejects anything else as not valid', () => {
    for (const bad of [
      'ann',
      'ann@steel',
      'ann@steel.c',
      'ann@steel.info',
      'a b@steel.com',
      '@steel.com',
      'ann@steel.c0m',
    ]) {
      expect(validateEmail(bad), bad).toBe('E-mail must be valid');
    }
  });
});

describe('validateRequired (spec 000 §5)', () => {
  it("answers 'Value is required' for blank values", () => {
    expect(validateRequired('')).toBe('Value is required');
    expect(validateRequired('  ')).toBe('Value is required');
    expect(validateRequired(null)).toBe('Value is required');
    expect(validateRequired(undefined)).toBe('Value is required');
    expect(validateRequired([])).toBe('Value is required');
  });
  it('accepts 0, false and text', () => {
    expect(validateRequired(0)).toBeNull();
    expect(validateRequired(false)).toBeNull();
    expect(validateRequired('x')).toBeNull();
  });
});

describe('validateDate (spec 000 §5)', () => {
  it('requires a value', () => {
    expect(validateDate('')).toBe('Date is required');
    expect(validateDate(undefined)).toBe('Date is required');
  });
  it('accepts M/D/YY and M/D/YYYY', () => {
    for (const ok of ['1/2/24', '01/02/24', '12/31/2024', '2/29/2024', '2/29/24']) {
      expect(validateDate(ok), ok).toBeNull();
    }
  });
  it('rejects other shapes and impossible dates', () => {
    for (const bad of [
      '2024-01-02',
      '1/2/024',
      '1-2-24',
      '13/1/24',
      '0/1/24',
      '1/0/24',
      '2/30/2024',
      '2/29/2023',
      '4/31/24',
      'tomorrow',
    ]) {
      expect(validateDate(bad), bad).toBe('Date must be valid');
    }
  });
  it('reads two-digit years as 20YY', () => {
    expect(parseShortDate('3/4/25')).toEqual({ year: 2025, month: 3, day: 4 });
    expect(parseShortDate('3/4/1999')).toEqual({ year: 1999, month: 3, day: 4 });
  });
});
