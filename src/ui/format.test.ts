import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatPhone, initialsOf } from './format';

describe('dates (spec 000 §9), from the domain', () => {
  it('formats MMM-D-YY and MMM-D-YY h:mm a in the plant time zone', () => {
    expect(formatDate('2024-03-05T15:04:00Z', 1)).toBe('Mar-5-24');
    expect(formatDateTime('2024-03-05T15:04:00Z', 1)).toBe('Mar-5-24 10:04 am');
    expect(formatDateTime('2024-03-05T15:04:00Z', 6)).toBe('Mar-5-24 9:04 am');
  });
});

describe('formatFileSize (spec 000 §9)', () => {
  it('uses B to YB in steps of 1024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 ** 3)).toBe('5.25 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1 EB');
    expect(formatFileSize(1024 ** 7)).toBe('1 ZB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(2048 * 1024 ** 8)).toBe('2048 YB');
  });
  it('rounds to 2 decimals and moves up a unit rather than show 1024', () => {
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });
  it('answers empty text for what is not a size', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('formatPhone (spec 000 §3.2)', () => {
  it('shows a 10-digit number as (xxx) xxx-xxxx', () => {
    expect(formatPhone('2085551234')).toBe('(208) 555-1234');
    expect(formatPhone(2085551234)).toBe('(208) 555-1234');
  });
  it('leaves anything else unchanged', () => {
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('12085551234')).toBe('12085551234');
    expect(formatPhone('(208) 555-1234')).toBe('(208) 555-1234');
    expect(formatPhone('ext 12')).toBe('ext 12');
    expect(formatPhone(null)).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of first and last name, upper case', () => {
    expect(initialsOf('ann', 'lee')).toBe('AL');
    expect(initialsOf(' Bo ', '')).toBe('B');
  });
  it('falls back to the name, then to ?', () => {
    expect(initialsOf('', '', 'Carla de Souza')).toBe('CD');
    expect(initialsOf(null, undefined, null)).toBe('?');
  });
});
