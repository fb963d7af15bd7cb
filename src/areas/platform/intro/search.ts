import { mayOpen, type ScreenRoute, screenRoutes } from '../../../../domain/platform/routes';

/** One answer of Intro's search box: a screen, or a job's production plan. */
export interface SearchResult {
  kind: 'screen' | 'job';
  /** What the list shows (a screen's title in the user's language, a job number and part). */
  label: string;
  /** The area (screens) or the part and customer (jobs), shown beside the label. */
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

/** A query that can be a job number (J240001, or its digits): worth asking the plan list. */
export const looksLikeJob = (query: string): boolean => /^j?\d{3,}$/i.test(query.trim());

/** The selected row after an arrow key: wraps at both ends; -1 (none) when there are no rows. */
export function moveSelection(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
