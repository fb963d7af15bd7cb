/**
 * What a handler throws to answer with an envelope other than success (spec 000 §8). Anything else a
 * handler throws is a server fault: logged with a reference, answered with a generic Error envelope.
 */
export type CallErrorKind = 'error' | 'sorry' | 'silent';

export class CallError extends Error {
  constructor(
    message: string,
    readonly kind: CallErrorKind = 'error',
    /** HTTP status to answer with; the envelope carries the message either way. */
    readonly status = 200,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

/** Bad input: an Error envelope, nothing written. */
export const invalid = (message: string) => new CallError(message, 'error', 200);
/** A rule of the business refused the request: shown as a warning. */
export const sorry = (message: string) => new CallError(message, 'sorry', 200);
/** Not allowed: 403 with an Error envelope. */
export const forbidden = (message: string) => new CallError(message, 'error', 403);
/** No such thing: for file calls a 404 with a JSON message. */
export const notFound = (message: string) => new CallError(message, 'error', 404);

/** A 401 whose status text the client shows (spec 000 §4). */
export class Unauthorized extends Error {
  constructor(readonly statusText: string) {
    super(statusText);
    this.name = 'Unauthorized';
  }
}

/** 429: too many failed logins. */
export class TooManyRequests extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'TooManyRequests';
  }
}
