import { expect, test } from '@playwright/test';
import { noViolations } from '../support/axe';
import { logIn } from '../support/session';

/**
 * The kit's record side on /devices (issue 16): an administrator comments on a device, attaches an
 * image and previews it in the record panel. Screenshots at office and tablet width and in Spanish go
 * to test-results/record (looked at by hand); axe finds no WCAG 2.1 A/AA violation. Mentions, their
 * notifications and mails, downloads by flag and plant, presence are tested in tests/kit-record.test.ts.
 */
const SHOTS = 'test-results/record';
test.describe.configure({ timeout: 120_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHElEQVR4nGP8z8Dwn4EIwMTAwMDAwMDAwMDAAABU9AH/1hYx3QAAAABJRU5ErkJggg==',
  'base64',
);

test('an administrator comments on a device and attaches an image it previews', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'admin', 'admin', /\/intro$/);
  await page.goto('/devices');
  await page.locator('.kit-row').first().click();
  const panel = page.getByRole('complementary', { name: 'Record details' });
  await panel.getByLabel('Comment (type @ to mention someone)').fill('Checked the mount');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel.locator('.kit-comment').first()).toContainText('Checked the mount');

  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'mount.png', mimeType: 'image/png', buffer: PNG });
  await expect(panel.locator('.kit-file-list')).toContainText('mount.png');
  await panel.getByRole('button', { name: 'Preview' }).first().click();
  await expect(panel.getByRole('img', { name: 'mount.png' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/record-office.png`, fullPage: true });
  await noViolations(page);

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: `${SHOTS}/record-tablet.png`, fullPage: true });
});
