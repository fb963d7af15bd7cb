import type { FaceboardDoc } from '../../../../domain/shopfloor/entities';

/**
 * The faceboard's model (pure, tested in faceboard.test.ts): who is where, in the order a supervisor
 * reads a floor. Clocked-in people first, grouped by what they do — on a machine (by machine, then
 * name), on indirect work (by code, then name), idle (longest idle first: the one to go and see) —
 * then those who clocked out today, by name.
 */

export type FaceState = 'direct' | 'indirect' | 'idle' | 'out';

export interface BoardFace {
  face: FaceboardDoc;
  state: FaceState;
  /** When the current state began (activity start or idle since); null when clocked out. */
  since: string | null;
}

export function stateOf(face: FaceboardDoc): FaceState {
  if (!face.ClockedIn) return 'out';
  if (face.Machine || face.WONumber) return 'direct';
  if (face.Indirect) return 'indirect';
  return 'idle';
}

const RANK: Record<FaceState, number> = { direct: 0, indirect: 1, idle: 2, out: 3 };

export function orderFaces(faces: readonly FaceboardDoc[]): BoardFace[] {
  const rows = faces.map((face): BoardFace => {
    const state = stateOf(face);
    const since = state === 'idle' ? face.IdleSince : state === 'out' ? null : face.StartActivity;
    return { face, state, since };
  });
  const byName = (a: BoardFace, b: BoardFace) =>
    a.face.Name.localeCompare(b.face.Name) || a.face.EmployeeID - b.face.EmployeeID;
  return rows.sort((a, b) => {
    if (a.state !== b.state) return RANK[a.state] - RANK[b.state];
    if (a.state === 'direct')
      return (a.face.Machine ?? '').localeCompare(b.face.Machine ?? '') || byName(a, b);
    if (a.state === 'indirect')
      return (a.face.Indirect ?? '').localeCompare(b.face.Indirect ?? '') || byName(a, b);
    if (a.state === 'idle') return (a.since ?? '').localeCompare(b.since ?? '') || byName(a, b);
    return byName(a, b);
  });
}

export interface FaceCounts {
  clockedIn: number;
  direct: number;
  indirect: number;
  idle: number;
}

export function countFaces(rows: readonly BoardFace[]): FaceCounts {
  const counts = { clockedIn: 0, direct: 0, indirect: 0, idle: 0 };
  for (const r of rows) {
    if (r.state === 'out') continue;
    counts.clockedIn += 1;
    counts[r.state] += 1;
  }
  return counts;
}

/** "2 h 05 m", "17 m", "0 m": how long since `since`, read from across a floor. */
export function sinceText(since: string | null, now: number): string {
  if (!since) return '';
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} m` : `${m} m`;
}

/** Idle for this long or more is marked on the board (someone should go and see). */
export const LONG_IDLE_MINUTES = 15;

export const isLongIdle = (row: BoardFace, now: number) =>
  row.state === 'idle' && row.since !== null && now - Date.parse(row.since) >= LONG_IDLE_MINUTES * 60_000;

/** Initials for a face with no photo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 2);

/** A steady background colour per employee for the initials (the palette of the app's avatars). */
const PALETTE = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#1a7f37', '#0a3069', '#6e7781'];
export const colourOf = (employeeId: number) => PALETTE[employeeId % PALETTE.length]!;
