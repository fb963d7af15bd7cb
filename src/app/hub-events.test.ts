import { describe, expect, it } from 'vitest';
import { DROPPED_TARGET } from '../../server/hub/hub';
import { droppedTopicsMessage, HUB_DROPPED_TARGET } from './hub-events';

describe('droppedTopicsMessage', () => {
  it("gives the server's sentence once per distinct reason and says what to do", () => {
    const message = droppedTopicsMessage([
      { topic: 'payroll:6', reason: 'You do not have permission to follow payroll.' },
      { topic: 'payroll:7', reason: 'You do not have permission to follow payroll.' },
    ]);
    expect(message).toBe(
      'Live updates stopped: You do not have permission to follow payroll. Your permissions changed; reload the page to see what you may use now.',
    );
  });

  it('listens to the target the hub sends', () => {
    expect(HUB_DROPPED_TARGET).toBe(DROPPED_TARGET);
  });
});
