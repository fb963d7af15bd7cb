import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

const SHOTS = 'test-results/screenshots';

/**
 * Issue 15 (Spanish details): the demo operator, Luis Romero, works in Spanish on a tablet. Weekday
 * names come in his language (dayjs locale) and the indirect (labor) codes by their Spanish names.
 */
test('a Spanish operator reads weekday names and indirect code names in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // His only interface is the shop-floor app: he lands in it (issue 15).
  await logIn(page, 'operator', 'operator', /\/manufacturing\/menu$/);

  await page.goto('/manufacturing/myactivity');
  const codes = page.getByLabel('Código indirecto');
  await expect(codes.locator('option', { hasText: 'CLEAN · Limpieza' })).toHaveCount(1, { timeout: 20_000 });
  await expect(codes.locator('option', { hasText: 'Cleaning' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/es-myactivity-tablet.png`, fullPage: true });

  await page.goto('/manufacturing/time');
  const mine = page.getByTestId('my-time');
  // Today, plant-local, with its weekday: "Vie. Nov-27-26".
  await expect(mine).toContainText(/(Lun|Mar|Mié|Jue|Vie|Sáb|Dom)\. [A-Z][a-z]{2}-\d{1,2}-\d{2}/, {
    timeout: 20_000,
  });
  await expect(mine).not.toContainText(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2}-\d/);
  await page.screenshot({ path: `${SHOTS}/es-my-time-tablet.png`, fullPage: true });
});
