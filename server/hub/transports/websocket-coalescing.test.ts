import { describe, expect, it } from 'vitest';
import type { Connection } from '../connection';
import { textFrame, WebSocketSink } from './websocket';

/** A stand-in for a `ws` WebSocket: what the sink touches (its socket's cork state and its sender). */
function fakeWs() {
  const log: string[] = [];
  let corks = 0;
  const ws = {
    OPEN: 1,
    readyState: 1,
    on() {},
    once() {},
    _socket: {
      destroyed: false,
      cork() {
        corks++;
        log.push('cork');
      },
      uncork() {
        corks--;
        log.push('uncork');
      },
    },
    _sender: {
      sendFrame(list: readonly Buffer[]) {
        log.push(`frame ${list.map((b) => b.length).join('+')}${corks > 0 ? ' (corked)' : ''}`);
      },
    },
    send() {
      log.push('send');
    },
  };
  return { ws, log, corks: () => corks };
}

const conn = { receive() {}, transportClosed() {} } as unknown as Connection;
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('WebSocket write coalescing', () => {
  it('corks a socket at its first write of a turn and uncorks it once after the turn', async () => {
    const a = fakeWs();
    const b = fakeWs();
    const sinkA = new WebSocketSink(a.ws as never, conn);
    const sinkB = new WebSocketSink(b.ws as never, conn);
    const frame = textFrame(Buffer.from('{"type":1}\u001e'));
    expect(frame).not.toBeNull();
    sinkA.write('x', undefined, frame);
    sinkA.write('x', undefined, frame);
    sinkB.write('x', undefined, frame);
    sinkA.write('x', undefined, frame);
    // Every frame of this turn waits in the corked socket: one writev per socket when uncorked.
    expect(a.log).toEqual(['cork', 'frame 2+11 (corked)', 'frame 2+11 (corked)', 'frame 2+11 (corked)']);
    expect(b.log).toEqual(['cork', 'frame 2+11 (corked)']);
    await nextTurn();
    expect(a.corks()).toBe(0);
    expect(b.corks()).toBe(0);
    expect(a.log.at(-1)).toBe('uncork');
    // The next turn corks again.
    sinkA.write('x', undefined, frame);
    expect(a.log.at(-2)).toBe('cork');
    await nextTurn();
    expect(a.corks()).toBe(0);
  });

  it('does not uncork a socket that was destroyed meanwhile', async () => {
    const a = fakeWs();
    const sink = new WebSocketSink(a.ws as never, conn);
    sink.write('x', undefined, textFrame(Buffer.from('y')));
    a.ws._socket.destroyed = true;
    await nextTurn();
    expect(a.log.filter((l) => l === 'uncork')).toEqual([]);
  });
});
