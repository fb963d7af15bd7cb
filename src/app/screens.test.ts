import { describe, expect, it } from 'vitest';
import { screenKeys, screenRoutes } from '../../domain/platform/routes';
import { screenLoaders } from './screens';

describe('built screens', () => {
  it('every screen key of the table has a loader that answers a component (Login and Not Found are static)', async () => {
    const lazyKeys = screenKeys.filter((k) => k !== 'login' && k !== 'notfound');
    expect(Object.keys(screenLoaders).sort()).toEqual([...lazyKeys].sort());
    for (const key of lazyKeys) {
      const component = await screenLoaders[key as keyof typeof screenLoaders]();
      expect(typeof component, key).toBe('function');
    }
  });

  it('every screen the table calls built has a loader or is static', () => {
    for (const s of screenRoutes.filter((r) => r.screen)) {
      expect(
        s.screen === 'login' || s.screen === 'notfound' || (s.screen as string) in screenLoaders,
        s.path,
      ).toBe(true);
    }
  });
});
