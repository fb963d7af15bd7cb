import type { Page } from '@playwright/test';

/**
 * Navigates inside the running app, as a link click does (no reload): the rules of spec 000 §2.3 that
 * depend on where the user comes from ("leaving /manufacturing", "leaving /installers", Login from a
 * /manufacturing/ path) only apply to such navigations. React Router follows history on popstate.
 */
export async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** A concrete address for a table path: sample values for parameters, optional ones left out. */
export function samplePath(path: string): string {
  const samples: Record<string, string> = {
    orderNum: '100234',
    jobNumToLoad: 'J240001',
    documentRef: '12&3',
  };
  return path
    .replace(/\/:[A-Za-z0-9_]+\?/g, '')
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(samples[name] ?? '1'));
}
