import { describe, expect, it } from 'vitest';
import { userRecord } from '../../../../tests/support/fixtures';
import { menuFor } from '../../../app/menus';
import { opensTvBoard, shortcutsToShow } from './work';

describe('shortcutsToShow', () => {
  const supervisor = userRecord({ PlantID: 6 }, [
    'AccessManufacturing',
    'Supervisor',
    'ViewPayroll',
    'ApprovesTime',
  ]);
  const menu = menuFor('manufacturing', supervisor);

  it('shows the screens opened most when there are page views', () => {
    const viewed = [{ Path: '/analysis/clocks', RouteName: 'Clock Analysis', Views: 4 }];
    expect(shortcutsToShow(viewed, menu)).toEqual({
      visited: true,
      shortcuts: [{ path: '/analysis/clocks', name: 'Clock Analysis' }],
    });
  });

  it("gives a new user their interface's built main screens, its own areas before the general ones", () => {
    const { visited, shortcuts } = shortcutsToShow([], menu);
    expect(visited).toBe(false);
    expect(shortcuts.length).toBeGreaterThan(0);
    expect(shortcuts.length).toBeLessThanOrEqual(6);
    expect(shortcuts.map((s) => s.name)).toContain('Payroll');
    expect(shortcuts.map((s) => s.name)).not.toContain('Intro');
    expect(shortcuts[0]?.name).not.toBe('Video Browser');
    expect(shortcuts.every((s) => !s.path.startsWith('/tv/'))).toBe(true);
  });

  it('suggests nothing when nothing may be opened', () => {
    expect(shortcutsToShow([], [])).toEqual({ visited: false, shortcuts: [] });
  });
});

describe('opensTvBoard', () => {
  it('is true for a TV board only', () => {
    expect(opensTvBoard('/tv/maintenance/womonitor/6')).toBe(true);
    expect(opensTvBoard('/analysis/clocks')).toBe(false);
  });
});
