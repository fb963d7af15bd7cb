import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The shop-floor app's Menu (its home) and the traveler route
 * /manufacturing/startdirectactivity/:singleActivity/:travelerjson, on a 1024×768 tablet, as Grace Lee
 * (glee, doing indirect work in the demo seed), who starts on the saw LV-CUT01 from its traveler.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('the Menu offers the built screens as tiles; a traveler link fills My Activity and starts work', async ({
  page,
}) => {
  await logIn(page, 'glee', 'glee', /\/(intro|manufacturing.*)$/);
  await page.goto('/manufacturing/menu');
  const menu = page.getByTestId('shop-menu');
  await expect(menu).toBeVisible({ timeout: 20_000 });
  for (const name of ['Clocks', 'My Activity', 'Downtime'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  // The TV remote is a supervisor's (issue 15): an operator is not offered it.
  await expect(menu.getByRole('link', { name: 'TV Remote' })).toHaveCount(0);
  // Not built: counted, never offered as a link.
  await expect(menu.getByRole('link', { name: 'Move Material' })).toHaveCount(0);
  await expect(page.getByTestId('menu-not-built')).toContainText(
    'more screens of the shop-floor app are not built yet',
  );
  await page.screenshot({ path: 'test-results/screens/shopfloor/menu.png', fullPage: true });
  await menu.getByRole('link', { name: 'My Activity', exact: true }).tap();
  await expect(page).toHaveURL(/\/manufacturing\/myactivity$/);

  // A code that is not a traveler fills nothing and says so.
  await page.goto('/manufacturing/startdirectactivity/true/not-a-traveler');
  await expect(page.getByTestId('traveler-error')).toContainText('not a traveler code');

  // The saw's run, as its traveler's QR code would carry it.
  const res = await page.request.get(
    '/api/shopfloor/GetResourceStatus?ResourceID=LV-CUT01&TransmissionInfoJSON=%7B%7D&Interface=manufacturingApp',
  );
  const run = JSON.parse((await res.json()).ResultJSON) as {
    JobNumber: string;
    ProductionPlanOperationID: number;
  };
  const traveler = JSON.stringify({ ...run, ResourceID: 'LV-CUT01' });
  await page.goto(`/manufacturing/startdirectactivity/true/${encodeURIComponent(traveler)}`);
  const start = page.getByTestId('start-direct');
  await expect(start.getByLabel('Machine')).toHaveValue('LV-CUT01', { timeout: 20_000 });
  await expect(start.getByLabel('Job number')).toHaveValue(run.JobNumber);
  await expect(start.getByLabel('Operation')).toHaveValue(String(run.ProductionPlanOperationID));
  await page.screenshot({ path: 'test-results/screens/shopfloor/startdirectactivity.png', fullPage: true });
  await start.getByRole('button', { name: 'Start work', exact: true }).tap();
  await expect(page).toHaveURL(/\/manufacturing\/myactivity$/);
  await expect(page.getByTestId('my-face')).toContainText(`On LV-CUT01: job ${run.JobNumber}`);

  // Back to her seeded cleaning, as the later specs expect her.
  const indirect = page.getByTestId('start-indirect');
  await indirect.getByLabel('Indirect code').selectOption('CLEAN');
  await indirect.getByRole('button', { name: 'Start indirect' }).tap();
  await expect(page.getByTestId('my-face')).toContainText('Cleaning');
});

test('a team lead records pieces for the team; a member cannot record on the lead’s activity here', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const maria = await context.newPage();
  await logIn(maria, 'msantos', 'msantos', /\/(intro|manufacturing.*)$/);
  await maria.goto('/manufacturing/myactivity');
  const link = maria.getByTestId('team-pieces-link');
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.tap();
  await expect(maria).toHaveURL(/\/manufacturing\/recordmulticompletions\/\d+$/);
  const leadActivity = maria.url().split('/').pop()!;
  await expect(maria.getByTestId('multi-team')).toContainText('Maria Santos, Kevin Park');
  const pieces = maria.getByTestId('completions');
  await pieces.getByLabel('Good pieces').fill('3');
  await pieces.getByRole('button', { name: 'Record', exact: true }).tap();
  await expect(maria.getByTestId('completions').getByRole('status')).toContainText(
    'Recorded 3 good and 0 scrap.',
  );
  await maria.screenshot({
    path: 'test-results/screens/shopfloor/recordmulticompletions.png',
    fullPage: true,
  });

  const other = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const kevin = await other.newPage();
  await logIn(kevin, 'kpark', 'kpark', /\/(intro|manufacturing.*)$/);
  await kevin.goto(`/manufacturing/recordmulticompletions/${leadActivity}`);
  await expect(kevin.getByTestId('multi-not-mine')).toContainText(
    `Activity ${leadActivity} is not your open work`,
  );
  await expect(kevin.getByTestId('completions')).toHaveCount(0);
  await context.close();
  await other.close();
});
