import { describe, expect, it } from 'vitest';
import { screenByName } from '../../../../domain/platform/routes';
import { looksLikeJob, moveSelection, searchableScreens, searchScreens } from './search';

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

describe('looksLikeJob', () => {
  it('is a job number with or without its J', () => {
    expect(looksLikeJob('J240001')).toBe(true);
    expect(looksLikeJob('240001')).toBe(true);
    expect(looksLikeJob('j24')).toBe(false);
    expect(looksLikeJob('payroll')).toBe(false);
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
