import { useEffect, useRef, useState } from 'react';
import { GlobalSearch, type SearchGroup, searchWords } from '../../../../domain/platform/search';
import { messageOf } from '../../../api/errors';
import { useCore } from '../../../app/context';

export interface GlobalSearchState {
  /** The query these groups answer (the box may already hold a newer one). */
  query: string;
  groups: SearchGroup[];
  loading: boolean;
  error: string | null;
}

/**
 * Asks web/GlobalSearch as the user types: after a short pause, never for a text with no letter or
 * digit, and only the answer to the latest text is kept (a slow early answer never replaces a later one).
 */
export function useGlobalSearch(
  query: string,
  options: { take?: number; kind?: string; delayMs?: number } = {},
): GlobalSearchState {
  const { backgroundApi } = useCore();
  const { take = 5, kind, delayMs = 150 } = options;
  const [state, setState] = useState<GlobalSearchState>({
    query: '',
    groups: [],
    loading: false,
    error: null,
  });
  const latest = useRef(0);

  useEffect(() => {
    const q = query.trim();
    const ticket = ++latest.current;
    if (!searchWords(q).length) {
      setState({ query: q, groups: [], loading: false, error: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      backgroundApi.get(GlobalSearch, { Query: q, Take: take, ...(kind ? { Kind: kind } : {}) }).then(
        (answer) => {
          if (ticket === latest.current)
            setState({ query: q, groups: answer.Groups, loading: false, error: null });
        },
        (error: unknown) => {
          if (ticket === latest.current)
            setState({ query: q, groups: [], loading: false, error: messageOf(error) });
        },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [backgroundApi, query, take, kind, delayMs]);

  return state;
}
