import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

const SHOTS = 'test-results/screenshots';

/**
 * Issue 15 (defect 9): every date and time on a screen follows spec 000 §9 through one formatter. The
 * shift table wrote "06:00" beside the editor's "06:00 AM"; the time-clock screens wrote weekdays in
 * English only.
 */
for (const width of [1440, 1024]) {
  test(`scheduling settings write shift times as h:mm a (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'scheduler');
    await page.goto('/scheduling/settings/shifts');
    const shifts = page.getByRole('table', { name: 'Plant shifts' });
    await expect(shifts.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
    // Start and end columns (3rd and 4th): "6:00 am", "2:30 pm (next day)", never "06:00".
    for (const cell of await shifts
      .locator('tbody tr td:nth-child(3), tbody tr td:nth-child(4)')
      .allTextContents()) {
      expect(cell).toMatch(/^(1[0-2]|[1-9]):[0-5]\d [ap]m( \(next day\))?$/);
    }
    await page.screenshot({ path: `${SHOTS}/dates-settings-shifts-${width}.png`, fullPage: true });
  });
}

test('timecards head each day with its weekday and MMM-D-YY', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'supervisor');
  await page.goto('/analysis/timecards');
  const head = page.getByRole('table', { name: 'Timecards' }).locator('thead th');
  await expect(head.nth(1)).toHaveText(/^Mon[A-Z][a-z]{2}-\d{1,2}-\d{2}$/, { timeout: 20_000 });
  await expect(head.nth(7)).toHaveText(/^Sun[A-Z][a-z]{2}-\d{1,2}-\d{2}$/);
  await page.screenshot({ path: `${SHOTS}/dates-timecards-1440.png`, fullPage: true });
});
