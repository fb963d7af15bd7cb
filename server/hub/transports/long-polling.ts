import type { FastifyReply } from 'fastify';
import type { Connection } from '../connection';
import type { Sink } from '../types';

interface Poll {
  reply: FastifyReply;
  timer: NodeJS.Timeout;
}

/**
 * Long polling: server to client only (the client sends with POST). Records wait in a buffer until a poll
 * takes them; a poll with nothing to take is held up to `longPollMs` and then answered empty (200), and
 * 204 tells the client to stop. Between polls the transport is "detached": the hub disposes the
 * connection when no poll comes back within its disconnect time. No pings here: the polls are the
 * keep-alive.
 */
export class LongPollingSink implements Sink {
  readonly name = 'LongPolling' as const;
  private buffer: string[] = [];
  private bytes = 0;
  private poll: Poll | null = null;
  private idleSince = Date.now();
  private ending: 'no' | 'end' | 'abort' = 'no';
  private finished = false;
  private flushScheduled = false;

  constructor(
    private readonly conn: Connection,
    private readonly longPollMs: number,
  ) {}

  /** A poll (every GET after the first). */
  take(reply: FastifyReply): void {
    if (this.finished) {
      void reply.code(404).type('text/plain').send('No connection with that ID.');
      return;
    }
    // A newer poll supersedes one the server still holds (the client gave up on it): that one gets 204.
    if (this.poll) this.answer(204);
    if (this.bytes > 0 || this.ending !== 'no') {
      this.respond(reply, this.bytes > 0 ? 200 : 204);
      if (this.ending !== 'no') this.finish();
      return;
    }
    const poll: Poll = {
      reply,
      timer: setTimeout(() => {
        if (this.poll === poll) this.answer(200);
      }, this.longPollMs),
    };
    this.poll = poll;
    // The client went away (aborted poll, network): detached until the next poll.
    reply.raw.once('close', () => {
      if (this.poll !== poll) return;
      clearTimeout(poll.timer);
      this.poll = null;
      this.idleSince = Date.now();
    });
  }

  write(text: string): void {
    if (this.finished || this.ending === 'abort') return;
    this.buffer.push(text);
    this.bytes += text.length;
    // Several writes in one turn (an answer and a delivery) go out in one poll answer.
    if (this.poll && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        if (this.poll && this.bytes > 0) this.answerNow();
      });
    }
  }

  end(): void {
    if (this.finished) return;
    this.ending = 'end';
    if (this.poll) this.answerNow();
    else if (this.bytes === 0) this.finish();
    // Else the next poll takes the last records (the Close message), or the hub disposes it.
  }

  abort(): void {
    if (this.finished) return;
    this.ending = 'abort';
    this.buffer = [];
    this.bytes = 0;
    if (this.poll) this.answer(204);
    this.finish();
  }

  /** DELETE: the client stops; a held poll gets 204. */
  terminate(): void {
    this.abort();
  }

  backlog(): number {
    return this.bytes;
  }

  detachedSince(): number | null {
    return this.poll ? null : this.idleSince;
  }

  private answerNow(): void {
    if (!this.poll) return;
    if (this.bytes > 0) this.answer(200);
    else if (this.ending !== 'no') this.answer(204);
    if (this.ending !== 'no' && this.bytes === 0) this.finish();
  }

  private answer(status: 200 | 204): void {
    const poll = this.poll;
    if (!poll) return;
    this.poll = null;
    clearTimeout(poll.timer);
    this.respond(poll.reply, status);
  }

  private respond(reply: FastifyReply, status: 200 | 204): void {
    this.idleSince = Date.now();
    reply.header('Cache-Control', 'no-cache');
    if (status === 204) {
      void reply.code(204).send();
      return;
    }
    const body = this.buffer.join('');
    this.buffer = [];
    this.bytes = 0;
    void reply.code(200).type('text/plain; charset=utf-8').send(body);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.poll) this.answer(204);
    this.conn.transportClosed();
  }
}
