import { type Browser, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The shop-floor tablet screens (issue 7 part 2) on a 1024×768 touch screen, against the demo seed:
 * Omar Diaz (odiaz, 1705) is clocked in and idle in plant 1; Maria Santos runs a job on LV-RF01;
 * LV-CUT01 is running. The administrator's page on /manufacturing/clocks (plant 1) watches Omar's face.
 */

const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const SHOTS = 'test-results/shopfloor';
const ODIAZ = 1705;
const anyLanding = /\/(intro|manufacturing.*)$/;

async function tablet(browser: Browser, user: string): Promise<Page> {
  const context = await browser.newContext(TABLET);
  const page = await context.newPage();
  await logIn(page, user, user, anyLanding);
  return page;
}

/** The machine's production-monitor document (public call), for the job and operation it runs. */
async function resourceStatus(page: Page, resourceId: string) {
  const res = await page.request.get(
    `/api/shopfloor/GetResourceStatus?ResourceID=${resourceId}&TransmissionInfoJSON=%7B%7D&Interface=manufacturingApp`,
  );
  expect(res.status()).toBe(200);
  return JSON.parse((await res.json()).ResultJSON) as {
    JobNumber: string | null;
    ProductionPlanOperationID: number | null;
  };
}

test('an operator clocks, starts work by scanning, reports pieces, a supervisor sees it live; downtime', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Plant 1's floor: the administrator (plant 1). The demo supervisor is plant 6's and sees only plant 6
  // (issue 14 §3).
  const boss = await tablet(browser, 'admin');
  await boss.goto('/manufacturing/clocks');
  const plant = boss.getByTestId('clocks').getByLabel('Plant', { exact: true });
  await expect(plant).toBeVisible({ timeout: 20_000 });
  await plant.selectOption({ label: 'Long Valley' });
  const omarRow = boss.locator(`tr[data-employee="${ODIAZ}"]`);
  await expect(omarRow).toHaveAttribute('data-clocked-in', 'true', { timeout: 10_000 });
  await expect(omarRow).toContainText('Idle since');

  const omar = await tablet(browser, 'odiaz');

  // Clocks: clock out, then in again; the supervisor's list follows within a second each time.
  await omar.goto('/manufacturing/clocks');
  const face = omar.getByTestId('my-face');
  await expect(face).toHaveAttribute('data-clocked-in', 'true', { timeout: 20_000 });
  await expect(face).toContainText('Omar Diaz');
  await expect(face).toContainText('Clocked in since');
  await omar.getByRole('button', { name: 'Clock out', exact: true }).tap();
  await expect(face).toHaveAttribute('data-clocked-in', 'false');
  await expect(omarRow).toHaveAttribute('data-clocked-in', 'false', { timeout: 1_000 });
  await omar.getByRole('button', { name: 'Clock in', exact: true }).tap();
  await expect(face).toHaveAttribute('data-clocked-in', 'true');
  await expect(omarRow).toHaveAttribute('data-clocked-in', 'true', { timeout: 1_000 });
  await expect(face).toContainText('Idle since');
  await omar.screenshot({ path: `${SHOTS}/clocks-operator.png`, fullPage: true });

  // My Activity: a wrong code is refused by the server with its message; nothing typed is lost.
  await omar.goto('/manufacturing/myactivity');
  const scan = omar.getByTestId('scan');
  await expect(scan).toBeVisible({ timeout: 20_000 });
  await scan.tap();
  await omar.keyboard.type('not a traveler');
  await omar.keyboard.press('Enter');
  await expect(omar.getByTestId('start-error')).toContainText('not a traveler code');
  await scan.fill('');
  await scan.tap();
  await omar.keyboard.type('NOSUCHJOB-1|999999|LV-RF01', { delay: 5 });
  await omar.keyboard.press('Enter');
  const job = omar.getByLabel('Job number');
  await expect(job).toHaveValue('NOSUCHJOB-1');
  await omar.getByRole('button', { name: 'Start work', exact: true }).tap();
  await expect(omar.getByTestId('start-error')).toBeVisible();
  await expect(omar.getByTestId('start-error')).not.toBeEmpty();
  await expect(job).toHaveValue('NOSUCHJOB-1');
  await expect(omar.getByTestId('start-direct').getByLabel('Machine')).toHaveValue('LV-RF01');

  // The real traveler of the job on LV-RF01, typed by the "scanner" as fast as it types, then Enter.
  const run = await resourceStatus(omar, 'LV-RF01');
  expect(run.JobNumber).toBeTruthy();
  await scan.tap();
  await omar.keyboard.type(`${run.JobNumber}|${run.ProductionPlanOperationID}|LV-RF01`);
  await omar.keyboard.press('Enter');
  await expect(job).toHaveValue(run.JobNumber!);
  const operation = omar.getByTestId('start-direct').getByLabel('Operation');
  await expect(operation).toHaveValue(String(run.ProductionPlanOperationID));
  await expect(scan).toHaveValue('');
  await omar.getByRole('button', { name: 'Start work', exact: true }).tap();
  await expect(face).toContainText(`On LV-RF01: job ${run.JobNumber}`);
  await expect(omarRow).toContainText(`On LV-RF01: job ${run.JobNumber}`, { timeout: 1_000 });

  // 5 good + 1 scrap: the reason is asked for first, then the pieces are in today's list.
  const pieces = omar.getByTestId('completions');
  await pieces.getByLabel('Good pieces').fill('5');
  await pieces.getByLabel('Scrap pieces').fill('1');
  await pieces.getByRole('button', { name: 'Record', exact: true }).tap();
  await expect(omar.getByTestId('record-error')).toHaveText('Give a reason for the scrap.');
  await expect(pieces.getByLabel('Good pieces')).toHaveValue('5');
  await pieces.getByLabel('Scrap reason').fill('Bent flange');
  await pieces.getByRole('button', { name: 'Record', exact: true }).tap();
  const row = pieces.locator('tbody tr', { hasText: 'Bent flange' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('LV-RF01');
  await expect(row.locator('td').nth(3)).toHaveText('5');
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await expect(pieces.getByLabel('Good pieces')).toHaveValue('');
  await omar.screenshot({ path: `${SHOTS}/myactivity.png`, fullPage: true });
  await boss.screenshot({ path: `${SHOTS}/clocks-supervisor.png`, fullPage: true });

  // Stop: idle again, on the supervisor's list too.
  await omar.getByRole('button', { name: 'Stop (go idle)' }).tap();
  await expect(face).toContainText('Idle since');
  await expect(omarRow).toContainText('Idle since', { timeout: 1_000 });

  // Downtime: LV-CUT01 goes down for a reason and comes back.
  await omar.goto('/manufacturing/downtime');
  const tile = omar.locator('[data-machine="LV-CUT01"]');
  await expect(tile).toBeVisible({ timeout: 20_000 });
  await expect(tile).toHaveAttribute('data-down', 'false');
  await expect(omar.locator('[data-machine="LV-PCH01"]')).toHaveAttribute('data-down', 'true');
  await tile.tap();
  const status = omar.getByTestId('machine-status');
  await expect(status).toHaveAttribute('data-down', 'false');
  await status.getByLabel('Reason').selectOption({ index: 1 });
  await status.getByRole('button', { name: 'Start downtime' }).tap();
  await expect(status).toHaveAttribute('data-down', 'true');
  await expect(status).toContainText('Down since');
  await expect(tile).toHaveAttribute('data-down', 'true');
  await omar.screenshot({ path: `${SHOTS}/downtime.png`, fullPage: true });
  await status.getByRole('button', { name: 'End downtime' }).tap();
  await expect(status).toHaveAttribute('data-down', 'false');
  await expect(tile).toHaveAttribute('data-down', 'false');

  // A floor rule (Sorry): the supervisor clocks Omar out; his tablet follows, and starting indirect
  // work is refused with the server's words while the chosen code stays chosen.
  await boss.getByRole('button', { name: 'Clock out Omar Diaz' }).tap();
  await expect(omarRow).toHaveAttribute('data-clocked-in', 'false');
  await omar.goto('/manufacturing/myactivity');
  await expect(face).toHaveAttribute('data-clocked-in', 'false', { timeout: 20_000 });
  const indirect = omar.getByTestId('start-indirect');
  await indirect.getByLabel('Indirect code').selectOption({ index: 1 });
  await indirect.getByRole('button', { name: 'Start indirect' }).tap();
  await expect(indirect.getByRole('alert')).toHaveText(
    'Omar Diaz is not clocked in: clock in before starting an activity.',
  );
  await expect(indirect.getByLabel('Indirect code')).not.toHaveValue('');
  await omar.screenshot({ path: `${SHOTS}/myactivity-refused.png`, fullPage: true });
  // Back as the seed had him, for whoever runs next.
  await boss.getByRole('button', { name: 'Clock in Omar Diaz' }).tap();
  await expect(omarRow).toHaveAttribute('data-clocked-in', 'true');
});
