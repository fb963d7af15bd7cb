import { expect, type Page, test } from '@playwright/test';
import { spaNavigate } from '../support/nav';
import { logIn } from '../support/session';

/**
 * The scheduling report and settings screens against the product as started by `npm start` (demo seed:
 * Idaho Falls, plant 2, America/Boise, has an official schedule starting today and one operation in
 * eight left unscheduled). The scheduler (Sam Ortiz) does one real thing on each screen; every screen
 * is photographed under test-results/screens/ for a person to look at.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/scheduling-${name}.png`, fullPage: true });

test.beforeEach(async ({ page }) => {
  await logIn(page, 'scheduler');
});

test('unscheduled: scheduling an operation takes it off the list, for good', async ({ page }) => {
  await spaNavigate(page, '/scheduling/unscheduled');
  await expect(page).toHaveTitle('Unscheduled');
  const rows = page.locator('tr[data-operation]');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('unscheduled-total')).toContainText('operations');
  await shot(page, 'unscheduled');
  const first = rows.first();
  const operation = await first.getAttribute('data-operation');
  const job = (await first.locator('td').nth(1).textContent()) ?? '';
  await first.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(job);
  await shot(page, 'unscheduled-dialog');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.locator(`tr[data-operation="${operation}"]`)).toHaveCount(0);
  // The server covered it: a fresh load does not list it either.
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.locator(`tr[data-operation="${operation}"]`)).toHaveCount(0);
});

test('summary: every workcenter with its load bar; another plant shows its own', async ({
  page,
  browser,
}) => {
  await spaNavigate(page, '/scheduling/summary');
  await expect(page).toHaveTitle('Schedule Summary');
  const rows = page.locator('tr[data-resource]');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/ h of [\d,.]+ h|no working time/);
  await shot(page, 'summary');
  // Another plant's schedule is for someone who may cross plants (issue 14 §3): the scheduler works in
  // plant 2 only, the administrator in every plant.
  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, 'admin');
  await spaNavigate(other, '/scheduling/summary');
  await other.getByLabel('Plant').selectOption({ label: 'Long Valley' });
  await expect(other.locator('tr[data-resource^="LV-"]').first()).toBeVisible();
  await expect(other.locator('tr[data-resource^="IDF-"]')).toHaveCount(0);
  await context.close();
});

test('schedule by day: next day and back, tasks with their time bars in plant time', async ({ page }) => {
  await spaNavigate(page, '/scheduling/schedulebyday');
  await expect(page).toHaveTitle('Schedule by Day');
  const heading = page.getByTestId('byday-date');
  const today = await heading.textContent();
  // The seed's schedule starts today; a weekend has no default shift, so look ahead to a working day.
  for (let i = 0; i < 7 && (await page.locator('tr[data-task]').count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(heading).not.toHaveText(today ?? '');
    await page.waitForTimeout(300);
  }
  await expect(page.locator('tr[data-task]').first()).toBeVisible();
  await expect(page.locator('.bd-block').first()).toBeVisible();
  await shot(page, 'byday');
  const shown = await heading.textContent();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(heading).not.toHaveText(shown ?? '');
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(heading).toHaveText(shown ?? '');
});

test('adherence: a date range per workcenter with its percentage', async ({ page }) => {
  await spaNavigate(page, '/scheduling/schedulingadherence');
  await expect(page).toHaveTitle('Scheduling Adherence');
  await expect(page.locator('tr[data-resource]').first()).toBeVisible();
  await page.getByLabel('From').fill('2030-01-02');
  await page.getByLabel('To').fill('2030-01-01');
  await expect(page.getByText('From must be on or before To')).toBeVisible();
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2030-12-31');
  await expect(page.getByText('From must be on or before To')).toHaveCount(0);
  await expect(page.locator('tr[data-resource]').first()).toBeVisible();
  await shot(page, 'adherence');
});

test('report: one workcenter, late rows marked, printable', async ({ page }) => {
  await spaNavigate(page, '/scheduling/schedulingreport');
  await expect(page).toHaveTitle('Scheduling Report');
  await expect(page.locator('tr[data-task]').first()).toBeVisible();
  await shot(page, 'report');
  const lane = (await page.locator('tr[data-task] td').first().textContent()) ?? '';
  await page.getByLabel('Workcenter').selectOption({ label: lane });
  await expect(page.getByTestId('report-heading')).toContainText(lane);
  // The rows of the chosen workcenter replace the others once its report is in.
  await expect
    .poll(async () => [...new Set(await page.locator('tr[data-task] td:first-child').allTextContents())])
    .toEqual([lane]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.topbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await shot(page, 'report-print');
  await page.emulateMedia({ media: 'screen' });
});

test('settings: shifts is the default tab; a holiday is added and listed; a bad one is refused beside its field', async ({
  page,
}) => {
  await spaNavigate(page, '/scheduling/settings');
  await expect(page).toHaveURL(/\/scheduling\/settings\/shifts$/);
  await expect(page.locator('[data-shift-group="plant"]')).toBeVisible();
  await shot(page, 'settings-shifts');
  const tabs = page.getByRole('navigation', { name: 'Settings' });
  for (const [tab, link, title] of [
    ['status', 'Status', 'Scheduling Status'],
    ['workcenters', 'Workcenters', 'Workcenter Settings'],
    ['overrides', 'Overrides', 'Overrides'],
  ] as const) {
    await tabs.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('table.ss-table').first()).toBeVisible();
    await shot(page, `settings-${tab}`);
  }
  await tabs.getByRole('link', { name: 'Holidays', exact: true }).click();
  await expect(page).toHaveTitle('Holidays');
  await page.getByRole('button', { name: 'Add holiday' }).click();
  const form = page.getByRole('form', { name: 'New holiday' });
  await form.getByLabel('Date').fill('2027-03-19');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Description is required');
  await shot(page, 'settings-holidays-refused');
  await form.getByLabel('Description').fill('Plant picnic');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Holidays' });
  await expect(table.getByRole('row', { name: /Mar-19-27.*Plant picnic/ })).toBeVisible();
  await shot(page, 'settings-holidays');
  // It was saved: a fresh load lists it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Holidays' }).getByText('Plant picnic')).toBeVisible();
});
