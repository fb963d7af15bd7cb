import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import { curingTopic } from './live';
import { cureState, formatCountdown, loadProblem, unloadProblem } from './rules';

const load = { LoadedAt: '2026-11-25T15:00:00.000Z', CureMinutes: 20 };
const at = (iso: string) => Date.parse(iso);

describe('curing countdown', () => {
  it('ready at LoadedAt + CureMinutes; the countdown runs from the start time', () => {
    const s = cureState(load, at('2026-11-25T15:05:00Z'));
    expect(s.readyAt).toBe('2026-11-25T15:20:00.000Z');
    expect(s.remainingMs).toBe(15 * 60_000);
    expect(s.ready).toBe(false);
    expect(s.progress).toBeCloseTo(0.25);
    // A second later it advances with no new data.
    expect(cureState(load, at('2026-11-25T15:05:01Z')).remainingMs).toBe(15 * 60_000 - 1000);
  });
  it('ready exactly at the end and after it (never negative)', () => {
    expect(cureState(load, at('2026-11-25T15:19:59.999Z')).ready).toBe(false);
    expect(cureState(load, at('2026-11-25T15:20:00Z'))).toMatchObject({
      ready: true,
      remainingMs: 0,
      progress: 1,
    });
    expect(cureState(load, at('2026-11-25T18:00:00Z'))).toMatchObject({
      ready: true,
      remainingMs: 0,
      progress: 1,
    });
  });
  it('formats a countdown', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(4 * 60_000 + 7000)).toBe('4:07');
    expect(formatCountdown(3_909_000)).toBe('1:05:09');
  });
});

describe('loading rules', () => {
  it('a load needs an existing, empty slot; an unload a full one', () => {
    expect(loadProblem(null, 'CURE1', 'X9')).toBe('There is no slot X9 at CURE1.');
    expect(loadProblem({ SlotID: 'A', Load: { JobNumber: 'J1' } }, 'CURE1', 'A')).toBe(
      'Slot A at CURE1 already holds job J1. Unload it first.',
    );
    expect(loadProblem({ SlotID: 'A', Load: null }, 'CURE1', 'A')).toBeNull();
    expect(unloadProblem({ SlotID: 'A', Load: null }, 'CURE1', 'A')).toBe('Slot A at CURE1 is empty.');
    expect(unloadProblem({ SlotID: 'A', Load: {} }, 'CURE1', 'A')).toBeNull();
  });
  it('curing:{LocationID} is public', () => {
    expect(authorizeTopic(null, curingTopic('CURE1'))).toBeNull();
    expect(authorizeTopic(null, 'curing:CURE 1')).toBe('There is no topic named curing:CURE 1.');
  });
});
