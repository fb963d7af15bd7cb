// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultOf } from '../../../../domain/contract/call';
import type { GetSchedulingSettings } from '../../../../domain/scheduling/calls';
import { callPath, mountScreen } from '../common/testing';
import { SchedulingSettingsPage } from './SchedulingSettingsPage';

afterEach(cleanup);

const settings = (): ResultOf<typeof GetSchedulingSettings> => ({
  Calendar: {
    PlantID: 2,
    TimeZone: 'America/Boise',
    Shifts: [
      {
        ShiftID: 1,
        PlantID: 2,
        ResourceID: null,
        Name: 'Nights',
        DayOfWeek: 1,
        Start: '22:00',
        End: '06:00',
      },
    ],
    Holidays: [
      { HolidayID: 2, PlantID: 2, Date: '2025-12-25', Description: 'Christmas Day' },
      { HolidayID: 1, PlantID: 2, Date: '2025-07-04', Description: 'Independence Day' },
    ],
    Overrides: [],
  },
  Workcenters: [],
  Statuses: [],
});

function mount(granted: string[], save: (body: Record<string, unknown>) => unknown = () => undefined) {
  return mountScreen({
    path: '/scheduling/settings/holidays',
    route: '/scheduling/settings/:tab',
    element: <SchedulingSettingsPage />,
    granted,
    answer: (p, req) => {
      if (p === 'web/GetSchedulingSettings') return settings();
      if (p === 'web/SaveHoliday') return save(req.json ?? {});
      return undefined;
    },
  });
}

describe('SchedulingSettingsPage, holidays tab', () => {
  it('lists the holidays in date order and follows the settings topic', async () => {
    const { subscribed } = mount(['ViewScheduling', 'EditProductionSchedules']);
    const table = await screen.findByRole('table', { name: 'Holidays' });
    await within(table).findByText('Independence Day');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Jul-4-25Friday'),
      expect.stringContaining('Dec-25-25Thursday'),
    ]);
    expect(subscribed).toContain('scheduling-settings:2');
  });

  it('a blank field is refused beside it before anything is sent', async () => {
    const { requests } = mount(['ViewScheduling', 'EditProductionSchedules']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add holiday' }));
    const form = screen.getByRole('form', { name: 'New holiday' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2025-11-27' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const description = within(form).getByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toBe('Description is required');
    expect(requests.filter((r) => callPath(r) === 'web/SaveHoliday')).toHaveLength(0);
  });

  it('a refused save shows the reason and keeps everything typed', async () => {
    mount(
      ['ViewScheduling', 'EditProductionSchedules'],
      () => new Error('Date 2025-07-04 is already a holiday of plant 2'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add holiday' }));
    const form = screen.getByRole('form', { name: 'New holiday' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2025-07-04' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Fourth of July' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Date 2025-07-04 is already a holiday of plant 2',
      ),
    );
    expect(within(form).getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2025-07-04');
    expect((within(form).getByLabelText('Description') as HTMLInputElement).value).toBe('Fourth of July');
  });

  it('a saved holiday closes the form and the list is read again', async () => {
    const { requests } = mount(['ViewScheduling', 'EditProductionSchedules'], (body) => ({
      HolidayID: 3,
      PlantID: 2,
      Date: body.Date,
      Description: body.Description,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add holiday' }));
    const form = screen.getByRole('form', { name: 'New holiday' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2025-11-27' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Thanksgiving' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New holiday' })).toBeNull());
    const save = requests.find((r) => callPath(r) === 'web/SaveHoliday');
    expect(save?.json).toMatchObject({
      HolidayID: 0,
      PlantID: 2,
      Date: '2025-11-27',
      Description: 'Thanksgiving',
    });
    expect(requests.filter((r) => callPath(r) === 'web/GetSchedulingSettings').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('read-only without editProductionSchedules: no add, edit or delete', async () => {
    mount(['ViewScheduling']);
    await screen.findByText('Independence Day');
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add holiday' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
