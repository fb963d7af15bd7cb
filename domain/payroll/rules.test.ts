import { describe, expect, it } from 'vitest';
import type { PayrollRecord } from './entities';
import {
  applyEntryEdit,
  currentWeekStart,
  defaultDayHours,
  isoWeekday,
  regularOverThreshold,
  totalsOf,
  weekDates,
  weekStartOf,
  weekStarts,
} from './rules';

const record = (over: Partial<PayrollRecord> = {}): PayrollRecord => ({
  PayrollID: 7,
  EmployeeID: 1001,
  PlantID: 1,
  PayrollDate: '2026-11-25',
  RegularHours: 8,
  OvertimeHours: 0,
  HolidayHours: 0,
  PrepayAmount: 0,
  Notes: '',
  ModifiedBy: null,
  ModifiedAt: null,
  Locked: false,
  HoursSource: 'clock',
  RowVersion: 1,
  ...over,
});

describe('payroll weeks (Monday to Sunday, plant-local)', () => {
  it('isoWeekday: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });

  it('weekStartOf: the Monday of the date, across months and years', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekStartOf('2024-03-02')).toBe('2024-02-26');
  });

  it('weekDates and weekStarts', () => {
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(weekStarts('2026-11-23', 3)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
  });

  it("currentWeekStart: the week of today's date in the plant's zone, not in UTC", () => {
    // Monday 2026-11-30 03:00Z is still Sunday evening 2026-11-29 in New York (UTC-5) and Boise (UTC-7).
    const mondayEarlyUtc = Date.parse('2026-11-30T03:00:00Z');
    expect(currentWeekStart(mondayEarlyUtc, 'UTC')).toBe('2026-11-30');
    expect(currentWeekStart(mondayEarlyUtc, 'America/New_York')).toBe('2026-11-23');
    expect(currentWeekStart(mondayEarlyUtc, 'America/Boise')).toBe('2026-11-23');
    // 06:00Z Monday is 01:00 in New York: the new week there, still Sunday in Boise (23:00).
    const later = Date.parse('2026-11-30T06:00:00Z');
    expect(currentWeekStart(later, 'America/New_York')).toBe('2026-11-30');
    expect(currentWeekStart(later, 'America/Boise')).toBe('2026-11-23');
  });
});

describe('payroll totals', () => {
  it('sums each kind of hours and prepay, to 2 decimals', () => {
    const t = totalsOf([
      record({ RegularHours: 8, OvertimeHours: 1.5, PrepayAmount: 50 }),
      record({ RegularHours: 7.25, HolidayHours: 0.75, PrepayAmount: 20.1 }),
      record({ RegularHours: 0.1 }),
      record({ RegularHours: 0.2 }),
    ]);
    expect(t).toEqual({
      RegularHours: 15.55,
      OvertimeHours: 1.5,
      HolidayHours: 0.75,
      TotalHours: 17.8,
      PrepayAmount: 70.1,
    });
    expect(totalsOf([])).toEqual({
      RegularHours: 0,
      OvertimeHours: 0,
      HolidayHours: 0,
      TotalHours: 0,
      PrepayAmount: 0,
    });
  });

  it('regular hours above 40 a week are flagged', () => {
    expect(regularOverThreshold({ RegularHours: 40 })).toBe(0);
    expect(regularOverThreshold({ RegularHours: 44.5 })).toBe(4.5);
    expect(regularOverThreshold({ RegularHours: 12 })).toBe(0);
  });
});

describe('applyEntryEdit (SavePayrollEntry)', () => {
  it('hours: numbers or typed text, rounded to 2 decimals; "" is 0', () => {
    expect(applyEntryEdit(record(), 'RegularHours', 7.5)).toMatchObject({ ok: true, value: 7.5 });
    expect(applyEntryEdit(record(), 'OvertimeHours', '2.125')).toMatchObject({
      ok: true,
      value: 2.13,
      record: { OvertimeHours: 2.13, RegularHours: 8 },
    });
    expect(applyEntryEdit(record(), 'HolidayHours', ' ')).toMatchObject({ ok: true, value: 0 });
  });

  it('hours outside 0–24, a day over 24, or not a number are refused', () => {
    expect(applyEntryEdit(record(), 'RegularHours', 25)).toEqual({
      ok: false,
      message: 'Regular hours must be between 0 and 24.',
    });
    expect(applyEntryEdit(record(), 'OvertimeHours', -1)).toEqual({
      ok: false,
      message: 'Overtime hours must be between 0 and 24.',
    });
    expect(applyEntryEdit(record(), 'HolidayHours', 'eight')).toEqual({
      ok: false,
      message: 'Holiday hours must be a number.',
    });
    expect(applyEntryEdit(record({ RegularHours: 10 }), 'OvertimeHours', 14.5)).toEqual({
      ok: false,
      message: 'A day holds at most 24 hours: 2026-11-25 would have 24.5.',
    });
    expect(applyEntryEdit(record({ RegularHours: 10 }), 'OvertimeHours', 14)).toMatchObject({ ok: true });
  });

  it('prepay: money 0–100,000 to 2 decimals', () => {
    expect(applyEntryEdit(record(), 'PrepayAmount', '125.456')).toMatchObject({ ok: true, value: 125.46 });
    expect(applyEntryEdit(record(), 'PrepayAmount', -5)).toEqual({
      ok: false,
      message: 'Prepay must be between 0 and 100,000.',
    });
    expect(applyEntryEdit(record(), 'PrepayAmount', 100_001)).toMatchObject({ ok: false });
  });

  it('notes: trimmed text, at most 500 characters', () => {
    expect(applyEntryEdit(record(), 'Notes', '  sick half day ')).toMatchObject({
      ok: true,
      value: 'sick half day',
    });
    expect(applyEntryEdit(record(), 'Notes', 'x'.repeat(501))).toEqual({
      ok: false,
      message: 'Notes are at most 500 characters.',
    });
    expect(applyEntryEdit(record(), 'Notes', 5)).toEqual({ ok: false, message: 'Notes must be text.' });
  });

  it('an unknown field is refused, naming the allowed ones', () => {
    expect(applyEntryEdit(record(), 'EmployeeID', 5)).toEqual({
      ok: false,
      message:
        "'EmployeeID' is not a field of a payroll record that can be changed (allowed: RegularHours, OvertimeHours, HolidayHours, PrepayAmount, Notes)",
    });
  });

  it('a locked week refuses every edit', () => {
    expect(applyEntryEdit(record({ Locked: true }), 'RegularHours', 4)).toEqual({
      ok: false,
      message: 'The week of 2026-11-25 is locked: unlock it to change it.',
    });
    expect(applyEntryEdit(record({ Locked: true }), 'Notes', 'x')).toMatchObject({ ok: false });
  });
});

describe("where a day's hours come from when no person typed them (issue 15, item 5)", () => {
  // 2026-11-23 is a Monday; today is Wednesday 2026-11-25.
  const today = '2026-11-25';
  it('an hourly employee: the closed punches, none is none', () => {
    expect(defaultDayHours(false, '2026-11-24', today, 7.25, 0)).toEqual({ source: 'clock', hours: 7.25 });
    expect(defaultDayHours(false, '2026-11-24', today, 0, 0)).toEqual({ source: 'clock', hours: 0 });
  });

  it('a salaried employee: 8 h on a working day up to today, less holiday hours; never a weekend or a future day', () => {
    expect(defaultDayHours(true, '2026-11-23', today, 0, 0)).toEqual({ source: 'salaried', hours: 8 });
    expect(defaultDayHours(true, '2026-11-25', today, 3, 0)).toEqual({ source: 'salaried', hours: 8 });
    expect(defaultDayHours(true, '2026-11-24', today, 0, 8)).toEqual({ source: 'salaried', hours: 0 });
    expect(defaultDayHours(true, '2026-11-24', today, 0, 2.5)).toEqual({ source: 'salaried', hours: 5.5 });
    expect(defaultDayHours(true, '2026-11-26', today, 0, 0)).toEqual({ source: 'salaried', hours: 0 });
    expect(defaultDayHours(true, '2026-11-22', '2026-11-30', 0, 0)).toEqual({ source: 'salaried', hours: 0 });
  });
});
