// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayrollPerson, PayrollRecord } from '../../../domain/payroll/entities';
import { totalsOf, weekDates } from '../../../domain/payroll/rules';
import { callPath, mountScreen } from '../scheduling/common/testing';
import { PayrollPage } from './PayrollPage';

afterEach(cleanup);

const WEEK = '2026-12-21';
const record = (id: number, date: string, over: Partial<PayrollRecord> = {}): PayrollRecord => ({
  PayrollID: id,
  EmployeeID: 7,
  PlantID: 2,
  PayrollDate: date,
  RegularHours: 0,
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
const people = (locked = false): PayrollPerson[] => {
  const dates = weekDates(WEEK).map((d, i) =>
    record(100 + i, d, { RegularHours: i === 0 ? 8 : 0, Locked: locked }),
  );
  return [
    {
      Employee: {
        EmployeeID: 7,
        Name: 'Ann Able',
        FirstName: 'Ann',
        LastName: 'Able',
        Title: null,
        PlantID: 2,
      },
      PayrollWeeks: [
        {
          WeekStart: WEEK,
          Locked: locked,
          LockedBy: locked ? 'Lee Lock' : null,
          LockedAt: null,
          PayrollDates: dates.map((r) => ({ PayrollDate: r.PayrollDate, Payroll: r })),
          Totals: totalsOf(dates),
        },
      ],
    },
  ];
};

function mount(granted: string[], path = `/payroll?week=${WEEK}`, locked = false) {
  return mountScreen({
    path,
    route: '/payroll',
    element: <PayrollPage />,
    granted,
    answer: (p) => (p === 'web/GetPayroll' ? people(locked) : undefined),
  });
}
const cell = (field: string, day: string) =>
  screen.getByLabelText(`${field} of Ann Able on ${day}`) as HTMLInputElement;

describe('PayrollPage', () => {
  it("reads the plant's week and follows payroll:{PlantID}", async () => {
    const { requests, subscribed } = mount(['ViewPayroll']);
    await screen.findByText('Ann Able');
    const get = requests.find((r) => callPath(r) === 'web/GetPayroll')!;
    const query = new URL(get.url, 'http://x').searchParams;
    expect(query.get('PlantID')).toBe('2');
    expect(query.get('WeekStart')).toBe(WEEK);
    expect(subscribed).toContain('payroll:2');
    expect(cell('Regular hours', 'Dec-21-26').value).toBe('8');
    // Read only without editPayroll.
    expect(cell('Regular hours', 'Dec-21-26').disabled).toBe(true);
    expect(screen.getByText(/Read only/)).toBeTruthy();
  });

  it('a bad value is refused at once, kept in the cell, nothing queued; a good one is queued and shown', async () => {
    const { enqueued } = mount(['EditPayroll']);
    await screen.findByText('Ann Able');
    const ot = cell('Overtime hours', 'Dec-22-26');
    fireEvent.change(ot, { target: { value: '25' } });
    fireEvent.blur(ot);
    expect(screen.getByRole('alert').textContent).toContain('Overtime hours must be between 0 and 24.');
    expect(ot.value).toBe('25');
    expect(ot.getAttribute('aria-invalid')).toBe('true');
    expect(enqueued).toHaveLength(0);

    fireEvent.change(ot, { target: { value: '1.5' } });
    fireEvent.blur(ot);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(ot.value).toBe('1.5');
    expect(enqueued).toEqual([
      { path: 'web/SavePayrollEntry', payload: { PayrollID: 101, FieldName: 'OvertimeHours', Value: 1.5 } },
    ]);
  });

  it('holiday and prepay views add their cells; a selected day and employee open the day', async () => {
    mount(['EditPayroll'], `/payroll?week=${WEEK}&holiday=1&prepay=1&day=2026-12-23&employee=7`);
    await screen.findByText('Ann Able');
    expect(cell('Holiday hours', 'Dec-23-26')).toBeTruthy();
    expect(cell('Prepay', 'Dec-23-26')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ann Able · Wed Dec-23-26' })).toBeTruthy();
    expect(screen.getByLabelText('Notes of the selected day')).toBeTruthy();
  });

  it('a locked week shows its lock and its cells cannot be edited', async () => {
    mount(['EditPayroll', 'LockPayroll'], `/payroll?week=${WEEK}`, true);
    await screen.findByText('Ann Able');
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(cell('Regular hours', 'Dec-21-26').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
  });
});
