import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';
import { openPlan, opRow, serverPlan, typeNumber } from './plan-support';

const JOB = 'J240002';
/** The queued posts: one alone goes to its own path, several together to web/PostQueueBatch. */
const POSTS = /\/api\/web\/(UpdateProduction\w+|PostQueueBatch)/;

test('edits made offline survive a reload and are all saved once the network is back', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, 'admin');
  await openPlan(page, JOB);

  const ids = await page
    .locator('[data-op]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-op')));
  const [first, second] = ids as [string, string];
  const row1 = opRow(page, first);
  const row2 = opRow(page, second);
  const workers = Number(await row1.locator('input[name="WorkerCount"]').inputValue()) === 3 ? 4 : 3;
  const quantity = 77;
  const packed = (await row2.locator('button[name="ActionPack"]').getAttribute('aria-pressed')) === 'true';
  const bundle = Number(await page.locator('input[name="BundleSize"]').inputValue()) + 1;

  // Offline: every edit stays in the post queue, shown at once and marked as saving.
  await context.setOffline(true);
  await typeNumber(row1.locator('input[name="WorkerCount"]'), workers);
  await typeNumber(row1.locator('input[name="ProductionQuantity"]'), quantity);
  await row2.locator('button[name="ActionPack"]').click();
  await typeNumber(page.locator('input[name="BundleSize"]'), bundle);
  await expect(page.getByTestId('save-status')).toContainText('Saving (4)');
  await expect(row1.locator('input[name="WorkerCount"]')).toHaveAttribute('data-saving', 'true');

  // Reload while they are still unsent: back online for the page itself, but the posts still fail.
  await context.route(POSTS, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.waitForTimeout(300); // the queue is written to IndexedDB asynchronously
  await page.reload();
  await expect(page.getByTestId('production-plan')).toBeVisible({ timeout: 20_000 });
  await expect(row1.locator('input[name="WorkerCount"]')).toHaveValue(String(workers));
  await expect(row1.locator('input[name="ProductionQuantity"]')).toHaveValue(String(quantity));
  await expect(row2.locator('button[name="ActionPack"]')).toHaveAttribute('aria-pressed', String(!packed));
  await expect(page.locator('input[name="BundleSize"]')).toHaveValue(String(bundle));
  await expect(page.getByTestId('save-status')).toContainText('Saving (4)');

  // The network is back: everything is saved, in order, once.
  await context.unroute(POSTS);
  await expect(page.getByTestId('save-status')).not.toContainText('Saving', { timeout: 30_000 });
  const saved = await serverPlan(page, JOB);
  const op1 = saved.Plan.Operations.find((o) => String(o.ProductionPlanOperationID) === first);
  const op2 = saved.Plan.Operations.find((o) => String(o.ProductionPlanOperationID) === second);
  expect(op1?.WorkerCount).toBe(workers);
  expect(op1?.ProductionQuantity).toBe(quantity);
  expect(op2?.ActionPack).toBe(!packed);
  expect(saved.Plan.BundleSize).toBe(bundle);

  // A fresh browser shows the same.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await logIn(fresh, 'scheduler');
  await openPlan(fresh, JOB);
  await expect(opRow(fresh, first).locator('input[name="WorkerCount"]')).toHaveValue(String(workers));
  await expect(opRow(fresh, second).locator('button[name="ActionPack"]')).toHaveAttribute(
    'aria-pressed',
    String(!packed),
  );
  await other.close();
  await context.close();
});

test('quick edits and a reload at once: nothing lost', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, 'admin');
  await openPlan(page, JOB);
  const id = (await page.locator('[data-op]').nth(2).getAttribute('data-op')) as string;
  const row = opRow(page, id);
  const flags = ['ActionPunch', 'ActionCut', 'ActionPack'] as const;
  const before = await Promise.all(
    flags.map(
      async (f) => (await row.locator(`button[name="${f}"]`).getAttribute('aria-pressed')) === 'true',
    ),
  );
  for (const f of flags) await row.locator(`button[name="${f}"]`).click();
  await page.waitForTimeout(150);
  await page.reload();
  await expect(page.getByTestId('production-plan')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('save-status')).not.toContainText('Saving', { timeout: 30_000 });
  const saved = await serverPlan(page, JOB);
  const op = saved.Plan.Operations.find((o) => String(o.ProductionPlanOperationID) === id);
  for (const [i, f] of flags.entries()) expect(op?.[f], f).toBe(!before[i]);
  for (const [i, f] of flags.entries()) {
    await expect(row.locator(`button[name="${f}"]`)).toHaveAttribute('aria-pressed', String(!before[i]));
  }
  await context.close();
});
