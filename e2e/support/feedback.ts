import { expect, type Page } from '@playwright/test';

/**
 * A success is a toast (spec 000 §2.4, §9), never a modal: a `status` in the toast container, in the
 * bottom-right corner of the window, at most 350 px wide, that closes itself after 3000 ms; and no
 * dialog says the same thing.
 */
export async function expectSuccessToast(
  page: Page,
  text: string | RegExp,
  opts: { screenshot?: string } = {},
): Promise<void> {
  const toast = page.locator('.sw-toasts').getByRole('status').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Hovering pauses its countdown (§2.4), which also holds it still for the checks on a slow machine.
  await toast.hover();
  await expect(toast).toHaveAttribute('data-paused', 'true');
  await expect(page.getByRole('alertdialog').filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByRole('dialog').filter({ hasText: text })).toHaveCount(0);
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'the toast is laid out').not.toBeNull();
  if (box && viewport) {
    expect(box.x + box.width, 'right edge near the window').toBeGreaterThan(viewport.width - 60);
    expect(box.y + box.height, 'bottom edge near the window').toBeGreaterThan(viewport.height - 80);
    expect(box.width).toBeLessThanOrEqual(350);
  }
  if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
  // Once the pointer leaves it goes by itself (3000 ms; the wait allows a loaded machine), with no click.
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
}

/** An error shown once: one element with the text on the page, and no second copy in a dialog. */
export async function expectShownOnce(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text)).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}
