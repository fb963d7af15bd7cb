import { expect, test } from '@playwright/test';
import { spaNavigate } from '../support/nav';
import { logIn, openScreen, serverSession } from '../support/session';

/** One test per navigation rule of spec 000 §2.3, in a real browser against the real server. */

test('unauthenticated users go to Login, except the public screens and /tv/', async ({ page }) => {
  for (const path of [
    '/manufacturing/supplies',
    '/pages/engagementform',
    '/manufacturing/painting',
    '/manufacturing/painting/viscosityreport/5',
    '/tv/faceboard',
    '/tv/kpimonitor/1',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL((u) => u.pathname === path);
    // The screen itself (built: painting, viscosity report, TV boards) or its "Not built yet" page.
    await expect(
      page
        .locator(
          '[data-testid=not-built], [data-testid=painting], [data-testid=viscosity-report], [data-testid=tv-board]',
        )
        .first(),
    ).toBeVisible();
  }
  for (const path of ['/scheduling/plant', '/intro', '/manufacturing/menu', '/pm/order/100234/parts']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/pages\/login$/);
  }
});

test('after Login the user continues to the address that sent them there', async ({ page }) => {
  await page.goto('/screenviewer');
  await expect(page).toHaveURL(/\/pages\/login$/);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('admin');
  await page.locator('form.login-card button[type="submit"]').click();
  await expect(page).toHaveURL(/\/screenviewer$/);
});

test('the shop-floor app keeps its users in /manufacturing', async ({ page }) => {
  // The operator works only in the shop-floor app: login lands him there (issue 15).
  await logIn(page, 'operator', 'operator', /\/manufacturing\/menu$/);
  await page.goto('/manufacturing');
  await expect(page).toHaveURL(/\/manufacturing\/menu$/);
  await expect(page.locator('.shell')).toHaveAttribute('data-interface', 'manufacturingApp');
  await expect(page.locator('.shell')).toHaveAttribute('data-layout', 'shop');
  // Leaving /manufacturing for another screen sends the user back to Manufacturing…
  await spaNavigate(page, '/intro');
  await expect(page).toHaveURL(/\/manufacturing\/menu$/);
  // …and so does the stored preference, after a reload.
  await page.goto('/intro');
  await expect(page).toHaveURL(/\/manufacturing\/menu$/);
  // The preference is the person's (issue 15): stored under his employee id, not for the browser.
  expect(await page.evaluate(() => localStorage.getItem('sw.interface.1005'))).toBe('manufacturingApp');
  expect(await page.evaluate(() => localStorage.getItem('sw.interface'))).toBeNull();
});

test('switching interface (canChangeInterface) is the way out of the shop-floor app', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/manufacturing/menu');
  await page.getByTestId('interface-switcher').selectOption('pm');
  await expect(page).toHaveURL(/\/intro$/);
  await expect(page.locator('.shell')).toHaveAttribute('data-interface', 'pm');
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('screens-menu').getByRole('link', { name: 'PM Hub' })).toBeVisible();
});

test('a user without canChangeInterface gets no interface switcher', async ({ page }) => {
  await logIn(page, 'operator', 'operator', /\/manufacturing\/menu$/);
  await expect(page.getByTestId('interface-switcher')).toHaveCount(0);
});

test('leaving /installers sends an installer back to Installers', async ({ page }) => {
  await logIn(page, 'installer');
  await page.goto('/installers');
  await expect(page).toHaveURL(/\/installers\/home$/);
  await spaNavigate(page, '/intro');
  await expect(page).toHaveURL(/\/installers\/home$/);
});

test('a logged-in user opening Login goes Home', async ({ page }) => {
  await logIn(page, 'pm');
  await page.goto('/pages/login');
  await expect(page).toHaveURL(/\/intro$/);
});

test('opening Login from a /manufacturing/ path logs the user out and stays on Login', async ({ page }) => {
  await logIn(page, 'shipper');
  await page.goto('/manufacturing/menu');
  await spaNavigate(page, '/pages/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sw.session'))).toBeNull();
});

test('/pm/order/{orderNum} loads the order through PM Order Loading, then continues to the target', async ({
  page,
}) => {
  await logIn(page, 'pm');
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/pm/GetOrderHeader*', async (route) => {
    await held;
    await route.continue();
  });
  await spaNavigate(page, '/pm/order/100234/parts');
  await expect(page).toHaveURL(/\/pm\/orderloading\?orderNum=100234&target=%2Fpm%2Forder%2F100234%2Fparts$/);
  await expect(page.getByTestId('pm-order-loading')).toContainText('Loading order 100234');
  await expect(page).toHaveTitle('PM Order Loading');
  release();
  await expect(page).toHaveURL(/\/pm\/order\/100234\/parts$/);
  await expect(page).toHaveTitle('Order Parts (PM)');
  // The same order is loaded: its other tabs open directly.
  await spaNavigate(page, '/pm/order/100234/files');
  await expect(page).toHaveURL(/\/pm\/order\/100234\/files$/);
});

test('an order that does not exist stays on PM Order Loading with the reason', async ({ page }) => {
  await logIn(page, 'pm');
  await spaNavigate(page, '/pm/order/999999/parts');
  await expect(page.getByTestId('pm-order-loading')).toContainText('Order 999999 was not found.');
  await expect(page).toHaveURL(/\/pm\/orderloading/);
});

test('an order number that is not 6 characters long is not loaded (spec 001 §5)', async ({ page }) => {
  await logIn(page, 'pm');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('GetOrderHeader')) asked.push(r.url());
  });
  await spaNavigate(page, '/pm/order/12345/parts');
  await expect(page.getByTestId('pm-order-loading')).toContainText(
    'Order numbers have 6 digits; 12345 cannot be opened.',
  );
  expect(asked).toEqual([]);
});

test('entering /tv/ sets the TV interface; the first TV path is remembered and restored', async ({
  page,
}) => {
  await page.goto('/tv/kpimonitor/3');
  await expect(page.locator('[data-layout=tv]')).toBeVisible();
  await expect(page.locator('.topbar')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('sw.interface'))).toBe('tv');
  await page.goto('/tv/scoreboard/2');
  await page.goto('/tv');
  await expect(page).toHaveURL(/\/tv\/kpimonitor\/3$/);
});

test('each route change scrolls to the top, records a page view and loads help for the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 400 });
  await logIn(page, 'admin');
  await page.goto('/screenviewer');
  await expect(page.getByTestId('catalogue-counts')).toBeVisible();
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const pageView = page.waitForRequest(
    (r) => r.url().includes('web/RecordPageView') && r.method() === 'POST',
  );
  const videos = page.waitForRequest(
    (r) => r.url().includes('web/VideoLinksForRoute') && r.url().includes('RouteName=Connections'),
  );
  const sops = page.waitForRequest(
    (r) => r.url().includes('web/SOPLinksForRoute') && r.url().includes('RouteName=Connections'),
  );
  await openScreen(page, 'Connections');
  await expect(page).toHaveURL(/\/connections$/);
  expect(JSON.parse((await pageView).postData() ?? '{}')).toMatchObject({
    RouteName: 'Connections',
    Path: '/connections',
  });
  await videos;
  await sops;
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('Login loads no help videos or procedure links', async ({ page }) => {
  const help: string[] = [];
  page.on('request', (r) => {
    if (/LinksForRoute/.test(r.url())) help.push(r.url());
  });
  await page.goto('/pages/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(help).toEqual([]);
});

test.describe('screen chunk failures', () => {
  // The app-shell service worker would answer from its cache, past Playwright's routing.
  test.use({ serviceWorkers: 'block' });
  test('a screen whose code fails to load shows the update message, and closing it reloads', async ({
    page,
  }) => {
    // The area chunks are gone, as after a deployment under an open tab.
    await page.route(/\/assets\/screens-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await logIn(page, 'admin');
    const alert = page.getByRole('alertdialog').filter({ hasText: 'An update to the product is available' });
    await expect(alert).toBeVisible();
    await expect(page.getByTestId('screen-load-failed')).toBeVisible();
    await page.unroute(/\/assets\/screens-[^/]*\.js$/);
    const reload = page.waitForEvent('load');
    await alert.getByRole('button').first().click();
    await reload;
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  });
});

test('switching plant (canChangePlant) saves it on the employee and the page follows', async ({ page }) => {
  await logIn(page, 'finance');
  const plant = page.getByTestId('plant-switcher');
  const before = await plant.inputValue();
  const other = before === '2' ? '1' : '2';
  await plant.selectOption(other);
  await expect(page.getByTestId('save-status')).toHaveText('');
  await expect.poll(async () => (await serverSession(page)).body?.PlantID).toBe(Number(other));
  await expect(plant).toHaveValue(other);
  // Put it back for other tests.
  await plant.selectOption(before);
  await expect.poll(async () => (await serverSession(page)).body?.PlantID).toBe(Number(before));
});

test('a user without canChangePlant gets no plant switcher', async ({ page }) => {
  await logIn(page, 'pm');
  await expect(page.locator('.shell')).toBeVisible();
  await expect(page.getByTestId('plant-switcher')).toHaveCount(0);
});
