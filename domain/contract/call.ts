import type { z } from 'zod';
import type { PermissionFlag } from '../platform/permissions';

/**
 * Who may make a call. `public`: anyone (login, TV data). `user`: any logged-in employee. A list of
 * flags: a logged-in employee holding every one of them. Row-level rules (for example "only your own
 * record unless you are an employee administrator") live in the server area's policy.
 */
export type Access =
  | 'public'
  | 'user'
  | { allOf: readonly PermissionFlag[] }
  | { anyOf: readonly PermissionFlag[] };

/** How a call travels: GET (values in the query), POST (values in a JSON body). */
export type Method = 'GET' | 'POST';

export interface CallDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: Method;
  /** Relative path under /api/, exactly as the spec gives it, e.g. `web/UpdateEmployee`. */
  path: string;
  /** The call's own values (the transport fields are added by the request layer). */
  payload: P;
  /** Shape of the parsed ResultJSON. */
  result: R;
  access: Access;
  /** One line for the README's call list and error messages. */
  summary: string;
  /**
   * `envelope` (the default): the answer is the envelope of spec 000 §3.3. `file`: the answer is the
   * bytes of a file, and a failure is JSON with a `message` (spec 000 §7.1 file download, §8).
   */
  response?: 'envelope' | 'file';
  /** Also accept this call by the other method (file download is both GET and POST, spec 000 §7.1). */
  alsoMethod?: Method;
  /**
   * The result carries a secret (a new session token). Such a call is never remembered by PostID
   * (applied_posts would keep the secret, and a repeated PostID would hand it out without the
   * password) and cannot be sent through web/PostQueueBatch.
   */
  secret?: true;
  /**
   * `false`: a POST that runs without the request transaction and makes its own writes. For web/Login:
   * a password check must not hold a database connection (on PGlite, the only one) for its 100 ms, and
   * a failed attempt must be counted although the call fails. Such a call cannot publish changes.
   */
  transaction?: false;
}

/** Declares a call once; the server validates against it and the client types its requests with it. */
export function defineCall<P extends z.ZodType, R extends z.ZodType>(def: CallDef<P, R>): CallDef<P, R> {
  return def;
}

export type PayloadOf<C> = C extends CallDef<infer P, z.ZodType> ? z.input<P> : never;
export type ResultOf<C> = C extends CallDef<z.ZodType, infer R> ? z.output<R> : never;
