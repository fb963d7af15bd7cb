import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * Issue 15: the demo's help links open real pages inside the product (public/help), not a host that
 * does not exist.
 */
test('the help of a screen opens the product’s own help page at the right section', async ({ page }) => {
  await logIn(page, 'admin');
  await page.getByRole('button', { name: /^Help for this screen \(\d+\)$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Help for this screen' });
  const link = panel.getByRole('link', { name: 'SOP-001 Logging in and choosing a plant' });
  await expect(link).toHaveAttribute('href', '/help/getting-around.html#login');
  for (const href of await panel
    .locator('a[target="_blank"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href, 'a page of this product').toMatch(/^\/help\/[a-z-]+\.html#[a-z]+$/);
  }

  const [help] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(help).toHaveURL(/\/help\/getting-around\.html#login$/);
  await expect(help.getByRole('heading', { level: 1 })).toHaveText('Getting around the application');
  await expect(help.locator('#login')).toHaveText('Logging in and choosing a plant');
  await help.screenshot({ path: 'test-results/screenshots/help-getting-around.png' });
});
