import { describe, expect, it } from 'vitest';
import { screenKeys, screenRoutes } from '../../domain/platform/routes';
import { preloadScreen, screenComponent, screenLoaders } from './screens';

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

  it('a preloaded screen renders as itself, not through React.lazy (which would suspend once)', async () => {
    const lazyType = Symbol.for('react.lazy');
    await preloadScreen('connections');
    const component = screenComponent('connections') as unknown as { $$typeof?: symbol };
    expect(component.$$typeof).not.toBe(lazyType);
    expect(component).toBe(await screenLoaders.connections());
    // Not preloaded: React.lazy, made once, and kept even after its chunk arrives (no remount).
    const first = screenComponent('translations') as unknown as { $$typeof?: symbol };
    expect(first.$$typeof).toBe(lazyType);
    await preloadScreen('translations');
    expect(screenComponent('translations')).toBe(first);
  });
});
