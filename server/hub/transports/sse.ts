import type { ServerResponse } from 'node:http';
import type { Connection } from '../connection';
import type { Sink } from '../types';

/**
 * Server-Sent Events: server to client only (the client sends with POST). Each write is one event whose
 * `data:` lines are the payload's lines; the connection ends with the stream.
 */
export class EventStreamSink implements Sink {
  readonly name = 'ServerSentEvents' as const;

  constructor(
    private readonly res: ServerResponse,
    conn: Connection,
  ) {
    res.once('close', () => conn.transportClosed());
  }

  /** Headers and the opening comment that makes the client's EventSource report "open". */
  static open(res: ServerResponse, extraHeaders: Record<string, string>): void {
    res.writeHead(200, {
      ...extraHeaders,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      // Proxies (nginx) must not buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.write(':\r\n');
  }

  write(text: string): void {
    if (this.res.writableEnded || this.res.destroyed) return;
    let event = '';
    for (const line of text.split(/\r\n|\r|\n/)) event += `data: ${line}\r\n`;
    this.res.write(`${event}\r\n`);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }

  backlog(): number {
    return this.res.writableLength;
  }

  detachedSince(): null {
    return null;
  }
}
