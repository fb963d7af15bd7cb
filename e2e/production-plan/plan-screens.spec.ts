import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';
import { openPlan } from './plan-support';

for (const job of ['J240001', 'J299300']) {
  for (const [width, height] of [
    [1440, 900],
    [800, 1000],
  ] as const) {
    test(`/productionplan/${job} at ${width}x${height}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await logIn(page, 'admin');
      await openPlan(page, job);
      await expect(page.getByTestId('production-plan')).toHaveAttribute('data-plan-complete', 'true');
      await expect(page.locator('[data-op]').first()).toBeVisible();
      // Nothing wider than the window.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/plan/${job}-${width}x${height}.png`, fullPage: false });
      // And the operations, scrolled into view.
      await page.locator('.pp-ops-card').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({
        path: `test-results/plan/${job}-${width}x${height}-operations.png`,
        fullPage: false,
      });
      await context.close();
    });
  }
}
