import { describe, expect, it } from 'vitest';
import { screenByName } from '../../../../domain/platform/routes';
import type { SearchGroup } from '../../../../domain/platform/search';
import { mergeResults, moveSelection, type SearchResult, searchableScreens, searchScreens } from './search';

const spanish: Record<string, string> = { Payroll: 'Nómina', 'Production Plans': 'Planes de producción' };
const es = (t: string) => spanish[t] ?? t;
const en = (t: string) => t;

describe('searchableScreens', () => {
  it('lists the menu screens the user may open, never a TV board', () => {
    const names = searchableScreens(new Set(['viewPayroll'])).map((s) => s.name);
    expect(names).toContain('Payroll');
    expect(names).not.toContain('Production Plans');
    expect(names.some((n) => screenByName(n).area === 'tv')).toBe(false);
    expect(searchableScreens(new Set(['viewProductionPlans'])).map((s) => s.name)).toContain(
      'Production Plans',
    );
  });
});

describe('searchScreens', () => {
  const screens = searchableScreens(new Set(['viewPayroll', 'viewProductionPlans', 'approvesTime']));

  it('finds by the title in the user language, accents and case aside, or by the English title', () => {
    expect(searchScreens('nomina', screens, es)[0]).toEqual({
      kind: 'screen',
      label: 'Nómina',
      detail: 'time',
      path: '/payroll',
    });
    expect(searchScreens('payroll', screens, es)[0]?.path).toBe('/payroll');
    expect(searchScreens('', screens, es)).toEqual([]);
  });

  it('puts a title starting with the query first, then a word starting with it, then anywhere', () => {
    const paths = searchScreens('plan', screens, en).map((r) => r.path);
    expect(paths[0]).toBe('/productionplans');
    const found = searchScreens('clock', screens, en).map((r) => r.label);
    expect(found[0]).toBe('Clock Analysis');
  });

  it('needs every word, and keeps to the limit', () => {
    expect(searchScreens('production zzz', screens, en)).toEqual([]);
    expect(searchScreens('a', screens, en, 3)).toHaveLength(3);
  });
});

describe('mergeResults', () => {
  const result = (Title: string, Match: 'exact' | 'prefix' | 'word' | 'contains' | 'fuzzy') => ({
    Kind: 'job',
    Key: Title,
    Title,
    Detail: 'UP-3X4 · Acme',
    Link: `/productionplan/${Title}`,
    PlantID: 1,
    Match,
  });
  const jobs: SearchGroup[] = [
    {
      Kind: 'job',
      Label: 'Jobs and plans',
      Total: 3,
      Capped: false,
      Results: [result('J240001', 'exact'), result('J240010', 'prefix'), result('J240100', 'fuzzy')],
    },
  ];
  const screen: SearchResult = { kind: 'screen', label: 'Payroll', detail: 'time', path: '/payroll' };

  it('puts records whose title is or starts with the query first, then screens, then the rest', () => {
    const merged = mergeResults(jobs, [screen], (t) => `«${t}»`);
    expect(merged.map((r) => r.label)).toEqual(['J240001', 'J240010', 'Payroll', 'J240100']);
    expect(merged[0]).toEqual({
      kind: 'job',
      label: 'J240001',
      detail: '«Jobs and plans» · UP-3X4 · Acme',
      path: '/productionplan/J240001',
    });
  });

  it('keeps to the limit', () => {
    expect(mergeResults(jobs, [screen], (t) => t, 2).map((r) => r.label)).toEqual(['J240001', 'J240010']);
  });
});

describe('moveSelection', () => {
  it('moves down and up, wrapping, and selects nothing in an empty list', () => {
    expect(moveSelection(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveSelection(2, 'ArrowDown', 3)).toBe(0);
    expect(moveSelection(0, 'ArrowUp', 3)).toBe(2);
    expect(moveSelection(1, 'ArrowUp', 3)).toBe(0);
    expect(moveSelection(0, 'ArrowDown', 0)).toBe(-1);
  });
});
