import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coerceQuery } from './coerce';

const schema = z.object({
  EmployeeID: z.number().int(),
  Flag: z.boolean().optional(),
  Name: z.string(),
  Maybe: z.number().nullable().optional(),
});

describe('coerceQuery (GET values arrive as text)', () => {
  it('turns numeric text into numbers and true/false into booleans for fields declared so', () => {
    expect(coerceQuery(schema, { EmployeeID: '1001', Flag: 'true', Name: '42' })).toEqual({
      EmployeeID: 1001,
      Flag: true,
      Name: '42',
    });
    expect(coerceQuery(schema, { EmployeeID: '-3.5', Flag: 'false', Name: 'x' })).toMatchObject({
      EmployeeID: -3.5,
      Flag: false,
    });
  });
  it('leaves text that is not a number as text, so the schema rejects it with a message', () => {
    const out = coerceQuery(schema, { EmployeeID: '12abc', Name: 'x' });
    expect(out.EmployeeID).toBe('12abc');
    expect(schema.safeParse(out).success).toBe(false);
  });
  it('an empty value for an optional number is absent, not 0', () => {
    expect(coerceQuery(schema, { EmployeeID: '1', Name: 'x', Maybe: '' }).Maybe).toBeUndefined();
  });
  it('looks through transforms and refinements to the object shape', () => {
    const piped = z
      .object({ N: z.number() })
      .refine(() => true)
      .transform((v) => v.N);
    expect(coerceQuery(piped, { N: '7' })).toEqual({ N: 7 });
  });
});
