import type { CallDef, PayloadOf, ResultOf } from '../../domain/contract/call';
import type { ApiClient } from '../api';

/**
 * GET answers shared for a few seconds, by path and payload: a route's loader asks for a screen's first
 * data while the screen's chunk and the store are still loading (src/app/screens.ts screenPrefetch), and
 * the screen, when it renders (possibly several times before its first commit), picks up the same
 * request instead of sending it again. Lives in the first chunk, so the loader need not wait for the
 * area's chunk to send it.
 */
const SHARE_MS = 3000;

interface Entry {
  at: number;
  promise: Promise<unknown>;
}
const shared = new Map<string, Entry>();

export function sharedGet<C extends CallDef>(
  api: Pick<ApiClient, 'get'>,
  call: C,
  payload: PayloadOf<C>,
  now = Date.now(),
  opts: { inline?: boolean } = {},
): { promise: Promise<ResultOf<C>>; fresh: boolean } {
  const key = `${call.path.toLowerCase()} ${JSON.stringify(payload)}`;
  const have = shared.get(key);
  if (have && now - have.at < SHARE_MS)
    return { promise: have.promise as Promise<ResultOf<C>>, fresh: false };
  const promise = api.get(call, payload, opts);
  // Handled where it is used; this keeps an unused prefetch's failure from being "unhandled".
  promise.catch(() => undefined);
  shared.set(key, { at: now, promise });
  for (const [k, v] of shared) if (now - v.at >= SHARE_MS) shared.delete(k);
  return { promise, fresh: true };
}
