import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Access, CallDef, ResultOf } from '../../domain/contract/call';
import type { PendingChange } from '../../domain/live/changes';
import type { PermissionFlag } from '../../domain/platform/permissions';
import type { Sql } from '../db/database';
import type { PlantRule } from './plant-scope';

/** The employee a request acts for, resolved from its token. */
export interface AuthUser {
  employeeId: number;
  plantId: number;
  name: string;
  sessionId: string;
  flags: ReadonlySet<PermissionFlag>;
}

/**
 * A file of a multipart upload, streamed to a temporary file as it arrived (never held whole in
 * memory with the others); the pipeline deletes it when the request ends.
 */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** Its bytes, read from the temporary file: read one file at a time. */
  read(): Promise<Buffer>;
}

export interface FileAnswer {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * A file answered as it is written (the kit's xlsx export): sent chunked, never whole in memory. The
 * stream starts once every check passed; a failure after that can only cut the download short.
 */
export interface StreamedFileAnswer {
  stream: Readable;
  fileName: string;
  contentType: string;
}

export interface RequestInfo {
  ip: string;
  userAgent: string;
  connectionId: string | null;
  /** The caller's own token (for answers that echo the session record); never logged. */
  token: string | null;
  iface: string | null;
  transmission: Record<string, unknown> | null;
}

/** What every handler receives. */
export interface CallContext<P> {
  payload: P;
  /** Null only on a public call made without a valid session. */
  user: AuthUser | null;
  /** The request's transaction for POST (rows, change log and applied post commit together), the pool for GET. */
  db: Sql;
  request: RequestInfo;
  /** Files of a multipart upload. */
  files: UploadedFile[];
  /** Work to do once the transaction has committed (hub notifications, closing connections). */
  afterCommit(fn: () => void | Promise<void>): void;
  /**
   * Records a change of a document for the topic's followers: appended to the change log in this
   * call's transaction (it gets its sequence number at commit) and sent over the backplane after
   * commit. POST only: a GET has no transaction to append in, and throws.
   */
  publish(change: PendingChange): void;
}

export type Handler<C extends CallDef> = (
  ctx: CallContext<z.output<C['payload']>>,
) => Promise<[ResultOf<C>] extends [never] ? FileAnswer | StreamedFileAnswer : ResultOf<C>>; // file calls declare result z.never()

export interface Entry {
  call: CallDef;
  handler: (ctx: CallContext<unknown>) => Promise<unknown>;
  /** The call's plant rule when it is not in server/rpc/plant-scope.ts's table (calls a test registers). */
  plant?: PlantRule;
}

/** Every implemented call by method and path. An area registers its handlers here at start-up. */
export class CallRegistry {
  private readonly entries = new Map<string, Entry>();

  handle<C extends CallDef>(call: C, handler: Handler<C>, options: { plant?: PlantRule } = {}): void {
    for (const method of [call.method, call.alsoMethod].filter(Boolean)) {
      const key = `${method} ${call.path.toLowerCase()}`;
      if (this.entries.has(key)) throw new Error(`Call ${key} is registered twice`);
      this.entries.set(key, { call, handler: handler as Entry['handler'], plant: options.plant });
    }
  }

  /** Paths are matched case-insensitively: the legacy client spells `translation/translate` both ways. */
  find(method: string, path: string): Entry | undefined {
    return this.entries.get(`${method} ${path.toLowerCase()}`);
  }

  all(): Entry[] {
    return [...new Set(this.entries.values())];
  }
}

const human = (flag: string) => flag.replace(/([A-Z])/g, ' $1').toLowerCase();

/** Null when allowed; otherwise the sentence to answer with. */
export function accessProblem(access: Access, user: AuthUser | null): 'login' | string | null {
  if (access === 'public') return null;
  if (!user) return 'login';
  if (access === 'user') return null;
  if ('allOf' in access) {
    const missing = access.allOf.filter((f) => !user.flags.has(f));
    return missing.length
      ? `You do not have permission to do this (it needs: ${missing.map(human).join(', ')}).`
      : null;
  }
  return access.anyOf.some((f) => user.flags.has(f))
    ? null
    : `You do not have permission to do this (it needs one of: ${access.anyOf.map(human).join(', ')}).`;
}
