import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './errors';
import { fieldUpdate } from './field-update';
import {
  Count,
  EndTime,
  Id,
  Int32,
  isRealDate,
  LocalDate,
  LocalTime,
  minutesOfDay,
  Num,
  Text,
  Timestamp,
} from './fields';

/** The sentence the server answers for `value` sent as field `name` of a payload using `schema`. */
const refusal = (schema: z.ZodType, value: unknown, name = 'X') => {
  const r = z.object({ [name]: schema }).safeParse({ [name]: value }, { reportInput: true });
  return r.success ? null : describeZodError(r.error);
};

describe('shared field pieces (issue 14 §1)', () => {
  it('Id: a whole number that fits the int4 column, one message naming the range', () => {
    expect(refusal(Id, 2147483647)).toBeNull();
    expect(refusal(Id, 1)).toBeNull();
    const range = 'ShiftID must be a whole number from 1 to 2147483647';
    expect(refusal(Id, 2147483648, 'ShiftID')).toBe(range);
    expect(refusal(Id, 1e17, 'ShiftID')).toBe(range);
    expect(refusal(Id, 0, 'ShiftID')).toBe(range);
    expect(refusal(Id, -5, 'ShiftID')).toBe(range);
    expect(refusal(Id, 1.5, 'ShiftID')).toBe(range);
    expect(refusal(Id, '3', 'ShiftID')).toBe('ShiftID must be a number');
  });
  it('Int32, Count and Num carry their bounds', () => {
    expect(refusal(Int32, -2147483648)).toBeNull();
    expect(refusal(Int32, -2147483649)).toBe('X must be a whole number from -2147483648 to 2147483647');
    expect(refusal(Count(500), 501)).toBe('X must be a whole number from 0 to 500');
    expect(refusal(Count(), 0)).toBeNull();
    expect(refusal(Num(0, 24), 24.5)).toBe('X must be a number from 0 to 24');
    expect(refusal(Num(0, 24), 7.25)).toBeNull();
  });
  it('Text: refuses NUL and text over its bound, naming the field', () => {
    expect(refusal(Text(10), 'a\u0000b', 'UserName')).toBe(
      'UserName must not contain the NUL character (\\u0000)',
    );
    expect(refusal(Text(3), 'abcd', 'Notes')).toBe('Notes must be at most 3 characters');
    expect(refusal(Text(), 'x'.repeat(4001), 'Notes')).toBe('Notes must be at most 4000 characters');
    expect(refusal(Text(10).min(1), '', 'Notes')).toBe('Notes must not be empty');
    expect(refusal(Text(20), 'línea\ttab é')).toBeNull();
  });
  it('LocalDate: only real calendar dates from 1900 to 2199', () => {
    for (const ok of ['2026-02-28', '2024-02-29', '1900-01-01', '2199-12-31', '2000-02-29'])
      expect(isRealDate(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2026-99-99',
      '2025-02-29',
      '1900-02-29',
      '9999-12-31',
      '1899-12-31',
      '2200-01-01',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      ' 2026-01-01',
    ])
      expect(isRealDate(bad), bad).toBe(false);
    expect(refusal(LocalDate, '2026-02-30', 'Date')).toBe(
      'Date must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
    );
    // abort: a refinement chained after it (payroll's "must be a Monday") does not add a second sentence.
    const monday = LocalDate.refine(
      (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1,
      'WeekStart must be a Monday',
    );
    expect(refusal(monday, '2026-02-30', 'WeekStart')).toBe(
      'WeekStart must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31',
    );
    expect(refusal(monday, '2026-12-22', 'WeekStart')).toBe('WeekStart must be a Monday');
  });
  it('LocalTime within the day; EndTime may be 24:00', () => {
    expect(refusal(LocalTime, '23:59')).toBeNull();
    expect(refusal(LocalTime, '24:00', 'Start')).toBe(
      'Start must be a time written HH:mm, from 00:00 to 23:59',
    );
    expect(refusal(LocalTime, '12:60', 'Start')).toBe(
      'Start must be a time written HH:mm, from 00:00 to 23:59',
    );
    expect(refusal(EndTime, '24:00')).toBeNull();
    expect(refusal(EndTime, '24:01', 'End')).toBe('End must be a time written HH:mm, from 00:00 to 24:00');
    expect(minutesOfDay('24:00')).toBe(1440);
    expect(minutesOfDay('07:30')).toBe(450);
  });
  it('Timestamp: an ISO instant with its offset, on a real date, 1900 to 2199', () => {
    for (const ok of [
      '2026-12-21T12:00:00Z',
      '2026-12-21T12:00Z',
      '2026-12-21T12:00:00.123+01:00',
      '2026-12-21T23:59:59-05:00',
    ])
      expect(refusal(Timestamp, ok), ok).toBeNull();
    const message = 'ClockedInAt must be a date and time such as 2026-12-21T12:00:00Z, from 1900 to 2199';
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-12-21T24:00:00Z',
      '2026-12-21',
      '2026-12-21T12:00:00',
      'tomorrow',
      '2199-12-31T23:00:00-05:00',
    ])
      expect(refusal(Timestamp, bad, 'ClockedInAt'), bad).toBe(message);
  });
});

describe('refusal wording (issue 14 §1 messages)', () => {
  it('an exclusive bound does not say "at least 0" to someone who sent 0', () => {
    expect(refusal(z.number().int().positive(), 0, 'Qty')).toBe('Qty must be more than 0');
  });
  it("names a field's tightest bound once, not zod's safe-integer bound beside it", () => {
    expect(refusal(z.number().int().min(1).max(500), 1e16, 'Take')).toBe('Take must be at most 500');
  });
  it('a union says which kinds of value it takes instead of "Invalid input"', () => {
    expect(refusal(z.union([z.number(), z.string().max(5)]), { x: 1 }, 'Value')).toBe(
      'Value must be a number or text',
    );
    expect(refusal(z.union([z.number(), z.string().max(5)]), 'toolong', 'Value')).toBe(
      'Value must be at most 5 characters',
    );
  });
  it('a huge FieldName is not echoed back whole', () => {
    const update = fieldUpdate('a thing', 'ThingID', Id, { Name: Text(10) });
    const r = update.safeParse(
      { ThingID: 1, FieldName: 'F'.repeat(1_000_000), Value: 'x' },
      { reportInput: true },
    );
    expect(r.success).toBe(false);
    const message = describeZodError(r.error!);
    expect(message).toBe('FieldName must be at most 100 characters');
    const r2 = update.safeParse({ ThingID: 1, FieldName: 'G'.repeat(99), Value: 'x' }, { reportInput: true });
    expect(describeZodError(r2.error!).length).toBeLessThan(200);
  });
});
