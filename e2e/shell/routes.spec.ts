import { expect, test } from '@playwright/test';
import { redirectRoutes, resolvePath, screenRoutes } from '../../domain/platform/routes';
import { samplePath, spaNavigate } from '../support/nav';
import { logIn } from '../support/session';

/**
 * Every address of the route table (spec 000 §2.1, §2.2) as an administrator: no unexpected Not Found,
 * the title is the screen's name, and every redirect lands where the spec says. Navigation happens inside
 * the app (as links do), so the 400-odd addresses take seconds, not minutes. Office screens first, then
 * TV, then the shop-floor app, because entering /manufacturing keeps the user there (spec 000 §2.3).
 */
// Installers last but one and the shop-floor app last: the administrator holds the installer flag too,
// and both areas keep their users in (spec 000 §2.3).
const order = (path: string) =>
  path.startsWith('/manufacturing') ? 3 : path.startsWith('/installers') ? 2 : path.startsWith('/tv') ? 1 : 0;

test('every screen of the route table opens with its name as the title', async ({ page }) => {
  test.setTimeout(240_000);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404 && new URL(r.url()).pathname.startsWith('/assets/'))
      failures.push(`404 ${r.url()}`);
  });
  await logIn(page, 'admin');
  const screens = screenRoutes
    .filter((s) => s.name !== 'Login')
    .sort((a, b) => order(a.path) - order(b.path));
  for (const screen of screens) {
    const path = samplePath(screen.path);
    await spaNavigate(page, path);
    const landed = resolvePath(path).path;
    try {
      await expect(page).toHaveTitle(screen.title, { timeout: 5000 });
      await expect(page).toHaveURL((u) => u.pathname === landed);
      if (screen.name !== 'Not Found') await expect(page.getByTestId('not-found')).toHaveCount(0);
      await expect(page.getByTestId('no-access')).toHaveCount(0);
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  expect(failures).toEqual([]);
  expect(screens.length).toBeGreaterThan(380);
});

test('every redirect of the route table lands where spec 000 says', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin');
  const redirects = [...redirectRoutes].sort((a, b) => order(a.path) - order(b.path));
  const failures: string[] = [];
  for (const r of redirects) {
    const from = samplePath(r.path);
    const to = resolvePath(from).path;
    await spaNavigate(page, from);
    try {
      await expect(page).toHaveURL((u) => u.pathname === to, { timeout: 5000 });
    } catch {
      failures.push(`${from} landed on ${new URL(page.url()).pathname}, expected ${to}`);
    }
  }
  expect(failures).toEqual([]);
  // The spec's own examples, spelled out.
  expect(resolvePath('/').path).toBe('/intro');
  expect(resolvePath('/config').path).toBe('/pages/404');
  expect(resolvePath('/scheduling/settings').path).toBe('/scheduling/settings/shifts');
});

test('an address that is not in the table shows Not Found, and /pages goes to /pages/404', async ({
  page,
}) => {
  await logIn(page, 'admin');
  await page.goto('/no/such/screen');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveTitle('Not Found');
  await page.goto('/pages');
  await expect(page).toHaveURL(/\/pages\/404$/);
});

test('/screenviewer lists every screen with its area, interface and whether it is built', async ({
  page,
}) => {
  await logIn(page, 'admin');
  await page.goto('/screenviewer');
  const counts = page.getByTestId('catalogue-counts');
  await expect(counts).toContainText(`${screenRoutes.length} screens`);
  const built = screenRoutes.filter((s) => s.screen).length;
  await expect(counts).toContainText(`${built} built`);
  await page.getByLabel('Search path or name').fill('kpimonitor');
  const row = page.getByRole('row', { name: /KPI Monitor/ });
  await expect(row).toContainText('/tv/kpimonitor/{plantId}');
  await expect(row).toContainText('tv');
  await expect(row).toContainText('public');
  // Built with the TV boards of issue 7.
  await expect(row).toContainText('yes');
});

test('a user without a screen’s permission sees why, not the screen', async ({ page }) => {
  await logIn(page, 'pm');
  await page.goto('/screenviewer');
  await expect(page.getByTestId('no-access')).toContainText(
    'You do not have access to the Screen Viewer screen.',
  );
});
