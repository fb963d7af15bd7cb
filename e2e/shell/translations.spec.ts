import { expect, test } from '@playwright/test';
import { logIn, openScreen } from '../support/session';

/**
 * /translations (issue 4): an administrator corrects a Spanish text and a Spanish-speaking user's open
 * screen shows it at once, without a reload (topic translations:es).
 */
test('a corrected translation reaches an open screen live', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const userContext = await browser.newContext();
  const user = await userContext.newPage();

  // The operator works in Spanish (demo data), in the shop-floor app: its menu shows the Spanish names.
  await logIn(user, 'operator', 'operator', /\/manufacturing\/menu$/);
  await user.getByTestId('menu-button').click();
  const menu = user.getByTestId('screens-menu');
  await expect(menu.getByRole('link', { name: 'Tiempo muerto', exact: true })).toBeVisible();

  await logIn(admin, 'admin');
  await openScreen(admin, 'Translations');
  await admin.locator('input[name="search"]').fill('Downtime');
  const input = admin.getByLabel('Translation of Downtime', { exact: true });
  await expect(input).toHaveValue('Tiempo muerto');
  await input.fill('Paros de máquina');
  await input.press('Enter');
  await expect(input).toHaveValue('Paros de máquina');

  await expect(menu.getByRole('link', { name: 'Paros de máquina', exact: true })).toBeVisible({
    timeout: 10_000,
  });

  // Put it back for other tests.
  await input.fill('Tiempo muerto');
  await input.press('Enter');
  await expect(menu.getByRole('link', { name: 'Tiempo muerto', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await adminContext.close();
  await userContext.close();
});
