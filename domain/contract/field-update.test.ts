import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './errors';
import { fieldUpdate } from './field-update';

const update = fieldUpdate('an employee', 'EmployeeID', z.number().int(), {
  Language: z.enum(['en', 'es']),
  ShowMyHelp: z.boolean(),
  PlantID: z.number().int(),
});
const message = (input: unknown) => {
  const r = update.safeParse(input);
  return r.success ? null : describeZodError(r.error);
};

describe('fieldUpdate whitelist (brief §4.3)', () => {
  it('accepts a known field with a value of its type', () => {
    expect(update.parse({ EmployeeID: 1, FieldName: 'Language', Value: 'es' })).toEqual({
      EmployeeID: 1,
      FieldName: 'Language',
      Value: 'es',
    });
  });
  it('refuses an unknown FieldName, naming the allowed ones', () => {
    expect(message({ EmployeeID: 1, FieldName: 'Salary', Value: 1 })).toBe(
      "'Salary' is not a field of an employee that can be changed (allowed: Language, ShowMyHelp, PlantID)",
    );
  });
  it('refuses a value of the wrong type in words', () => {
    expect(message({ EmployeeID: 1, FieldName: 'Language', Value: 'fr' })).toBe(
      'Value for Language must be one of: en, es',
    );
    expect(message({ EmployeeID: 1, FieldName: 'ShowMyHelp', Value: 'yes' })).toBe(
      'Value for ShowMyHelp must be true or false',
    );
    expect(message({ EmployeeID: 1, FieldName: 'PlantID', Value: '3' })).toBe(
      'Value for PlantID must be a number',
    );
  });
  it('names missing fields', () => {
    expect(message({ FieldName: 'Language', Value: 'es' })).toBe('EmployeeID is required');
    expect(message({ EmployeeID: 'x', FieldName: 'Language', Value: 'es' })).toBe(
      'EmployeeID must be a number',
    );
  });
});
