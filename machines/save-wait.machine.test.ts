import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { WireConstants } from '../domain/contract/wire';
import { type ProceedParams, SAVE_WAIT_MESSAGE, saveWaitMachine, waitMessage } from './save-wait.machine';

function start(initiallySaving: boolean) {
  const clock = new SimulatedClock();
  const state = { saving: initiallySaving };
  const checks: number[] = [];
  const proceed = vi.fn<(params: ProceedParams, at: number) => void>();
  const machine = saveWaitMachine.provide({
    guards: {
      isSaving: () => {
        checks.push(clock.now());
        return state.saving;
      },
    },
    actions: {
      proceed: (_, params) => proceed(params, clock.now()),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  /**
   * Moves the clock 1 ms at a time: SimulatedClock starts a timer set during a jump at the jump's end,
   * so one big jump would hide where the 250 ms checks really fall.
   */
  const advanceTo = (time: number) => {
    while (clock.now() < time) clock.increment(1);
  };
  return { actor, clock, state, checks, proceed, advanceTo };
}

describe('saveWaitMachine', () => {
  it('uses the spec constants', () => {
    expect(WireConstants.saveWaitPollMs).toBe(250);
    expect(WireConstants.saveWaitMaxMs).toBe(30000);
    expect(SAVE_WAIT_MESSAGE).toBe('This screen is saving. It will continue once complete.');
  });

  it('proceeds at once when nothing is saving', () => {
    const { actor, proceed } = start(false);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/jobs/12', waited: false, timedOut: false }, 0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(waitMessage(actor.getSnapshot())).toBeNull();
  });

  it('waits behind the message while a save is in progress', () => {
    const { actor, proceed, advanceTo } = start(true);
    expect(waitMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(waitMessage(actor.getSnapshot())).toBe(SAVE_WAIT_MESSAGE);
    expect(actor.getSnapshot().context.to).toBe('/jobs/12');
    advanceTo(10_000);
    expect(waitMessage(actor.getSnapshot())).toBe(SAVE_WAIT_MESSAGE);
    expect(proceed).not.toHaveBeenCalled();
  });

  it('checks every 250 ms: a save that ends at 600 ms lets navigation go at 750 ms, not before', () => {
    const { actor, state, checks, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(600);
    state.saving = false;
    advanceTo(749);
    expect(proceed).not.toHaveBeenCalled();
    expect(waitMessage(actor.getSnapshot())).toBe(SAVE_WAIT_MESSAGE);
    advanceTo(750);
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/jobs/12', waited: true, timedOut: false }, 750);
    expect(checks).toEqual([0, 250, 500, 750]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.to).toBeNull();
    expect(waitMessage(actor.getSnapshot())).toBeNull();
  });

  it('gives up at exactly 30000 ms, navigating with timedOut', () => {
    const { actor, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(29_999);
    expect(proceed).not.toHaveBeenCalled();
    expect(waitMessage(actor.getSnapshot())).toBe(SAVE_WAIT_MESSAGE);
    advanceTo(30_000);
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/jobs/12', waited: true, timedOut: true }, 30_000);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(waitMessage(actor.getSnapshot())).toBeNull();
    // No poll is left running after giving up.
    advanceTo(40_000);
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('treats a save that ends on the last check as completed, not timed out', () => {
    const { actor, state, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(29_800);
    state.saving = false;
    advanceTo(29_999);
    expect(proceed).not.toHaveBeenCalled();
    advanceTo(30_000);
    expect(proceed).toHaveBeenCalledExactlyOnceWith(
      { to: '/jobs/12', waited: true, timedOut: false },
      30_000,
    );
    advanceTo(31_000);
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('counts the wait from the first request: a new target does not restart the 30000 ms clock', () => {
    const { actor, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(10_000);
    actor.send({ type: 'nav.request', to: '/inventory' });
    expect(actor.getSnapshot().context.to).toBe('/inventory');
    expect(waitMessage(actor.getSnapshot())).toBe(SAVE_WAIT_MESSAGE);
    expect(proceed).not.toHaveBeenCalled();
    advanceTo(30_000);
    expect(proceed).toHaveBeenCalledExactlyOnceWith(
      { to: '/inventory', waited: true, timedOut: true },
      30_000,
    );
  });

  it('goes to the replaced target once the save completes, and only there', () => {
    const { actor, state, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(300);
    actor.send({ type: 'nav.request', to: '/inventory' });
    state.saving = false;
    advanceTo(1000);
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/inventory', waited: true, timedOut: false }, 500);
  });

  it('does not let a new request during the wait skip the wait, even once the save has ended', () => {
    const { actor, state, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/jobs/12' });
    advanceTo(100);
    state.saving = false;
    actor.send({ type: 'nav.request', to: '/inventory' });
    expect(proceed).not.toHaveBeenCalled();
    advanceTo(250);
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/inventory', waited: true, timedOut: false }, 250);
  });

  it('starts a fresh 30000 ms wait for a later navigation', () => {
    const { actor, state, proceed, advanceTo } = start(true);
    actor.send({ type: 'nav.request', to: '/a' });
    advanceTo(1000);
    state.saving = false;
    advanceTo(1250);
    expect(proceed).toHaveBeenLastCalledWith({ to: '/a', waited: true, timedOut: false }, 1250);

    state.saving = true;
    advanceTo(2000);
    actor.send({ type: 'nav.request', to: '/b' });
    advanceTo(31_999);
    expect(proceed).toHaveBeenCalledOnce();
    advanceTo(32_000);
    expect(proceed).toHaveBeenLastCalledWith({ to: '/b', waited: true, timedOut: true }, 32_000);
    expect(proceed).toHaveBeenCalledTimes(2);
  });

  it('proceeds without waiting by default (no isSaving provided)', () => {
    const proceed = vi.fn<(params: ProceedParams) => void>();
    const actor = createActor(
      saveWaitMachine.provide({ actions: { proceed: (_, params) => proceed(params) } }),
    ).start();
    actor.send({ type: 'nav.request', to: '/home' });
    expect(proceed).toHaveBeenCalledExactlyOnceWith({ to: '/home', waited: false, timedOut: false });
  });
});
