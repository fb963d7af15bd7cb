import { describe, expect, it } from 'vitest';
import { textFrame } from './websocket';

describe('textFrame', () => {
  it('builds one unmasked, final text frame (opcode 1) for a broadcast', () => {
    const payload = Buffer.from('{"type":1}\u001e');
    const frame = textFrame(payload);
    // Null would mean every socket frames the bytes itself: slower broadcasts, still correct.
    expect(frame).not.toBeNull();
    const bytes = Buffer.concat(frame!);
    expect(bytes[0]).toBe(0x81); // FIN + text
    expect(bytes[1]).toBe(payload.length); // no mask bit, 7-bit length
    expect(bytes.subarray(2).equals(payload)).toBe(true);
  });
});
