import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';
import { openPlan, opRow, serverPlan, twoPlanners, typeNumber } from './plan-support';

// A plant 2 job no other spec edits: the second planner is the demo scheduler (plant 2).
const JOB = 'J240012';

/**
 * Issue 15, item 8: turning Paint on changes Setup, Print traveler, Final or Rework and the estimate at
 * once (spec 001 §4). The row says what changed and why, at once for the planner who did it and live for
 * another planner on the same plan.
 */
test('turning Paint on says what changed and why, beside the operation, for both planners', async ({
  browser,
}) => {
  const { pageA, pageB, close } = await twoPlanners(browser, JOB, {
    a: { width: 1440, height: 900 },
    b: { width: 1024, height: 768 },
  });

  // An operation with Paint off that can be edited.
  const ids = await pageA
    .locator('[data-op]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-op')));
  let id: string | null = null;
  for (const candidate of ids) {
    const paint = opRow(pageA, candidate!).locator('button[name="ActionPaint"]');
    if ((await paint.getAttribute('aria-pressed')) === 'false' && (await paint.isEnabled())) {
      id = candidate;
      break;
    }
  }
  if (!id) throw new Error(`${JOB} needs an operation without Paint`);
  const rowA = opRow(pageA, id);
  const rowB = opRow(pageB, id);
  // Setup and Print traveler on first, so Paint has something to turn off.
  for (const name of ['ActionSetup', 'PrintTraveler']) {
    const button = rowA.locator(`button[name="${name}"]`);
    if ((await button.getAttribute('aria-pressed')) === 'false') await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(rowB.locator(`button[name="${name}"]`)).toHaveAttribute('aria-pressed', 'true', {
      timeout: 5_000,
    });
  }
  await expect(rowA.getByTestId('paint-notice')).toHaveCount(0);

  await rowA.locator('button[name="ActionPaint"]').click();
  for (const row of [rowA, rowB]) {
    const notice = row.getByTestId('paint-notice');
    await expect(notice).toContainText('Setup turned off: a paint operation has no setup of its own.', {
      timeout: 5_000,
    });
    await expect(notice).toContainText(
      'Print traveler turned off: paint operations do not print a traveler.',
    );
    await expect(notice).toContainText(/Final operation turned on|Rework turned on/);
    await expect(row.locator('button[name="ActionSetup"]')).toHaveAttribute('aria-pressed', 'false');
    await expect(row.locator('button[name="PrintTraveler"]')).toHaveAttribute('aria-pressed', 'false');
  }
  await rowA.scrollIntoViewIfNeeded();
  await pageA.screenshot({ path: 'test-results/screenshots/plan-paint-notice.png' });
  await rowB.scrollIntoViewIfNeeded();
  await pageB.screenshot({ path: 'test-results/screenshots/plan-paint-notice-other-planner-tablet.png' });

  // Dismissed on one screen, it stays on the other; Paint off again takes it away there.
  await rowA.getByRole('button', { name: 'Dismiss' }).click();
  await expect(rowA.getByTestId('paint-notice')).toHaveCount(0);
  await expect(rowB.getByTestId('paint-notice')).toBeVisible();
  await rowA.locator('button[name="ActionPaint"]').click();
  await expect(rowB.getByTestId('paint-notice')).toHaveCount(0, { timeout: 5_000 });
  await expect(pageA.getByTestId('save-status')).not.toContainText('Saving', { timeout: 10_000 });
  await close();
});

/**
 * Issue 15, item 10 (the plan's details): a quantity over its limit is refused with the field and the
 * limits named and the typed value kept (it was snapped to 1,000,000 without a word), and the resource
 * and rate drop-downs show whole names.
 */
test('a quantity over 1,000,000 is refused, kept as typed and named; drop-downs show whole names', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  await openPlan(page, JOB);
  const id = await page.locator('[data-op]').first().getAttribute('data-op');
  const row = opRow(page, id!);
  const qty = row.locator('input[name="ProductionQuantity"]');
  const saved = await qty.inputValue();
  await typeNumber(qty, 2_000_000);
  await expect(row.getByRole('alert')).toHaveText('Not saved: Quantity must be between 0 and 1,000,000.');
  await expect(qty).toHaveAttribute('aria-invalid', 'true');
  await expect(qty).toHaveValue(/^2,?000,?000$/);
  await qty.press('Tab');
  await expect(qty).toHaveValue('2,000,000');
  await expect(row.getByRole('alert')).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/plan-quantity-refused.png' });
  // Nothing was sent: the server still has the saved quantity.
  const server = await serverPlan(page, JOB);
  const op = server.Plan.Operations.find((o) => String(o.ProductionPlanOperationID) === id)!;
  expect(Number(op.ProductionQuantity).toLocaleString('en-US')).toBe(saved);
  // Escape goes back to the saved value.
  await qty.focus();
  await qty.press('Escape');
  await qty.press('Tab');
  await expect(qty).toHaveValue(saved);
  await expect(row.getByRole('alert')).toHaveCount(0);

  // Every resource and rate choice fits its drop-down: the selected text is not cut.
  for (const name of ['ResourceID', 'MachineRateID']) {
    const select = row.locator(`select[name="${name}"]`);
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = style.font;
      const widest = Math.max(...[...el.options].map((o) => ctx.measureText(o.text).width));
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { widest: Math.ceil(widest), room };
    });
    expect(fits.widest, `${name}: widest choice ${fits.widest}px, room ${fits.room}px`).toBeLessThanOrEqual(
      fits.room,
    );
  }
});
