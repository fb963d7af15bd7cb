import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  CssChunkLoadError,
  isChunkError,
  loadChunk,
  toChunkError,
} from './chunks';

afterEach(() => {
  vi.useRealTimers();
});

/** Records how a promise settled, so a test can look without awaiting. */
function watch<T>(p: Promise<T>) {
  const state: { settled: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = {
    settled: 'pending',
  };
  p.then(
    (value) => {
      state.settled = 'resolved';
      state.value = value;
    },
    (error: unknown) => {
      state.settled = 'rejected';
      state.error = error;
    },
  );
  return state;
}

describe('loadChunk (spec 000 §8, §9)', () => {
  it('the timeout is 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it('resolves with what the import gives and clears its timer', async () => {
    vi.useFakeTimers();
    const module = { Page: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with ChunkLoadError type timeout after exactly 120000 ms', async () => {
    vi.useFakeTimers();
    const state = watch(loadChunk(() => new Promise<never>(() => undefined)));
    await vi.advanceTimersByTimeAsync(119999);
    expect(state.settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe('rejected');
    expect(state.error).toBeInstanceOf(ChunkLoadError);
    expect((state.error as ChunkLoadError).type).toBe('timeout');
    expect((state.error as ChunkLoadError).name).toBe('ChunkLoadError');
  });

  it('uses the timers it is given', async () => {
    let fire: (() => void) | undefined;
    let askedMs = 0;
    const cleared: unknown[] = [];
    const timers = {
      set: (fn: () => void, ms: number) => {
        fire = fn;
        askedMs = ms;
        return 'handle-1';
      },
      clear: (h: unknown) => {
        cleared.push(h);
      },
    };
    const state = watch(loadChunk(() => new Promise<never>(() => undefined), undefined, timers));
    expect(askedMs).toBe(120000);
    fire?.();
    await Promise.resolve();
    expect(state.settled).toBe('rejected');
    expect((state.error as ChunkLoadError).type).toBe('timeout');

    await loadChunk(() => Promise.resolve(1), 50, timers);
    expect(askedMs).toBe(50);
    expect(cleared).toEqual(['handle-1']);
  });

  it('a failed dynamic import becomes ChunkLoadError', async () => {
    const err = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).name).toBe('ChunkLoadError');
    expect((err as ChunkLoadError).type).toBe('error');
    expect((err as Error).message).toBe(
      'Failed to fetch dynamically imported module: https://x/assets/a-1.js',
    );
  });

  it('a stylesheet failure becomes CSS_CHUNK_LOAD_FAILED', async () => {
    const err = await loadChunk(() =>
      Promise.reject(new Error('Unable to preload CSS for /assets/x.css')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CssChunkLoadError);
    expect((err as Error).name).toBe('CSS_CHUNK_LOAD_FAILED');
    expect((err as CssChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect((err as Error).message).toBe('Unable to preload CSS for /assets/x.css');
  });

  it('other errors pass through unchanged', async () => {
    const original = new RangeError('screen threw while loading');
    await expect(loadChunk(() => Promise.reject(original))).rejects.toBe(original);
  });
});

describe('toChunkError', () => {
  it('other browsers’ wording is a chunk error too', () => {
    expect(toChunkError(new TypeError('Importing a module script failed.'))).toBeInstanceOf(ChunkLoadError);
    expect(toChunkError(new Error('error loading dynamically imported module'))).toBeInstanceOf(
      ChunkLoadError,
    );
    expect(toChunkError(new Error('Loading chunk 12 failed.'))).toBeInstanceOf(ChunkLoadError);
  });

  it('a 404 is type missing', () => {
    const e = toChunkError(new Error('Failed to fetch dynamically imported module: /assets/a.js (404)'));
    expect((e as ChunkLoadError).type).toBe('missing');
  });

  it('keeps a chunk error as it is', () => {
    const e = new ChunkLoadError('timeout', 'slow');
    expect(toChunkError(e)).toBe(e);
  });

  it('a non-Error rejection becomes an Error with its text', () => {
    const e = toChunkError('boom');
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(ChunkLoadError);
    expect(e.message).toBe('boom');
  });
});

describe('isChunkError', () => {
  it('is true for both chunk errors and errors named like them', () => {
    expect(isChunkError(new ChunkLoadError('error', 'x'))).toBe(true);
    expect(isChunkError(new CssChunkLoadError('x'))).toBe(true);
    const named = new Error('x');
    named.name = 'ChunkLoadError';
    expect(isChunkError(named)).toBe(true);
    const cssNamed = new Error('x');
    cssNamed.name = 'CSS_CHUNK_LOAD_FAILED';
    expect(isChunkError(cssNamed)).toBe(true);
  });

  it('is false for other errors and non-errors', () => {
    expect(isChunkError(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isChunkError(new TypeError('x'))).toBe(false);
    expect(isChunkError('ChunkLoadError')).toBe(false);
    expect(isChunkError(null)).toBe(false);
  });
});
