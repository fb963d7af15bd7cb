import { describe, expect, it } from 'vitest';
import { header, schedule, task } from './fixtures';
import { ScheduleStore } from './schedule-store';

const ids = (store: ScheduleStore, lane: string) =>
  store
    .lanes()
    .get(lane)
    ?.map((t) => t.ScheduleTaskID);

describe('ScheduleStore: the server side of the plant schedule', () => {
  it('builds lanes in the load answer’s order, each sorted by ProductionOrder, empty lanes kept', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ 'CUT-01': [11, 12, 13], 'PNT-01': [], 'WLD-01': [21] }));
    expect([...s.lanes().keys()]).toEqual(['CUT-01', 'PNT-01', 'WLD-01']);
    expect(ids(s, 'CUT-01')).toEqual([11, 12, 13]);
    expect(ids(s, 'PNT-01')).toEqual([]);
  });

  it('a newer copy moves a task between lanes; only the two lanes it touched are new arrays', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ A: [1, 2], B: [3], C: [4] }));
    const before = s.lanes();
    expect(
      s.apply([
        { id: 'task:2', doc: { Kind: 'task', Data: task(2, 'B', 0, { RowVersion: 2 }) } },
        { id: 'task:3', doc: { Kind: 'task', Data: task(3, 'B', 1, { RowVersion: 2 }) } },
      ]),
    ).toBe(true);
    const after = s.lanes();
    expect(ids(s, 'A')).toEqual([1]);
    expect(ids(s, 'B')).toEqual([2, 3]);
    expect(after.get('C')).toBe(before.get('C'));
    expect(after.get('A')).not.toBe(before.get('A'));
  });

  it('the first tasks of each lane, then the whole schedule: the rest is added, a newer topic copy stays', () => {
    const s = new ScheduleStore(1);
    const whole = schedule({ A: [1, 2, 3, 4], B: [5, 6] });
    const first = {
      ...whole,
      Workcenters: whole.Workcenters.map((w) => ({ ...w, Tasks: w.Tasks.slice(0, 2) })),
    };
    s.load(first);
    expect(ids(s, 'A')).toEqual([1, 2]);
    // A move of task 2 to the end of B arrives from the topic before the whole answer.
    s.apply([{ id: 'task:2', doc: { Kind: 'task', Data: task(2, 'B', 2, { RowVersion: 2 }) } }]);
    s.load(whole);
    expect(ids(s, 'A')).toEqual([1, 3, 4]);
    expect(ids(s, 'B')).toEqual([5, 6, 2]);
    expect(s.size).toBe(6);
  });

  it('an older or equal copy changes nothing (higher RowVersion wins)', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ A: [1] }));
    s.apply([
      { id: 'task:1', doc: { Kind: 'task', Data: task(1, 'A', 0, { RowVersion: 5, OperationQty: 7 }) } },
    ]);
    const lanes = s.lanes();
    expect(s.apply([{ id: 'task:1', doc: { Kind: 'task', Data: task(1, 'B', 0, { RowVersion: 5 }) } }])).toBe(
      false,
    );
    expect(s.apply([{ id: 'task:1', doc: { Kind: 'task', Data: task(1, 'B', 0, { RowVersion: 4 }) } }])).toBe(
      false,
    );
    expect(s.lanes()).toBe(lanes);
    expect(s.task(1)?.OperationQty).toBe(7);
  });

  it('a deletion removes the task, and an older copy arriving after it does not bring it back', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ A: [1, 2] }));
    s.apply([{ id: 'task:1', doc: null }]);
    expect(ids(s, 'A')).toEqual([2]);
    s.apply([{ id: 'task:1', doc: { Kind: 'task', Data: task(1, 'A', 0, { RowVersion: 1 }) } }]);
    expect(ids(s, 'A')).toEqual([2]);
  });

  it('ignores tasks and headers of other schedules; takes a newer header', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ A: [1] }));
    s.apply([{ id: 'task:9', doc: { Kind: 'task', Data: task(9, 'A', 1, { ScheduleID: 2 }) } }]);
    expect(ids(s, 'A')).toEqual([1]);
    s.apply([
      { id: 'schedule:1', doc: { Kind: 'schedule', Data: header({ RowVersion: 3, CommittedAt: 'x' }) } },
    ]);
    expect(s.header?.CommittedAt).toBe('x');
    s.apply([{ id: 'schedule:1', doc: { Kind: 'schedule', Data: header({ RowVersion: 2, Name: 'old' }) } }]);
    expect(s.header?.CommittedAt).toBe('x');
  });

  it('a task on a lane the load did not name adds that lane at the end', () => {
    const s = new ScheduleStore(1);
    s.load(schedule({ A: [1] }));
    s.apply([{ id: 'task:5', doc: { Kind: 'task', Data: task(5, 'NEW', 0, { RowVersion: 1 }) } }]);
    expect([...s.lanes().keys()]).toEqual(['A', 'NEW']);
  });
});
