import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One report read: runs `read` whenever `key` changes (and on `reload()`), keeps only the latest
 * answer (an older one arriving late is dropped), and keeps showing the previous rows until the new
 * ones are in (`stale`). `read` null waits (no schedule chosen yet).
 */
export function useReport<T>(key: string, read: (() => Promise<T>) | null) {
  const [state, setState] = useState<{ key: string; data: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const latest = useRef(read);
  latest.current = read;
  const reload = useCallback(() => {
    const run = latest.current;
    if (!run) return;
    const mine = ++request.current;
    setLoading(true);
    run().then(
      (data) => {
        if (mine !== request.current) return;
        setState({ key, data });
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== request.current) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
  }, [key]);
  const ready = read !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` starts the first read once possible.
  useEffect(reload, [reload, ready]);
  return {
    data: state?.data ?? null,
    stale: state !== null && state.key !== key,
    error,
    loading,
    reload,
  };
}
