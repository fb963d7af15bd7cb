// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UnscheduledOperation } from '../../../../domain/scheduling/entities';
import { callPath, mountScreen } from '../common/testing';
import { UnscheduledPage } from './UnscheduledPage';

const realHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
const realWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
beforeEach(() => {
  // jsdom lays nothing out: give the scroller a window's size so the virtualiser draws the rows that fit.
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ss-scroll') ? 400 : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ss-scroll') ? 1200 : 0;
    },
  });
});
afterEach(() => {
  if (realHeight) Object.defineProperty(Element.prototype, 'clientHeight', realHeight);
  if (realWidth) Object.defineProperty(Element.prototype, 'clientWidth', realWidth);
  cleanup();
});

const op = (id: number, over: Partial<UnscheduledOperation> = {}): UnscheduledOperation => ({
  ProductionPlanOperationID: id,
  JobNumber: `J${id}`,
  PartNum: 'COL-12',
  PartDescription: 'Column 12 ft',
  OperationSequence: 10,
  ResourceID: 'IF-PNT01',
  DueDate: '2025-06-20',
  OperationQty: 40,
  ScheduledQty: 10,
  ScheduledMinutesPerPiece: 1.5,
  SetupMinutes: 20,
  ...over,
});

const schedules = [
  {
    ScheduleID: 7,
    PlantID: 2,
    Name: 'Idaho Falls',
    Official: true,
    Planning: false,
    BasedOnScheduleID: null,
    StartDate: '2025-06-02',
    CreatedBy: 'seed',
    CreatedAt: '2025-06-01T00:00:00Z',
    CommittedAt: null,
    CommittedBy: null,
    TaskCount: 3,
    RowVersion: 1,
  },
];
const workcenter = (id: string, sort: number) => ({
  ResourceID: id,
  PlantID: 2,
  Description: id,
  Scheduled: true,
  EfficiencyPercent: 100,
  Color: 'n/a',
  SortOrder: sort,
});

function mount(granted: string[]) {
  return mountScreen({
    path: '/scheduling/unscheduled',
    route: '/scheduling/unscheduled',
    element: <UnscheduledPage />,
    granted,
    answer: (p, req) => {
      if (p === 'web/GetSchedules') return schedules;
      if (p === 'web/GetUnscheduledOperations') {
        const q = new URL(req.url, 'http://x').searchParams;
        const rows = [op(101), op(102, { DueDate: '2025-06-25' })];
        const search = q.get('Search');
        const hit = search ? rows.filter((r) => r.JobNumber.includes(search)) : rows;
        return { Rows: hit, Total: hit.length };
      }
      if (p === 'web/GetSchedulingSettings')
        return {
          Calendar: { PlantID: 2, TimeZone: 'America/Boise', Shifts: [], Holidays: [], Overrides: [] },
          Workcenters: [workcenter('IF-SAW01', 1), workcenter('IF-PNT01', 2)],
          Statuses: [],
        };
      return undefined;
    },
  });
}

describe('UnscheduledPage', () => {
  it("lists the operations with the pieces left, follows the official schedule's topic", async () => {
    const { subscribed } = mount(['ViewScheduling', 'EditProductionSchedules']);
    const row = await screen.findByText('J101');
    const tr = row.closest('tr') as HTMLElement;
    expect(tr.textContent).toContain('30 / 40');
    expect(tr.textContent).toContain('Jun-20-25');
    await waitFor(() => expect(subscribed).toContain('schedule:7'));
  });

  it('Schedule queues ScheduleOperation on the chosen lane at the end, and the row disappears at once', async () => {
    const { enqueued } = mount(['ViewScheduling', 'EditProductionSchedules']);
    const tr = (await screen.findByText('J101')).closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    // The operation's own resource is proposed.
    expect(
      (within(dialog).getByLabelText('Workcenter') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toContain('IF-PNT01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(enqueued).toEqual([
      {
        path: 'web/ScheduleOperation',
        payload: { ScheduleID: 7, ProductionPlanOperationID: 101, ResourceID: 'IF-PNT01' },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('J101')).toBeNull());
    expect(screen.getByText('J102')).toBeTruthy();
  });

  it('a typed position goes as the 0-based ProductionOrder; a bad one is refused in the dialog', async () => {
    const { enqueued } = mount(['ViewScheduling', 'EditProductionSchedules']);
    const tr = (await screen.findByText('J102')).closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    const position = within(dialog).getByLabelText('Position (blank: at the end)');
    fireEvent.change(position, { target: { value: 'first' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Position must be a whole number from 1')).toBeTruthy();
    expect(enqueued).toEqual([]);
    fireEvent.change(position, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(enqueued[0]?.payload).toMatchObject({ ProductionPlanOperationID: 102, ProductionOrder: 0 });
  });

  it('the search goes to the server', async () => {
    const { requests } = mount(['ViewScheduling']);
    await screen.findByText('J101');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'J102' } });
    await waitFor(() => expect(screen.queryByText('J101')).toBeNull());
    const asked = requests.filter((r) => callPath(r) === 'web/GetUnscheduledOperations').at(-1);
    expect(new URL(asked!.url, 'http://x').searchParams.get('Search')).toBe('J102');
  });

  it('read-only without an edit flag: no Schedule buttons', async () => {
    mount(['ViewScheduling']);
    await screen.findByText('J101');
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
  });
});
