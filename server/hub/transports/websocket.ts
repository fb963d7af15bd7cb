import type { Duplex } from 'node:stream';
import * as wsModule from 'ws';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Connection } from '../connection';
import type { Sink } from '../types';

/** Frames from the client as bytes: text and binary frames carry the same records. */
function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

type FrameList = readonly Buffer[];
interface SenderInternals {
  _sender?: { sendFrame?(list: FrameList, cb?: (err?: Error) => void): void };
}
// `Sender` is a named export of ws's ES module (the default export, the WebSocket class, does not carry
// it there as it does in CommonJS); @types/ws does not declare it.
const frameOf = (wsModule as unknown as { Sender?: { frame?(data: Buffer, options: object): FrameList } })
  .Sender?.frame;

/**
 * One WebSocket text frame for `utf8`, built once and written as-is to every socket of a broadcast (the
 * same technique socket.io uses: `Sender.frame` + `sendFrame`). Null when this `ws` has no such API, in
 * which case every socket frames the bytes itself.
 */
export function textFrame(utf8: Buffer): FrameList | null {
  return frameOf ? frameOf(utf8, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true }) : null;
}

interface CorkableSocket {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/**
 * Write coalescing: the first write to a socket in an event-loop turn corks it, and every socket corked
 * in that turn is uncorked once, after the turn's I/O (setImmediate). The changes a burst delivers to a
 * connection in one turn then leave in one `writev` instead of one system call per change, which is
 * where a fan-out spends most of its CPU (a profile showed `writev` at about 75% of the hub's busy
 * time). The frames stay separate WebSocket frames; only their TCP writes are batched, and the delay is
 * at most one turn of the event loop.
 */
const corked = new Set<CorkableSocket>();
let uncorkScheduled = false;
function uncorkAll(): void {
  uncorkScheduled = false;
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
}
function corkForThisTurn(socket: CorkableSocket | undefined): void {
  if (!socket || corked.has(socket)) return;
  socket.cork();
  corked.add(socket);
  if (!uncorkScheduled) {
    uncorkScheduled = true;
    setImmediate(uncorkAll);
  }
}

/** A WebSocket: full duplex, so the connection ends when the socket does. */
export class WebSocketSink implements Sink {
  readonly name = 'WebSockets' as const;

  constructor(
    private readonly ws: WebSocket,
    conn: Connection,
  ) {
    ws.on('message', (data) => conn.receive(bytesOf(data)));
    ws.once('close', () => conn.transportClosed());
    // An error is followed by 'close'; without a listener it would crash the process.
    ws.on('error', () => {});
  }

  write(text: string, utf8?: Buffer, frame?: FrameList | null): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    // A broadcast's frame, built once: no per-socket encoding or framing. permessage-deflate is off,
    // so a frame can go to the socket as it is.
    corkForThisTurn((this.ws as unknown as { _socket?: CorkableSocket })._socket);
    const sender = (this.ws as unknown as SenderInternals)._sender;
    if (frame && sender?.sendFrame) sender.sendFrame(frame);
    else this.ws.send(utf8 ?? text, { binary: false });
  }

  end(): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(1000);
  }

  abort(): void {
    this.ws.terminate();
  }

  backlog(): number {
    return this.ws.bufferedAmount;
  }

  detachedSince(): null {
    return null;
  }
}

/**
 * `ws` without a server of its own: the hub hands it upgrades of /hub it has accepted. Compression off
 * (brief §8: permessage-deflate fragments memory under load). `maxPayload` is a hard cap per WebSocket
 * message; the record limit (a Close message with the reason) is checked by the connection.
 */
export function createWebSocketServer(maxMessageBytes: number): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    maxPayload: Math.max(maxMessageBytes * 4, 64 * 1024),
  });
}

/** An HTTP answer on a socket that asked for an upgrade (the upgrade is refused). */
export function refuseUpgrade(socket: Duplex, status: number, text: string, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(text);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${body.length}\r\n\r\n${text}`,
    () => socket.destroy(),
  );
}
