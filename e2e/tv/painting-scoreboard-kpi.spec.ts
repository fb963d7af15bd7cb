import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiLogin, call } from '../support/api';
import { logIn } from '../support/session';

/**
 * The painting, scoreboard and KPI TV boards (issue 7 parts 2-3) against the demo seed
 * (server/db/seed-painting.ts, seed-shopfloor.ts): each opens with no login at 1920×1080 with seeded
 * data and shows a write within a second with no reload; the painting tablet screen records a reading.
 * Julia Reyes (jreyes) runs the paint line LV-PNT01 (plant 1, bay 3); Maria Santos (msantos) leads the
 * team on LV-RF01 (bay 1).
 */

const TV = { viewport: { width: 1920, height: 1080 } };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const SHOTS = 'test-results/screens';

async function tvPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext(TV)).newPage();
  await page.goto(path);
  await expect(page.getByTestId('tv-feed')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  return page;
}

test('the painting board shows the seeded line and a new viscosity reading within a second', async ({
  browser,
  request,
}) => {
  const tv = await tvPage(browser, '/tv/painting/LV-PNT01');
  const board = tv.getByTestId('tv-painting');
  await expect(board).toBeVisible();
  await expect(tv.getByTestId('tvp-load')).toContainText('Orange');
  await expect(board.locator('[data-testid=tvp-readings] tbody tr').first()).toHaveAttribute(
    'data-in-range',
    'false',
  );
  await expect(tv.getByTestId('tvp-due')).toContainText('Next viscosity reading due');
  await tv.screenshot({ path: `${SHOTS}/tv/painting.png` });

  const julia = await apiLogin(request, 'jreyes');
  await call(request, julia, 'POST', 'painting/RecordViscosity', {
    ResourceID: 'LV-PNT01',
    PaintCode: 'ORG-ENM',
    Seconds: 24.6,
    TemperatureF: 73,
  });
  const first = board.locator('[data-testid=tvp-readings] tbody tr').first();
  await expect(first).toContainText('24.6', { timeout: 1_000 });
  await expect(first).toHaveAttribute('data-in-range', 'true');
  await expect(first).toContainText('Julia Reyes');
});

test('the scoreboard and the KPI monitor show a completion within a second', async ({ browser, request }) => {
  const score = await tvPage(browser, '/tv/scoreboard/1');
  const kpi = await tvPage(browser, '/tv/kpimonitor/1');
  const rf = score.locator('tr[data-resource="LV-RF01"]');
  await expect(rf).toContainText('Maria Santos');
  await expect(score.locator('tr[data-resource="LV-PCH01"]')).toContainText('DOWN: Waiting for material');
  await expect(kpi.getByTestId('tvk-chart')).toBeVisible();
  await expect(kpi.getByTestId('tvk-downtime')).toContainText('Waiting for material');
  const piecesOf = async () => Number((await rf.getByTestId('tvs-pieces').textContent())!.replace(/,/g, ''));
  const plantPieces = async () =>
    Number((await kpi.getByTestId('tvk-pieces-value').textContent())!.replace(/,/g, ''));
  const before = await piecesOf();
  const plantBefore = await plantPieces();
  await score.screenshot({ path: `${SHOTS}/tv/scoreboard.png` });
  await kpi.screenshot({ path: `${SHOTS}/tv/kpimonitor.png` });

  // A completion through the shop-floor API, as the logged-in operator.
  const maria = await apiLogin(request, 'msantos');
  const mine = await call<{ Activity: { LaborActivityID: number } }>(
    request,
    maria,
    'GET',
    'shopfloor/GetMyActivity',
    {},
  );
  await call(request, maria, 'POST', 'shopfloor/RecordCompletions', {
    LaborActivityID: mine.Activity.LaborActivityID,
    Quantity: 17,
    ScrapQuantity: 0,
  });
  await expect.poll(piecesOf, { timeout: 1_000 }).toBe(before + 17);
  await expect.poll(plantPieces, { timeout: 1_000 }).toBe(plantBefore + 17);
});

test('the painting tablet records a reading; the report lists it; the TV shows it', async ({ browser }) => {
  const tv = await tvPage(browser, '/tv/painting/LV-PNT01');
  const page = await (await browser.newContext(TABLET)).newPage();
  await logIn(page, 'jreyes', 'jreyes', /\/(intro|manufacturing.*)$/);
  await page.goto('/manufacturing/painting');
  const line = page.getByTestId('paint-line');
  await expect(line).toContainText('Orange', { timeout: 20_000 });
  const form = page.getByTestId('viscosity-form');
  await form.getByLabel('Paint', { exact: true }).selectOption('ORG-ENM');
  await form.getByLabel('Seconds (Zahn cup)').fill('28.3');
  await form.getByLabel('Temperature °F').fill('74');
  await expect(page.getByTestId('viscosity-preview')).toHaveAttribute('data-in-range', 'false');
  await page.screenshot({ path: `${SHOTS}/shopfloor/painting-form.png`, fullPage: true });
  await form.getByRole('button', { name: 'Record reading' }).tap();
  await expect(page.getByTestId('viscosity-recorded')).toContainText('OUT OF RANGE');
  await expect(page.locator('[data-testid=paint-readings] tbody tr').first()).toContainText('28.3');
  await page.screenshot({ path: `${SHOTS}/shopfloor/painting.png`, fullPage: true });
  const first = tv.locator('[data-testid=tvp-readings] tbody tr').first();
  await expect(first).toContainText('28.3', { timeout: 1_000 });
  await expect(first).toHaveAttribute('data-in-range', 'false');

  // A new load from the tablet: the TV shows its colour within a second.
  const load = page.getByTestId('start-load');
  await load.getByLabel('Paint', { exact: true }).selectOption('GRN-ENM');
  await load.getByLabel('Quantity').fill('60');
  await load.getByRole('button', { name: 'Start load' }).tap();
  await expect(load.getByRole('status')).toContainText('Load started on LV-PNT01.');
  await expect(tv.getByTestId('tvp-load')).toContainText('Green', { timeout: 1_000 });
  await expect(line).toContainText('Green');

  await page.getByRole('link', { name: 'My viscosity report' }).tap();
  await expect(page).toHaveURL(/\/manufacturing\/painting\/viscosityreport\/1706$/);
  const rows = page.locator('[data-testid=viscosity-table] tbody tr');
  await expect(rows.first()).toContainText('28.3');
  await expect(rows.first()).toHaveAttribute('data-in-range', 'false');
  await expect(page.getByTestId('viscosity-counts')).toContainText('out of range');
  await page.screenshot({ path: `${SHOTS}/shopfloor/painting-viscosityreport.png`, fullPage: true });
});
