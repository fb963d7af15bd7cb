import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { noViolations } from '../support/axe';
import { logIn } from '../support/session';

/**
 * Global search and /databasecatalog (issue 16), as an administrator takes them: type in the header's
 * box, pick a result with the keyboard and land on the record; "All results" opens /globalsearch;
 * the database catalogue lists the tables and opens one. axe on each screen; screenshots at office
 * (1280) and tablet (768) width and in Spanish go to test-results/search (looked at by hand).
 */
const SHOTS = 'test-results/search';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('global search and the database catalogue', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    await logIn(page, 'admin', 'admin', /\/intro$/);
  });
  test.afterAll(() => context.close());

  test('the header box finds a record as you type; the keyboard opens it', async () => {
    const box = page.getByRole('combobox', { name: 'Search everything' });
    await box.fill('LV dock');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option', { name: /LV dock scanner/ })).toBeVisible();
    await expect(list.getByRole('group', { name: /Devices/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-office.png` });
    await noViolations(page);
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/devices\?record=\d+$/);
    await expect(
      page.getByRole('complementary', { name: 'Record details' }).getByRole('heading', { level: 2 }),
    ).toHaveText('LV dock scanner');
  });

  test('"All results" opens /globalsearch, grouped by kind', async () => {
    const box = page.getByRole('combobox', { name: 'Search everything' });
    await box.fill('morgan');
    const all = page.getByRole('option', { name: 'All results for "morgan"' });
    await expect(all).toBeVisible();
    await all.click();
    await expect(page).toHaveURL(/\/globalsearch\?q=morgan$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Global Search');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('group', { name: /Employees/ })).toContainText('Alex Morgan');
    // A broader query: several kinds, and one kind alone.
    const search = page.getByRole('main').getByRole('combobox', { name: 'Search everything' });
    await search.fill('lv');
    await expect(page.getByRole('button', { name: /Devices/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/globalsearch-office.png`, fullPage: true });
    await noViolations(page);
    await page.getByRole('button', { name: /Devices/ }).click();
    await expect(page).toHaveURL(/kind=device/);
    await expect(results.getByRole('group')).toHaveCount(1);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${SHOTS}/globalsearch-tablet.png`, fullPage: true });
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/devices\?record=\d+$/);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('/databasecatalog lists the tables and opens one', async () => {
    await page.goto('/databasecatalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Database Catalog');
    await page.getByRole('searchbox', { name: 'Find a table or column' }).fill('serial_number');
    await expect(page.getByRole('button', { name: 'devices', exact: true })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'devices', exact: true }).click();
    await expect(page).toHaveURL(/table=devices/);
    const detail = page.getByRole('complementary', { name: 'Table devices' });
    await expect(detail.getByRole('row', { name: /device_id integer/ })).toBeVisible();
    await expect(detail).toContainText('devices_pkey');
    await page.screenshot({ path: `${SHOTS}/catalog-office.png`, fullPage: true });
    await noViolations(page);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${SHOTS}/catalog-tablet.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('in Spanish', async () => {
    await page.goto('/intro');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByLabel('Idioma')).toHaveValue('es');
    try {
      await page.goto('/globalsearch?q=lv');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Búsqueda global');
      await expect(page.getByRole('button', { name: /Dispositivos/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/globalsearch-spanish.png`, fullPage: true });
      await page.getByRole('combobox', { name: 'Buscar en todo' }).first().fill('dock');
      await page.screenshot({ path: `${SHOTS}/shell-spanish.png` });
      await page.goto('/databasecatalog?table=employees');
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('employees');
      await page.screenshot({ path: `${SHOTS}/catalog-spanish.png`, fullPage: true });
      await noViolations(page);
    } finally {
      await page.goto('/intro');
      await page.locator('select[name="language"]').selectOption('en');
      await expect(page.getByLabel('Language')).toHaveValue('en');
    }
  });
});
