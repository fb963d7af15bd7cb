import { describe, expect, it } from 'vitest';
import { droppedTopicsMessage } from './hub-events';

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
});
