import { plantTimeZone } from '../../../domain/platform/plants';
import { minutesByDate, paidMinutes, rangeInstants, round2 } from '../../../domain/timeclock/rules';
import type { Sql } from '../../db/database';
import * as repo from './timeclock.repository';

/** Hours per `{EmployeeID}:{YYYY-MM-DD}`: of closed punches (payable) and of punches still open. */
export interface ClockedHours {
  closed: Map<string, number>;
  open: Map<string, number>;
}

/**
 * What the time clock says about payroll days (server/areas/payroll/README.md, "Where the hours come
 * from"): per employee and plant-local date from `first` to `last`, the paid hours of **closed**
 * punches, split at the plant's midnight, which payroll pays; and apart, the hours so far of a punch
 * still open (counted until `now`), which payroll does not pay yet but shows, so a supervisor sees why
 * the timecards (which count an open punch of today) and payroll differ.
 */
export async function clockedHours(
  db: Sql,
  plantId: number,
  employeeIds: readonly number[],
  first: string,
  last: string,
  now = new Date().toISOString(),
): Promise<ClockedHours> {
  const out: ClockedHours = { closed: new Map(), open: new Map() };
  if (!employeeIds.length) return out;
  const tz = plantTimeZone(plantId);
  const range = rangeInstants(first, last, tz);
  const punches = await repo.punches(db, { employeeIds }, range.From, range.To);
  for (const id of employeeIds) {
    for (const open of [false, true]) {
      const mine = punches
        .filter((p) => p.EmployeeID === id && (p.ClockedOutAt === null) === open)
        .map((p) => ({ Start: p.ClockedInAt, End: p.ClockedOutAt }));
      const target = open ? out.open : out.closed;
      for (const [date, minutes] of minutesByDate(mine, tz, open ? now : range.To)) {
        if (date >= first && date <= last) target.set(`${id}:${date}`, round2(paidMinutes(minutes) / 60));
      }
    }
  }
  return out;
}
