import { describe, expect, it } from 'vitest';
import { type BackplaneMessage, decodeBackplaneMessage, encodeBackplaneMessage } from './backplane';

describe('backplane wire format', () => {
  const message: BackplaneMessage = {
    kind: 'changes',
    changes: [{ topic: 'employee:1', seq: 3, collection: 'employees', id: '1', doc: null, origin: null }],
  };

  it('round-trips a message from another node', () => {
    expect(decodeBackplaneMessage(encodeBackplaneMessage('node-a', message), 'node-b')).toEqual(message);
  });

  it('answers null for this node’s own echo', () => {
    expect(decodeBackplaneMessage(encodeBackplaneMessage('node-a', message), 'node-a')).toBeNull();
  });

  it('throws on text that is not a backplane message', () => {
    expect(() => decodeBackplaneMessage('not json', 'n')).toThrow();
    expect(() => decodeBackplaneMessage('{"node":"x","message":{"kind":"reboot"}}', 'n')).toThrow();
    expect(() =>
      decodeBackplaneMessage('{"node":"x","message":{"kind":"changes","changes":[{"seq":0}]}}', 'n'),
    ).toThrow();
  });
});
