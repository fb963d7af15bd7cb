import { expect, test } from '@playwright/test';
import { noViolations } from '../support/axe';
import { logIn, storedSession } from '../support/session';

/**
 * /apibrowser (issue 14 §4): an administrator finds a call in the reference generated from
 * /api/openapi.json, reads who may call it and its schemas, tries it with their own session and sees
 * the envelope and the decoded result; a user who is not an administrator is refused by the screen
 * and by the server. Screenshots at office and tablet width and in Spanish go to test-results/apibrowser
 * (looked at by hand); axe finds no WCAG 2.1 A/AA violation on the screen.
 */
const SHOTS = 'test-results/apibrowser';

// axe over a page holding 157 calls and a long answer takes seconds on the shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('an administrator finds a call, reads it, tries it and sees the answer', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  await page.goto('/apibrowser');
  await expect(page).toHaveTitle('API Browser');
  await expect(page.getByTestId('api-counts')).toContainText(/\d{3} calls in \d+ areas/);

  await page.getByLabel('Search path, summary or flag').fill('GetPlants');
  const calls = page.getByRole('navigation', { name: 'Calls' });
  await calls.getByRole('button', { name: /GET web\/GetPlants/ }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { level: 2 })).toContainText('/api/web/GetPlants');
  await expect(detail).toContainText('Who may call');
  // The result tree shows the plant's fields.
  await expect(detail.getByRole('cell', { name: 'PlantID', exact: true }).first()).toBeVisible();

  await detail.getByRole('button', { name: 'Send' }).click();
  const outcome = page.getByTestId('api-outcome');
  await expect(outcome).toContainText('"Error": false');
  await expect(page.getByTestId('api-result')).toContainText('Long Valley');
  await noViolations(page);
  await page.screenshot({ path: `${SHOTS}/office.png`, fullPage: true });

  // A refused call shows its Error envelope with the server's sentence naming the field.
  await page.getByLabel('Search path, summary or flag').fill('sync/Pull');
  await calls.getByRole('button', { name: /GET sync\/Pull/ }).click();
  await page.getByLabel('Payload (JSON)').fill('{"Topic": "plants", "Since": -5}');
  await detail.getByRole('button', { name: 'Send' }).click();
  await expect(outcome).toContainText('"Error": true');
  await expect(outcome).toContainText('Since');

  // A flag-guarded call says which flags it needs.
  await page.getByLabel('Search path, summary or flag').fill('GetScreenCatalogue');
  await calls.getByRole('button', { name: /web\/GetScreenCatalogue/ }).click();
  await expect(detail).toContainText('At least one of these flags:');
  await expect(detail).toContainText('informationTechnology');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/tablet.png`, fullPage: true });
  await noViolations(page);
});

test('in Spanish the reference speaks Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  try {
    await page.goto('/apibrowser');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explorador de API');
    await page.getByLabel('Buscar ruta, resumen o permiso').fill('GetPlants');
    await page.getByRole('button', { name: /GET web\/GetPlants/ }).click();
    await expect(page.getByRole('article')).toContainText('Quién puede usarla');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('api-outcome')).toContainText('"Error": false');
    await page.screenshot({ path: `${SHOTS}/spanish.png`, fullPage: true });
    await noViolations(page);
  } finally {
    // Put it back for the other specs (the same demo admin).
    await page.goto('/intro');
    await page.locator('select[name="language"]').selectOption('en');
    await expect(page.getByLabel('Language')).toHaveValue('en');
  }
});

test('a user who is not an administrator is refused, by the screen and by the server', async ({ page }) => {
  await logIn(page, 'pm');
  await page.goto('/apibrowser');
  await expect(page.getByTestId('no-access')).toContainText(
    'You do not have access to the API Browser screen.',
  );
  const { TokenID, EmployeeID } = await storedSession(page);
  const res = await page.request.get('/api/openapi.json', {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
  });
  expect(res.status()).toBe(403);
  const anonymous = await page.request.get('/api/openapi.json');
  expect(anonymous.status()).toBe(401);
});
