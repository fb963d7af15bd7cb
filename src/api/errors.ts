// One notion of "which posts were applied": the queue machine recognises this failure by its class.
import { PostFailure as QueuePostFailure } from '../../machines/post-queue.machine';
/** Why a request failed; see the error catalogue in README.md. */
export type ApiErrorKind =
  | 'error'
  | 'sorry'
  | 'silent'
  | 'outOfOrder'
  | 'unauthorized'
  | 'http'
  | 'network'
  | 'invalid';

/**
 * The rejection of every request the client makes (except a refused queued post, see {@link PostFailure}).
 * `kind` says which row of the error catalogue applied; `status` is the HTTP status when there was one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    public readonly kind: ApiErrorKind,
    message: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}

/** How the server refused a queued post: the envelope flag that was set. */
export type PostFailureKind = 'error' | 'sorry' | 'silent';

/**
 * A queued post (or one post of a batch) that the server refused. `message` is the refusing envelope's
 * Message; `appliedPostIds` are the posts of the same request that the server did apply before it, so the
 * queue can drop them and keep the rest. Never shown by the request layer: the queue's error callback does.
 */
export class PostFailure extends QueuePostFailure {
  override readonly name = 'PostFailure';
  /** Which envelope flag refused the post (`error` when the server gave no envelope for it). */
  readonly kind: PostFailureKind;
  /** PostID of the refused post, when known. */
  readonly failedPostId: string | null;

  constructor(
    message: string,
    appliedPostIds: string[],
    details: { kind?: PostFailureKind; failedPostId?: string | null } = {},
  ) {
    super(message, appliedPostIds);
    this.kind = details.kind ?? 'error';
    this.failedPostId = details.failedPostId ?? null;
  }
}

/** The sentence to show for a failed request: the server's Sorry or Error text, or the transport's. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
