import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * /payroll (issue 7) against the product as started by `npm start` (demo data): the admin (every flag,
 * plant 1) edits a week far ahead (Monday 2030-01-07, no demo payroll there), a second browser on the
 * same week sees the edits and the lock live, a reload keeps values, toggles and the selection.
 */
const WEEK = '2030-01-07';
const URL = `/payroll?week=${WEEK}`;
const NAME = 'Alex Morgan';

const cell = (page: Page, field: string, day: string) =>
  page.getByLabel(`${field} of ${NAME} on ${day}`, { exact: true });
const row = (page: Page) => page.locator('tr[data-employee="1001"]');

test('edit a cell, reload, toggles, selection, bad input, live on a second page, lock', async ({
  browser,
}) => {
  const a = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
  const b = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
  await logIn(a, 'admin');
  await logIn(b, 'admin');
  await a.goto(URL);
  await b.goto(URL);
  await expect(a.getByRole('heading', { name: 'Payroll' })).toBeVisible();
  await expect(a.getByText('Week of Jan-7-30')).toBeVisible();
  await expect(row(a)).toBeVisible();

  // An edit shows at once, reaches the other page live and is in the week's totals.
  const regA = cell(a, 'Regular hours', 'Jan-8-30');
  await regA.fill('7.5');
  await regA.press('Enter');
  await expect(regA).toHaveValue('7.5');
  await expect(cell(b, 'Regular hours', 'Jan-8-30')).toHaveValue('7.5', { timeout: 5_000 });
  await expect(row(b).locator('[data-total="RegularHours"]')).toHaveText('7.5');
  await expect(row(b).locator('[data-total="TotalHours"]')).toHaveText('7.5');
  // Issue 15: typed hours are a person's entry, marked as such on the cell, on both pages.
  for (const page of [a, b])
    await expect(row(page).locator('[data-source="manual"][data-day="2030-01-08"]')).toHaveAttribute(
      'aria-label',
      /^Typed by Alex Morgan: a person’s entry wins over the time clock/,
    );

  // Bad input: a clear error, the typed text kept, nothing saved; Escape goes back to the saved value.
  const otA = cell(a, 'Overtime hours', 'Jan-9-30');
  await otA.fill('abc');
  await otA.press('Enter');
  await expect(a.getByText('Not saved: Overtime hours must be a number.')).toBeVisible();
  await expect(otA).toHaveValue('abc');
  await expect(otA).toHaveAttribute('aria-invalid', 'true');
  await otA.fill('30');
  await otA.press('Enter');
  await expect(a.getByText('Not saved: Overtime hours must be between 0 and 24.')).toBeVisible();
  await otA.press('Escape');
  await expect(otA).toHaveValue('');
  await expect(a.locator('[data-cell-error]')).toHaveCount(0);
  await otA.fill('2');
  await otA.press('Tab');
  await expect(cell(b, 'Overtime hours', 'Jan-9-30')).toHaveValue('2', { timeout: 5_000 });

  // Reload: the saved values are there.
  await a.reload();
  await expect(cell(a, 'Regular hours', 'Jan-8-30')).toHaveValue('7.5');
  await expect(cell(a, 'Overtime hours', 'Jan-9-30')).toHaveValue('2');

  // Holiday and prepay views: their columns appear, kept in the address.
  await expect(cell(a, 'Holiday hours', 'Jan-10-30')).toHaveCount(0);
  // (The views live in the address: the box shows checked once the navigation is done.)
  await a.getByLabel('Holiday hours', { exact: true }).click();
  await expect(a.getByLabel('Holiday hours', { exact: true })).toBeChecked();
  await a.getByLabel('Prepay', { exact: true }).click();
  await expect(a.getByLabel('Prepay', { exact: true })).toBeChecked();
  await expect(a).toHaveURL(/holiday=1/);
  await expect(a).toHaveURL(/prepay=1/);
  const holA = cell(a, 'Holiday hours', 'Jan-10-30');
  await holA.fill('8');
  await holA.press('Enter');
  const preA = cell(a, 'Prepay', 'Jan-10-30');
  await preA.fill('125.5');
  await preA.press('Enter');
  await expect(row(a).locator('[data-total="PrepayAmount"]')).toHaveText('125.50', { timeout: 5_000 });
  await expect(row(a).locator('[data-total="TotalHours"]')).toHaveText('17.5', { timeout: 5_000 });

  // A selected day and employee, kept over a reload: the day's panel with its notes.
  await a.locator('button[data-day="2030-01-10"]').click();
  await row(a).getByRole('button', { name: NAME }).click();
  await expect(a).toHaveURL(/day=2030-01-10/);
  await expect(a).toHaveURL(/employee=1001/);
  await expect(a.getByRole('heading', { name: `${NAME} · Thu Jan-10-30` })).toBeVisible();
  const notes = a.getByLabel('Notes of the selected day');
  await notes.fill('New Year make-up day');
  await notes.press('Enter');
  await expect(a.getByText('Last changed by Alex Morgan')).toBeVisible({ timeout: 5_000 });
  await a.reload();
  await expect(a.getByRole('heading', { name: `${NAME} · Thu Jan-10-30` })).toBeVisible();
  await expect(a.getByLabel('Notes of the selected day')).toHaveValue('New Year make-up day');
  await expect(a.getByLabel('Holiday hours of the selected day')).toHaveValue('8');
  await expect(a.getByLabel('Holiday hours', { exact: true })).toBeChecked();
  await expect(cell(a, 'Prepay', 'Jan-10-30')).toHaveValue('125.5');
  await a.screenshot({ path: 'test-results/screenshots/payroll-week.png', fullPage: true });
  // Both views on: the week scrolls sideways, the names stay, the totals are at the end.
  await a.locator('.table-wrap').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(row(a).locator('[data-total="PrepayAmount"]')).toBeInViewport();
  await expect(row(a).locator('.pay-name')).toBeInViewport();
  await a.screenshot({ path: 'test-results/screenshots/payroll-week-scrolled.png', fullPage: true });

  // Lock the week: the cells cannot be edited here, and the other page shows the lock live.
  await row(a).getByRole('button', { name: 'Lock', exact: true }).click();
  await a.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row(a).getByText('Locked')).toBeVisible({ timeout: 5_000 });
  await expect(cell(a, 'Regular hours', 'Jan-8-30')).toBeDisabled();
  await expect(row(b).getByText('Locked')).toBeVisible({ timeout: 5_000 });
  await expect(cell(b, 'Regular hours', 'Jan-8-30')).toBeDisabled();
  await b.screenshot({ path: 'test-results/screenshots/payroll-locked-other-page.png', fullPage: true });
  await row(a).getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(cell(a, 'Regular hours', 'Jan-8-30')).toBeEnabled({ timeout: 5_000 });

  // Week navigation: the next week is empty, back again shows the values.
  await a.getByRole('button', { name: 'Next week ▸' }).click();
  await expect(a.getByText('Week of Jan-14-30')).toBeVisible();
  await expect(cell(a, 'Regular hours', 'Jan-15-30')).toHaveValue('');
  await a.getByRole('button', { name: '◂ Previous week' }).click();
  await expect(cell(a, 'Regular hours', 'Jan-8-30')).toHaveValue('7.5');
});

/**
 * Issue 15, item 5: one rule for where a day's hours come from, shown on the cell. The demo's plant 1
 * this week: the salaried controller (Fiona Grant, who never clocks) has the salaried default on working
 * days; Ahmed Khan, clocked in since this morning, is shown his open punch (not paid until he punches
 * out, which is why the timecards show more today); Rita Vance, hourly, did not clock: no hours at all.
 */
test('the payroll cell says where its hours come from: salaried default, open punch, nothing clocked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  await page.goto('/payroll');
  const fiona = page.locator('tr[data-employee="1009"]');
  await expect(fiona).toBeVisible();
  await expect(fiona.locator('[data-source="salaried"]').first()).toHaveAttribute(
    'aria-label',
    'Salaried: the default 8 h of a working day.',
  );
  await expect(fiona.locator('[data-source="clock"], [data-source="open"]')).toHaveCount(0);
  const ahmed = page.locator('tr[data-employee="1703"]');
  await expect(ahmed.locator('[data-source="open"]')).toHaveAttribute(
    'aria-label',
    /^Clocked in: [\d.]+ h so far on an open punch, paid once they punch out/,
  );
  await expect(ahmed.locator('[data-source="salaried"]')).toHaveCount(0);
  const rita = page.locator('tr[data-employee="1951"]');
  await expect(rita.locator('[data-total="RegularHours"]')).toHaveText('0');
  await expect(rita.locator('[data-source]')).toHaveCount(0);
  await expect(page.getByLabel('Where the hours come from')).toContainText('salaried default');
  await page.screenshot({ path: 'test-results/screenshots/payroll-sources.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/screenshots/payroll-sources-tablet.png' });
});

/**
 * Issue 15, item 10: the arrow keys and Enter move between the grid's cells like a spreadsheet; a
 * refused value keeps the focus, its text and the reason (never saved, never lost); an accepted one is
 * saved as the focus moves on.
 */
test('arrow keys and Enter move between payroll cells; a refused value holds the focus', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await logIn(page, 'admin');
  await page.goto('/payroll?week=2030-02-04');
  await expect(page.getByText('Week of Feb-4-30')).toBeVisible();
  const focused = page.locator(':focus');
  const start = cell(page, 'Regular hours', 'Feb-5-30');
  await start.click();
  await start.press('ArrowRight');
  await expect(focused).toHaveAttribute('aria-label', `Overtime hours of ${NAME} on Feb-5-30`);
  await focused.press('ArrowRight');
  await expect(focused).toHaveAttribute('aria-label', `Regular hours of ${NAME} on Feb-6-30`);
  await focused.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-label', `Overtime hours of ${NAME} on Feb-5-30`);
  await focused.press('ArrowDown');
  await expect(focused).toHaveAttribute('aria-label', /^Overtime hours of (?!Alex Morgan).* on Feb-5-30$/);
  const below = (await focused.getAttribute('aria-label')) as string;
  await focused.press('ArrowUp');
  await expect(focused).toHaveAttribute('aria-label', `Overtime hours of ${NAME} on Feb-5-30`);

  // A refused value: the focus stays with the typed text and the reason.
  await focused.fill('99');
  await focused.press('ArrowDown');
  await expect(page.getByText('Not saved: Overtime hours must be between 0 and 24.')).toBeVisible();
  await expect(focused).toHaveAttribute('aria-label', `Overtime hours of ${NAME} on Feb-5-30`);
  await expect(focused).toHaveValue('99');
  // Fixed, it is saved as Enter moves the focus down.
  await focused.fill('1.5');
  await focused.press('Enter');
  await expect(focused).toHaveAttribute('aria-label', below);
  await expect(page.locator('[data-cell-error]')).toHaveCount(0);
  await expect(cell(page, 'Overtime hours', 'Feb-5-30')).toHaveValue('1.5');
  await page.reload();
  await expect(cell(page, 'Overtime hours', 'Feb-5-30')).toHaveValue('1.5');
});

/** The marks in Spanish: the supervisor (plant 6, salaried) switches to Spanish, looks, and back. */
test('the hours marks read in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'supervisor');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  await expect(page.getByTestId('save-status')).toHaveText('');
  try {
    await page.goto('/payroll');
    await expect(page.getByLabel('De dónde vienen las horas')).toContainText('asalariado');
    await expect(page.locator('tr[data-employee="1004"] [data-source="salaried"]').first()).toHaveAttribute(
      'aria-label',
      'Asalariado: las 8 h de un día laborable.',
    );
    await page.screenshot({ path: 'test-results/screenshots/payroll-sources-es.png', fullPage: true });
  } finally {
    await page.goto('/');
    await page.locator('select[name="language"]').selectOption('en');
    await expect(page.getByLabel('Language')).toHaveValue('en');
    await expect(page.getByTestId('save-status')).toHaveText('');
  }
});
