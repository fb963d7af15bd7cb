import { describe, expect, it } from 'vitest';
import { SaveHoliday, SaveShift } from '../../../../domain/scheduling/calls';
import type { Shift, WorkcenterSetting } from '../../../../domain/scheduling/entities';
import {
  changedWorkcenterFields,
  fieldErrors,
  fieldOfMessage,
  groupShifts,
  isNightShift,
  numberOf,
  shiftMinutes,
  sortHolidays,
  tabOfPath,
  weeklyHours,
} from './settings';

const shift = (id: number, over: Partial<Shift>): Shift => ({
  ShiftID: id,
  PlantID: 2,
  ResourceID: null,
  Name: 'First',
  DayOfWeek: 1,
  Start: '06:00',
  End: '14:30',
  ...over,
});

describe('scheduling settings', () => {
  it('the tab comes from the address; shifts is the default', () => {
    expect(tabOfPath('/scheduling/settings/holidays')).toBe('holidays');
    expect(tabOfPath('/scheduling/settings/overrides/')).toBe('overrides');
    expect(tabOfPath('/scheduling/settings')).toBe('shifts');
  });

  it("a form is checked with the save call's own schema, one message per field, in the field's words", () => {
    const labels = { Date: 'Date', Description: 'Description' };
    expect(
      fieldErrors(SaveHoliday.payload, { HolidayID: 0, PlantID: 2, Date: '', Description: '  ' }, labels),
    ).toEqual({
      Date: 'Date is required',
      Description: 'Description is required',
    });
    expect(
      fieldErrors(
        SaveHoliday.payload,
        { HolidayID: 0, PlantID: 2, Date: '2025-07-04', Description: 'Independence Day' },
        labels,
      ),
    ).toEqual({});
    expect(
      fieldErrors(
        SaveHoliday.payload,
        { HolidayID: 0, PlantID: 2, Date: '4 July', Description: 'Fourth' },
        labels,
      ),
    ).toEqual({ Date: 'Date must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31' });
    expect(
      fieldErrors(
        SaveHoliday.payload,
        { HolidayID: 0, PlantID: 2, Date: '4 July', Description: 'Independence Day' },
        labels,
      ),
    ).toEqual({ Date: 'Date must be a real date written YYYY-MM-DD, from 1900-01-01 to 2199-12-31' });
    const shiftLabels = {
      Name: 'Name',
      Start: 'Start',
      End: 'End',
      DayOfWeek: 'Day',
      ResourceID: 'Applies to',
    };
    const bad = fieldErrors(
      SaveShift.payload,
      { ShiftID: 0, PlantID: 2, ResourceID: null, Name: 'Night', DayOfWeek: 1, Start: '25:00', End: '' },
      shiftLabels,
    );
    expect(Object.keys(bad).sort()).toEqual(['End', 'Start']);
  });

  it('a server refusal goes beside the field it names, else to the form', () => {
    const labels = { Date: 'Date', Description: 'Description', ResourceID: 'Applies to' };
    expect(fieldOfMessage('Date must be written YYYY-MM-DD', labels)).toBe('Date');
    expect(fieldOfMessage('Applies to: resource XX is not a machine of plant 2', labels)).toBe('');
    expect(fieldOfMessage('ResourceID XX is not a machine of plant 2', labels)).toBe('ResourceID');
    expect(fieldOfMessage('Plant 2 already has a holiday on Jul-4-25', labels)).toBe('');
  });

  it('shift length, night shifts past midnight, a 24-hour shift', () => {
    expect(shiftMinutes({ Start: '06:00', End: '14:30' })).toBe(510);
    expect(shiftMinutes({ Start: '22:00', End: '06:00' })).toBe(480);
    expect(shiftMinutes({ Start: '00:00', End: '00:00' })).toBe(1440);
    expect(isNightShift({ Start: '22:00', End: '06:00' })).toBe(true);
    expect(isNightShift({ Start: '06:00', End: '14:30' })).toBe(false);
  });

  it('shifts group the plant default first, then each resource, Monday to Sunday, then by start', () => {
    const groups = groupShifts([
      shift(1, { ResourceID: 'IF-SAW01', DayOfWeek: 0 }),
      shift(2, { DayOfWeek: 0 }),
      shift(3, { DayOfWeek: 1, Start: '14:30', End: '23:00' }),
      shift(4, { DayOfWeek: 1 }),
      shift(5, { ResourceID: 'IF-PNT01' }),
    ]);
    expect(groups.map((g) => [g.ResourceID, g.Shifts.map((s) => s.ShiftID)])).toEqual([
      [null, [4, 3, 2]],
      ['IF-PNT01', [5]],
      ['IF-SAW01', [1]],
    ]);
    expect(weeklyHours(groups[0]!.Shifts)).toBe(25.5);
  });

  it('holidays in date order', () => {
    const list = sortHolidays([
      { HolidayID: 1, PlantID: 2, Date: '2025-12-25', Description: 'Christmas' },
      { HolidayID: 2, PlantID: 2, Date: '2025-07-04', Description: 'Independence Day' },
    ]);
    expect(list.map((h) => h.Date)).toEqual(['2025-07-04', '2025-12-25']);
  });

  it('a workcenter form saves only the fields that changed, one call each', () => {
    const stored: WorkcenterSetting = {
      ResourceID: 'IF-SAW01',
      PlantID: 2,
      Description: 'Saw',
      Scheduled: true,
      EfficiencyPercent: 100,
      Color: 'n/a',
      SortOrder: 1,
    };
    expect(
      changedWorkcenterFields(stored, {
        Scheduled: true,
        EfficiencyPercent: 80,
        Color: 'Blue',
        SortOrder: 1,
      }),
    ).toEqual([
      { FieldName: 'EfficiencyPercent', Value: 80 },
      { FieldName: 'Color', Value: 'Blue' },
    ]);
    expect(
      changedWorkcenterFields(stored, {
        Scheduled: true,
        EfficiencyPercent: 100,
        Color: 'n/a',
        SortOrder: 1,
      }),
    ).toEqual([]);
  });

  it('a blank number is not zero', () => {
    expect(numberOf('')).toBeNaN();
    expect(numberOf(' 80 ')).toBe(80);
  });
});
