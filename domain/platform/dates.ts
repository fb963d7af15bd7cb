import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { plantTimeZone } from './plants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 000 §9: dates display as MMM-D-YY, datetimes as MMM-D-YY h:mm a, in the plant's time zone. */
export const DATE_FORMAT = 'MMM-D-YY';
export const DATETIME_FORMAT = 'MMM-D-YY h:mm a';

export function formatDate(value: string | Date, plantId: number | null): string {
  return dayjs(value).tz(plantTimeZone(plantId)).format(DATE_FORMAT);
}

export function formatDateTime(value: string | Date, plantId: number | null): string {
  return dayjs(value).tz(plantTimeZone(plantId)).format(DATETIME_FORMAT);
}
