import { mayOpen, type ScreenRoute, screenRoutes } from '../../../../domain/platform/routes';
import type { SearchGroup } from '../../../../domain/platform/search';

/** One answer of Intro's search box: a screen, or a record of global search (its kind). */
export interface SearchResult {
  kind: 'screen' | (string & {});
  /** What the list shows (a screen's title in the user's language, a record's title). */
  label: string;
  /** The area (screens) or the record's kind and detail, shown beside the label. */
  detail: string;
  path: string;
}

/**
 * The screens Intro's search box finds: those with a menu entry that the user may open, TV boards
 * left out (opening one turns the tab into a TV).
 */
export function searchableScreens(flags: ReadonlySet<string>): ScreenRoute[] {
  return screenRoutes.filter((s) => s.inMenu && s.area !== 'tv' && mayOpen(s, flags));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Screens whose title (translated or English) holds every word of `query`, best first: the title
 * starting with the query, then a word of it starting so, then anywhere; built screens before those
 * not built yet; then by title. Accents and case do not matter ("nomina" finds "Nómina").
 */
export function searchScreens(
  query: string,
  screens: readonly ScreenRoute[],
  translate: (text: string) => string,
  limit = 8,
): SearchResult[] {
  const q = fold(query.trim());
  if (!q) return [];
  const words = q.split(/\s+/);
  const scored: Array<{ score: number; label: string; s: ScreenRoute }> = [];
  for (const s of screens) {
    const label = translate(s.title);
    const titles = [fold(label), fold(s.title)];
    if (!titles.some((t) => words.every((w) => t.includes(w)))) continue;
    const rank = Math.min(
      ...titles.map((t) =>
        t.startsWith(q) ? 0 : t.split(/[\s/-]+/).some((w) => w.startsWith(words[0]!)) ? 1 : 2,
      ),
    );
    scored.push({ score: rank * 2 + (s.screen ? 0 : 1), label, s });
  }
  scored.sort((a, b) => a.score - b.score || a.label.localeCompare(b.label));
  return scored.slice(0, limit).map(({ label, s }) => ({
    kind: 'screen',
    label,
    detail: s.area,
    // An optional trailing parameter opens the screen without it (as the menu does).
    path: s.path.replace(/\/:[^/]+\?$/, ''),
  }));
}

/**
 * Intro's list: records of global search (web/GlobalSearch, the header box's service) and the
 * screens found here. A record whose title is the query or starts with it comes first (a job number
 * typed whole), then the screens, then the other records; at most `limit`.
 */
export function mergeResults(
  records: readonly SearchGroup[],
  screens: readonly SearchResult[],
  translate: (text: string) => string,
  limit = 12,
): SearchResult[] {
  const strong: SearchResult[] = [];
  const weak: SearchResult[] = [];
  for (const group of records) {
    for (const r of group.Results) {
      const result: SearchResult = {
        kind: r.Kind,
        label: r.Title,
        detail: [translate(group.Label), r.Detail].filter(Boolean).join(' · '),
        path: r.Link,
      };
      (r.Match === 'exact' || r.Match === 'prefix' ? strong : weak).push(result);
    }
  }
  return [...strong, ...screens, ...weak].slice(0, limit);
}

/** The selected row after an arrow key: wraps at both ends; -1 (none) when there are no rows. */
export function moveSelection(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
