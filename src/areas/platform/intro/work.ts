import type { Shortcut, WorkKind } from '../../../../domain/platform/my-work';
import type { MenuSection } from '../../../app/menus';

/** What each count is, as a person reads it (English keys of src/i18n; `n` is the count). */
export const WORK_LABELS: Record<WorkKind, string> = {
  missingPunchOuts: 'Missing punch-outs to correct',
  weeksToLock: "Last week's payroll weeks to lock",
  openWorkOrders: 'Open maintenance work orders',
  openFixtureRequests: 'Open fixture requests',
  twoHourChecks: 'Two-hour checks due',
};

/** The English key of a kind's label (t() translates it). */
export const workLabel = (kind: WorkKind): string => WORK_LABELS[kind];

/** How many main screens a new user's shortcuts show. */
export const DEFAULT_SHORTCUTS = 6;

/**
 * The shortcuts Intro shows: the screens the user opened most, or, for someone with no page views yet
 * (a new user), the first built screens of their interface's menu. `visited` false marks the default.
 */
export function shortcutsToShow(
  viewed: readonly Shortcut[],
  menu: readonly MenuSection[],
): { visited: boolean; shortcuts: Array<{ path: string; name: string }> } {
  if (viewed.length)
    return { visited: true, shortcuts: viewed.map((s) => ({ path: s.Path, name: s.RouteName })) };
  // The interface's own areas before the general screens every office interface lists.
  const main = [...menu]
    .sort((a, b) => Number(a.area === 'platform') - Number(b.area === 'platform'))
    .flatMap((section) => section.screens)
    .filter((s) => s.screen && s.name !== 'Intro' && s.area !== 'tv')
    .slice(0, DEFAULT_SHORTCUTS)
    .map((s) => ({ path: s.path.replace(/\/:[^/]+\?$/, ''), name: s.name }));
  return { visited: false, shortcuts: main };
}

/** A TV board opens in a new tab: in this one it would turn the tab into a TV (spec 000 §2.3). */
export const opensTvBoard = (path: string): boolean => path.startsWith('/tv/');
