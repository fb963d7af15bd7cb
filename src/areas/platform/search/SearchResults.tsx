import type { SearchGroup, SearchResult } from '../../../../domain/platform/search';
import { useT } from '../../../i18n';

/** A result's place in the flat order the arrow keys move through. */
export function flatResults(groups: readonly SearchGroup[]): SearchResult[] {
  return groups.flatMap((g) => g.Results);
}

/** "3", or "1000+" when the count stopped at its cap. */
export function totalText(group: SearchGroup): string {
  return group.Capped ? `${group.Total}+` : String(group.Total);
}

/**
 * Results grouped by kind as listbox options (the shell's box and /globalsearch): each group headed
 * by its kind and how many match, each option its title and detail. `selected` is an index into
 * flatResults(groups).
 */
export function SearchResultGroups({
  groups,
  idPrefix,
  selected,
  onPick,
  footer,
}: {
  groups: readonly SearchGroup[];
  idPrefix: string;
  selected: number;
  onPick(result: SearchResult): void;
  footer?: (group: SearchGroup) => React.ReactNode;
}) {
  const t = useT();
  let index = -1;
  return (
    <>
      {groups.map((g) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (a fieldset is a form's).
        <div key={g.Kind} role="group" aria-labelledby={`${idPrefix}-${g.Kind}`} className="search-group">
          <div id={`${idPrefix}-${g.Kind}`} className="search-group-head" role="presentation">
            <span>{t(g.Label)}</span>
            <span className="muted">{totalText(g)}</span>
          </div>
          {g.Results.map((r) => {
            index += 1;
            const i = index;
            return (
              <div
                key={`${r.Kind}:${r.Key}`}
                id={`${idPrefix}-option-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === selected}
                className={i === selected ? 'search-option selected' : 'search-option'}
                data-match={r.Match}
                onMouseDown={(e) => {
                  // Before the box's blur closes the list.
                  e.preventDefault();
                  onPick(r);
                }}
              >
                <span className="result-label">{r.Title}</span>
                {r.Detail ? <span className="muted result-detail">{r.Detail}</span> : null}
              </div>
            );
          })}
          {footer?.(g)}
        </div>
      ))}
    </>
  );
}
