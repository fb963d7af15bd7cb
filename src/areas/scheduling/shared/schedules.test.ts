import { describe, expect, it } from 'vitest';
import type { ScheduleHeader } from '../../../../domain/scheduling/entities';
import { defaultScheduleId, scheduleLabel } from './schedules';

const header = (over: Partial<ScheduleHeader>): ScheduleHeader => ({
  ScheduleID: 1,
  PlantID: 2,
  Name: 'Idaho Falls',
  Official: false,
  Planning: true,
  BasedOnScheduleID: null,
  StartDate: '2025-06-02',
  CreatedBy: 'scheduler',
  CreatedAt: '2025-06-01T12:00:00Z',
  CommittedAt: null,
  CommittedBy: null,
  TaskCount: 0,
  RowVersion: 1,
  ...over,
});

const t = (text: string) => text;

describe('schedule choice and labels', () => {
  it('the report opens on the schedule asked for, else the official one, else the newest', () => {
    const list = [
      header({ ScheduleID: 9 }),
      header({ ScheduleID: 3, Official: true, Planning: false }),
      header({ ScheduleID: 7 }),
    ];
    expect(defaultScheduleId(list, null)).toBe(3);
    expect(defaultScheduleId(list, 7)).toBe(7);
    expect(defaultScheduleId(list, 42)).toBe(3);
    expect(defaultScheduleId([header({ ScheduleID: 9 }), header({ ScheduleID: 7 })], null)).toBe(9);
    expect(defaultScheduleId([], null)).toBeNull();
  });

  it('schedule labels say official, what-if, committed', () => {
    expect(scheduleLabel(header({ Official: true, Name: 'IDF' }), t)).toBe('Official: IDF');
    expect(scheduleLabel(header({ Official: true, Name: 'Official' }), t)).toBe('Official');
    expect(scheduleLabel(header({ Name: 'Try B' }), t)).toBe('What-if: Try B');
    expect(scheduleLabel(header({ Name: 'Try A', CommittedAt: '2025-06-02T00:00:00Z' }), t)).toBe(
      'Try A (committed)',
    );
  });

  it('the words of a label are translated', () => {
    const fr = (text: string) => ({ Official: 'Officiel', 'What-if': 'Simulation' })[text] ?? text;
    expect(scheduleLabel(header({ Official: true, Name: 'Official' }), fr)).toBe('Officiel');
    expect(scheduleLabel(header({ Name: 'Try B' }), fr)).toBe('Simulation: Try B');
  });
});
