import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { noViolations } from '../support/axe';
import { expectSuccessToast } from '../support/feedback';
import { logIn } from '../support/session';

/**
 * /rateimport: the scheduler (plant 2, editMachineRates) downloads the plant's rates, changes one and
 * adds one in the workbook, uploads it, reads the preview (a change old → new, an add, an error naming
 * its column), fixes the workbook, applies it, and sees the result. One login for the whole path.
 * Screenshots in test-results/rate-import (office, tablet, Spanish), looked at by hand; axe finds no
 * WCAG 2.1 A/AA violation.
 */
const SHOTS = 'test-results/rate-import';

test.describe.configure({ timeout: 180_000 });

async function edited(template: Buffer, change: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  change(wb.worksheets[0]!);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('download, edit in a workbook, preview row by row, fix, apply', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'scheduler', 'scheduler', /\/(intro|manufacturing\/menu)$/);
  await page.goto('/rateimport');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rate Import');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rates' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('machine-rates-plant-2.xlsx');
  const template = await readFile((await download.path())!);

  let machine = '';
  let firstPerPiece = 0;
  const withError = await edited(template, (sheet) => {
    const row = sheet.getRow(2);
    machine = String(row.getCell(1).value);
    firstPerPiece = Number(row.getCell(4).value);
    row.getCell(4).value = firstPerPiece + 0.5;
    sheet.addRow([machine, null, 'E2E imported rate', 'quick', 1, 0, 5, 1, 'No']);
  });
  const file = page.getByLabel('Upload the workbook (.xlsx) to see what it would do');
  await file.setInputFiles({ name: 'rates.xlsx', mimeType: 'application/octet-stream', buffer: withError });
  const preview = page.getByRole('table', { name: /^Preview of rates/ });
  await expect(page.locator('.ri-summary')).toContainText('1 to change');
  await expect(page.locator('.ri-summary')).toContainText('1 with errors');
  await expect(preview.locator('tr.ri-change')).toContainText(
    `Minutes per piece: ${firstPerPiece} → ${firstPerPiece + 0.5}`,
  );
  await expect(preview.locator('tr.ri-error')).toContainText('Minutes per piece: "quick" is not a number.');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/preview-errors-office.png`, fullPage: true });
  await noViolations(page);

  const fixed = await edited(withError, (sheet) => {
    sheet.getRow(sheet.rowCount).getCell(4).value = 0.25;
  });
  await file.setInputFiles({ name: 'rates-fixed.xlsx', mimeType: 'application/octet-stream', buffer: fixed });
  await expect(page.locator('.ri-summary')).toContainText('1 to add');
  await expect(page.locator('.ri-summary')).toContainText('0 with errors');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectSuccessToast(page, 'Rates imported: 1 added, 1 changed.');
  // The workbook has done its work: the preview gives way to what was done and what to do next.
  await expect(
    page.getByRole('status').filter({ hasText: 'To change more, download the rates again' }),
  ).toBeVisible();
  await expect(page.locator('.ri-summary')).toHaveCount(0);
  // Uploaded again by mistake, its new row is refused as a twin of the rate it added.
  await file.setInputFiles({ name: 'rates-fixed.xlsx', mimeType: 'application/octet-stream', buffer: fixed });
  await expect(preview.locator('tr.ri-error')).toContainText('already has a rate "E2E imported rate"');

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: `${SHOTS}/tablet.png`, fullPage: true });
  await noViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/intro');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  try {
    await page.goto('/rateimport');
    await expect(page.getByRole('button', { name: 'Descargar las tarifas' })).toBeVisible();
    await page
      .getByLabel('Suba el libro (.xlsx) para ver lo que haría')
      .setInputFiles({ name: 'rates.xlsx', mimeType: 'application/octet-stream', buffer: withError });
    await expect(page.locator('.ri-summary')).toContainText('con errores');
    await page.screenshot({ path: `${SHOTS}/spanish.png`, fullPage: true });
    await noViolations(page);
  } finally {
    await page.goto('/intro');
    await page.locator('select[name="language"]').selectOption('en');
    await expect(page.getByLabel('Language')).toHaveValue('en');
  }
});
