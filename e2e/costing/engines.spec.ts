import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The costing engines (issue 5, item 4): an administrator changes a formula of LV-CUT01's draft in the
 * editor (a formula that does not parse is flagged as it is typed and not saved), the change is saved
 * through the post queue, and Engine Testing runs the draft with the new minutes. Screenshots of the
 * three screens go to test-results/costing-*.png.
 */
test('edit a draft engine, save it, and test it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');

  await page.goto('/costing/engines');
  await expect(page).toHaveTitle('Costing Engines');
  const draftRow = page.locator('tr[data-status="draft"]', { hasText: 'LV-CUT01' });
  await expect(draftRow).toContainText('v2');
  await expect(page.locator('tr[data-status="published"]')).toHaveCount(12);
  await page.screenshot({ path: 'test-results/costing-engines.png', fullPage: true });

  await draftRow.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/costing\/editor\?engine=\d+$/);
  await expect(page.getByTestId('engine-title')).toHaveText('LV-CUT01 · v2 · Draft');
  const formula = page.locator('[data-step="4"] input[name="Formula"]');
  await expect(formula).toHaveValue('Bundles * 2');

  // A formula that does not parse: shown at once, never saved.
  await formula.fill('Bundles * (1.75');
  await expect(page.locator('[data-step="4"] .field-error')).toContainText('cannot be read');
  await expect(page.getByTestId('save-state')).toHaveText('Not saved: fix the marked steps');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.locator('[data-step="4"]').screenshot({ path: 'test-results/costing-editor-invalid.png' });

  // A name that is neither an input nor an earlier variable: a warning, the formula still parses.
  await formula.fill('Bundls * 1.75');
  await expect(page.locator('[data-step="4"] [data-testid="unknown-names"]')).toContainText('Bundls');
  await formula.fill('Bundles * 1.75');
  await expect(page.locator('[data-step="4"] [data-testid="unknown-names"]')).toHaveCount(0);
  await expect(page.locator('[data-step="4"] .field-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/costing-editor.png', fullPage: true });

  // Saved on the server: a fresh load shows it.
  await page.reload();
  await expect(page.locator('[data-step="4"] input[name="Formula"]')).toHaveValue('Bundles * 1.75');

  await page.getByRole('link', { name: 'Test this version' }).click();
  await expect(page).toHaveTitle('Engine Testing');
  await expect(page.locator('select[name="engine"] option:checked')).toContainText('LV-CUT01 · v2 · Draft');
  await page.getByRole('button', { name: 'Run' }).click();
  // 120 cuts of 96 in, 14 ga: (12 + 7.68 + 4) s = 47.36 min; 6 bundles x 1.75 = 10.5 min.
  await expect(page.getByTestId('production-minutes')).toHaveText('57.86');
  await expect(page.getByTestId('setup-minutes')).toHaveText('15');
  await expect(page.getByRole('table', { name: 'Step by step' })).toContainText('6 * 1.75');
  await page.getByText('Log as text').click();
  await expect(page.getByTestId('engine-log')).toContainText(
    '4. BundleMinutes = Bundles * 1.75 = 6 * 1.75 = 10.5',
  );

  // A missing input stops the run with a message naming it.
  await page.locator('input[name="Gauge"]').fill('');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('stop-message')).toHaveText('Missing input: Gauge (step 2, CutSeconds)');
  await expect(page.getByTestId('production-minutes')).toHaveText('—');
  await page.locator('input[name="Gauge"]').fill('14');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('production-minutes')).toHaveText('57.86');
  await page.screenshot({ path: 'test-results/costing-testing.png', fullPage: true });
});

test('a user without the costing flags does not get the editor', async ({ page }) => {
  await logIn(page, 'scheduler', 'scheduler', /\/(intro|manufacturing.*|scheduling.*)$/);
  await page.goto('/costing/editor?resource=LV-CUT01');
  await expect(page.getByText('You do not have access to the Engine Editor screen.')).toBeVisible();
});

test('two editors see each other: a new draft and a publish show in the other tab live', async ({
  browser,
}) => {
  const one = await (await browser.newContext()).newPage();
  const two = await (await browser.newContext()).newPage();
  await logIn(one, 'admin');
  await logIn(two, 'admin');
  await one.goto('/costing/engines');
  await expect(one.locator('tr[data-status="published"]', { hasText: 'LV-WLD02' })).toHaveCount(1);

  await two.goto('/costing/editor?resource=LV-WLD02');
  await expect(two.getByTestId('engine-title')).toHaveText('LV-WLD02 · v1 · Active');
  await two.getByRole('button', { name: 'Create a draft from the active version' }).click();
  await expect(two.getByTestId('engine-title')).toHaveText('LV-WLD02 · v2 · Draft');
  await expect(one.locator('tr[data-status="draft"]', { hasText: 'LV-WLD02' })).toContainText('v2', {
    timeout: 10_000,
  });

  // The first tab opens the same draft; the second publishes it: the first sees it can no longer change.
  await one.goto('/costing/editor?resource=LV-WLD02');
  await expect(one.getByTestId('engine-title')).toHaveText('LV-WLD02 · v2 · Draft');
  await two.getByRole('button', { name: 'Publish' }).click();
  await expect(two.getByTestId('engine-title')).toHaveText('LV-WLD02 · v2 · Active');
  await expect(one.getByTestId('engine-title')).toHaveText('LV-WLD02 · v2 · Active', { timeout: 10_000 });
  await expect(one.getByTestId('remote-notice')).toHaveText(
    'This draft was published meanwhile: it can no longer change.',
  );
  await one.context().close();
  await two.context().close();
});
