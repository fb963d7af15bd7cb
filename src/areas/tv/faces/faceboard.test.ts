import { describe, expect, it } from 'vitest';
import type { FaceboardDoc } from '../../../../domain/shopfloor/entities';
import { countFaces, initialsOf, isLongIdle, orderFaces, sinceText, stateOf } from './faceboard';

const face = (over: Partial<FaceboardDoc> & { EmployeeID: number; Name: string }): FaceboardDoc => ({
  PlantID: 1,
  PhotoFile: null,
  ClockedIn: true,
  Machine: null,
  Operation: null,
  WONumber: null,
  Indirect: null,
  StartActivity: null,
  IdleSince: null,
  TeamMembers: [],
  ...over,
});

const ana = face({
  EmployeeID: 1,
  Name: 'Ana Ruiz',
  Machine: 'LV-RF01',
  WONumber: 'J1',
  Operation: 20,
  StartActivity: '2026-11-25T08:00:00Z',
});
const bob = face({
  EmployeeID: 2,
  Name: 'Bob Lee',
  Machine: 'LV-CUT01',
  WONumber: 'J2',
  Operation: 10,
  StartActivity: '2026-11-25T09:00:00Z',
});
const cy = face({
  EmployeeID: 3,
  Name: 'Cy Diaz',
  Indirect: 'Cleaning',
  StartActivity: '2026-11-25T09:30:00Z',
});
const dee = face({ EmployeeID: 4, Name: 'Dee Moss', IdleSince: '2026-11-25T09:50:00Z' });
const eve = face({ EmployeeID: 5, Name: 'Eve Park', IdleSince: '2026-11-25T09:10:00Z' });
const fay = face({ EmployeeID: 6, Name: 'Fay Kim', ClockedIn: false });
const abe = face({ EmployeeID: 7, Name: 'Abe Hart', ClockedIn: false, Machine: 'LV-RF01' });

describe('faceboard model', () => {
  it('states: direct on a machine or job, indirect, idle, out (clocked out wins)', () => {
    expect([ana, cy, dee, fay, abe].map(stateOf)).toEqual(['direct', 'indirect', 'idle', 'out', 'out']);
  });

  it('orders direct by machine, then indirect, then idle longest first, then out by name', () => {
    const order = orderFaces([fay, dee, cy, ana, eve, abe, bob]).map((r) => r.face.Name);
    expect(order).toEqual(['Bob Lee', 'Ana Ruiz', 'Cy Diaz', 'Eve Park', 'Dee Moss', 'Abe Hart', 'Fay Kim']);
  });

  it('since: the activity start, or idle since; none when out', () => {
    const rows = orderFaces([ana, dee, fay]);
    expect(rows.map((r) => r.since)).toEqual([ana.StartActivity, dee.IdleSince, null]);
  });

  it('counts only the clocked-in people', () => {
    expect(countFaces(orderFaces([ana, bob, cy, dee, eve, fay]))).toEqual({
      clockedIn: 5,
      direct: 2,
      indirect: 1,
      idle: 2,
    });
  });

  it('durations and long idle (15 minutes)', () => {
    const now = Date.parse('2026-11-25T10:05:30Z');
    expect(sinceText(ana.StartActivity, now)).toBe('2 h 05 m');
    expect(sinceText(dee.IdleSince, now)).toBe('15 m');
    expect(sinceText(null, now)).toBe('');
    const [eveRow, deeRow] = orderFaces([dee, eve]);
    expect(isLongIdle(eveRow!, now)).toBe(true);
    expect(isLongIdle(deeRow!, now)).toBe(true);
    expect(isLongIdle(deeRow!, Date.parse('2026-11-25T10:04:59Z'))).toBe(false);
  });

  it('initials', () => {
    expect(initialsOf('maria  santos')).toBe('MS');
    expect(initialsOf('Cher')).toBe('C');
  });
});
