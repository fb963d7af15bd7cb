import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { noViolations } from '../support/axe';
import { logIn } from '../support/session';

/**
 * The config group and the news editor (issue 16), as an administrator uses them: a login page message
 * set on /config/loginpagemessage shows on the login page; a TV alert set on /config/tvalerts appears on
 * an open TV board of its plant without a reload and leaves it when deleted; news from /newseditor
 * appears on an open Intro. One login, one shared page; axe on each screen; screenshots at office
 * (1280) and tablet (768) width and in Spanish go to test-results/config (looked at by hand).
 */
const SHOTS = 'test-results/config';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: Page;
let anonymous: BrowserContext;

test.beforeAll(async ({ browser }) => {
  // Through a context of its own: axe asks for pages made by browser.newContext().
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await logIn(admin, 'admin');
  anonymous = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});
test.afterAll(async () => {
  await admin?.context().close();
  await anonymous?.close();
});

const newRecord = (page: Page) => page.getByRole('complementary', { name: 'New record' });
const record = (page: Page) => page.getByRole('complementary', { name: 'Record details' });

async function add(page: Page, values: Record<string, string>, choices: Record<string, string> = {}) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const form = newRecord(page);
  for (const [label, value] of Object.entries(values)) {
    await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel(label, { exact: true }).press('Tab');
  }
  for (const [label, value] of Object.entries(choices))
    await form.getByLabel(label, { exact: true }).selectOption(value);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(record(page).getByRole('heading', { level: 2 })).not.toHaveText('Loading…');
}

test('a login page message shows on the login page', async () => {
  await admin.goto('/config/loginpagemessage');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Login Page Message');
  await add(admin, { Message: 'The system stops Saturday 22:00 for maintenance.' }, { Severity: 'critical' });
  await expect(admin.locator('.kit-row', { hasText: 'Saturday 22:00' })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/loginmessage-office.png`, fullPage: true });
  await noViolations(admin);

  const login = await anonymous.newPage();
  await login.goto('/pages/login');
  await expect(login.getByTestId('login-messages')).toContainText(
    'The system stops Saturday 22:00 for maintenance.',
  );
  await login.screenshot({ path: `${SHOTS}/login-page.png`, fullPage: true });
  await noViolations(login);
  await login.close();
});

test('a TV alert appears on an open TV board of its plant without a reload, and leaves when deleted', async () => {
  const tv = await anonymous.newPage();
  await tv.setViewportSize({ width: 1920, height: 1080 });
  await tv.goto('/tv/kpimonitor/1');
  await expect(tv.getByTestId('tv-feed')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(tv.getByTestId('tv-alerts')).toHaveCount(0);

  await admin.goto('/config/tvalerts');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('TV Alerts');
  await add(admin, { Message: 'Crane 2 is out of service: use crane 3.' }, { Severity: 'warning' });
  await expect(tv.getByTestId('tv-alerts')).toContainText('Crane 2 is out of service: use crane 3.');
  await tv.screenshot({ path: `${SHOTS}/tv-board-alert.png` });
  await admin.screenshot({ path: `${SHOTS}/tvalerts-office.png`, fullPage: true });
  await noViolations(admin);

  await record(admin).getByRole('button', { name: 'Delete' }).click();
  await admin.getByRole('button', { name: 'Yes' }).click();
  await expect(tv.getByTestId('tv-alerts')).toHaveCount(0);
  await tv.close();
});

test('news from the news editor appears on an open Intro', async () => {
  const intro = await admin.context().newPage();
  await intro.setViewportSize({ width: 1280, height: 900 });
  await intro.goto('/intro');
  await expect(intro.getByRole('heading', { level: 1 })).toContainText('Welcome');

  await admin.goto('/newseditor');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('News Editor');
  await add(admin, { Title: 'Safety week starts Monday', Body: 'Every plant: toolbox talks at 7:00.' });
  const news = intro.getByTestId('intro-news');
  await expect(news).toContainText('Safety week starts Monday');
  await expect(news).toContainText('Every plant: toolbox talks at 7:00.');
  await intro.screenshot({ path: `${SHOTS}/intro-news.png`, fullPage: true });
  await noViolations(intro);
  await intro.close();
  await admin.screenshot({ path: `${SHOTS}/newseditor-office.png`, fullPage: true });
  await noViolations(admin);
});

test('a setting refused out of bounds keeps what was typed; a good one is saved with its history', async () => {
  await admin.goto('/config/settings');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Settings');
  const count = admin.getByLabel('Shortcuts on Intro', { exact: true });
  await count.fill('99');
  await count.press('Tab');
  await expect(admin.getByRole('alert')).toContainText('Shortcuts on Intro');
  await expect(count).toHaveValue('99');
  await count.fill('6');
  await count.press('Tab');
  await expect(admin.locator('[data-setting="ShortcutCount"]')).toContainText('Changed by');
  await admin.locator('[data-setting="ShortcutCount"]').getByRole('button', { name: 'History' }).click();
  await expect(admin.locator('.settings-history')).toContainText('from 8 to 6');
  await admin.screenshot({ path: `${SHOTS}/settings-office.png`, fullPage: true });
  await noViolations(admin);
});

test('tablet width and Spanish', async () => {
  await admin.setViewportSize({ width: 768, height: 1024 });
  await admin.goto('/config/tvalerts');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('TV Alerts');
  await admin.screenshot({ path: `${SHOTS}/tvalerts-tablet.png`, fullPage: true });
  await admin.goto('/newseditor?record=1');
  await expect(record(admin).getByRole('heading', { level: 2 })).not.toHaveText('Loading…');
  await admin.screenshot({ path: `${SHOTS}/newseditor-tablet.png`, fullPage: true });
  await noViolations(admin);

  await admin.setViewportSize({ width: 1280, height: 860 });
  await admin.goto('/intro');
  await admin.getByLabel('Language').selectOption('es');
  await expect(admin.getByLabel('Idioma')).toHaveValue('es');
  try {
    await admin.goto('/config/loginpagemessage');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(
      'Mensaje de la página de inicio de sesión',
    );
    await expect(admin.getByRole('columnheader', { name: /Gravedad/ })).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/loginmessage-spanish.png`, fullPage: true });
    await noViolations(admin);
  } finally {
    await admin.goto('/intro');
    await admin.locator('select[name="language"]').selectOption('en');
    await expect(admin.getByLabel('Language')).toHaveValue('en');
  }
});
