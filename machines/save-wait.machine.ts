import { assign, type SnapshotFrom, setup } from 'xstate';
import { WireConstants } from '../domain/contract/wire';

/** The message shown, without a close button, while navigation waits for a save (spec 000 §2.3). */
export const SAVE_WAIT_MESSAGE = 'This screen is saving. It will continue once complete.';

/** Context of {@link saveWaitMachine}. */
export interface SaveWaitContext {
  /** Where to go once the save completes; null while idle. */
  to: string | null;
}

/** Params of the `proceed` action: the app navigates to `to`. */
export interface ProceedParams {
  to: string;
  /** True when navigation had to wait for a save. */
  waited: boolean;
  /** True when the wait gave up after {@link WireConstants.saveWaitMaxMs}; the pending saves stay queued. */
  timedOut: boolean;
}

/** Events of {@link saveWaitMachine}. */
export type SaveWaitEvent = { type: 'nav.request'; to: string };

function afterWait(timedOut: boolean) {
  // `to` is always set in waiting; the fallback only satisfies the type.
  return ({ context }: { context: SaveWaitContext }): ProceedParams => ({
    to: context.to ?? '',
    waited: true,
    timedOut,
  });
}

/**
 * Navigation waits while a save is in progress (spec 000 §2.3): behind a message that cannot be
 * closed, checking every 250 ms for at most 30000 ms, then navigating anyway.
 *
 * Provide with `.provide()`: guard `isSaving` (for example the post queue's `isSaving`) and action
 * `proceed` ({@link ProceedParams}), which performs the navigation.
 */
export const saveWaitMachine = setup({
  types: {
    context: {} as SaveWaitContext,
    events: {} as SaveWaitEvent,
  },
  actions: {
    proceed: (_, _params: ProceedParams) => {},
  },
  guards: {
    isSaving: () => false,
  },
  delays: {
    poll: WireConstants.saveWaitPollMs,
    maxWait: WireConstants.saveWaitMaxMs,
  },
}).createMachine({
  id: 'saveWait',
  context: { to: null },
  initial: 'idle',
  states: {
    idle: {
      // Cleared on entry, not on leaving waiting: exit actions run before the transition's `proceed`.
      entry: assign({ to: null }),
      on: {
        'nav.request': [
          { guard: 'isSaving', target: 'waiting', actions: assign({ to: ({ event }) => event.to }) },
          {
            actions: {
              type: 'proceed',
              params: ({ event }) => ({ to: event.to, waited: false, timedOut: false }),
            },
          },
        ],
      },
    },
    waiting: {
      // The timeout lives on the parent, so that the poll re-entering its child never restarts it.
      after: {
        maxWait: [
          // A last check: when the final poll and the timeout fall on the same instant (30000 is a
          // multiple of 250), a save that just finished should count as a normal completion.
          { guard: 'isSaving', target: 'idle', actions: { type: 'proceed', params: afterWait(true) } },
          { target: 'idle', actions: { type: 'proceed', params: afterWait(false) } },
        ],
      },
      on: {
        // Replaces the target only: no state change, so neither timer restarts.
        'nav.request': { actions: assign({ to: ({ event }) => event.to }) },
      },
      initial: 'polling',
      states: {
        polling: {
          after: {
            poll: [
              { guard: 'isSaving', target: 'polling', reenter: true },
              { target: '#saveWait.idle', actions: { type: 'proceed', params: afterWait(false) } },
            ],
          },
        },
      },
    },
  },
});

/** A snapshot of {@link saveWaitMachine}. */
export type SaveWaitSnapshot = SnapshotFrom<typeof saveWaitMachine>;

/** The message to show (it has no close button) while navigation waits, else null. */
export function waitMessage(snapshot: SaveWaitSnapshot): string | null {
  return snapshot.matches('waiting') ? SAVE_WAIT_MESSAGE : null;
}
