import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The production plan list, Machine Rates and Workcenters (issue 5) on the full demo seed (2,000 jobs).
 * The scheduler works at plant 2 (IDF) and may edit machine rates; admin may do everything.
 */

async function waitLive(page: Page) {
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
}

const shots = 'test-results/screens/production-plan';

test('the plan list searches, keeps the search in the URL, pages as it scrolls and opens a plan', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  await page.goto('/productionplans?plant=all');
  await expect(page.getByRole('heading', { name: 'Production Plans' })).toBeVisible();
  await expect(page.getByTestId('plan-total')).toHaveText('2,003 plans', { timeout: 15_000 });
  const rows = page.locator('tr[data-job]');
  await expect(rows.first()).toBeVisible();
  // Only the rows on screen are drawn, not 2,003.
  expect(await rows.count()).toBeLessThan(80);

  // Scrolling far down loads the pages on the way (Skip/Take 100) and shows rows there.
  const scroller = page.getByTestId('plan-scroll');
  await scroller.evaluate((el) => el.scrollTo({ top: 36 * 450 }));
  await expect(page.locator('tr[aria-rowindex="452"]')).toBeVisible({ timeout: 15_000 });
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await page.screenshot({ path: `${shots}/plan-list-1440.png` });

  await page.getByRole('searchbox', { name: 'Search' }).fill('bm-4814');
  await expect(page).toHaveURL(/[?&]q=bm-4814/);
  // Wait for the searched count itself: between the two answers the total reads 'Loading…'.
  await expect(page.getByTestId('plan-total')).toHaveText(/^(?!2,003 )[\d,]+ plans$/, { timeout: 15_000 });
  const total = Number((await page.getByTestId('plan-total').textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(2003);
  await expect(rows.first()).toBeVisible();
  const parts = await page.locator('tr[data-job] td:nth-child(2)').allTextContents();
  expect(parts.length).toBeGreaterThan(0);
  for (const part of parts) expect(part).toMatch(/^BM-4814-/);

  // A reload keeps the search.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('bm-4814');
  await expect(page.getByTestId('plan-total')).toHaveText(`${total.toLocaleString('en-US')} plans`);

  // Status filter.
  await page.getByLabel('Status').selectOption({ label: 'On hold' });
  await expect(page).toHaveURL(/status=hold/);
  await expect(page.locator('tr[data-job] .pp-hold').first()).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await expect(page.getByTestId('plan-total')).toHaveText(`${total.toLocaleString('en-US')} plans`);

  // At tablet width the list still works.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${shots}/plan-list-800.png` });

  const job = await rows.first().getAttribute('data-job');
  await rows.first().locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/productionplan/${job}$`));
});

test('a machine rate edited in one browser shows in another without a reload', async ({ browser }) => {
  const a = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const b = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await logIn(pageA, 'scheduler');
  await logIn(pageB, 'scheduler');
  for (const page of [pageA, pageB]) {
    await page.goto('/machines/rates');
    await waitLive(page);
    await expect(page.getByRole('heading', { name: 'Machine Rates' })).toBeVisible();
    await page.getByRole('button', { name: 'Rates of IDF-CUT01' }).click();
  }
  const setup = (page: Page) =>
    page.locator('[data-rates="IDF-CUT01"]').getByRole('textbox', { name: 'Setup min Light section' });
  await expect(setup(pageB)).toHaveValue('10');
  await setup(pageA).fill('17.5');
  await setup(pageA).press('Tab');
  await expect(setup(pageB)).toHaveValue('17.5', { timeout: 10_000 });

  // Official: choose the other rate in B; A follows.
  await pageB.getByRole('radio', { name: 'Official rate Heavy section' }).check();
  await expect(pageA.getByRole('radio', { name: 'Official rate Heavy section' })).toBeChecked({
    timeout: 10_000,
  });
  await expect(pageA.getByRole('radio', { name: 'Official rate Light section' })).not.toBeChecked();
  await pageA.screenshot({ path: `${shots}/machine-rates-1440.png` });

  // Put it back.
  await pageA.getByRole('radio', { name: 'Official rate Light section' }).check();
  await setup(pageA).fill('10');
  await setup(pageA).press('Tab');
  await expect(setup(pageB)).toHaveValue('10', { timeout: 10_000 });
  await a.close();
  await b.close();
});

test('machine rates are read-only without editMachineRates; workcenters list and edit', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await logIn(page, 'supervisor');
  await page.goto('/machines/rates');
  await expect(page.getByText('Read only')).toBeVisible();
  await page.getByRole('button', { name: 'Rates of DYB-CUT01' }).click();
  await expect(
    page.locator('[data-rates="DYB-CUT01"]').getByRole('textbox', { name: 'Setup min Light section' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add rate' })).toHaveCount(0);
  await context.close();

  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin');
  await admin.goto('/machines/workcenters');
  await waitLive(admin);
  await expect(admin.getByRole('heading', { name: 'Workcenters' })).toBeVisible();
  const rollForming = admin.getByRole('textbox', { name: 'Description of workcenter Roll forming' });
  await expect(rollForming).toHaveValue('Roll forming at LV');
  await expect(admin.locator('tr', { has: rollForming }).getByText('LV-RF02')).toBeVisible();
  await admin.getByRole('textbox', { name: 'New workcenter name' }).fill('Packing E2E');
  await admin.getByRole('button', { name: 'Add workcenter' }).click();
  await expect(admin.getByRole('textbox', { name: 'Name of workcenter Packing E2E' })).toBeVisible({
    timeout: 10_000,
  });
  await admin.getByRole('textbox', { name: 'New workcenter name' }).fill('packing e2e');
  await expect(admin.getByRole('button', { name: 'Add workcenter' })).toBeDisabled();
  await admin.getByRole('textbox', { name: 'New workcenter name' }).fill('');
  await admin.screenshot({ path: `${shots}/workcenters-1440.png`, fullPage: true });
  await adminContext.close();
});
