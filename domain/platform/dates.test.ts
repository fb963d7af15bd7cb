import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatRecent,
  formatSpan,
  formatTime,
  formatWeekdayDate,
  localDateOf,
  TIME_FORMAT,
  todayIn,
  weekdayName,
} from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('date display (spec 000 §9) in the plant time zone', () => {
  it('formats MMM-D-YY h:mm a in the plant zone', () => {
    // 2026-03-05 14:07 UTC: 9:07 am in New York (EST), 7:07 am in Boise (MST), 8:07 am in Chicago and Monterrey.
    expect(formatDateTime('2026-03-05T14:07:00Z', 1)).toBe('Mar-5-26 9:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 2)).toBe('Mar-5-26 7:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 6)).toBe('Mar-5-26 8:07 am');
    expect(formatDateTime('2026-03-05T14:07:00Z', 45)).toBe('Mar-5-26 8:07 am');
  });
  it('the date of an instant changes with the zone near midnight', () => {
    expect(formatDate('2026-11-22T03:30:00Z', 1)).toBe('Nov-21-26');
    expect(formatDate('2026-11-22T06:30:00Z', 1)).toBe('Nov-22-26');
  });

  it('agrees with dayjs.tz for instants in far zones, across DST nights, noon and midnight', () => {
    const instants = [
      '2026-03-08T09:30:00Z',
      '2026-11-01T06:15:00Z',
      '2026-07-04T00:00:00Z',
      '2026-12-31T23:59:00Z',
      '2026-05-05T12:05:00Z',
      Date.UTC(2026, 10, 16, 4, 59),
      new Date('2026-11-16T00:00:00Z'),
    ];
    const zones = [
      'America/New_York',
      'America/Boise',
      'America/Monterrey',
      'Pacific/Honolulu',
      'Asia/Tokyo',
    ];
    for (const zone of zones) {
      for (const at of instants) {
        const d = dayjs(at).tz(zone);
        expect(formatDateTime(at, zone)).toBe(d.format(DATETIME_FORMAT));
        expect(formatDate(at, zone)).toBe(d.format(DATE_FORMAT));
        expect(formatTime(at, zone)).toBe(d.format(TIME_FORMAT));
        expect(localDateOf(at, zone)).toBe(d.format('YYYY-MM-DD'));
      }
    }
  });
});

describe('a date-only value is a calendar day: never moved through a zone', () => {
  // Defect 3 of issue 15: J240002's due date 2026-11-16 read as midnight UTC and shown in New York
  // was Nov-15-26 on the plan page.
  const due = '2026-11-16';

  it('shows the same day for every plant and every zone, whatever the machine runs in', () => {
    for (const processTz of ['UTC', 'Pacific/Honolulu', 'Asia/Tokyo', 'America/New_York']) {
      process.env.TZ = processTz;
      for (const zone of [1, 2, 6, 19, null, 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
        expect(formatDate(due, zone)).toBe('Nov-16-26');
      }
      expect(formatLocalDate(due)).toBe('Nov-16-26');
      expect(formatLocalDate('2027-01-01')).toBe('Jan-1-27');
    }
  });

  it('is the calendar day dayjs.tz gives when it reads the date in the zone itself', () => {
    for (const zone of ['Pacific/Honolulu', 'Asia/Tokyo', 'America/Chicago']) {
      expect(formatDate(due, zone)).toBe(dayjs.tz(due, zone).format(DATE_FORMAT));
    }
  });

  it('writes a weekday with the date without moving it', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(formatWeekdayDate('2026-11-16', 'en')).toBe('Mon Nov-16-26');
    process.env.TZ = 'Asia/Tokyo';
    expect(formatWeekdayDate('2026-11-22', 'en')).toBe('Sun Nov-22-26');
  });
});

describe('other pieces of the formatter', () => {
  it('clock times of the calendar (shifts) as h:mm a, 24:00 as the end of the day', () => {
    expect(formatClockTime('06:00')).toBe('6:00 am');
    expect(formatClockTime('14:30')).toBe('2:30 pm');
    expect(formatClockTime('00:00')).toBe('12:00 am');
    expect(formatClockTime('12:00:00')).toBe('12:00 pm');
    expect(formatClockTime('24:00')).toBe('12:00 am');
    expect(formatClockTime('soon')).toBe('soon');
  });

  it('a span leaves out the end date on the same plant-local day', () => {
    expect(formatSpan('2026-07-06T12:00:00Z', '2026-07-06T20:30:00Z', 2)).toBe('Jul-6-26 6:00 am – 2:30 pm');
    expect(formatSpan('2026-07-06T12:00:00Z', '2026-07-07T13:00:00Z', 2)).toBe(
      'Jul-6-26 6:00 am – Jul-7-26 7:00 am',
    );
  });

  it('a recent instant: the time alone today, with its date on an earlier plant-local day', () => {
    const now = Date.parse('2026-11-16T15:00:00Z');
    expect(formatRecent('2026-11-16T13:05:00Z', 1, now)).toBe('8:05 am');
    expect(formatRecent('2026-11-16T04:30:00Z', 1, now)).toBe('Nov-15-26 11:30 pm');
  });

  it('today is the plant-local date', () => {
    const now = Date.parse('2026-11-16T04:30:00Z');
    expect(todayIn(1, now)).toBe('2026-11-15');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-16');
  });

  it('weekday names in English and Spanish (dayjs locale), by date or by number', () => {
    expect(weekdayName('2026-11-16', 'en')).toBe('Mon');
    expect(weekdayName('2026-11-16', 'es')).toBe('Lun.');
    expect(weekdayName('2026-11-21', 'es', 'long')).toBe('Sábado');
    expect(weekdayName(0, 'es', 'long')).toBe('Domingo');
    expect(weekdayName(3, 'en', 'long')).toBe('Wednesday');
    expect(weekdayName(3, 'fr')).toBe('Wed');
    expect(formatWeekdayDate('2026-11-18', 'es')).toBe('Mié. Nov-18-26');
  });
});
