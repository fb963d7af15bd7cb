import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_TAKE_MAX, type SearchResult } from '../../../../domain/platform/search';
import { useT } from '../../../i18n';
import { moveSelection } from '../intro/search';
import { flatResults, SearchResultGroups, totalText } from './SearchResults';
import { useGlobalSearch } from './use-global-search';
import './search.css';

/** Results per kind on the page; one kind alone (?kind=) shows up to the call's maximum. */
const PAGE_TAKE = 10;

/**
 * /globalsearch (issue 16): every kind of record the user may see, grouped, with how many match per
 * kind; a kind's button lists that kind alone (up to 50), again shows every kind. The query and the kind are in the address (the shell's
 * "All results" lands here), so a search can be linked and Back returns to it. The arrow keys move
 * from the box through the results, Enter opens one.
 */
export function GlobalSearchPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') ?? undefined;
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [selected, setSelected] = useState(-1);
  const answer = useGlobalSearch(query, { take: kind ? SEARCH_TAKE_MAX : PAGE_TAKE, kind, delayMs: 200 });
  const results = answer.query === query.trim() ? flatResults(answer.groups) : [];
  const input = useRef<HTMLInputElement>(null);

  // The address follows the box, replacing itself while typing.
  useEffect(() => {
    const q = query.trim();
    if ((params.get('q') ?? '') === q) return;
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [query, params, setParams]);

  const pick = (r: SearchResult) => void navigate(r.Link);
  const showKind = (k: string | null) => {
    const next = new URLSearchParams(params);
    if (k) next.set('kind', k);
    else next.delete('kind');
    setParams(next);
    setSelected(-1);
    input.current?.focus();
  };

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((s) => moveSelection(s, e.key as 'ArrowDown' | 'ArrowUp', results.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const r = results[selected] ?? results[0];
      if (r) pick(r);
    } else if (e.key === 'Escape') {
      setQuery('');
      setSelected(-1);
    }
  }

  const q = query.trim();
  const listId = 'global-search-results';
  const kindGroup = kind ? answer.groups.find((g) => g.Kind === kind) : undefined;
  return (
    <section className="page global-search-page">
      <h1>{t('Global Search')}</h1>
      <div className="global-search-box">
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label={t('Search everything')}
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={selected >= 0 ? `${listId}-option-${selected}` : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the page exists to type a search.
          autoFocus
          placeholder={t('A name, a number, a customer…')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {kind ? (
          <button type="button" onClick={() => showKind(null)}>
            {t('Every kind')}
          </button>
        ) : null}
      </div>
      <p className="muted" role="status" aria-live="polite">
        {!q
          ? t('Type to find employees, jobs and plans, orders and devices: whatever you may open.')
          : answer.loading || answer.query !== q
            ? t('Searching…')
            : answer.error
              ? answer.error
              : answer.groups.length
                ? kindGroup
                  ? t('{{n}} found in {{kind}}.', { n: totalText(kindGroup), kind: t(kindGroup.Label) })
                  : t('Kinds of records found: {{n}}.', { n: answer.groups.length })
                : t('No records found for "{{query}}".', { query: q })}
      </p>
      {answer.groups.length && answer.query === q ? (
        <fieldset className="search-kinds">
          <legend className="visually-hidden">{t('Kinds of records')}</legend>
          {answer.groups.map((g) => (
            <button
              key={g.Kind}
              type="button"
              aria-pressed={kind === g.Kind}
              onClick={() => showKind(kind === g.Kind ? null : g.Kind)}
            >
              {t(g.Label)} <span className="count">{totalText(g)}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
      {results.length ? (
        <div id={listId} role="listbox" aria-label={t('Search results')} className="search-list">
          <SearchResultGroups groups={answer.groups} idPrefix={listId} selected={selected} onPick={pick} />
        </div>
      ) : null}
    </section>
  );
}
