import { WireConstants } from '../../domain/contract/wire';

/**
 * Loading a screen's code (spec 000 §8): a script chunk that fails or takes longer than 120000 ms is a
 * `ChunkLoadError` (type `missing`, `timeout` or `error`); a stylesheet chunk that fails is
 * `CSS_CHUNK_LOAD_FAILED`. Either means the product was updated under an open tab (old chunk names are
 * gone) or the network dropped: the shell shows an info message whose closing reloads the page.
 */
export const CHUNK_LOAD_TIMEOUT_MS = WireConstants.chunkLoadTimeoutMs;

export type ChunkErrorType = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly type: ChunkErrorType,
    message: string,
    readonly request?: string,
  ) {
    super(message);
  }
}

export class CssChunkLoadError extends Error {
  override readonly name = 'CSS_CHUNK_LOAD_FAILED';
  readonly code = 'CSS_CHUNK_LOAD_FAILED';
}

/** The info message of spec 000 §8 for a screen chunk failure. */
export const updateAvailableMessage =
  'An update to the product is available. Touch or click outside this box to refresh.';

/** Browsers word a failed dynamic import differently; all mean the chunk could not be had. */
const failedImport =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk .* failed/i;

/** What a rejected `import()` becomes: a typed chunk error. */
export function toChunkError(error: unknown): Error {
  if (error instanceof ChunkLoadError || error instanceof CssChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/Unable to preload CSS/i.test(message)) return new CssChunkLoadError(message);
  if (failedImport.test(message)) {
    const type: ChunkErrorType = /404|not found/i.test(message) ? 'missing' : 'error';
    return new ChunkLoadError(type, message);
  }
  return error instanceof Error ? error : new Error(message);
}

export function isChunkError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    error instanceof CssChunkLoadError ||
    (error instanceof Error && (error.name === 'ChunkLoadError' || error.name === 'CSS_CHUNK_LOAD_FAILED'))
  );
}

/**
 * Runs a dynamic import with the chunk timeout: rejects with ChunkLoadError('timeout') after
 * `timeoutMs`, and turns a failed fetch into ChunkLoadError('error' or 'missing').
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  // Arrow functions: a browser's setTimeout called as a method of another object throws "Illegal invocation".
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.set(
      () => reject(new ChunkLoadError('timeout', `Loading a screen timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        timers.clear(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clear(timer);
        reject(toChunkError(error));
      },
    );
  });
}
