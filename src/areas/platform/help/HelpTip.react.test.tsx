// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CallDef } from '../../../../domain/contract/call';
import { type DismissedTip, DismissTip } from '../../../../domain/platform/help';
import type { UserRecord } from '../../../../domain/platform/session';
import { sessionMachine } from '../../../../machines/session.machine';
import { userRecord } from '../../../../tests/support/fixtures';
import { deferred } from '../../../api/testing';
import { ServicesContext } from '../../../app/context';
import type { Services } from '../../../app/services';
import { HelpTip } from './HelpTip';
import { createHelpServices } from './services';

afterEach(() => cleanup());

/** The services HelpTip uses: a real session actor and real help services over a fake server. */
function setup(user: UserRecord, serverDismissed: DismissedTip[] = []) {
  const session = createActor(sessionMachine, { input: { user } }).start();
  const server = deferred<DismissedTip[]>();
  const queued: Array<{ call: CallDef; payload: unknown }> = [];
  const help = createHelpServices({
    api: { get: (() => server.promise) as never },
    enqueue: (call, payload) => queued.push({ call, payload }),
    storage: null,
  });
  const services = { session, help } as unknown as Services;
  const view = render(
    <ServicesContext.Provider value={services}>
      <HelpTip tipKey="plan.drag" routeName="Production Plan" title="Moving jobs">
        Drag a job onto another work center to move it.
      </HelpTip>
    </ServicesContext.Provider>,
  );
  const answer = async () => {
    await act(async () => {
      server.resolve(serverDismissed);
      await server.promise;
    });
  };
  return { session, help, queued, view, answer };
}

const tip = () => screen.queryByRole('complementary', { name: 'Moving jobs' });

describe('HelpTip', () => {
  it('shows once the dismissed tips are known, and a dismissal hides it and is queued for the server', async () => {
    const { answer, queued, help } = setup(userRecord({ ShowMyHelp: true }));
    // Not before the server's list arrives: a tip dismissed on another device must not flash.
    expect(tip()).toBeNull();
    await answer();
    expect(tip()?.textContent).toContain('Drag a job onto another work center to move it.');

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(tip()).toBeNull();
    expect(queued).toEqual([
      { call: DismissTip, payload: { TipKey: 'plan.drag', RouteName: 'Production Plan' } },
    ]);
    expect(help.tips.isDismissed('plan.drag', 'Production Plan')).toBe(true);
  });

  it('stays hidden when the server says it was dismissed (on another device)', async () => {
    const { answer, queued } = setup(userRecord({ ShowMyHelp: true }), [
      { TipKey: 'plan.drag', RouteName: 'Production Plan' },
    ]);
    await answer();
    expect(tip()).toBeNull();
    expect(queued).toEqual([]);
  });

  it('a dismissal on one route leaves the same tip key on another route', async () => {
    const { answer } = setup(userRecord({ ShowMyHelp: true }), [
      { TipKey: 'plan.drag', RouteName: 'Scheduling' },
    ]);
    await answer();
    expect(tip()).not.toBeNull();
  });

  it('follows the user\'s "Show help tips" setting (ShowMyHelp), live', async () => {
    const user = userRecord({ ShowMyHelp: false });
    const { answer, session } = setup(user);
    await answer();
    expect(tip()).toBeNull();
    act(() => session.send({ type: 'session.userUpdated', user: { ...user, ShowMyHelp: true } }));
    expect(tip()).not.toBeNull();
    act(() => session.send({ type: 'session.userUpdated', user: { ...user, ShowMyHelp: false } }));
    expect(tip()).toBeNull();
  });
});
