import { expect, test } from '@playwright/test';
import { EXPIRED_401_TEXT } from '../../domain/contract/wire';
import { demoEmployees } from '../../server/db/seed';
import { expectShownOnce } from '../support/feedback';
import { logIn, openScreen, serverSession, storedSession } from '../support/session';

test('/ redirects a logged-out visitor to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pages\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/login.png', fullPage: true });
});

test('a wrong password shows the server message once, beside the form, and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/pages/login');
  await page.getByLabel('User name').fill('pm');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form.login-card').getByRole('alert')).toHaveText(
    'The user name or password is not correct.',
  );
  await expectShownOnce(page, 'The user name or password is not correct.');
  await expect(page.getByLabel('User name')).toHaveValue('pm');
  await expect(page).toHaveURL(/\/pages\/login$/);
});

test('admin logs in and lands on /intro with name, plant and interface', async ({ page }) => {
  await logIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Welcome, Alex Morgan' })).toBeVisible();
  await expect(page.getByTestId('plant')).toHaveText('Long Valley (LV)');
  await expect(page.getByTestId('interface')).toHaveText('Manufacturing');
  // The photo is a real image served by mes/GetEmployeePhoto with the token in the query.
  const photo = page.locator('img.avatar');
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await page.screenshot({ path: 'test-results/screens/intro.png', fullPage: true });
  // A logged-in user opening / goes to /intro, and opening Login goes Home (spec 000 §2.3).
  await page.goto('/');
  await expect(page).toHaveURL(/\/intro$/);
  await page.goto('/pages/login');
  await expect(page).toHaveURL(/\/intro$/);
});

test('an edit goes through the post queue, is saved once, and survives a reload', async ({ page }) => {
  await logIn(page, 'supervisor');
  // Hold the queued post in flight so the status can be seen, then let it through to the real server.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  const bodies: unknown[] = [];
  await page.route('**/api/web/UpdateEmployee', async (route) => {
    bodies.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await page.getByLabel('Language').selectOption('es');
  // The page switches to Spanish at once, the save status with it (src/i18n).
  await expect(page.getByTestId('save-status')).toHaveText('Guardando (1)');
  release();
  await expect(page.getByTestId('save-status')).toHaveText('');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({
    EmployeeID: 1004,
    FieldName: 'Language',
    Value: 'es',
    PostQueueEmpty: true,
  });
  expect(String((bodies[0] as { PostID: string }).PostID)).toMatch(/^[0-9a-f-]{36}$/);
  const after = await serverSession(page);
  expect(after.body.Language).toBe('es');
  // The page now speaks Spanish (src/i18n): the field is named by its name attribute from here on.
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  await page.reload();
  await expect(page.locator('select[name="language"]')).toHaveValue('es');
  await expect(page.getByText('Su configuración')).toBeVisible();
  // Put it back for other tests.
  await page.unroute('**/api/web/UpdateEmployee');
  await page.locator('select[name="language"]').selectOption('en');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByTestId('save-status')).toHaveText('');
  await expect.poll(async () => (await serverSession(page)).body?.Language).toBe('en');
});

test('navigation waits behind the saving message until the save completes (spec 000 §2.3)', async ({
  page,
}) => {
  await logIn(page, 'finance');
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/web/UpdateEmployee', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Show help tips').uncheck();
  await expect(page.getByTestId('save-status')).toHaveText('Saving (1)');
  await openScreen(page, 'Weather');
  const wait = page.getByRole('alertdialog');
  await expect(wait).toHaveText('This screen is saving. It will continue once complete.');
  // It cannot be closed: no button in it, and a click on the backdrop changes nothing.
  await expect(wait.getByRole('button')).toHaveCount(0);
  await page.mouse.click(5, 300);
  await page.waitForTimeout(600);
  await expect(wait).toBeVisible();
  await expect(page).toHaveURL(/\/intro$/);
  release();
  await expect(page).toHaveURL(/\/weather$/);
  await expect(wait).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText('');
  await expect.poll(async () => (await serverSession(page)).body?.ShowMyHelp).toBe(false);
});

test('logout ends the session on the server and returns to the login page', async ({ page }) => {
  await logIn(page, 'scheduler');
  const before = await serverSession(page);
  expect(before.status).toBe(200);
  const { TokenID } = await storedSession(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/pages\/login$/);
  const res = await page.request.get('/api/web/GetSession?TransmissionInfoJSON=%7B%7D&Interface=pm', {
    headers: { Authorization: TokenID },
  });
  expect(res.status()).toBe(401);
});

test('a session ended elsewhere: the open tab shows the 401 text by itself; closing it goes to Login', async ({
  page,
}) => {
  await logIn(page, 'pm');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  const { TokenID, EmployeeID } = await storedSession(page);
  // Another tab logs out: the hub closes this tab's connection, its reconnect is refused, and the
  // session check shows the status text, with no click or reload here.
  await page.request.post('/api/web/Logout', {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
    data: { TransmissionInfoJSON: '{}', Token: TokenID, Interface: 'pm' },
  });
  await expect(page.getByRole('alertdialog')).toContainText(EXPIRED_401_TEXT, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screens/unauthorized.png' });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/pages\/login$/);
});

test('a tab opened after its session ended gets the 401 text on its first call', async ({
  context,
  page,
}) => {
  await logIn(page, 'pm');
  const { TokenID, EmployeeID } = await storedSession(page);
  await page.close();
  await context.request.post('/api/web/Logout', {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
    data: { TransmissionInfoJSON: '{}', Token: TokenID, Interface: 'pm' },
  });
  const again = await context.newPage();
  await again.goto('/intro');
  await expect(again.getByRole('alertdialog')).toContainText(EXPIRED_401_TEXT, { timeout: 15_000 });
  await again.getByRole('button', { name: 'OK' }).click();
  await expect(again).toHaveURL(/\/pages\/login$/);
});

test('a screen that is not built yet says so', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/scheduling/partsbyrow');
  await expect(page.getByRole('heading', { name: 'Scheduling Parts by Row' })).toBeVisible();
  await expect(page.getByTestId('not-built')).toContainText('Not built yet.');
  await expect(page.getByTestId('not-built')).toContainText('/scheduling/partsbyrow');
  await expect(page).toHaveTitle('Scheduling Parts by Row');
});

test('every demo user can log in and out', async ({ page }) => {
  for (const e of demoEmployees) {
    await logIn(page, e.userName, e.password, /\/(intro|manufacturing\/menu)$/);
    // Whose only interface is the shop-floor app lands in it (issue 15): of the demo users, the operator.
    const shop = new URL(page.url()).pathname === '/manufacturing/menu';
    expect(shop, e.userName).toBe(e.userName === 'operator');
    if (!shop) {
      // Spanish-speaking users see the start page in Spanish (src/i18n, seeded translations).
      const welcome = e.language === 'es' ? 'Bienvenido' : 'Welcome';
      await expect(
        page.getByRole('heading', { name: `${welcome}, ${e.firstName} ${e.lastName}` }),
      ).toBeVisible();
    }
    await page.getByRole('button', { name: /^(Log out|Cerrar sesión)$/ }).click();
    await expect(page).toHaveURL(/\/pages\/login$/);
  }
});
