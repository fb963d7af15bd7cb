import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchResult } from '../../../../domain/platform/search';
import { useT } from '../../../i18n';
import { moveSelection } from '../intro/search';
import { flatResults, SearchResultGroups } from './SearchResults';
import { useGlobalSearch } from './use-global-search';
import './search.css';

/** Results per kind the header shows; the rest are one "All results" away. */
const SHELL_TAKE = 3;

/** /globalsearch with a query. */
export const allResultsPath = (query: string) => `/globalsearch?q=${encodeURIComponent(query.trim())}`;

/**
 * The header's search box (issue 16): every kind of record the user may see, as they type, a few per
 * kind; the arrow keys move, Enter opens the selected result (or the first), the last option opens
 * every result on /globalsearch, Escape closes. "/" anywhere outside a text field puts the cursor here.
 */
export function ShellSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const answer = useGlobalSearch(open ? query : '', { take: SHELL_TAKE });
  const q = query.trim();
  const current = answer.query === q;
  const results = current ? flatResults(answer.groups) : [];
  // One more option after the results: every result on /globalsearch.
  const count = q ? results.length + 1 : 0;

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        input.current?.focus();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function finish(path: string) {
    setQuery('');
    setSelected(-1);
    setOpen(false);
    input.current?.blur();
    void navigate(path);
  }
  const pick = (r: SearchResult) => finish(r.Link);

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setSelected((s) => moveSelection(s, e.key as 'ArrowDown' | 'ArrowUp', count));
    } else if (e.key === 'Enter' && q) {
      e.preventDefault();
      if (selected === results.length || (selected < 0 && !results.length)) finish(allResultsPath(q));
      else pick(results[selected] ?? results[0]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (query) setQuery('');
      else input.current?.blur();
      setSelected(-1);
    }
  }

  const listId = 'shell-search-results';
  const active = selected >= 0 && selected < count ? `${listId}-option-${selected}` : undefined;
  const showList = open && Boolean(q);
  return (
    <search className="shell-search">
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={t('Search everything')}
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={active}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={t('Search…')}
        aria-keyshortcuts="/"
        title={t('Search everything (press /)')}
        data-testid="shell-search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setSelected(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t('Search results')}
          className="shell-search-results card"
        >
          {current && !answer.groups.length ? (
            <p className="muted search-empty" role="status">
              {answer.error ?? t('No records found for "{{query}}".', { query: q })}
            </p>
          ) : null}
          {!current ? (
            <p className="muted search-empty" role="status">
              {t('Searching…')}
            </p>
          ) : null}
          <SearchResultGroups
            groups={current ? answer.groups : []}
            idPrefix={listId}
            selected={selected}
            onPick={pick}
          />
          <div
            id={`${listId}-option-${results.length}`}
            role="option"
            tabIndex={-1}
            aria-selected={selected === results.length}
            className={
              selected === results.length ? 'search-option search-all selected' : 'search-option search-all'
            }
            onMouseDown={(e) => {
              e.preventDefault();
              finish(allResultsPath(q));
            }}
          >
            {t('All results for "{{query}}"', { query: q })}
          </div>
        </div>
      ) : null}
    </search>
  );
}
